/**
 * Checkers for RULES §8 (R8.2, R8.3) on anything a seat or a spectator holds: a view of the GameState, its log
 * events, boardgame.io log entries, or any JSON-like value around them (ctx, plugins, transport messages).
 * The forbidden things are always computed from the TRUE state (the master's), never from the view itself.
 *
 * Two models of "may not see a card id", both as in tests/property/sampleWorld.test.ts:
 * - `bodyForbidden` (strict, state-based): for everything except logs. A card in a hidden zone (an opponent's
 *   hand or plans, any mission deck, the Rebel objective hand, the objective deck, R-09's drawn cards) may be
 *   named only where R8.3 lets this seat know it (R-08 for the Rebel, Secret Plans once shown, R-09 / I-09 bottom
 *   cards). Deck positions must be HIDDEN even for ids the seat knows (R8.2: deck order is secret).
 * - `logForbidden` (lenient, history-based): for log events and log entries, which legitimately name cards that
 *   were public when logged (a discarded card later reshuffled into a deck). A card that was ever public for this
 *   seat (`PublicCards`, fed from the master's log) may be named; anything else in a hidden zone may not.
 * Log events are also audited by type (which event types may name which cards for which seat), and checked
 * against canSee (private events of the other seat).
 *
 * Probe letters and the base letter cannot be matched as substrings (planet letters are everywhere): they are
 * checked in the fields that hold probe cards or name the base (base.planet, probes.*, pending relocate cards,
 * probe and base log events).
 */
import {
  MISSION_IDS, OBJECTIVE_IDS, SECRET_PLANS, type Faction, type LetterId,
} from '../../src/game/content';
import { SECRET_ACTIONS, type GameState, type LogEvent } from '../../src/game/rules';
import { canSee } from '../../src/game/rules/log';
import { isHidden } from '../../src/game/rules/view';
import { fields } from './logFields';

export type Seat = Faction | null;
export const SEATS: Seat[] = ['R', 'I', null];
export const seatName = (s: Seat): string => s ?? 'spectator';
/** boardgame.io playerID of a seat (spectators: null). */
export const playerIdOf = (s: Seat): string | null => (s === 'R' ? '0' : s === 'I' ? '1' : null);

const MISSION_SET = new Set<string>(MISSION_IDS);
const OBJECTIVE_SET = new Set<string>(OBJECTIVE_IDS);
const missionFaction = (c: string): Faction => (c.startsWith('R-') ? 'R' : 'I');

/** Mission and objective ids (R-S1…R-09, I-S1…I-09, O1-1…O2-8) inside any string, also inside sentences. */
const CARD_ID_RE = /(?<![A-Za-z0-9])(?:[RI]-(?:S[1-4]|0[1-9])|O[12]-[1-8])(?![A-Za-z0-9])/g;

export function cardIdsInString(s: string): string[] {
  if (s.length < 4) return [];
  const m = s.match(CARD_ID_RE);
  return m ? m.filter((c) => MISSION_SET.has(c) || OBJECTIVE_SET.has(c)) : [];
}

/** Ids the seat knows to be in the Imperial hand or plans (R-08, R8.3 items 4 and 10). */
function rebelKnown(s: GameState): Set<string> {
  const out = new Set<string>(s.known.rebelKnowsImperial);
  if (s.pending?.kind === 'intercept') for (const c of s.pending.cards) out.add(c);
  return out;
}

/** Objective cards at the deck's bottom that `seat` knows (R8.3 item 10: R-09 for the Rebel, I-09 for both). */
function bottomSeen(s: GameState, seat: Seat): Set<string> {
  return new Set(s.objectives.bottomKnown.filter((b) => seat === 'R' || (seat === 'I' && b.by === 'both')).map((b) => b.card));
}

/** Strict model: card ids `seat` may not find anywhere outside the logs, from the true state `s`. */
export function bodyForbidden(s: GameState, seat: Seat): Set<string> {
  const out = new Set<string>();
  const knownR = seat === 'R' ? rebelKnown(s) : new Set<string>();
  for (const f of ['R', 'I'] as Faction[]) {
    for (const c of s.decks[f]) out.add(c); // R8.2: nobody sees a mission deck, the owner included
    if (f === seat) continue;
    for (const c of [...s.hands[f], ...s.planned[f].map((pm) => pm.card)]) if (!knownR.has(c)) out.add(c);
  }
  const o = s.objectives;
  const bottom = bottomSeen(s, seat);
  for (const c of o.deck) if (!bottom.has(c)) out.add(c);
  if (seat !== 'R') {
    const spShown = s.known.secretPlansShown;
    for (const c of o.hand) if (!(c === SECRET_PLANS && spShown)) out.add(c);
    if (s.pending?.kind === 'council') for (const c of s.pending.cards) out.add(c);
  }
  return out;
}

