/**
 * The sealed read and write of one localStorage key (./seal.ts), for Mint's saved games (./savedRecord.ts) and
 * Imperios' (../imperios/localSaves.ts). Apart from savedRecord.ts, which checks Mint's records against Mint's
 * content: Imperios' chunk imports this alone, so the first load's chunks stay as they are.
 */
import { sealed } from './seal';

export function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** The tails of the storage's keys that start with `prefix` (none when the storage cannot be read). */
export function keysWithPrefix(prefix: string): string[] {
  const st = storage();
  const tails: string[] = [];
  try {
    for (let i = 0; st && i < st.length; i++) {
      const k = st.key(i);
      if (k?.startsWith(prefix)) tails.push(k.slice(prefix.length));
    }
  } catch {
    return [];
  }
  return tails;
}

/** The stored text of a key, unsealed; plain JSON (older solo records) is read as it is. Null if absent or unreadable. */
export function readText(key: string): string | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  return raw.startsWith('{') ? raw : sealed.decode(raw);
}

export function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Seals and writes (a Mint save, or an Imperios one: ../imperios/localSaves.ts); false when the storage refused it (full, disabled), in which case nothing was changed. */
export function writeRecord(key: string, s: object): boolean {
  const st = storage();
  if (!st) return false;
  try {
    st.setItem(key, sealed.encode(JSON.stringify(s)));
    return true;
  } catch {
    return false;
  }
}
