/**
 * Where a local game of Imperios Milenarios lives (issue 23 item 7, hot-seat): a small seam the screen reads and
 * acts through. `coreSession` runs the pure core in the page (component tests); the hot-seat screen uses
 * `bgioSession` (localMatch.ts), a boardgame.io Local match of ImperiosGame.
 */
import type { ModeId } from '../../games/imperios/content/modes';
import { applyAction, createGame, isRefusal, type Action, type ImperiosState, type Seat } from '../../games/imperios/rules';
import type { ImperiosView } from './core';

export interface ImperiosSession {
  getState(): ImperiosView | null;
  subscribe(fn: () => void): () => void;
  act(seat: Seat, action: Action): void;
  stop(): void;
  /** Every state of the game so far and who made each step, for its replay (absent: the session keeps none). */
  history?(): { states: ImperiosState[]; movers: Seat[] };
}

export interface LocalSetup {
  players: number;
  mode: ModeId;
  seed?: string;
}

/** A game run by the core alone; a refused action changes nothing (it is reported through `onRefused`). */
export function coreSession(setup: LocalSetup | ImperiosState, onRefused?: (error: string) => void): ImperiosSession {
  let state: ImperiosState = 'game' in setup ? setup : createGame({ players: setup.players, mode: setup.mode, seed: setup.seed ?? 'local' });
  const listeners = new Set<() => void>();
  // The game's states, kept for its replay (a state shares what an action did not change with the one before).
  const states = [state];
  const movers: Seat[] = [];
  return {
    getState: () => state,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    act(seat, action) {
      const next = applyAction(state, seat, action);
      if (isRefusal(next)) {
        onRefused?.(next.error);
        return;
      }
      state = next;
      states.push(next);
      movers.push(seat);
      for (const fn of listeners) fn();
    },
    stop() {
      listeners.clear();
    },
    history: () => ({ states: [...states], movers: [...movers] }),
  };
}
