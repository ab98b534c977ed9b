/**
 * The typed game log rendered into plain sentences (BOARD-DESIGN "Game log"). Pure: no React here, so the
 * same text serves the board, tests and the server's logs. Wording is this project's own.
 */
import {
  LEADERS, MISSIONS, OBJECTIVES, PLANETS,
  type Faction, type LeaderId, type MissionId, type ObjectiveId, type PlanetId,
} from '../../game/content';
import type { LogEvent, LogEventOf, LogKind, TakeBackKind } from '../../game/rules';
import { ATTRIBUTE_NAMES } from '../format';

type Viewer = Faction | null;

const FACTION: Record<Faction, string> = { R: 'the Rebel', I: 'the Imperial' };
const UNIT: Record<string, [string, string]> = {
  f: ['starfighter', 'starfighters'],
  c: ['capital ship', 'capital ships'],
  s: ['Star Fortress', 'Star Fortresses'],
};

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function who(f: unknown, viewer: Viewer): string {
  if (f !== 'R' && f !== 'I') return 'someone';
  return f === viewer ? 'you' : FACTION[f];
}

function planet(p: unknown): string {
  if (p === 'BASE') return 'the base card';
  const def = PLANETS[p as PlanetId];
  return def ? (def.letter ? `${def.name} (${def.letter})` : def.name) : String(p);
}

function leader(l: unknown): string {
  return LEADERS[l as LeaderId]?.name ?? 'a leader';
}

function mission(c: unknown): string {
  return MISSIONS[c as MissionId]?.name ?? 'a mission';
}

function objective(c: unknown): string {
  return OBJECTIVES[c as ObjectiveId]?.name ?? 'an objective';
}

export function unitCount(n: number, t: string): string {
  const [one, many] = UNIT[t] ?? [t, t];
  return `${n} ${n === 1 ? one : many}`;
}

