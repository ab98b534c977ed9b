/**
 * Take-backs under a strict policy (issue 9 item 3). A seat may take back its own last decisions as long as,
 * since them, nothing hidden became known to anyone, no random draw happened and the other seat decided nothing.
 *
 * The core keeps an undo point at the latest of: a random draw (any `rng.int`), a reveal of anything hidden (to
 * either seat), a decision of the other seat (in solo, anything the rival does), a phase change. Mechanism:
 * `state.undo` holds, for one seat, a stack of snapshots of the state taken before each of that seat's decisions
 * since the point. A decision answered through `apply` pushes its snapshot; if the decision itself drew, revealed,
 * changed the phase or ended the game, the whole stack is dropped instead (the point is now). A decision of the
 * other seat starts a stack of its own, so the first seat's is gone. `undo` pops the top snapshot and restores it.
 *
 * What counts as a reveal is decided strictly: every log event a decision causes must be on the QUIET list (public
 * facts that follow from public facts, or a private echo of the decider's own choice), and the public knowledge
 * fields (`known`, the base's revealed flag, flagged probe cards, objective cards known at the bottom, the rival
 * deck's public part) must not have grown — an Imperial fleet entering a planet clears it of the base (R6.2.4)
 * without any log event, for instance. Anything else is a point.
 *
 * The field is absent when there is nothing to take back, so states of games without take-backs stay byte-identical
 * to before. Snapshots never leave the server: viewFor keeps, for the stack's own seat only, the list of what can be
 * taken back (`kinds`) with no snapshot; other seats and spectators get no field at all.
 */
import { SECRET_PLANS, type Faction } from '../content';
import type { Action, ActionType } from './actions';
import { copyJson } from './json';
import { isEvent, log, type LogEvent, type LogKind } from './log';
import type { Rng } from './rng';
import type { GameState } from './state';
import { CARD_QUIET_EVENTS, CARD_TAKE_BACK_KINDS } from './cards';
import { rebelSawImperialPlansThisRound } from './cards/intercept';
import type { TakeBackKind } from './decisions';

export type { TakeBackKind };

/** The public name of each decision (the card decisions' names come from their modules, ./cards/). */
export const TAKE_BACK_KIND: Record<Exclude<ActionType, 'undo'>, TakeBackKind> = {
  imperialSetup: 'setup', chooseBase: 'baseChoice', planMission: 'missionPlan', endPlanning: 'endOfPlanning',
  moveFleet: 'fleetMove', revealMission: 'missionReveal', pass: 'pass', oppose: 'opposition',
  declineOpposition: 'opposition', assignHit: 'hitAssignment', secretPlans: 'secretPlans',
  revealObjective: 'objectiveChoice', removeToken: 'tokenChoice', discardMission: 'discard',
  allocateBuild: 'buildAllocation', deployUnit: 'deployment', baseMove: 'baseMove', endBaseMoves: 'endOfBaseMoves',
  ...CARD_TAKE_BACK_KINDS,
};

/** The state before one decision, without the fields that never change (config) or only grow (log: its length). */
export type Snapshot = Omit<GameState, 'config' | 'log' | 'undo'> & { logLength: number };

export interface UndoState {
  /** The seat whose decisions can be taken back. */
  seat: Faction;
  /** What each decision was, oldest first (public wording, see TakeBackKind). */
  kinds: TakeBackKind[];
  /** The state before each decision, oldest first. Empty in a view: snapshots never leave the server. */
  snapshots: Snapshot[];
}

/**
 * Log events a decision may cause without being a point: public consequences of public facts, the decider's
 * own moves, and (private, to the decider only) the echo of its own secret choice. Everything else is a point:
 * cards drawn or revealed, base reveals, patrol results, opposition, dice, anything the rival does, and any event
 * kind added later until it is listed here.
 */
