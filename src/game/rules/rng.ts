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

/**
 * Alea (Johannes Baagøe's algorithm, public domain), the generator boardgame.io 0.50 uses for ctx.random.
 * `aleaRng(seed)` yields the same integers as boardgame.io's `random.Die(n) - 1` for the same seed.
 */
export function alea(seed: string | number): { next(): number; state(): AleaState } & { restore(s: AleaState): void } {
  let n = 0xefc8249d;
  const mash = (data: string): number => {
    for (let i = 0; i < data.length; i++) {
      n += data.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * 0x100000000;
    }
    return (n >>> 0) * 2.3283064365386963e-10;
  };
  let s0 = mash(' ');
  let s1 = mash(' ');
  let s2 = mash(' ');
  let c = 1;
  const str = String(seed);
  s0 -= mash(str);
  if (s0 < 0) s0 += 1;
  s1 -= mash(str);
  if (s1 < 0) s1 += 1;
  s2 -= mash(str);
  if (s2 < 0) s2 += 1;
  return {
    next() {
      const t = 2091639 * s0 + c * 2.3283064365386963e-10;
      s0 = s1;
      s1 = s2;
      c = t | 0;
      s2 = t - c;
      return s2;
    },
    state: () => ({ c, s0, s1, s2 }),
    restore(st: AleaState) {
      c = st.c; s0 = st.s0; s1 = st.s1; s2 = st.s2;
    },
  };
}

export interface AleaState { c: number; s0: number; s1: number; s2: number }

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
