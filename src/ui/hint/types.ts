/**
 * What the board needs to offer a hint (issue 22 item 1): given only for the player's own seat (never to a
 * spectator), by local games always (unlimited) and online only for a match created with hints allowed.
 */
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';

/** A hint asked for, for the log of both players: `at` counts the public log events before it (the same in every view). */
export interface HintNote {
  seat: Faction;
  round: number;
  at: number;
}

export interface HintAccess {
  /** Hints this seat has left; null: no limit (local games). */
  left: number | null;
  /** Ask for a hint at this decision: null when granted (and recorded), else the refusal said to the player. */
  ask(view: GameState, seat: Faction): Promise<string | null>;
  /** The hints asked for so far in this game, for the log. */
  notes: readonly HintNote[];
}

/** Where a hint asked for now stands in the log: after the public events seen so far. */
export const publicEvents = (view: GameState): number => view.log.filter((e) => e.to === undefined).length;
