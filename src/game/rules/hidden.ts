/** The placeholder of a card a seat may not see (RULES §8, view.ts), in a module of its own so card modules use it. */
export const HIDDEN = 'HIDDEN' as const;
export type Hidden = typeof HIDDEN;

export function isHidden(x: unknown): x is Hidden {
  return x === HIDDEN;
}

/** `n` placeholders: a hidden list keeps its (public) length. */
export function hidden<T>(n: number): T[] {
  const out = new Array(Math.max(0, n));
  for (let i = 0; i < out.length; i++) out[i] = HIDDEN;
  return out as T[];
}
