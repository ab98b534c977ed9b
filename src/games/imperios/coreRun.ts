/**
 * A game of Imperios Milenarios run by the rules core alone exactly as boardgame.io runs it (./game.ts), so that its
 * seed and moves are a record (./record.ts) that replays the same states through boardgame.io, the server's tests and
 * the board's replay (./replay.ts): one Alea generator (boardgame.io 0.50's random plugin) seeded with the record's
 * seed; the set-up draws two numbers for the core's seed, and every accepted move draws one to re-seed the core's
 * generator before it runs (IM14.1). A refused move draws nothing, as boardgame.io keeps the plugin's state of a
 * refused move. No boardgame.io here: the page's lazy chunks use it (src/ui/imperios/session.ts).
 */
import type { ModeId } from './content/modes';
import { applyAction, createGame, isRefusal, type Action, type ImperiosState, type Refusal, type Seat } from './rules';
import { alea } from '../../platform/alea';

export interface CoreRun {
  /** The state after the set-up and every accepted move so far. */
  readonly state: ImperiosState;
  /**
   * Plays `action` for `seat`: the new state, or the refusal (nothing changed, no number drawn). `amend` rewrites the
   * accepted state as the server did after the move (a hand-over note: ./playedBy.ts).
   */
  act(
    seat: Seat,
    action: Action,
    amend?: (before: ImperiosState, after: ImperiosState) => ImperiosState,
  ): ImperiosState | Refusal;
}

export function startCoreRun(opts: { seed: string; players: number; mode: ModeId }): CoreRun {
  const gen = alea(opts.seed);
  const fresh = () => Math.floor(gen.next() * 4294967296) >>> 0;
  const coreSeed = `${fresh().toString(16)}-${fresh().toString(16)}`;
  let state = createGame({ players: opts.players, mode: opts.mode, seed: coreSeed });
  return {
    get state() {
      return state;
    },
    act(seat, action, amend) {
      const before = gen.state();
      const next = applyAction({ ...state, rng: fresh() }, seat, action);
      if (isRefusal(next)) {
        gen.restore(before);
        return next;
      }
      return (state = amend ? amend(state, next) : next);
    },
  };
}
