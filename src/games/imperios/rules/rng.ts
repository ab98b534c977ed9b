/**
 * A seeded random generator whose whole state is one number kept in the game state (docs/imperios/RULES.md IM14.1:
 * the server makes the draws), so the same seed gives the same game and a stored state resumes the same sequence.
 * Mulberry32: small, fast and good enough for shuffling seats and drawing chits. Pure functions.
 */

/** A 32-bit state from a seed (FNV-1a over the seed's text). */
export function seedState(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Anything that carries the generator's state (the game state). */
export interface RngHolder {
  rng: number;
}

/** The next number in [0, 1), advancing `holder.rng`. */
export function nextFloat(holder: RngHolder): number {
  holder.rng = (holder.rng + 0x6d2b79f5) >>> 0;
  let t = holder.rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A uniform integer in [0, n). */
export function randomInt(holder: RngHolder, n: number): number {
  return Math.floor(nextFloat(holder) * n);
}

/** Fisher–Yates shuffle in place, from the last position down. */
export function shuffle<T>(holder: RngHolder, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(holder, i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  return items;
}
