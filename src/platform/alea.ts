/**
 * boardgame.io's random generator, for every game hosted here: a record replays through a game's pure core with the
 * numbers boardgame.io's random plugin gave (Mint's `seededRng`, src/game/rules/rng.ts; Imperios' `replayCore`).
 */

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
