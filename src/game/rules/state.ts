/**
 * The complete game state of the pure core. Plain JSON only (ENGINE-NOTES): no classes, Maps, Sets or undefined.
 * The state holds every secret; src/game/rules/view.ts cuts it down per seat (RULES §8).
 */
import type {
  Difficulty, Faction, GameConfig, LeaderId, LetterId, MissionId, ObjectiveId, PlanetId, SoloLevel, UnitType,
} from '../content';
import type { Action } from './actions';
import type { LogEvent } from './log';
import type { Task } from './tasks';
import type { UndoState } from './undo';

export type Phase = 'setup' | 'planning' | 'operations' | 'objective' | 'refresh' | 'gameover';

/** Unit counts at one location. `s` (Star Fortress) is always 0 for the Rebel. */
export interface Units { f: number; c: number; s: number }

export interface PlanetState {
  id: PlanetId;
  loyalty: boolean;
  disrupt: boolean;
  destroyed: boolean;
  R: Units;
  I: Units;
}

/** Where a leader is (R1.4 leader states). `plan` = on a facedown planned mission; a PlanetId = committed there. */
export interface LeaderState { at: 'pool' | 'plan' | PlanetId; captured: boolean }

export interface PlannedMission { card: MissionId; leader: LeaderId }

/** A mission being resolved (between reveal and its return, R4.2.4). */
export interface ActiveMission {
  card: MissionId;
  faction: Faction;
  target: PlanetId;
  leader: LeaderId;
  opposed: boolean;
  success: boolean | null;
  /** Index of the next effect of the card to run. */
  effect: number;
}

/** One unit taking part in a combat or hit by a strike roll, with its current HP (R5.4). */
export interface CombatUnit { f: Faction; t: UnitType; hp: number }

/** R5 — the combat state machine, also used for strike rolls (R5.12: one roll, nothing fires back). */
export interface CombatState {
  kind: 'combat' | 'strike';
  planet: PlanetId;
  attacker: Faction; // for strikes: the faction rolling
  wave: number;
  /** 'attack' | 'defend': whose roll is next or being assigned; 'remove' = step 3. */
  step: 'attack' | 'defend' | 'remove' | 'done';
  units: CombatUnit[];
  /** The roll being assigned, or null before rolling. Dice are kept for display. */
  roll: null | {
    by: Faction;
    dice: { colour: 'w' | 'b'; value: number }[];
    black: number; // black basic hits left to assign
    white: number; // white basic hits left to assign
    crit: number; // critical hits left to assign
    plansAsked: boolean; // R5.9: asked at most once per roll
    plansActive: boolean; // Secret Plans shown for this roll
  };
  destroyed: { f: Faction; t: UnitType }[];
}

/** R5.10 — the record of the last finished combat, read by "after a combat" objectives (R4.5.3). */
export interface CombatRecord {
  planet: PlanetId;
  attacker: Faction;
  winner: Faction | 'none';
  destroyed: { f: Faction; t: UnitType }[];
}

/**
 * A decision the core waits for. Exactly one is pending at a time; `seat` must answer it with one action
 * (src/game/rules/actions.ts). Options are not stored: legalActions() derives them, so secrets never sit here
 * except in the few fields the view strips (cards drawn for R-09, probe cards seen for R-S4, R-08's list).
 */