/** Mission / objective cards that became public (or known to one seat) through the master's log so far. */
export class PublicCards {
  readonly bySeat: Record<string, Set<string>> = { R: new Set(), I: new Set(), spectator: new Set() };
  private seen = 0;

  update(log: readonly LogEvent[]): void {
    for (; this.seen < log.length; this.seen++) {
      const ev = log[this.seen];
      const all = (c: string) => { for (const k in this.bySeat) this.bySeat[k].add(c); };
      if (ev.e === 'missionRevealed' || ev.e === 'missionDiscarded' || ev.e === 'objectiveRevealed') all(ev.card as string);
      if (ev.e === 'interceptSeen') for (const c of ev.cards as string[]) this.bySeat.R.add(c);
      if (ev.e === 'objectiveBuriedCard') { // R8.3 item 10: both players
        this.bySeat.R.add(ev.card as string);
        this.bySeat.I.add(ev.card as string);
      }
    }
  }
}

/** Lenient model for logs: cards in a hidden zone that were never public for `seat`. */
export function logForbidden(s: GameState, seat: Seat, pub: PublicCards): Set<string> {
  const p = pub.bySeat[seatName(seat)];
  const out = new Set<string>();
  const knownR = seat === 'R' ? rebelKnown(s) : new Set<string>();
  for (const f of ['R', 'I'] as Faction[]) {
    if (f === seat) continue;
    for (const c of [...s.hands[f], ...s.decks[f], ...s.planned[f].map((pm) => pm.card)]) {
      if (!p.has(c) && !knownR.has(c)) out.add(c);
    }
  }
  const o = s.objectives;
  if (seat !== 'R') {
    const bottom = bottomSeen(s, seat);
    const council = s.pending?.kind === 'council' ? s.pending.cards : [];
    for (const c of [...o.hand, ...o.deck, ...council]) {
      if (c === SECRET_PLANS && s.known.secretPlansShown && o.hand.includes(c)) continue;
      if (!bottom.has(c) && !p.has(c)) out.add(c);
    }
  }
  return out;
}

/**
 * Structural checks of a view `v` of the true state `s` for `seat` (R8.3 items 1–7, 10, 11), apart from the log:
 * hidden-zone arrays keep the true length and carry no real id except what the seat may know.
 */
