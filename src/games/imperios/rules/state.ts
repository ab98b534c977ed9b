/**
 * The state of a game of Imperios Milenarios (docs/imperios/RULES.md): a plain JSON-serialisable object. Every rule
 * reads and writes it through the modules of this folder; the random generator's state is part of it (rng.ts).
 */
import type { AgeId } from '../content/ages';
import type { Colour } from '../content/colours';
import type { GoodId } from '../content/goods';
import type { TerritoryId } from '../content/map';
import type { ModeId } from '../content/modes';
import type { TechId } from '../content/techs';
import type { WonderId } from '../content/wonders';
import type { Assault, Chits, Eliminate, MapAction, Seat } from './actions';
import type { LogEvent } from './log';

export type { Chits, Seat } from './actions';

/** Where the round stands (IM4.1); 'setup' is the choice of Metropolises (IM3.4). */
export type Phase = 'setup' | 'pool' | Colour | 'reserve' | 'over';

export interface Civ {
  seat: Seat;
  /** The Metropolis chosen at set-up (IM3.4). */
  metropolis: TerritoryId | null;
  /** IM10.1: map totems not on the map. */
  supply: number;
  /** IM1.2: the four places of a civilization's chits. */
  cup: Chits;
  hand: Chits;
  reserve: Chits;
  discard: Chits;
  /** IM4.6.3: actions of the phase's colour bought and not yet used; lost when the phase ends. */
  balance: number;
  armies: number;
  /** IM2.3.1: a space from 0 to 12. */
  census: number;
  age: AgeId;
  techs: TechId[];
  goods: GoodId[];
  wonder: WonderId | null;
  /** IM8.2.1: the rivals it started a trade with this round. */
  tradedWith: Seat[];
}

/** The decision the game waits for (IM15: block offers and defence questions are answered out of turn). */
export type Pending =
  /** IM3.4.1 */
  | { kind: 'metropolis'; seat: Seat }
  /** IM4.3 */
  | { kind: 'pool'; seat: Seat }
  /** IM4.5.2: the civilization's turn in a colour phase. */
  | { kind: 'turn'; seat: Seat }
  /** IM5.4: `asked` answer at once; `passed` have let the action pass. IM15.1: 60 seconds. */
  | { kind: 'block'; seat: Seat; action: MapAction; asked: Seat[]; passed: Seat[]; limitSeconds: number }
  /** IM10.2: the active civilization takes back one of its totems before the action puts one down. */
  | { kind: 'takeBack'; seat: Seat; action: MapAction }
  /** IM6.3.3, IM6.4.3: the rival attacked answers. IM15.2: 45 seconds. */
  | { kind: 'defend'; seat: Seat; attacker: Seat; action: Eliminate | Assault; limitSeconds: number }
  /** IM6.4.4: the attacker pays the rest of the assault, or stops. */
  | { kind: 'assaultPay'; seat: Seat; defender: Seat; action: Assault; rest: number }
  /** IM6.2.4: the conqueror picks its good. */
  | { kind: 'good'; seat: Seat; target: TerritoryId; options: GoodId[] }
  /** IM4.7: those with more unspent chits than their limit choose what to keep, all at once. */
  | { kind: 'reserve'; seats: Seat[] };

export type PendingKind = Pending['kind'];

/** IM13.1: one civilization's final points by category. */
export interface ScoreLine {
  seat: Seat;
  wealth: number;
  marginal: number;
  capitals: number;
  cities: number;
  wonder: number;
  techs: number;
  missingGoods: number;
  total: number;
}

export interface FinalResult {
  /** IM12.1: the conditions that held at the end check. */
  reasons: string[];
  /** By seat. */
  scores: ScoreLine[];
  /** IM13.2: best first, ties to the most senior. */
  ranking: Seat[];
  winner: Seat;
}

export interface ImperiosState {
  game: 'imperios';
  players: number;
  mode: ModeId;
  /** IM3.1.2 */
  lastAge: AgeId;
  /** IM3.1.3 */
  options: { minosLandBridge: boolean };
  /** The random generator (rng.ts). */
  rng: number;
  /** IM3.2.1: most senior first. */
  seniority: Seat[];
  /** 0 during set-up, then 1, 2, … */
  round: number;
  phase: Phase;
  /** IM2.4, IM4.8 */
  firstPlayer: Seat;
  /** The seats still to choose, take a chit or play in this phase, in order (the current one excluded). */
  queue: Seat[];
  /** IM5.4.5: identical announcements made in the current turn, by action key. */
  announced: Record<string, number>;
  /** The totems of each seat in each territory in play (IM3.1.1), 0 to 2. */
  board: Partial<Record<TerritoryId, number[]>>;
  /** IM4.3: the chits no civilization has. */
  pool: Chits;
  civs: Civ[];
  /** IM12.1.1–IM12.1.2, G45: conditions noted during the round for its end check. */
  triggers: { poolOut: Colour[]; capitalLost: Seat[] };
  pending: Pending | null;
  result: FinalResult | null;
  /** G56: the game ended because this seat left the match or ran out of time (set by the server, never by a move). */
  forfeit?: { seat: Seat; reason: string };
  /** The events of each round, set-up (round 0) first (log.ts). */
  log: LogEvent[][];
}