export type Pending =
  | { kind: 'imperialSetup'; seat: 'I' } // R3.7
  | { kind: 'chooseBase'; seat: 'R' } // R3.9
  | { kind: 'plan'; seat: Faction } // R4.1.2, R4.1.3
  | { kind: 'turn'; seat: Faction } // R4.2.1 (forced pass: only Pass, R4.2.2)
  | { kind: 'oppose'; seat: Faction } // R4.2.5, about state.mission
  | { kind: 'assignHit'; seat: Faction } // R5.8, about state.combat.roll
  | { kind: 'secretPlans'; seat: 'R' } // R5.9
  | { kind: 'objective'; seat: 'R'; window: 'operations' | 'refresh' | 'combat' } // R4.5.2, R4.5.5
  | { kind: 'detain'; seat: 'I' } // I-S1 leader choice
  | { kind: 'subjugate'; seat: 'I' } // I-S2 token choice
  | { kind: 'patrol'; seat: 'I' } // I-S3 planet naming
  | { kind: 'pursuit'; seat: 'I' } // I-07 fleet move from state.mission.target
  | { kind: 'slipstream'; seat: 'R' }
  | { kind: 'queueSabotage'; seat: 'R' } // R-05 queue unit choice
  | { kind: 'intercept'; seat: 'R'; cards: MissionId[] } // R-08 (cards: the Imperial planned missions, secret)
  | { kind: 'council'; seat: 'R'; cards: ObjectiveId[] } // R-09 (cards drawn, secret)
  | { kind: 'relocate'; seat: 'R'; cards: LetterId[] } // R6.2.7 (top probe cards, secret)
  | { kind: 'handLimit'; seat: Faction } // R4.4.2
  | { kind: 'shortfall'; seat: Faction; unit: 'f' | 'c'; due: number[]; available: number } // R4.4.6
  | { kind: 'deploy'; seat: Faction } // R4.4.7, arrivals in state.arrivals
  | { kind: 'baseMoves'; seat: 'R' }; // R4.4.8

export type PendingKind = Pending['kind'];

/** A unit of deferred work in the core's queue (src/game/rules/tasks.ts; engine.ts runs them in order). */
export type { Task } from './tasks';

/**
 * RULES §9 — the rival deck of a solo game. The bot faction's hand, mission deck, discard and plans stay empty:
 * its 13 cards are in `deck`, `discard` or `state.mission`.
 */
export interface SoloState {
  bot: Faction;
  difficulty: Difficulty;
  /**
   * R9.11 — the knobs of its level, copied from SOLO_LEVELS when the game was created (the rules read these, never
   * the table, once set). Absent only in states stored before games kept them: those read the table.
   */
  level?: SoloLevel;
  /** R9.1 RNG-11 — the bot deck, index 0 the top. Order secret (R8.3 item 6) except the last `bottomKnown` cards. */
  deck: MissionId[];
  /** R9.4 step 3 — how many cards at the bottom of `deck` went there faceup as skipped cards, in public order. */
  bottomKnown: number;
  /** R9.4 step 4 — the bot discard pile (public), oldest first. */
  discard: MissionId[];
  /** The skipped row of the bot's last search (public record; the cards themselves are now under the deck). */
  lastSkipped: MissionId[];
  /** Bot Operations turns taken this round (R9.4 step 2: the first one tries the default action). */
  turns: number;
}