const QUIET_PUBLIC: ReadonlySet<LogKind> = new Set<LogKind>([
  'imperialSetup', 'missionPlanned', 'planningDone', 'fleetMoved', 'passed', 'hit', 'unitDestroyed', 'combatEnded',
  'strikeEnded', 'secretPlansPromptClosed', 'objectiveWindowOpened', 'objectiveWindowClosed', 'leaderCaptured',
  'leaderRescued', 'tokensRemoved', 'built',
  'deployed', 'baseMoved', 'arrivals', 'arrivalsReturned', 'leadersRetrieved', 'timeAdvanced', 'tookBack',
  // An unopposed mission succeeds without a roll; its board effects are public.
  'notOpposed', 'missionSucceeded', 'tokenPlaced', 'unitsPlaced',
  // R6.5.2: a named probe card taken or found in the hand is flagged, and a newly flagged card is a point (below).
  'probeTaken', 'probeAlreadyHeld',
  // R6.5.3: drawing from an empty probe deck gives nothing, and the deck's size is public.
  'probeDeckEmpty',
  // The bespoke cards' own (./cards/: detain, slipstream, queueSabotage, council, relocate, patrol, intercept).
  ...CARD_QUIET_EVENTS.public,
]);
const QUIET_ECHO: ReadonlySet<LogKind> = new Set<LogKind>(['missionPlannedCard', 'baseChosen', ...CARD_QUIET_EVENTS.echo]);

/** Cards the opponent of their owner already sees before the decision (shown cards are no reveal when played). */
function shownCards(state: GameState): string[] {
  const out: string[] = rebelSawImperialPlansThisRound(state) ? state.known.rebelKnowsImperial.slice() : [];
  if (state.known.secretPlansShown && state.objectives.hand.includes(SECRET_PLANS)) out.push(SECRET_PLANS); // R5.9
  return out;
}


function quiet(ev: LogEvent, seat: Faction, state: GameState, shown: string[]): boolean {
  // R6.5.2: a named probe card in neither the deck nor the hand is the base card: a reveal unless the base is known.
  if (ev.e === 'probeNotMoved') return state.base.revealed;
  // A card shown openly that the other seat saw already (R-08, R8.3 items 4 and 10; Secret Plans shown, R5.9).
  if (isEvent(ev, 'missionRevealed', 'missionDiscarded', 'objectiveRevealed') && ev.to === undefined) return shown.includes(ev.card);
  if (ev.to === undefined) return QUIET_PUBLIC.has(ev.e);
  return ev.to === seat && QUIET_ECHO.has(ev.e);
}

/** The public knowledge a reveal adds to (besides log events). Only growth counts: a relocation empties `cleared`. */
interface Knowledge {
  cleared: string[]; rebelKnowsImperial: string[]; secretPlansShown: boolean; baseSector: number | null;
  baseRevealed: boolean; flagged: string[]; bottomKnown: string; solo: string;
}

function knowledge(state: GameState): Knowledge {
  const k = state.known;
  const s = state.solo;
  return {
    cleared: k.cleared.slice(), rebelKnowsImperial: k.rebelKnowsImperial.slice(), secretPlansShown: k.secretPlansShown,
    baseSector: k.baseSector, baseRevealed: state.base.revealed, flagged: state.probes.flagged.slice(),
    bottomKnown: JSON.stringify(state.objectives.bottomKnown),
    solo: s ? JSON.stringify([s.bottomKnown, s.discard, s.lastSkipped]) : '',
  };
}

const grew = (before: string[], after: string[]) => after.some((x) => !before.includes(x));

function knowledgeGrew(b: Knowledge, a: Knowledge): boolean {
  return grew(b.cleared, a.cleared) || grew(b.rebelKnowsImperial, a.rebelKnowsImperial)
    || (a.secretPlansShown && !b.secretPlansShown) || (a.baseSector !== null && a.baseSector !== b.baseSector)
    || (a.baseRevealed && !b.baseRevealed) || grew(b.flagged, a.flagged) || a.bottomKnown !== b.bottomKnown
    || a.solo !== b.solo;
}

function snapshotOf(state: GameState): Snapshot {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(state)) {
    if (k === 'config' || k === 'log' || k === 'undo') continue;
    out[k] = copyJson((state as unknown as Record<string, unknown>)[k]);
  }
  out.logLength = state.log.length;
  return out as unknown as Snapshot;
}

/** True when `seat` may take back a decision now (the engine also requires it to be the pending seat). */
export function canTakeBack(state: GameState, seat: Faction): boolean {
  return state.undo !== undefined && state.undo.seat === seat && state.undo.kinds.length > 0;
}

/** What a decision observed while it ran: random draws, and how much the rival did (solo). */
export interface Watch {
  rng: Rng;
  draws(): number;
}

export function watchRng(rng: Rng): Watch {
  let n = 0;
  return { rng: { int: (k: number) => { n++; return rng.int(k); } }, draws: () => n };
}

