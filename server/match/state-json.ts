/**
 * JSON of a game state with its log's entries encoded once each.
 *
 * A state's `G.log` is ≈ 90 % of its JSON late in a game (≈ 40 KB of 47 KB), and a move appends a few entries to
 * it; every other entry is the same frozen object as in the state before (immer shares what a move did not
 * change, and freezes it). The server encodes each state three times (the stored row, the Rebel's view, the
 * Imperial's view: views keep the state's entry objects, `viewFor` only filters them), so re-encoding the whole
 * log every time was most of the JSON work of a move. Here an entry's JSON is kept per object (a WeakMap: it goes
 * with the entry) once the entry is frozen (never changed again), and the log's JSON is put together from those.
 * The result is byte for byte `JSON.stringify(state)` (tests/unit/stateJson.test.ts).
 */

const encoded = new WeakMap<object, string>();

/** JSON of an array of log entries, re-using each frozen entry's JSON. */
export function logJson(log: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < log.length; i++) {
    const e = log[i];
    let j: string | undefined;
    if (typeof e === 'object' && e !== null) {
      j = encoded.get(e);
      if (j === undefined) {
        j = JSON.stringify(e);
        if (Object.isFrozen(e)) encoded.set(e, j);
      }
    } else {
      j = JSON.stringify(e);
    }
    out += (i === 0 ? '' : ',') + (j ?? 'null');
  }
  return out + ']';
}

/** One entry's JSON, re-using the encoding cached for a frozen entry. */
export function entryJson(entry: unknown): string {
  return logJson([entry]).slice(1, -1);
}

/**
 * How many leading entries two logs share: the same object (immer keeps the entries a move did not touch), or the
 * same JSON (a state that came over the cluster bus holds parsed copies). The stored game log rows
 * (../storage/game-log.ts) and the log deltas (./log-delta.ts) rewrite from there.
 */
export function sharedPrefix(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && (a[i] === b[i] || entryJson(a[i]) === entryJson(b[i]))) i++;
  return i;
}

/** A stand-in for the log while the rest is encoded (NUL characters: no game text holds them). */
const MARK = '\u0000mint-log\u0000';
const MARK_JSON = JSON.stringify(MARK);

/** `JSON.stringify(state)`, with `state.G.log` encoded by logJson. */
export function stateJson(state: unknown): string {
  const G = (state as { G?: { log?: unknown } } | null)?.G;
  if (typeof G !== 'object' || G === null || !Array.isArray(G.log) || typeof (G as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(state);
  }
  // Spreading keeps every key where it was (log included), so the pieces join into the same text.
  const shell = JSON.stringify({ ...(state as object), G: { ...G, log: MARK } });
  const at = shell.indexOf(MARK_JSON);
  if (at < 0 || shell.indexOf(MARK_JSON, at + 1) >= 0) return JSON.stringify(state);
  return shell.slice(0, at) + logJson(G.log) + shell.slice(at + MARK_JSON.length);
}