function unitList(u: unknown): string {
  const units = (u ?? {}) as Record<string, number>;
  const parts = (['f', 'c', 's'] as const).filter((t) => (units[t] ?? 0) > 0).map((t) => unitCount(units[t], t));
  if (parts.length === 0) return 'no units';
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function plural(n: unknown, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function unitTotal(u: unknown): number {
  return Object.values((u ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
}

const WINDOW: Record<string, string> = {
  operations: 'end of Operations',
  refresh: 'end of Refresh',
  combat: 'after the combat',
};

const REASON: Record<string, string> = {
  occupation: 'the Imperial holds the revealed base',
  obliterator: 'the base planet was destroyed',
  objectives: 'the objective token reached the time token',
};

/** The server's ends of a match (server/forfeit.ts), said of the loser: a seat left, or its clock ran out. */
function serverEnd(winner: Faction, reason: string): string {
  const loser = FACTION[winner === 'R' ? 'I' : 'R'];
  if (reason === 'forfeit') return `${loser} left the game`;
  if (reason === 'time') return `${loser}'s clock ran out`;
  return reason;
}

/** One side of a mission roll: "the Rebel rolls 3 + 2 (Envoy Nessa Quill: Diplomacy ×2) = 5". */
function rollSide(f: unknown, die: unknown, total: unknown, leaders: unknown, viewer: Viewer): string {
  const ls = (Array.isArray(leaders) ? leaders : []) as { leader: string; icons: number }[];
  const added = ls.filter((l) => l.icons > 0);
  const plus = added.map((l) => ` + ${l.icons} (${leader(l.leader)})`).join('');
  const verb = f === viewer ? 'roll' : 'rolls';
  return `${who(f, viewer)} ${verb} ${die}${plus} = ${total}`;
}

/**
 * R4.2.6 — an attempt names each side's die, each leader's added icons and the total, and who wins ties (issue 13
 * item 2). Its result is said from the reader's side (issue 20 item 10): who won, then what that did to the mission
 * ("you win: the mission fails" for the player who opposed and won), never a bare "failure" that only fits the
 * revealer. Older logs without the leader lists still read.
 */
function attemptSentence(d: LogEventOf<'missionAttempt'>, viewer: Viewer): string {
  const head = `${mission(d.card)}${d.attribute ? ` (${ATTRIBUTE_NAMES[d.attribute]})` : ''}`;
  const revealer = d.faction === 'R' || d.faction === 'I' ? d.faction : null;
  const opp = revealer === 'R' ? 'I' : 'R';
  const winner = revealer === null ? null : d.success ? revealer : opp;
  const fate = `the mission ${d.success ? 'succeeds' : 'fails'}`;
  const result = winner === null ? fate : `${who(winner, viewer)} ${winner === viewer ? 'win' : 'wins'}: ${fate}`;
  if (!Array.isArray(d.leaders)) {
    return `${head}: ${d.total} (die ${d.die}) against ${d.oppTotal} (die ${d.oppDie}) — ${result}.`;
  }
  const ties = d.total === d.oppTotal
    ? `; a tie goes to ${d.tiesToRevealer === false ? who(opp, viewer) : who(d.faction, viewer)}${d.tiesToRevealer === false ? ' (the defender)' : ' (the revealer)'}`
    : '';
  return `${head}: ${rollSide(d.faction, d.die, d.total, d.leaders, viewer)}; `
    + `${rollSide(opp, d.oppDie, d.oppTotal, d.oppLeaders, viewer)}${ties} — ${result}.`;
}

/** Issue 9 — what a take-back undid, coarse on purpose: never which card or planet a secret decision named. */
export const TAKE_BACK_WORDS: Record<TakeBackKind, string> = {
  setup: 'the fleet set-up', baseChoice: 'the base choice', missionPlan: 'a mission plan', endOfPlanning: 'the end of planning',
  fleetMove: 'a fleet move', missionReveal: 'a mission reveal', pass: 'a pass', opposition: 'an opposition choice',
  hitAssignment: 'a hit assignment', secretPlans: 'a Secret Plans choice', objectiveChoice: 'an objective choice',
  leaderChoice: 'a leader choice', tokenChoice: 'a token choice', patrol: 'a patrol', pursuit: 'a pursuit',
  slipstream: 'a jump', sabotage: 'a sabotage', intercept: 'a cancelled plan', objectiveKept: 'an objective kept',
  relocation: 'a base relocation', discard: 'a discard', buildAllocation: 'a build allocation', deployment: 'a deployment',
  baseMove: 'a move from the base', endOfBaseMoves: 'the end of the base moves',
};
/** R3.7 — where every Imperial unit went: each of the two planets with what stands on it (never "0 …"). */
function imperialSetupSentence(d: LogEventOf<'imperialSetup'>): string {
  const onImperium = d.fightersOnImperium;
  const side = (p: unknown) => {
    const ship = p === d.capitalOn ? 'the capital ship' : 'the Star Fortress';
    const n = p === 'IMP' ? onImperium : 5 - onImperium;
    return `${ship}${n > 0 ? ` and ${unitCount(n, 'f')}` : ''} on ${planet(p)}`;
  };
  const other = d.capitalOn === 'IMP' ? d.sfOn : d.capitalOn;
  return `The Imperial fleet deploys: ${side('IMP')}; ${side(other)}.`;
}

/** The sentence of one kind of event as `viewer` sees it, or null for events not worth a line. */
type Sentence<K extends LogKind> = (ev: LogEventOf<K>, viewer: Viewer) => string | null;

/** `count`: set by foldRuns on a COUNTED kind's event standing for that many (never by the core). */
type Folded = { count?: number };

const W = (f: unknown, viewer: Viewer) => cap(who(f, viewer));

/**
 * Every event kind's sentence (issue 21 item 2: the compiler checks that none is missing). Stored games keep their
 * events as they were logged, so the sentences still read older shapes (a missing list reads as empty).
 */
export const SENTENCES: { [K in LogKind]: Sentence<K> } = {
  setup: () => 'The planets are dealt and the starting planets drawn.',
  imperialSetup: (d) => imperialSetupSentence(d),
  baseChosen: (d) => `You hid your base on ${planet(d.planet)}.`,
  baseHidden: () => 'The Rebel hides their base.',
  roundStarted: (d) => `Round ${d.round} begins.`,
  missionDrawn: (d, v) => `${W(d.faction, v)} drew a mission card.`,
  missionDrawnCard: (d) => `You drew ${mission(d.card)}.`,
  missionDeckReshuffled: (d, v) => `${W(d.faction, v)} shuffled the mission discard pile into a new deck.`,
  missionDeckEmpty: (d, v) => `${W(d.faction, v)} had no mission card left to draw.`,
  missionPlanned: (d, v) => `${W(d.faction, v)} planned a mission with ${leader(d.leader)}.`,
  missionPlannedCard: (d) => `You planned ${mission(d.card)} with ${leader(d.leader)}.`,
  planningDone: (d, v) => `${W(d.faction, v)} finished planning (${plural(d.count, 'mission')}).`,
  passed: (d, v) => {
    if (d.auto === 'noLeader') return `${W(d.faction, v)} had no leader left to act and passed automatically.`;
    if (d.auto) return `${W(d.faction, v)} had no fleet able to move and no planned mission, and passed automatically.`;
    return `${W(d.faction, v)} passed.`;
  },
  fleetMoved: (d, v) =>
    `${W(d.faction, v)} moved ${unitList(d.units)} from ${planet(d.from)} to ${planet(d.dest)}${d.leader ? `, led by ${leader(d.leader)}` : ''}${d.captive ? ', taking the prisoner along' : ''}.`,
  missionRevealed: (d, v) => `${W(d.faction, v)} revealed ${mission(d.card)} on ${planet(d.target)}.`,
  opposed: (d, v) => `${W(d.faction, v)} opposed with ${leader(d.leader)}${d.from === 'plan' ? ', pulled from a planned mission' : ''}.`,
  notOpposed: (d, v) => {
    const already = d.already ?? [];
    if (already.length === 0) return `${W(d.faction, v)} did not send a leader to oppose.`;
    // R4.2.4 step 5: a leader already on the target opposes whatever the window's answer.
    return `${W(d.faction, v)} sent no other leader; ${already.map(leader).join(' and ')}, already there, ${already.length > 1 ? 'oppose' : 'opposes'} the mission.`;
  },
  missionAttempt: (d, v) => attemptSentence(d, v),
  missionSucceeded: (d) => ('unopposable' in d && d.unopposable ? `${mission(d.card)} cannot be opposed and succeeds.` : `${mission(d.card)} is unopposed and succeeds.`),
  tokenPlaced: (d) => `A ${d.token === 'loyalty' ? 'loyalty marker' : 'disrupt token'} now lies on ${planet(d.planet)}.`,
  tokensRemoved: (d) => {
    const t = d.tokens ?? [];
    if (t.length === 0) return `Nothing to remove on ${planet(d.planet)}.`;
    const names = t.map((x) => (x === 'loyalty' ? 'the loyalty marker' : 'the disrupt token')).join(' and ');
    return `${cap(names)} ${t.length === 1 ? 'is' : 'are'} removed from ${planet(d.planet)}.`;
  },
  unitsPlaced: (d, v) =>
    d.count > 0 ? `${W(d.faction, v)} placed ${unitCount(d.count, d.unit)} on ${planet(d.planet)}.` : `${W(d.faction, v)} had no unit left in supply to place.`,
  combatStarted: (d, v) => `Combat on ${planet(d.planet)}: ${who(d.attacker, v)} attack${d.attacker === v ? '' : 's'}.`,
  strikeStarted: (d, v) => `${W(d.by, v)} strike${d.by === v ? '' : 's'} at ${planet(d.planet)}.`,
  diceRolled: (d, v) => {
    const text = (d.dice ?? []).map((x) => `${x.colour === 'w' ? 'white' : 'black'} ${x.value}`).join(', ');
    return `${W(d.by, v)} rolled ${text || 'no dice'}${d.kind === 'combat' ? ` (wave ${d.wave})` : ''}.`;
  },
  hit: (d, v) => {
    const owner: Faction = d.by === 'R' ? 'I' : 'R';
    return `A hit on ${who(owner, v) === 'you' ? 'your' : `${FACTION[owner]}'s`} ${UNIT[d.unit]?.[0] ?? d.unit} (${d.hpLeft} HP left).`;
  },
  unitDestroyed: (d: LogEventOf<'unitDestroyed'> & Folded) => {
    const n = d.count ?? 1;
    const owner = FACTION[d.faction] ?? 'a';
    return n === 1 ? `${cap(owner)}'s ${UNIT[d.unit]?.[0] ?? d.unit} is destroyed.` : `${n} of ${owner}'s ${UNIT[d.unit]?.[1] ?? d.unit} are destroyed.`;
  },
  combatEnded: (d, v) =>
    d.winner === 'none' ? `The combat on ${planet(d.planet)} ends with both sides wiped out.` : `${W(d.winner, v)} won the combat on ${planet(d.planet)}.`,
  strikeEnded: () => null,
  secretPlansShown: () => 'The Rebel shows Secret Plans: the Star Fortress can be finished off.',
  secretPlansPromptClosed: () => null,
  baseRevealed: (d) => `The Rebel base is exposed on ${planet(d.planet)}!`,
  leaderCaptured: (d) => `${leader(d.leader)} is captured on ${planet(d.planet)}.`,
  leaderRescued: (d) => `${leader(d.leader)} is free again.`,
  patrolNamed: (d) => {
    if (d.result === 'found') return `The patrol sweeps ${planet(d.planet)} — and finds the base.`;
    if (d.result === 'notHere') return `The patrol sweeps ${planet(d.planet)} — the base is not there.`;
    return 'The base is already known; the patrol learns nothing new.';
  },
  probeTaken: (d) => `The Imperial takes the probe card of ${planet(d.card)}: the base is not there.`,
  probeAlreadyHeld: (d) => `The Imperial already held the probe card of ${planet(d.card)}; now everyone knows it.`,
  probeNotMoved: () => 'No probe card moved.',
  planetDestroyed: (d) => `${planet(d.planet)} is destroyed${d.base ? ' — with the Rebel base on it' : ''}.`,
  probeDrawn: (d) => (d.card ? `The Imperial drew the probe card of ${planet(d.card)}.` : `The Imperial drew a probe card.`),
  probeDrawnCard: (d) => `Your probe shows the base is not on ${planet(d.card)}.`,
  probeDeckEmpty: () => 'The probe deck is empty.',
  relocationStarted: () => 'The Rebel starts a covert relocation.',
  probesSeen: (d) => `You look at the probe cards ${(d.cards ?? []).map(planet).join(', ') || '(none)'}.`,
  relocated: (d, v) => {
    if (!d.hidden) return 'The relocation is over; the base stays where it is, still exposed.';
    // R6.2.7: the base may have moved, so the planets cleared by earlier sweeps and patrols (and an I-06 sector)
    // no longer count; probe cards still do (the base is never on a planet whose probe card the Imperial holds).
    if (v === 'R') return 'The relocation is over; the base is hidden.';
    return 'The relocation is over; the base is hidden, perhaps somewhere new: planets cleared by earlier sweeps and '
      + `patrols may hold it again, while ${v === 'I' ? 'your' : "the Imperial's"} probe cards still rule their planets out.`;
  },
  relocatedTo: (d) => (d.dest ? `Your base moved from ${planet(d.from)} to ${planet(d.dest)}.` : `Your base stays on ${planet(d.from)}.`),
  slipstreamed: (d) => `The Rebel jumps ${unitList(d.units)} from ${planet(d.from)} to ${planet(d.dest)}.`,
  queueSabotaged: (d) => `An Imperial ${UNIT[d.unit]?.[0]} is pulled from build spot ${d.spot} back to supply.`,
  interceptNothing: () => 'No Imperial mission was planned: the Rebel draws a card instead.',
  interceptSeen: (d) => `You read the Imperial plans: ${(d.cards ?? []).map(mission).join(', ')}.`,
  missionIntercepted: (d) => `An Imperial plan is cancelled; ${leader(d.leader)} is stuck on ${planet(d.planet)}.`,
  missionInterceptedCard: (d) => `You cancelled ${mission(d.card)}.`,
  councilDrew: () => 'The Rebel draws two objectives and keeps one.',
  councilCards: (d) => `You drew ${(d.cards ?? []).map(objective).join(' and ')}.`,
  councilKept: () => null,
  councilKeptCard: (d) => `You kept ${objective(d.kept)} and put ${objective(d.bottom)} under the deck.`,
  baseSectorAnnounced: (d) => (d.intel
    ? `Imperial intelligence places the hidden base in sector ${d.sector}.`
    : `Under interrogation the Rebel admits the base is in sector ${d.sector}.`),
  objectiveBuried: () => 'An objective is taken from the Rebel at random and put under the deck.',
  objectiveBuriedCard: (d) => `The buried objective is ${objective(d.card)}.`,
  propagandaNothing: () => 'The Rebel holds no objective to take.',
  objectiveWindowOpened: (d, v) => (v === 'R' ? `Objective window (${WINDOW[d.window]}).` : null),
  objectiveWindowClosed: () => null,
  objectiveRevealed: (d) => `The Rebel reveals the objective ${objective(d.card)}.`,
  objectiveScored: (d) => `${objective(d.card)} scores: the objective token moves to ${d.objective}.`,
  objectiveDrawn: () => 'The Rebel draws an objective.',
  objectiveDrawnCard: (d) => `You drew the objective ${objective(d.card)}.`,
  objectiveDeckEmpty: () => 'The objective deck is empty.',
  leadersRetrieved: () => 'Leaders return to their pools.',
  missionDiscarded: (d, v) => `${W(d.faction, v)} discarded ${mission(d.card)}.`,
  timeAdvanced: (d) => `The time token moves to ${d.time}.`,
  built: (d, v) => `${W(d.faction, v)} queued ${unitCount((d.counts ?? []).reduce((a, b) => a + b, 0), d.unit)}.`,
  arrivals: (d, v) => `${cap(unitList(d.units))} ${unitTotal(d.units) === 1 ? 'arrives' : 'arrive'} for ${who(d.faction, v)}.`,
  arrivalsReturned: (d) => `${cap(unitList(d.units))} found nowhere to land and went back to supply.`,
  deployed: (d, v) => `${W(d.faction, v)} deployed a ${UNIT[d.unit]?.[0]} to ${planet(d.dest)}.`,
  baseMoved: (d) => `The Rebel moved a ${UNIT[d.unit]?.[0]} from the base card to ${planet(d.dest)}.`,
  // RULES §9 — the rival deck's steps, so the human can follow and check the rival's turn.
  soloStarted: (d) => `Solo game against the ${d.bot === 'R' ? 'Rebel' : 'Imperial'} rival deck (${d.difficulty}).`,
  botDeckReady: (d) => `The rival shuffles its ${plural(d.count, 'mission card')} into its deck.`,
  botTurnedOver: (d) =>
    d.target ? `The rival turned over ${mission(d.card)}: targets ${planet(d.target)}.` : `The rival turned over ${mission(d.card)}: no target.`,
  botSkippedUnder: (d) => `The skipped cards go under the rival deck in this order: ${(d.cards ?? []).map(mission).join(', ')}.`,
  botDeckReshuffled: (d) =>
    `The rival deck ran out: its ${plural(d.count, 'discarded card')} ${d.count === 1 ? 'is' : 'are'} shuffled into a new deck.`,
  botDefaultAction: (d) =>
    `The rival ${d.action === 'hunt' ? 'hunts' : d.action === 'strike' ? 'strikes' : 'spreads out'}: from ${planet(d.from)} to ${planet(d.dest)}.`,
  botPassed: (d) => (d.reason === 'noLeader' ? 'The rival has no leader left and passes.' : 'No rival card fits and no default action is possible: the rival passes.'),
  botTopDiscarded: (d) => `The top card of the rival deck, ${mission(d.card)}, is discarded.`,
  botDeckEmpty: () => 'The rival deck is empty: nothing to discard.',
  botInterceptNothing: () => 'No Imperial mission was planned: the rival discards the top card of its deck instead.',
  tookBack: (d, v) => `${W(d.faction, v)} took back ${TAKE_BACK_WORDS[d.what] ?? 'a decision'}.`,
  // Issue 10: a seat handed to the server bot online, and taken back (src/game/playedBy.ts).
  seatToBot: (d, v) => `The bot plays for ${FACTION[d.seat] ?? 'a seat'}${d.seat === v ? ' (you)' : ''} from here${d.why === 'time' ? ' (their time ran out)' : d.why === 'away' ? ' (they were away too long)' : ''}.`,
  seatTakenBack: (d) => `${cap(FACTION[d.seat] ?? 'a seat')}'s owner took the seat back.`,
  gameOver: (d) => `${cap(FACTION[d.winner] ?? 'someone')} wins: ${REASON[d.reason] ?? serverEnd(d.winner, d.reason)}.`,
};

/** The server bot made the decision behind this event (the tag of src/game/playedBy.ts, or its pre-session-9 form). */
export function madeByBot(ev: LogEvent): boolean {
  return ev.byBot === true || (ev as { by?: unknown }).by === 'bot';
}

/** One sentence for an event as `viewer` sees it, or null for events not worth a line (and kinds this build does not know). */
export function describeEvent(ev: LogEvent, viewer: Viewer): string | null {
  if (!Object.prototype.hasOwnProperty.call(SENTENCES, ev.e)) return null;
  // SENTENCES[ev.e] takes events of kind ev.e: the table's type pairs them, the union cannot say so.
  return (SENTENCES[ev.e] as Sentence<LogKind>)(ev, viewer);
}

/**
 * One line of the log: `bot` when the server bot made the decision that caused it (online, src/game/playedBy.ts);
 * `count` when it stands for that many identical events in a row (issue 20 item 10).
 */
export interface LogLine { round: number; text: string; private: boolean; e: LogKind; bot?: boolean; count?: number }

/** Every event the viewer may see, as sentences, with the round they belong to and the event kind (`e`). */
export function describeLog(events: readonly LogEvent[], viewer: Viewer): LogLine[] {
  const out: LogLine[] = [];
  let prev: LogEvent | undefined;
  for (const { ev, n } of foldRuns(events)) {
    const saidAlready = ev.e === 'passed' && prev?.e === 'botPassed' && prev.faction === ev.faction; // the rival's pass says why
    prev = ev;
    if (saidAlready) continue;
    const text = describeRun({ ev, n }, viewer);
    if (!text) continue;
    out.push({
      round: ev.round, text, private: ev.to !== undefined, e: ev.e,
      ...(madeByBot(ev) ? { bot: true } : {}), ...(n > 1 ? { count: n } : {}),
    });
  }
  return out;
}

/** "The Rebel deployed a starfighter to Imperium. ×2" — a line standing for `n` identical events. */
export function withRepeats(text: string, n: number): string {
  return n > 1 ? `${text} ×${n}` : text;
}

/** The sentence of a run of identical events (a COUNTED kind's sentence says the number itself). */
export function describeRun(run: EventRun, viewer: Viewer): string | null {
  const text = describeEvent(run.ev, viewer);
  return text && !COUNTED.has(run.ev.e) ? withRepeats(text, run.n) : text;
}

/** Events whose sentence says the number itself when they repeat back to back ("2 of the Rebel's starfighters are destroyed"). */
const COUNTED: ReadonlySet<LogKind> = new Set<LogKind>(['unitDestroyed']);

/** A run of identical consecutive events: `ev` stands for all `n` of them (a COUNTED kind's carries the summed `count`). */
export interface EventRun { ev: LogEvent & Folded; n: number }

/**
 * Issue 20 item 10 — identical events in a row read as one line with a count, whatever their kind: two starfighters
 * deployed to the same planet, two equal hits, a probe deck found empty twice. Identical means every field equal,
 * the audience and the bot mark included, so a private line never folds into a public one.
 */
export function foldRuns(events: readonly LogEvent[]): EventRun[] {
  const out: (EventRun & { first: LogEvent })[] = [];
  for (const ev of events) {
    const last = out[out.length - 1];
    if (last && sameEvent(last.first, ev)) {
      last.n += 1;
      if (COUNTED.has(ev.e)) last.ev = { ...last.ev, count: (last.ev.count ?? 1) + ((ev as Folded).count ?? 1) };
    } else out.push({ ev, n: 1, first: ev });
  }
  return out.map(({ ev, n }) => ({ ev, n }));
}

/** The same event, field by field (a COUNTED kind's own `count` aside). */
export function sameEvent(a: LogEvent, b: LogEvent): boolean {
  if (a.e !== b.e) return false;
  const x: Readonly<Record<string, unknown>> = a;
  const y: Readonly<Record<string, unknown>> = b;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  if (COUNTED.has(a.e)) keys.delete('count');
  return [...keys].every((k) => x[k] === y[k] || JSON.stringify(x[k]) === JSON.stringify(y[k]));
}
