/**
 * A patch between two JSON states of one audience (issue 21 item 8): the parts of the new state that differ from
 * the old, by dotted path from the root (`'G.planets.D'`, `'ctx.turn'`), and the keys it no longer has. The log
 * deltas (./log-delta.ts) carry one, so a move's update holds what the move changed, not the whole view.
 *
 * The patch keeps key order: applied to the old state, it gives a state whose JSON is byte for byte the new one's.
 * Where an object's keys changed in a way appending cannot give (a key re-added before others), that object is sent
 * whole. Paths stop at `depth` segments; below, a changed part is sent whole (a planet, not its units).
 */

/** Keys never followed or written by name (an own `__proto__` of parsed JSON would set a prototype). */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

export interface StatePatch {
  /** Parts replaced (or added at the end of their object), by dotted path. */
  set: Record<string, unknown>;
  /** Paths removed. */
  drop?: string[];
}

type Rec = Record<string, unknown>;
const isRecord = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Deep equality of two JSON values (key order included, as JSON text would compare). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Rec)[k], (b as Rec)[k])) return false;
  }
  return true;
}

/**
 * Whether `after`'s keys are `before`'s, less some, with new ones after them all: what dropping and appending can
 * give, so the patched object's keys come out in `after`'s order. Keys holding a dot cannot be named by a path.
 */
function keysPatchable(before: Rec, after: Rec): boolean {
  const kb = Object.keys(before);
  const ka = Object.keys(after);
  let i = 0;
  let j = 0;
  for (; j < ka.length; j++) {
    const k = ka[j]!;
    if (k.includes('.') || UNSAFE.has(k)) return false;
    if (!own(before, k)) break; // the first new key: every later one must be new too
    while (i < kb.length && kb[i] !== k) {
      if (own(after, kb[i]!)) return false; // a kept key out of order
      i++;
    }
    if (i === kb.length) return false;
    i++;
  }
  for (; j < ka.length; j++) if (own(before, ka[j]!)) return false;
  return true;
}

/**
 * What `after` changed of `before` below `path`, into `patch`. `skip(path)`: a part the caller knows is unchanged
 * (or sends another way); `depth`: how many more segments a path may have.
 */
function diffInto(patch: StatePatch, path: string, before: unknown, after: unknown, depth: number, skip: (path: string) => boolean): void {
  if (before === after || skip(path)) return;
  if (depth > 0 && isRecord(before) && isRecord(after) && keysPatchable(before, after)) {
    const prefix = path === '' ? '' : `${path}.`;
    // A key whose value is undefined is not in the JSON the client holds or gets: absent.
    for (const k of Object.keys(before)) if (!own(after, k) && before[k] !== undefined) (patch.drop ??= []).push(prefix + k);
    for (const k of Object.keys(after)) {
      const a = before[k];
      const b = after[k];
      if (b === undefined) {
        if (a !== undefined) (patch.drop ??= []).push(prefix + k);
        continue;
      }
      if (a === b) continue; // the same object: unchanged (views share what a move left alone)
      if (own(before, k)) diffInto(patch, prefix + k, a, b, depth - 1, skip);
      else if (!skip(prefix + k)) patch.set[prefix + k] = b;
    }
    return;
  }
  if (!sameJson(before, after)) patch.set[path] = after;
}

/** The patch from `before` to `after` (both plain JSON objects). */
export function diffState(before: object, after: object, depth: number, skip: (path: string) => boolean = () => false): StatePatch {
  const patch: StatePatch = { set: {} };
  if (!keysPatchable(before as Rec, after as Rec)) {
    // The root cannot be named by a path: every root key of `after` is set, in its order, on an empty object.
    for (const k of Object.keys(before)) (patch.drop ??= []).push(k);
    for (const k of Object.keys(after)) patch.set[k] = (after as Rec)[k];
    return patch;
  }
  diffInto(patch, '', before, after, depth, skip);
  return patch;
}

/**
 * `patch` applied to `held`, which is left as it was (what the patch changes is copied, the rest shared); null when
 * it does not fit (a path through something that is not an object, an unsafe key, a drop of what is not there):
 * a malformed or foreign patch is refused, never half applied. `refuse(path)`: paths the caller rebuilds itself.
 */
export function applyStatePatch<S extends object>(held: S, patch: unknown, refuse: (path: string) => boolean = () => false): S | null {
  if (!isRecord(patch) || !isRecord(patch.set) || (patch.drop !== undefined && !Array.isArray(patch.drop))) return null;
  const root: Rec = { ...(held as Rec) };
  const copied = new Set<object>([root]);
  /** The (copied) object holding the last segment of `path`, or null. */
  const parentOf = (segments: string[]): Rec | null => {
    let cur = root;
    for (let i = 0; i < segments.length - 1; i++) {
      const k = segments[i]!;
      const next = own(cur, k) ? cur[k] : undefined;
      if (!isRecord(next)) return null;
      let child = next;
      if (!copied.has(child)) {
        child = { ...child };
        copied.add(child);
        cur[k] = child;
      }
      cur = child;
    }
    return cur;
  };
  const segmentsOf = (path: unknown): string[] | null => {
    if (typeof path !== 'string' || path === '' || refuse(path)) return null;
    const segments = path.split('.');
    return segments.some((s) => s === '' || UNSAFE.has(s)) ? null : segments;
  };
  for (const path of (patch.drop ?? []) as unknown[]) {
    const segments = segmentsOf(path);
    const parent = segments && parentOf(segments);
    const last = segments?.at(-1);
    if (!parent || last === undefined || !own(parent, last)) return null;
    delete parent[last];
  }
  for (const path of Object.keys(patch.set)) {
    const segments = segmentsOf(path);
    const parent = segments && parentOf(segments);
    if (!parent) return null;
    parent[segments.at(-1)!] = patch.set[path];
  }
  return root as S;
}
