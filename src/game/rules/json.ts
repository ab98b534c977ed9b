/**
 * Deep copy of plain JSON data (objects, arrays, primitives), keeping key order. About 4x faster than
 * structuredClone on a game state, which also handles types a GameState never holds (Map, Date, cycles).
 * One difference, harmless here: two references to the same object (a log event that holds an array also held
 * by the state) become two copies, as they would through JSON or the network.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(copyJson(value[i]));
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = copyJson((value as Record<string, unknown>)[k]);
  return out as T;
}

/** Structural equality of plain JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let n = 0;
  for (const key in ra) {
    if (!(key in rb) || !jsonEqual(ra[key], rb[key])) return false;
    n++;
  }
  for (const _key in rb) n--;
  return n === 0;
}
