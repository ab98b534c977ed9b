/**
 * The game's log: typed events, each citing the rule it applies (docs/imperios/RULES.md). Everything in it is public
 * (IM14.1): the draw names the colours drawn because hands are open (G48).
 */
import type { AgeId } from '../content/ages';
import type { Colour } from '../content/colours';
import type { GoodId } from '../content/goods';
import type { TerritoryId } from '../content/map';
import type { TechId } from '../content/techs';
import type { WonderId } from '../content/wonders';
import type { Chits, Deal, MapAction, Route, Seat } from './actions';
import type { Phase } from './state';

/** The payload of each kind of event. */
export interface LogEvents {
  setup: { players: number; mode: string; seniority: Seat[] };
  metropolis: { seat: Seat; territory: TerritoryId };
  round: { firstPlayer: Seat };
  draw: { seat: Seat; chits: Chits; refilled: boolean };
  poolTake: { seat: Seat; colour: Colour; from: Seat | 'pool' };
  poolSkip: { seat: Seat };
  phase: { phase: Phase };
  turn: { seat: Seat };
  skip: { seat: Seat };
  endTurn: { seat: Seat };
  muster: { seat: Seat; deal: Deal; chits: number; armies: number };
  buy: { seat: Seat; colour: Colour; deal: Deal; chits: number; actions: number };
  announce: { seat: Seat; action: MapAction; blockers: Seat[] };
  blockAnswer: { seat: Seat; block: boolean };
  blocked: { seat: Seat; by: Seat };
  conquer: { seat: Seat; territory: TerritoryId; armies: number };
  good: { seat: Seat; good: GoodId };
  attack: { seat: Seat; rival: Seat; territory: TerritoryId };
  defend: { seat: Seat; defended: boolean };
  totemRemoved: { seat: Seat; territory: TerritoryId };
  sack: { seat: Seat; rival: Seat; territory: TerritoryId; armies: number; census: number };
  assaultStopped: { seat: Seat; territory: TerritoryId };
  arts: { seat: Seat; census: number };
  learn: { seat: Seat; tech: TechId };
  explore: { seat: Seat; territory: TerritoryId };
  trade: { seat: Seat; partner: Seat; give: string; get: string; gain: number; payment: number };
  settle: { seat: Seat; territory: TerritoryId };
  wonder: { seat: Seat; wonder: WonderId };
  takeBack: { seat: Seat; territory: TerritoryId; route: Route };
  age: { seat: Seat; age: AgeId };
  trigger: { condition: 'poolOut' | 'capitalLost'; colour?: Colour; seat?: Seat };
  reserve: { seat: Seat; kept: Chits };
  firstPlayer: { seat: Seat };
  gameOver: { reasons: string[]; winner: Seat };
  /** IM15.5: the server's lines around a seat handed to the bot online (../playedBy.ts), never the core's. */
  seatToBot: { seat: Seat; why: 'time' | 'away' };
  seatTakenBack: { seat: Seat };
}

export type LogKind = keyof LogEvents;

/**
 * `byBot`: the event came of a decision the server bot made for a seat handed to it (IM15.5, ../playedBy.ts).
 * `timeLimit`: the answer the server made for a civilization that was silent when its question closed, by the rule
 * of that limit (IM15.1, IM15.2; ../playedBy.ts, ../timeLimits.ts).
 */
export type LogEvent = {
  [K in LogKind]: { e: K; round: number; rule: string; byBot?: true; timeLimit?: string } & LogEvents[K];
}[LogKind];

export type LogEventOf<K extends LogKind> = Extract<LogEvent, { e: K }>;

/**
 * Append an event `{ e, round, rule, ...data }` to the current round's list. The state's log is one list per round
 * (set-up is round 0), so that copying a state for a move copies the current round's events only.
 */
export function log<K extends LogKind>(
  state: { round: number; log: LogEvent[][] },
  kind: K,
  rule: string,
  data: LogEvents[K],
): void {
  if (state.log.length === 0) state.log.push([]);
  state.log[state.log.length - 1].push({ e: kind, round: state.round, rule, ...data } as LogEvent);
}

/** Every event of the game, in order. */
export function allEvents(state: { log: LogEvent[][] }): LogEvent[] {
  return state.log.flat();
}
