/**
 * The typed game log rendered into plain sentences (BOARD-DESIGN "Game log"). Pure: no React here, so the
 * same text serves the board, tests and the server's logs. Wording is this project's own.
 */
import {
  LEADERS, MISSIONS, OBJECTIVES, PLANETS,
  type Attribute, type Faction, type LeaderId, type MissionId, type ObjectiveId, type PlanetId,
} from '../../game/content';
import type { LogEvent, TakeBackKind } from '../../game/rules';
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

/** One sentence for an event as `viewer` sees it, or null for events not worth a line. */
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
function attemptSentence(d: Record<string, unknown>, viewer: Viewer): string {
  const head = `${mission(d.card)}${d.attribute ? ` (${ATTRIBUTE_NAMES[d.attribute as Attribute]})` : ''}`;
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
function imperialSetupSentence(d: Record<string, unknown>): string {
  const onImperium = d.fightersOnImperium as number;
  const side = (p: unknown) => {
    const ship = p === d.capitalOn ? 'the capital ship' : 'the Star Fortress';
    const n = p === 'IMP' ? onImperium : 5 - onImperium;
    return `${ship}${n > 0 ? ` and ${unitCount(n, 'f')}` : ''} on ${planet(p)}`;
  };
  const other = d.capitalOn === 'IMP' ? d.sfOn : d.capitalOn;
  return `The Imperial fleet deploys: ${side('IMP')}; ${side(other)}.`;
}

export function describeEvent(ev: LogEvent, viewer: Viewer): string | null {
  const d = ev as Record<string, unknown>;
  const W = (f: unknown) => cap(who(f, viewer));
  switch (ev.e) {
    case 'setup': return 'The planets are dealt and the starting planets drawn.';
    case 'imperialSetup': return imperialSetupSentence(d);
    case 'baseChosen': return `You hid your base on ${planet(d.planet)}.`;
    case 'baseHidden': return 'The Rebel hides their base.';
    case 'roundStarted': return `Round ${d.round} begins.`;
    case 'missionDrawn': return `${W(d.faction)} drew a mission card.`;
    case 'missionDrawnCard': return `You drew ${mission(d.card)}.`;
    case 'missionDeckReshuffled': return `${W(d.faction)} shuffled the mission discard pile into a new deck.`;
    case 'missionDeckEmpty': return `${W(d.faction)} had no mission card left to draw.`;
    case 'missionPlanned': return `${W(d.faction)} planned a mission with ${leader(d.leader)}.`;
    case 'missionPlannedCard': return `You planned ${mission(d.card)} with ${leader(d.leader)}.`;
    case 'planningDone': return `${W(d.faction)} finished planning (${plural(d.count, 'mission')}).`;
    case 'passed':
      if (d.auto === 'noLeader') return `${W(d.faction)} had no leader left to act and passed automatically.`;
      if (d.auto) return `${W(d.faction)} had no fleet able to move and no planned mission, and passed automatically.`;
      return `${W(d.faction)} passed.`;
    case 'fleetMoved':
      return `${W(d.faction)} moved ${unitList(d.units)} from ${planet(d.from)} to ${planet(d.dest)}${d.leader ? `, led by ${leader(d.leader)}` : ''}${d.captive ? ', taking the prisoner along' : ''}.`;
    case 'missionRevealed': return `${W(d.faction)} revealed ${mission(d.card)} on ${planet(d.target)}.`;
    case 'opposed':
      return `${W(d.faction)} opposed with ${leader(d.leader)}${d.from === 'plan' ? ', pulled from a planned mission' : ''}.`;
    case 'notOpposed': {
      const already = (d.already as string[] | undefined) ?? [];
      if (already.length === 0) return `${W(d.faction)} did not send a leader to oppose.`;
      // R4.2.4 step 5: a leader already on the target opposes whatever the window's answer.
      return `${W(d.faction)} sent no other leader; ${already.map(leader).join(' and ')}, already there, ${already.length > 1 ? 'oppose' : 'opposes'} the mission.`;
    }
    case 'missionAttempt': return attemptSentence(d, viewer);
    case 'missionSucceeded': return d.unopposable ? `${mission(d.card)} cannot be opposed and succeeds.` : `${mission(d.card)} is unopposed and succeeds.`;
    case 'tokenPlaced': return `A ${d.token === 'loyalty' ? 'loyalty marker' : 'disrupt token'} now lies on ${planet(d.planet)}.`;
    case 'tokensRemoved': {
      const t = (d.tokens as string[]) ?? [];
      if (t.length === 0) return `Nothing to remove on ${planet(d.planet)}.`;
      const names = t.map((x) => (x === 'loyalty' ? 'the loyalty marker' : 'the disrupt token')).join(' and ');
      return `${cap(names)} ${t.length === 1 ? 'is' : 'are'} removed from ${planet(d.planet)}.`;
    }
    case 'unitsPlaced':
      return (d.count as number) > 0 ? `${W(d.faction)} placed ${unitCount(d.count as number, d.unit as string)} on ${planet(d.planet)}.` : `${W(d.faction)} had no unit left in supply to place.`;
    case 'combatStarted': return `Combat on ${planet(d.planet)}: ${who(d.attacker, viewer)} attack${d.attacker === viewer ? '' : 's'}.`;
    case 'strikeStarted': return `${W(d.by)} strike${d.by === viewer ? '' : 's'} at ${planet(d.planet)}.`;
    case 'diceRolled': {
      const dice = (d.dice as { colour: string; value: number }[]) ?? [];
      const text = dice.map((x) => `${x.colour === 'w' ? 'white' : 'black'} ${x.value}`).join(', ');
      return `${W(d.by)} rolled ${text || 'no dice'}${d.kind === 'combat' ? ` (wave ${d.wave})` : ''}.`;
    }
    case 'hit': return `A hit on ${who(d.by === 'R' ? 'I' : 'R', viewer) === 'you' ? 'your' : `${FACTION[(d.by === 'R' ? 'I' : 'R') as Faction]}'s`} ${UNIT[d.unit as string]?.[0] ?? d.unit} (${d.hpLeft} HP left).`;
    case 'unitDestroyed': {
      const n = (d.count as number | undefined) ?? 1;
      const owner = FACTION[d.faction as Faction] ?? 'a';
      return n === 1 ? `${cap(owner)}'s ${UNIT[d.unit as string]?.[0] ?? d.unit} is destroyed.` : `${n} of ${owner}'s ${UNIT[d.unit as string]?.[1] ?? d.unit} are destroyed.`;
    }
    case 'combatEnded':
      return d.winner === 'none' ? `The combat on ${planet(d.planet)} ends with both sides wiped out.` : `${W(d.winner)} won the combat on ${planet(d.planet)}.`;
    case 'strikeEnded': return null;
    case 'secretPlansShown': return 'The Rebel shows Secret Plans: the Star Fortress can be finished off.';
    case 'secretPlansPromptClosed': return null;
    case 'baseRevealed': return `The Rebel base is exposed on ${planet(d.planet)}!`;
    case 'leaderCaptured': return `${leader(d.leader)} is captured on ${planet(d.planet)}.`;
    case 'leaderRescued': return `${leader(d.leader)} is free again.`;
    case 'patrolNamed':
      if (d.result === 'found') return `The patrol sweeps ${planet(d.planet)} — and finds the base.`;
      if (d.result === 'notHere') return `The patrol sweeps ${planet(d.planet)} — the base is not there.`;
      return 'The base is already known; the patrol learns nothing new.';
    case 'probeTaken': return `The Imperial takes the probe card of ${planet(d.card)}: the base is not there.`;
    case 'probeAlreadyHeld': return `The Imperial already held the probe card of ${planet(d.card)}; now everyone knows it.`;
    case 'probeNotMoved': return 'No probe card moved.';
    case 'planetDestroyed': return `${planet(d.planet)} is destroyed${d.base ? ' — with the Rebel base on it' : ''}.`;
    case 'probeDrawn': return d.card ? `The Imperial drew the probe card of ${planet(d.card)}.` : `The Imperial drew a probe card.`;
    case 'probeDrawnCard': return `Your probe shows the base is not on ${planet(d.card)}.`;
    case 'probeDeckEmpty': return 'The probe deck is empty.';
    case 'relocationStarted': return 'The Rebel starts a covert relocation.';
    case 'probesSeen': return `You look at the probe cards ${((d.cards as string[]) ?? []).map(planet).join(', ') || '(none)'}.`;
    case 'relocated':
      if (!d.hidden) return 'The relocation is over; the base stays where it is, still exposed.';
      // R6.2.7: the base may have moved, so the planets cleared by earlier sweeps and patrols (and an I-06 sector)
      // no longer count; probe cards still do (the base is never on a planet whose probe card the Imperial holds).
      if (viewer === 'R') return 'The relocation is over; the base is hidden.';
      return 'The relocation is over; the base is hidden, perhaps somewhere new: planets cleared by earlier sweeps and '
        + `patrols may hold it again, while ${viewer === 'I' ? 'your' : "the Imperial's"} probe cards still rule their planets out.`;
    case 'relocatedTo': return d.dest ? `Your base moved from ${planet(d.from)} to ${planet(d.dest)}.` : `Your base stays on ${planet(d.from)}.`;
    case 'slipstreamed': return `The Rebel jumps ${unitList(d.units)} from ${planet(d.from)} to ${planet(d.dest)}.`;
    case 'queueSabotaged': return `An Imperial ${UNIT[d.unit as string]?.[0]} is pulled from build spot ${d.spot} back to supply.`;
    case 'interceptNothing': return 'No Imperial mission was planned: the Rebel draws a card instead.';
    case 'interceptSeen': return `You read the Imperial plans: ${((d.cards as string[]) ?? []).map(mission).join(', ')}.`;
    case 'missionIntercepted': return `An Imperial plan is cancelled; ${leader(d.leader)} is stuck on ${planet(d.planet)}.`;
    case 'missionInterceptedCard': return `You cancelled ${mission(d.card)}.`;
    case 'councilDrew': return 'The Rebel draws two objectives and keeps one.';
    case 'councilCards': return `You drew ${((d.cards as string[]) ?? []).map(objective).join(' and ')}.`;
    case 'councilKept': return null;
    case 'councilKeptCard': return `You kept ${objective(d.kept)} and put ${objective(d.bottom)} under the deck.`;
    case 'baseSectorAnnounced': return `Under interrogation the Rebel admits the base is in sector ${d.sector}.`;
    case 'objectiveBuried': return 'An objective is taken from the Rebel at random and put under the deck.';
    case 'objectiveBuriedCard': return `The buried objective is ${objective(d.card)}.`;
    case 'propagandaNothing': return 'The Rebel holds no objective to take.';
    case 'objectiveWindowOpened': return viewer === 'R' ? `Objective window (${WINDOW[d.window as string]}).` : null;
    case 'objectiveWindowClosed': return null;
    case 'objectiveRevealed': return `The Rebel reveals the objective ${objective(d.card)}.`;
    case 'objectiveScored': return `${objective(d.card)} scores: the objective token moves to ${d.objective}.`;
    case 'objectiveDrawn': return 'The Rebel draws an objective.';
    case 'objectiveDrawnCard': return `You drew the objective ${objective(d.card)}.`;
    case 'objectiveDeckEmpty': return 'The objective deck is empty.';
    case 'leadersRetrieved': return 'Leaders return to their pools.';
    case 'missionDiscarded': return `${W(d.faction)} discarded ${mission(d.card)}.`;
    case 'timeAdvanced': return `The time token moves to ${d.time}.`;
    case 'built': return `${W(d.faction)} queued ${unitCount(((d.counts as number[]) ?? []).reduce((a, b) => a + b, 0), d.unit as string)}.`;
    case 'arrivals': return `${cap(unitList(d.units))} ${unitTotal(d.units) === 1 ? 'arrives' : 'arrive'} for ${who(d.faction, viewer)}.`;
    case 'arrivalsReturned': return `${cap(unitList(d.units))} found nowhere to land and went back to supply.`;
    case 'deployed': return `${W(d.faction)} deployed a ${UNIT[d.unit as string]?.[0]} to ${planet(d.dest)}.`;
    case 'baseMoved': return `The Rebel moved a ${UNIT[d.unit as string]?.[0]} from the base card to ${planet(d.dest)}.`;
    // RULES §9 — the rival deck's steps, so the human can follow and check the rival's turn.
    case 'soloStarted': return `Solo game against the ${d.bot === 'R' ? 'Rebel' : 'Imperial'} rival deck (${d.difficulty}).`;
    case 'botDeckReady': return `The rival shuffles its ${plural(d.count, 'mission card')} into its deck.`;
    case 'botTurnedOver':
      return d.target ? `The rival turned over ${mission(d.card)}: targets ${planet(d.target)}.` : `The rival turned over ${mission(d.card)}: no target.`;
    case 'botSkippedUnder': return `The skipped cards go under the rival deck in this order: ${((d.cards as string[]) ?? []).map(mission).join(', ')}.`;
    case 'botDeckReshuffled':
      return `The rival deck ran out: its ${plural(d.count, 'discarded card')} ${d.count === 1 ? 'is' : 'are'} shuffled into a new deck.`;
    case 'botDefaultAction':
      return `The rival ${d.action === 'hunt' ? 'hunts' : d.action === 'strike' ? 'strikes' : 'spreads out'}: from ${planet(d.from)} to ${planet(d.dest)}.`;
    case 'botPassed': return d.reason === 'noLeader' ? 'The rival has no leader left and passes.' : 'No rival card fits and no default action is possible: the rival passes.';
    case 'botTopDiscarded': return `The top card of the rival deck, ${mission(d.card)}, is discarded.`;
    case 'botDeckEmpty': return 'The rival deck is empty: nothing to discard.';
    case 'botInterceptNothing': return 'No Imperial mission was planned: the rival discards the top card of its deck instead.';
    case 'tookBack': return `${W(d.faction)} took back ${TAKE_BACK_WORDS[d.what as TakeBackKind] ?? 'a decision'}.`;
    // Issue 10: a seat handed to the server bot online, and taken back (src/game/playedBy.ts).
    case 'seatToBot': return `The bot plays for ${FACTION[d.seat as Faction] ?? 'a seat'}${d.seat === viewer ? ' (you)' : ''} from here${d.why === 'time' ? ' (their time ran out)' : d.why === 'away' ? ' (they were away too long)' : ''}.`;
    case 'seatTakenBack': return `${cap(FACTION[d.seat as Faction] ?? 'a seat')}'s owner took the seat back.`;
    case 'gameOver': return `${cap(FACTION[d.winner as Faction] ?? 'someone')} wins: ${REASON[d.reason as string] ?? d.reason}.`;
    default: return null;
  }
}

/**
 * One line of the log: `bot` when the server bot made the decision that caused it (online, src/game/playedBy.ts);
 * `count` when it stands for that many identical events in a row (issue 20 item 10).
 */
export interface LogLine { round: number; text: string; private: boolean; e: string; bot?: boolean; count?: number }

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
      ...(ev.by === 'bot' ? { bot: true } : {}), ...(n > 1 ? { count: n } : {}),
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
const COUNTED = new Set(['unitDestroyed']);

/** A run of identical consecutive events: `ev` stands for all `n` of them (a COUNTED kind's carries the summed `count`). */
export interface EventRun { ev: LogEvent; n: number }

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
      if (COUNTED.has(ev.e)) last.ev = { ...last.ev, count: ((last.ev.count as number | undefined) ?? 1) + ((ev.count as number | undefined) ?? 1) };
    } else out.push({ ev, n: 1, first: ev });
  }
  return out.map(({ ev, n }) => ({ ev, n }));
}

/** The same event, field by field (a COUNTED kind's own `count` aside). */
export function sameEvent(a: LogEvent, b: LogEvent): boolean {
  if (a.e !== b.e) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  if (COUNTED.has(a.e)) keys.delete('count');
  return [...keys].every((k) => a[k] === b[k] || JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