export function checkViewStructure(v: GameState, s: GameState, seat: Seat): string[] {
  const bad: string[] = [];
  const shown = (xs: readonly unknown[]) => xs.filter((c) => !isHidden(c)) as string[];
  // R8.3 item 1 — the hidden base.
  // Before R3.9 there is no base (null in the state and in every view): nothing to hide.
  if (seat !== 'R' && !s.base.revealed && s.base.planet !== null && !isHidden(v.base?.planet)) bad.push(`base.planet ${String(v.base?.planet)} while hidden`);
  if (s.base.planet === null && v.base?.planet !== null) bad.push(`base.planet ${String(v.base?.planet)} before R3.9`);
  // R8.3 item 6 — mission deck orders, for everyone.
  for (const f of ['R', 'I'] as Faction[]) {
    if (!Array.isArray(v.decks?.[f]) || v.decks[f].length !== s.decks[f].length) bad.push(`decks.${f} length`);
    else if (shown(v.decks[f]).length) bad.push(`decks.${f} carries ${shown(v.decks[f]).join(',')}`);
  }
  // R8.3 items 3, 4, 10 — the other seat's hand and plans.
  const knownR = seat === 'R' ? rebelKnown(s) : new Set<string>();
  for (const f of ['R', 'I'] as Faction[]) {
    if (f === seat) continue;
    const hand = v.hands?.[f] ?? [];
    if (hand.length !== s.hands[f].length) bad.push(`hands.${f} length`);
    const plans = (v.planned?.[f] ?? []).map((pm) => pm.card);
    if (plans.length !== s.planned[f].length) bad.push(`planned.${f} length`);
    const leak = shown([...hand, ...plans]).filter((c) => !knownR.has(c));
    if (leak.length) bad.push(`${f} hand/plans show ${leak.join(',')}`);
  }
  // R8.3 items 2, 6, 10 — objectives.
  const o = v.objectives;
  const bottom = bottomSeen(s, seat);
  if (!o || o.deck.length !== s.objectives.deck.length) bad.push('objectives.deck length');
  else {
    const leak = shown(o.deck).filter((c) => !bottom.has(c));
    if (leak.length) bad.push(`objectives.deck carries ${leak.join(',')}`);
    const bk = shown(o.bottomKnown.map((b) => b.card)).filter((c) => !bottom.has(c));
    if (bk.length) bad.push(`objectives.bottomKnown shows ${bk.join(',')}`);
    if (seat !== 'R') {
      if (o.hand.length !== s.objectives.hand.length) bad.push('objectives.hand length');
      const h = shown(o.hand).filter((c) => !(c === SECRET_PLANS && s.known.secretPlansShown));
      if (h.length) bad.push(`objectives.hand shows ${h.join(',')}`);
    }
  }
  // R8.3 items 5, 7, 11 — probe cards: only flagged cards may show, except the Imperial's own hand.
  const p = v.probes;
  if (!p || p.deck.length !== s.probes.deck.length || p.hand.length !== s.probes.hand.length) bad.push('probes length');
  else {
    const flagged = new Set<string>(s.probes.flagged);
    const leak = shown([...p.deck, ...(seat === 'I' ? [] : p.hand)]).filter((c) => !flagged.has(c));
    if (leak.length) bad.push(`probe cards ${leak.join(',')} unflagged`);
  }
  // Pending decisions carrying the Rebel's private cards (R-08, R-09, relocation).
  const pend = v.pending as { kind?: string; cards?: unknown[] } | null;
  if (seat !== 'R' && pend && Array.isArray(pend.cards) && shown(pend.cards).length) bad.push(`pending ${pend.kind} cards shown`);
  if (seat === null && (v.known?.rebelKnowsImperial?.length ?? 0) > 0) bad.push('known.rebelKnowsImperial for a spectator');
  return bad;
}

/** Event types that may name a card of the other faction's missions / a Rebel objective (R8.1 log audit). */
const SHOWS_MISSION = new Set(['missionRevealed', 'missionSucceeded', 'missionAttempt', 'missionDiscarded']);
const SHOWS_OBJECTIVE = new Set(['objectiveRevealed', 'objectiveScored']);
const REBEL_ONLY = new Set(['baseChosen', 'relocatedTo', 'probesSeen', 'councilCards', 'councilKeptCard']);
/** Public events naming one probe card: the card must be flagged (R8.3 item 11) or the event is a leak. */
const FLAGGED_PROBE_EVENTS = new Set(['probeDrawn', 'probeTaken', 'probeAlreadyHeld']);
/**
 * Events whose letters name a probe card or the base itself (not a planet where something happened: the Rebel
 * may move units from the base card onto the base planet in plain sight, `baseMoved`).
 */
const BASE_NAMING = (e: string) => e.startsWith('probe') || e.startsWith('reloc') || e === 'baseChosen' || e === 'baseRevealed';
/** Fields of events that name a probe card or a base planet. */
const LETTER_FIELDS = ['card', 'cards', 'planet', 'dest', 'from'];

function lettersOf(ev: LogEvent): string[] {
  const out: string[] = [];
  for (const k of LETTER_FIELDS) {
    const x = fields(ev)[k];
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) for (const y of x) if (typeof y === 'string') out.push(y);
  }
  return out;
}

/**
 * One game-log event as received by `seat`, against the true state `s` at the time it was received: it must be
 * visible to the seat (canSee), be of a type that may name the cards it names (as sampleWorld's audit), name no
 * card of `forbidden` (logForbidden), and name no unflagged probe card or hidden base letter.
 */