export interface GameState {
  config: GameConfig;
  /**
   * RULES §9 — present only in a solo game. Absent (not null) in the 2-player game, so that its states stay
   * byte-identical to those before solo mode existed (tests/unit/determinism.test.ts).
   */
  solo?: SoloState;
  round: number;
  phase: Phase;
  /** R1.4 — 15 positions in grid order; index = (row-1)*5 + (col-1). */
  grid: PlanetId[];
  planets: Record<PlanetId, PlanetState>;
  /** R3.6 — public starting planets. */
  start: { R: LetterId; I: LetterId };
  time: number; // R7.9 time token space
  objective: number; // objective token space
  leaders: Record<LeaderId, LeaderState>;
  /** Mission cards. Decks: index 0 is the top. */
  hands: { R: MissionId[]; I: MissionId[] };
  decks: { R: MissionId[]; I: MissionId[] };
  discards: { R: MissionId[]; I: MissionId[] };
  planned: { R: PlannedMission[]; I: PlannedMission[] };
  mission: ActiveMission | null;
  /** Objectives: deck index 0 is the top; `bottomKnown` lists cards known to be at the bottom (R8.3 item 10). */
  objectives: {
    deck: ObjectiveId[];
    hand: ObjectiveId[];
    scoring: ObjectiveId[];
    discard: ObjectiveId[];
    bottomKnown: { card: ObjectiveId; by: 'R' | 'both' }[];
    revealedThisWindow: number;
  };
  /** Probe cards (R6.2.1: deck + hand + base card partition the 14 letters). Deck index 0 is the top. */
  probes: { deck: LetterId[]; hand: LetterId[]; flagged: LetterId[] };
  base: {
    planet: LetterId | null; // the probe card under the base card; null until the Rebel chooses it (R3.9)
    revealed: boolean;
    units: Units; // units on the base card (R6.2.2)
    relocatedRound: number; // round of the last relocation, 0 = never
  };
  supply: { R: Units; I: Units };
  /** R7.4 — build queues, spot 1 at index 0. */
  queues: { R: Units[]; I: Units[] };
  sfOut: boolean; // the SF was destroyed and is out of the game
  /** Operations (R4.2.1): whose turn, who has passed. */
  turn: Faction;
  passed: { R: boolean; I: boolean };
  /** R4.4.7 — arrivals waiting to be placed, and units placed per location this round (key: PlanetId or BASE). */
  arrivals: { R: Units; I: Units };
  placedThisRound: Record<string, number>;
  combat: CombatState | null;
  lastCombat: CombatRecord | null;
  /** The faction whose units arrived last on a planet, for R5.2 (set by moves and mission placements). */
  arrival: { planet: PlanetId; faction: Faction } | null;
  /** Public knowledge (R8.2). */
  known: {
    secretPlansShown: boolean; // R5.9: it is public that the Rebel holds Secret Plans
    /** Imperial cards the Rebel knows to be in the Imperial hand or planned (R-08, R8.3 item 10). */
    rebelKnowsImperial: MissionId[];
    /** Planets publicly shown not to hold the hidden base since the last relocation (I-S3, Imperial units). */
    cleared: LetterId[];
    /** I-06: the announced sector of the hidden base, until the next relocation. */
    baseSector: 1 | 2 | 3 | null;
  };
  pending: Pending | null;
  queue: Task[];
  winner: null | { faction: Faction; reason: WinReason };
  /** Typed log of events; private ones carry `to` (src/game/rules/log.ts). */
  log: LogEvent[];
  /**
   * Facts of the game that the rules read, kept here so that no rule reads the log (issue 21 item 2; the bots'
   * worlds drop their log for speed): the round in which R-08 last showed the Rebel the Imperial plans (R8.3 items
   * 4, 10), and the round in which an Imperial capital-class unit last moved (R-S4's Bot line, R9). Public. Absent
   * until first set, and derived from the log, which the record's fingerprint already covers (src/game/record.ts).
   */
  facts?: GameFacts;
  /** Running counters for statistics and property tests. */
  stats: { combats: number; captures: number; rescues: number; relocations: number; baseRevealedRound: number };
  /**
   * Issue 9 — the take-back stack (src/game/rules/undo.ts): present only while a seat has decisions it may take
   * back, so states of games without any stay byte-identical. Its snapshots never leave the server (view.ts).
   */
  undo?: UndoState;
}

export interface GameFacts {
  /** R-08 resolved (plans shown, or none planned) in this round. */
  rebelSawPlans?: number;
  /** An Imperial fleet move with a capital-class unit (R4.3) happened in this round. */
  imperialCapitalMoved?: number;
}

/**
 * `forfeit` and `time` are never set by the rules: the server writes them when a player leaves an unfinished online
 * match, or when a player's clock ran out and the opponent claimed the win (server/forfeit.ts).
 */
export type WinReason = 'occupation' | 'obliterator' | 'objectives' | 'forfeit' | 'time';

export type { Action };
