/**
 * The replay's timeline: a finished game re-run through the pure rules core, one full state per step. Step 0 is
 * the state before the first decision; step k the state after the k-th recorded action (and everything the core
 * ran after it: combats, draws, the rival's turn in solo). States are computed once and cached: a game is at most
 * a few thousand decisions of a few kilobytes each. The log is not copied into every step: it grows by appended
 * events, so step k's log is a shared array cut to its length.
 */
import type { Faction } from '../../game/content';
import { replayRecord, type GameRecord } from '../../game/record';
import { cloneState, type GameState } from '../../game/rules';

/** What the replay needs of a game record. */
export type ReplayInput = Pick<GameRecord, 'seed' | 'config' | 'solo' | 'actions' | 'result'>;

export interface Timeline {
  /** Number of recorded actions; steps are 0…length. */
  readonly length: number;
  /** The full state (secrets included) at step k, log included. A fresh object per call: callers may keep it. */
  state(k: number): GameState;
  /** The full final log (every event of the game, private ones included). */
  readonly log: GameState['log'];
  /** Round at each step. */
  readonly rounds: readonly number[];
  /** The seat that made the k-th action (k ≥ 1); undefined at step 0 and for a forfeit's last step. */
  seatOf(k: number): Faction | undefined;
  /** The first step at which event `i` of the final log exists (the moment it happened). */
  stepOfEvent(i: number): number;
  /** The first step of round `r` (its first state at that round), or undefined if the game never got there. */
  roundStart(r: number): number | undefined;
  /** The last round reached. */
  readonly lastRound: number;
}

type LogEvent = GameState['log'][number];

/** Same event: the same object, or (a log restored from a copy) the same content. */
function sameEvent(a: LogEvent | undefined, b: LogEvent | undefined): boolean {
  return a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Re-run a record (src/game/record.ts `replayRecord`, which also ends a forfeited game the way the server did:
 * one more step after the last action). A record the core refuses part-way gives the steps up to there and
 * `error` (shown by the viewer).
 *
 * The log mostly grows. When a step rewrites it (a take-back cuts the undone decision's events out), the step
 * gets a new log "segment" sharing the common prefix; each event keeps the step it first appeared at, so a log
 * line still leads to its moment.
 */
export function buildTimeline(input: ReplayInput): Timeline & { error?: string } {
  const snaps: GameState[] = [];
  const logs: { seg: LogEvent[]; len: number }[] = [];
  const rounds: number[] = [];
  const firstStep = new Map<LogEvent, number>();
  let seg: LogEvent[] = [];
  const r = replayRecord(input, (live) => {
    const k = snaps.length;
    const log = live.log;
    // Copy without the log (kept once, in segments); cloneState copies every field (a take-back stack too).
    live.log = [];
    snaps.push(cloneState(live));
    live.log = log;
    rounds.push(live.round);
    // The part of the log this step shares with the previous one (a take-back may cut events out of the middle).
    const n = Math.min(seg.length, log.length);
    let keep = 0;
    while (keep < n && sameEvent(seg[keep], log[keep])) keep++;
    if (keep < seg.length) seg = seg.slice(0, keep); // a new segment; earlier steps keep the old one
    for (let i = keep; i < log.length; i++) {
      seg.push(log[i]);
      if (!firstStep.has(log[i])) firstStep.set(log[i], k);
    }
    logs.push({ seg, len: log.length });
  });
  if (snaps.length === 0) throw new Error(r.error ?? 'the record does not re-run');
  const length = snaps.length - 1;
  const clamp = (k: number) => Math.max(0, Math.min(length, Math.floor(k)));
  const finalLog = logs[length].seg.slice(0, logs[length].len);
  const lastRound = rounds[rounds.length - 1];
  return {
    ...(r.error !== undefined ? { error: r.error } : {}),
    length,
    log: finalLog,
    rounds,
    lastRound,
    state(k) {
      const { seg: s, len } = logs[clamp(k)];
      const out = cloneState(snaps[clamp(k)]);
      out.log = s.slice(0, len);
      return out;
    },
    seatOf: (k) => (k >= 1 && k <= length ? input.actions[k - 1]?.seat : undefined),
    stepOfEvent: (i) => firstStep.get(finalLog[i]) ?? length,
    roundStart(round) {
      const k = rounds.findIndex((x) => x >= round);
      return k < 0 ? undefined : k;
    },
  };
}