export interface Before {
  snapshot: Snapshot;
  stack: UndoState | undefined;
  phase: string;
  round: number;
  logLength: number;
  knowledge: Knowledge;
  shown: string[];
}

/**
 * The snapshot of `base`, an unchanging copy of the state (under boardgame.io, the state before the move, of
 * which G is an immer draft): its fields are shared, not copied. Copying the live draft instead walks every object
 * of the state through immer's Proxies and made boardgame.io's moves about twice as slow. takeBack deep-copies a
 * snapshot before it writes it back, so the shared objects are never changed.
 */
function sharedSnapshotOf(base: GameState): Snapshot {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(base)) {
    if (k === 'config' || k === 'log' || k === 'undo') continue;
    out[k] = (base as unknown as Record<string, unknown>)[k];
  }
  out.logLength = base.log.length;
  return out as unknown as Snapshot;
}

/**
 * Called before `seat`'s decision: the snapshot to keep if the decision turns out quiet. Removes the stack.
 * `base`, when given, is the same state before this call as an object never changed afterwards.
 */
export function beforeDecision(state: GameState, base?: GameState): Before {
  const stack = state.undo;
  const snapshot = base ? sharedSnapshotOf(base) : snapshotOf(state);
  delete state.undo;
  return {
    snapshot, stack, phase: state.phase, round: state.round, logLength: state.log.length,
    knowledge: knowledge(base ?? state), shown: shownCards(base ?? state),
  };
}

/** Called after `seat`'s decision `action` ran: keep its snapshot on the stack, or leave no stack (a point). */
export function afterDecision(
  state: GameState, seat: Faction, action: Action, b: Before, draws: number, rivalActed: boolean,
): void {
  let point = draws > 0 || rivalActed || state.winner !== null || state.phase !== b.phase
    || state.round !== b.round;
  for (let i = b.logLength; !point && i < state.log.length; i++) point = !quiet(state.log[i], seat, state, b.shown);
  if (!point) point = knowledgeGrew(b.knowledge, knowledge(state));
  if (point) return;
  const kind = TAKE_BACK_KIND[action.type as Exclude<ActionType, 'undo'>];
  const mine = b.stack && b.stack.seat === seat ? b.stack : null;
  state.undo = {
    seat,
    kinds: [...(mine ? mine.kinds : []), kind],
    snapshots: [...(mine ? mine.snapshots : []), b.snapshot],
  };
}

/**
 * Lines a take-back never cuts: earlier take-backs, and the table's own history (a seat handed to the server bot or
 * taken back from it, written by the server after the decision: src/game/playedBy.ts, issue 21 item 2).
 */
const KEPT_LINES: ReadonlySet<LogKind> = new Set<LogKind>(['tookBack', 'seatToBot', 'seatTakenBack']);

/**
 * Take back `seat`'s last decision: the state becomes its snapshot again, with every take-back and table line of the log kept
 * and a new public `tookBack` line naming only the kind of decision. False (no change) if there is no snapshot to
 * restore — on a view, say, which lists the take-back but holds no snapshot.
 */
export function takeBack(state: GameState, seat: Faction): boolean {
  const u = state.undo;
  if (!u || u.seat !== seat || u.kinds.length === 0 || u.snapshots.length !== u.kinds.length) return false;
  const snap = u.snapshots[u.snapshots.length - 1];
  const kind = u.kinds[u.kinds.length - 1];
  const restored = copyJson(snap) as unknown as Record<string, unknown>;
  const logLength = restored.logLength as number;
  delete restored.logLength;
  const kept = state.log.slice(0, logLength);
  for (let i = logLength; i < state.log.length; i++) if (KEPT_LINES.has(state.log[i].e)) kept.push(copyJson(state.log[i]));
  const rest = { seat, kinds: u.kinds.slice(0, -1), snapshots: copyJson(u.snapshots.slice(0, -1)) };
  delete state.undo;
  const target = state as unknown as Record<string, unknown>;
  // A key set after the snapshot (an optional one such as `facts`) goes too: the state is the snapshot's again.
  for (const k of Object.keys(target)) if (!(k in restored) && k !== 'config' && k !== 'log') delete target[k];
  for (const k of Object.keys(restored)) target[k] = restored[k];
  state.log = kept;
  log(state, 'tookBack', { faction: seat, what: kind });
  if (rest.kinds.length > 0) state.undo = rest;
  return true;
}