export function auditLogEvent(ev: LogEvent, s: GameState, seat: Seat, forbidden: Set<string>): string[] {
  const bad: string[] = [];
  if (typeof ev !== 'object' || ev === null || typeof ev.e !== 'string') return ['not a log event'];
  if (!canSee(ev, seat)) bad.push(`private event ${ev.e} (to ${String(ev.to)})`);
  if (seat !== 'R' && REBEL_ONLY.has(ev.e)) bad.push(`sees ${ev.e}`);
  if (seat !== 'I' && ev.e === 'probeDrawnCard') bad.push('sees a hidden probe draw');
  const ids = new Set<string>();
  collectStrings(ev, (str) => { for (const c of cardIdsInString(str)) ids.add(c); });
  for (const c of ids) {
    if (forbidden.has(c)) bad.push(`${ev.e} names ${c}`);
    else if (MISSION_SET.has(c)) {
      const ok = missionFaction(c) === seat || SHOWS_MISSION.has(ev.e)
        || (seat === 'R' && (ev.e === 'interceptSeen' || ev.e === 'missionInterceptedCard'));
      if (!ok) bad.push(`${ev.e} names mission ${c}`);
    } else if (OBJECTIVE_SET.has(c)) {
      const ok = seat === 'R' || SHOWS_OBJECTIVE.has(ev.e) || (seat === 'I' && ev.e === 'objectiveBuriedCard');
      if (!ok) bad.push(`${ev.e} names objective ${c}`);
    }
  }
  if (seat !== 'I' && FLAGGED_PROBE_EVENTS.has(ev.e) && typeof fields(ev).card === 'string' && !s.probes.flagged.includes(fields(ev).card as LetterId)) {
    bad.push(`${ev.e} shows unflagged probe card ${fields(ev).card}`);
  }
  if (seat !== 'R' && !s.base.revealed && s.base.planet !== null && BASE_NAMING(ev.e) && lettersOf(ev).includes(s.base.planet)) {
    bad.push(`${ev.e} names the hidden base ${s.base.planet}`);
  }
  return bad;
}

/** A boardgame.io log entry (client.log, deltalog, sync log) as received by `viewer` (playerID, null = spectator). */
export function auditBgioEntry(entry: unknown, viewer: string | null, forbidden: Set<string>): string[] {
  const bad: string[] = [];
  const en = entry as { action?: { type?: string; payload?: { type?: string; args?: unknown; playerID?: string } }; redact?: boolean };
  const pl = en?.action?.payload;
  if (!pl) return ['log entry without payload'];
  const own = viewer !== null && pl.playerID === viewer;
  if (en.action!.type === 'MAKE_MOVE' && !own && SECRET_ACTIONS.includes(pl.type as never) && pl.args !== null) {
    bad.push(`args of ${pl.type} by ${String(pl.playerID)} not redacted`);
  }
  if (!own && en.redact === true && pl.args !== null) bad.push(`redact entry ${String(pl.type)} with args`);
  collectStrings(entry, (str) => {
    for (const c of cardIdsInString(str)) if (forbidden.has(c)) bad.push(`log entry ${String(pl.type)} names ${c}`);
  });
  return bad;
}

/** Calls `fn` on every string value (not key) of a JSON-like value. */
export function collectStrings(x: unknown, fn: (s: string) => void): void {
  if (typeof x === 'string') fn(x);
  else if (Array.isArray(x)) for (const y of x) collectStrings(y, fn);
  else if (typeof x === 'object' && x !== null) for (const k in x) collectStrings((x as Record<string, unknown>)[k], fn);
}

/** What must never reach any client (R8.3 item 9): the seed, the generator's state. */
export interface RngSecrets {
  seed: string;
  /** s0, s1, s2 of every generator state the master has had (floats in (0, 1): no accidental match). */
  floats: Set<number>;
}

/** Keys that would carry the random plugin's data. */
const RNG_KEYS = new Set(['prngstate', 'seed']);

export interface ScanRules {
  forbidden: Set<string>;
  rng: RngSecrets;
  /** Objects not to descend into (handled elsewhere, e.g. logs checked incrementally). */
  skip?: (value: object, key: string, parent: object) => boolean;
  /** Objects already scanned in this pass (shared between several roots). */
  memo?: WeakSet<object>;
  /** Card ids met (for later-draw records). */
  seen?: Set<string>;
}

/**
 * Walks a value as JSON.stringify would (undefined and functions dropped) and reports: forbidden card ids in
 * any string, the seed in any string, a random-plugin key anywhere, a generator-state number, and values that
 * JSON would not carry faithfully (a class instance, Map, Set: they would differ over a real network).
 */
