/**
 * The replay's timeline: a finished game re-run through the pure rules core, one full state per step. Step 0 is
 * the state before the first decision; step k the state after the k-th recorded action (and everything the core
 * ran after it: combats, draws, the rival's turn in solo). States are computed once and cached: a game is at most
 * a few thousand decisions of a few kilobytes each. The log is not copied into every step: it only ever grows
 * (events are appended, never changed), so step k's log is the final log cut to `logLength[k]`.
 */
import type { Faction } from '../../game/content';
import { replayRecord, type GameRecord } from '../../game/record';
import type { GameState } from '../../game/rules';
import { copyState } from '../../game/rules/view';

/** What the replay needs of a game record. */
export type ReplayInput = Pick<GameRecord, 'seed' | 'config' | 'solo' | 'actions' | 'result'>;

export interface Timeline {
  /** Number of recorded actions; steps are 0…length. */
  readonly length: number;
  /** The full state (secrets included) at step k, log included. A fresh object per call: callers may keep it. */
  state(k: number): GameState;
  /** The full final log (every event of the game, private ones included). */
  readonly log: GameState['log'];
  /** Log length at each step. */
  readonly logLength: readonly number[];
  /** Round and phase at each step. */
  readonly rounds: readonly number[];
  /** The seat that made the k-th action (k ≥ 1); undefined at step 0 and for a forfeit's last step. */
  seatOf(k: number): Faction | undefined;
  /** The first step at which log event `i` exists (the moment it happened). */
  stepOfEvent(i: number): number;
  /** The first step of round `r` (its first state at that round), or undefined if the game never got there. */
  roundStart(r: number): number | undefined;
  /** The last round reached. */
  readonly lastRound: number;
}

/**
 * Re-run a record (src/game/record.ts `replayRecord`, which also ends a forfeited game the way the server did:
 * one more step after the last action). A record the core refuses part-way gives the steps up to there and
 * `error` (shown by the viewer).
 */
export function buildTimeline(input: ReplayInput): Timeline & { error?: string } {
  const snaps: GameState[] = [];
  const logLength: number[] = [];
  const rounds: number[] = [];
  let finalLog: GameState['log'] = [];
  const r = replayRecord(input, (live) => {
    // Copy without the log (it is rebuilt from the final log on demand).
    const log = live.log;
    live.log = [];
    snaps.push(copyState(live, true));
    live.log = log;
    logLength.push(log.length);
    rounds.push(live.round);
    finalLog = log;
  });
  if (snaps.length === 0) throw new Error(r.error ?? 'the record does not re-run');
  const length = snaps.length - 1;
  const clamp = (k: number) => Math.max(0, Math.min(length, Math.floor(k)));
  const lastRound = rounds[rounds.length - 1];
  return {
    ...(r.error !== undefined ? { error: r.error } : {}),
    length,
    log: finalLog,
    logLength,
    rounds,
    lastRound,
    state(k) {
      const s = copyState(snaps[clamp(k)], true);
      s.log = finalLog.slice(0, logLength[clamp(k)]);
      return s;
    },
    seatOf: (k) => (k >= 1 && k <= length ? input.actions[k - 1]?.seat : undefined),
    stepOfEvent(i) {
      // Binary search: the first k with logLength[k] > i.
      let lo = 0;
      let hi = length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (logLength[mid] > i) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
    roundStart(r) {
      const k = rounds.findIndex((x) => x >= r);
      return k < 0 ? undefined : k;
    },
  };
}
