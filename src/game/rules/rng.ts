/**
 * Randomness is injected into the core (ENGINE-NOTES): the core draws only integers in [0, n). In the
 * boardgame.io Game this is backed by ctx.random (Die); in simulations by the same Alea generator that
 * boardgame.io uses, so one seed gives the same game by both routes.
 */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/** A fair six-sided die (R2.2). */
export function d6(rng: Rng): number {
  return rng.int(6) + 1;
}

/** Fisher–Yates shuffle in place, from the last position down (R3 "every shuffle starts from id order"). */
export function shuffleInPlace<T>(rng: Rng, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = arr[i];
    arr[i] = arr[j];
    arr[j] = tmp;
  }
  return arr;
}

// Alea lives with the platform: both games' replays need boardgame.io's generator (src/platform/alea.ts).
import { alea } from '../../platform/alea';
export { alea, type AleaState } from '../../platform/alea';

/** A seeded Rng for simulations, replays and tests. int(n) = floor(next() * n), as boardgame.io's Die. */
export function seededRng(seed: string | number): Rng & { draws: number } {
  const g = alea(seed);
  const rng = {
    draws: 0,
    int(n: number) {
      rng.draws++;
      return Math.floor(g.next() * n);
    },
  };
  return rng;
}

/** An Rng that replays recorded integers (agreement tests) and throws when it runs out. */
export function replayRng(values: number[]): Rng {
  let i = 0;
  return {
    int(n: number) {
      if (i >= values.length) throw new Error('replayRng: out of values');
      const v = values[i++];
      if (v < 0 || v >= n) throw new Error(`replayRng: value ${v} out of range ${n}`);
      return v;
    },
  };
}

/** An Rng for tests that returns scripted values, then falls back to 0. */
export function scriptedRng(values: number[]): Rng & { used: number } {
  const rng = {
    used: 0,
    int(n: number) {
      const v = rng.used < values.length ? values[rng.used] : 0;
      rng.used++;
      return Math.min(Math.max(v, 0), n - 1);
    },
  };
  return rng;
}