export function scanValue(root: unknown, rules: ScanRules, path: string, out: string[]): void {
  const visit = (x: unknown, p: string): void => {
    if (typeof x === 'string') {
      if (x.includes(rules.rng.seed)) out.push(`${p}: the seed`);
      for (const c of cardIdsInString(x)) {
        rules.seen?.add(c);
        if (rules.forbidden.has(c)) out.push(`${p}: ${c}`);
      }
      return;
    }
    if (typeof x === 'number') {
      if (rules.rng.floats.has(x)) out.push(`${p}: generator state ${x}`);
      return;
    }
    if (typeof x !== 'object' || x === null) return;
    if (rules.memo) {
      if (rules.memo.has(x)) return;
      rules.memo.add(x);
    }
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const y = x[i];
        if (typeof y === 'object' && y !== null && rules.skip?.(y, String(i), x)) continue;
        visit(y, `${p}[${i}]`);
      }
      return;
    }
    const proto = Object.getPrototypeOf(x);
    if (proto !== Object.prototype && proto !== null) out.push(`${p}: not plain JSON (${proto?.constructor?.name})`);
    for (const k in x) {
      const y = (x as Record<string, unknown>)[k];
      if (y === undefined || typeof y === 'function') continue;
      if (RNG_KEYS.has(k)) out.push(`${p}.${k}: random plugin data`);
      if (k.includes(rules.rng.seed)) out.push(`${p}: the seed as a key`);
      if (typeof y === 'object' && y !== null && rules.skip?.(y, k, x)) continue;
      visit(y, `${p}.${k}`);
    }
  };
  visit(root, path);
}

/** True for an object shaped like the core's GameState (or a view of it). */
export function isGameStateLike(x: unknown): x is GameState {
  return typeof x === 'object' && x !== null && 'pending' in x && 'probes' in x && 'objectives' in x && 'log' in x;
}

/** The generator floats of a random-plugin data object, if any. */
export function prngFloats(data: unknown): number[] {
  const st = (data as { prngstate?: { s0?: unknown; s1?: unknown; s2?: unknown } } | undefined)?.prngstate;
  return st ? [st.s0, st.s1, st.s2].filter((n): n is number => typeof n === 'number') : [];
}

export interface DrawRecord {
  /** Master log length when the record's body was received (after the step's move). */
  logLenAfter: number;
  /** Master log length before the step's move (for the move's own log entry). */
  logLenBefore: number;
  /** Card ids in everything received at this step except logs, per seat. */
  body: Record<string, Set<string>>;
  /** Card ids in the boardgame.io log entries received at this step, per seat. */
  entries: Record<string, Set<string>>;
}

/**
 * (d) A card drawn hidden (by the opponent, or any objective draw) never appeared before its draw in what a seat
 * that may not see it received: no record between the last reshuffle of that deck and the draw names it, and
 * no log event visible to that seat in that span names it. `final` is the master's final state.
 */
export function laterDrawLeaks(final: GameState, recs: DrawRecord[]): string[] {
  const bad: string[] = [];
  const log = final.log;
  const buriedAt = new Map<string, number>();
  log.forEach((ev, i) => { if (ev.e === 'objectiveBuriedCard' && !buriedAt.has(ev.card as string)) buriedAt.set(ev.card as string, i); });
  const check = (card: string, from: number, at: number, seats: Seat[]) => {
    for (const r of recs) {
      for (const st of seats) {
        const k = seatName(st);
        if (r.logLenAfter >= from && r.logLenAfter <= at && r.body[k]?.has(card)) bad.push(`${k} held ${card} before its draw (log ${r.logLenAfter}, draw ${at})`);
        if (r.logLenBefore >= from && r.logLenBefore <= at && r.entries[k]?.has(card)) bad.push(`${k} log entry named ${card} before its draw (draw ${at})`);
      }
    }
    for (let i = from; i < at; i++) {
      for (const st of seats) {
        if (canSee(log[i], st) && cardIdsInStringOf(log[i]).includes(card)) bad.push(`${seatName(st)} log names ${card} before its draw (${log[i].e})`);
      }
    }
  };
  for (let i = 0; i < log.length; i++) {
    const ev = log[i];
    if (ev.e === 'missionDrawnCard') {
      const f = ev.faction as Faction;
      let from = 0;
      for (let j = i - 1; j >= 0; j--) if (log[j].e === 'missionDeckReshuffled' && fields(log[j]).faction === f) { from = j + 1; break; }
      check(ev.card as string, from, i, [f === 'R' ? 'I' : 'R', null]);
    } else if (ev.e === 'objectiveDrawnCard' || ev.e === 'councilCards') {
      for (const c of (ev.e === 'councilCards' ? ev.cards : [ev.card]) as string[]) {
        check(c, 0, i, (buriedAt.get(c) ?? Infinity) < i ? [null] : ['I', null]);
      }
    }
  }
  return bad;
}

function cardIdsInStringOf(ev: LogEvent): string[] {
  const out: string[] = [];
  collectStrings(ev, (s) => out.push(...cardIdsInString(s)));
  return out;
}
