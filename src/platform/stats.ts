/**
 * Interval arithmetic every game's studies and statistics share (Mint's bot studies and live statistics through
 * src/sim/figures.ts, the Imperios tournament): pure numbers, no game, no imports.
 */

/** Wilson score interval for `wins` of `n` at 95%. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
