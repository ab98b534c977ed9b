/**
 * Where a local game of Imperios Milenarios lives (issue 23 item 7, hot-seat): a small seam the screen reads and
 * acts through. `coreSession` runs the pure core in the page as boardgame.io would (src/games/imperios/coreRun.ts),
 * so its seed and moves are a record (`record()`) that replays exactly, the hot-seat save (./localSaves.ts) and the
 * downloadable file alike; `resumeSession` continues such a record. `bgioSession` (localMatch.ts) is a boardgame.io
 * Local match of ImperiosGame, for tests.
 */
import type { ModeId } from '../../games/imperios/content/modes';
import { startCoreRun } from '../../games/imperios/coreRun';
import { gameoverOf } from '../../games/imperios/gameover';
import type { ImperiosRecord } from '../../games/imperios/record';
import { applyAction, isRefusal, type Action, type ImperiosState, type Refusal, type Seat } from '../../games/imperios/rules';
import type { ImperiosView } from './core';
import { seatName } from './seats';
import type { SoloSeats } from './solo/soloSeats';
// The platform's seed (128 crypto bits, as an online match gets: IM14.1, nobody can guess the draws from it).
import { cryptoSeed } from '../../platform/bgio-plugins';

export interface ImperiosSession {
  getState(): ImperiosView | null;
  subscribe(fn: () => void): () => void;
  act(seat: Seat, action: Action): void;
  stop(): void;
  /** Every state of the game so far and who made each step, for its replay (absent: the session keeps none). */
  history?(): { states: ImperiosState[]; movers: Seat[] };
  /** The game's record so far (`result` null while it runs); absent when the session has no seed to record. */
  record?(): ImperiosRecord;
}

export interface LocalSetup {
  players: number;
  mode: ModeId;
  /** The record's seed (boardgame.io's random plugin's); a fresh crypto-random one when absent. */
  seed?: string;
  /** A game against bots (./solo/): the player's seat and the bots' level; absent for hot-seat. */
  solo?: SoloSeats;
}


/** The players' names of a local game: Player 1 … Player n. */
export const localNames = (players: number): string[] => Array.from({ length: players }, (_, s) => seatName(s));

/** The session's bookkeeping around a way to play one action. */
function sessionOf(
  first: ImperiosState,
  play: (seat: Seat, action: Action) => ImperiosState | Refusal,
  onRefused?: (error: string) => void,
  record?: () => ImperiosRecord,
  kept?: { states: ImperiosState[]; movers: Seat[] },
): ImperiosSession {
  let state = kept?.states[kept.states.length - 1] ?? first;
  const listeners = new Set<() => void>();
  // The game's states, kept for its replay (a state shares what an action did not change with the one before).
  const states = kept?.states ?? [state];
  const movers: Seat[] = kept?.movers ?? [];
  return {
    getState: () => state,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    act(seat, action) {
      const next = play(seat, action);
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
    ...(record ? { record } : {}),
  };
}

/** A recorded game from its seed, after `moves` (a resumed save): or the first move the core refuses. */
function recorded(
  base: { seed: string; players: number; mode: ModeId; matchID?: string },
  moves: ImperiosRecord['moves'],
  onRefused?: (error: string) => void,
): ImperiosSession | { error: string } {
  const run = startCoreRun(base);
  const kept = { states: [run.state], movers: [] as Seat[] };
  const done: ImperiosRecord['moves'] = [];
  for (const [i, m] of moves.entries()) {
    const after = run.act(Number(m.playerID), m.action);
    if (isRefusal(after)) return { error: `move ${i + 1} is refused by the rules (${after.error})` };
    kept.states.push(after);
    kept.movers.push(Number(m.playerID));
    done.push({ playerID: m.playerID, action: m.action });
  }
  const record = (): ImperiosRecord => ({
    game: 'imperios',
    matchID: base.matchID ?? 'local',
    seed: base.seed,
    mode: base.mode,
    players: localNames(base.players),
    moves: done.map((m) => ({ ...m })),
    result: gameoverOf(run.state) ?? null,
  });
  const play = (seat: Seat, action: Action) => {
    const after = run.act(seat, action);
    if (!isRefusal(after)) done.push({ playerID: String(seat), action });
    return after;
  };
  return sessionOf(run.state, play, onRefused, record, kept);
}

/**
 * A game run by the core alone; a refused action changes nothing (it is reported through `onRefused`). From a
 * set-up it is recorded; from a given state (component tests) it keeps no record.
 */
export function coreSession(setup: LocalSetup | ImperiosState, onRefused?: (error: string) => void): ImperiosSession {
  if ('game' in setup) {
    let at = setup;
    const play = (seat: Seat, action: Action) => {
      const next = applyAction(at, seat, action);
      if (!isRefusal(next)) at = next;
      return next;
    };
    return sessionOf(setup, play, onRefused);
  }
  const s = recorded({ seed: setup.seed ?? cryptoSeed(), players: setup.players, mode: setup.mode }, [], onRefused);
  if ('error' in s) throw new Error(s.error); // unreachable: no move to refuse
  return s;
}

/** The session that continues a record (a save): every move replayed from its seed; or why it cannot be. */
export function resumeSession(rec: ImperiosRecord, onRefused?: (error: string) => void): ImperiosSession | { error: string } {
  if (rec.forfeit) return { error: 'a game ended by a forfeit cannot be continued' };
  return recorded({ seed: rec.seed, players: rec.players.length, mode: rec.mode, matchID: rec.matchID }, rec.moves, onRefused);
}
