/**
 * A solo game survives a page reload (RULES §9 on the board): the seed, the setup and the human's moves are kept
 * in localStorage; on reload the moves are replayed into a fresh in-page match with the same seed, which
 * reproduces the game exactly (the core is deterministic for a seed). The seed sits in this browser's storage:
 * a local solo game has no opponent to hide it from.
 */
import type { SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';

export const SOLO_STORAGE_KEY = 'mint-imperium-solo';

export interface SavedSolo { seed: string; solo: SoloSetup; moves: Action[] }

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function loadSolo(): SavedSolo | null {
  const raw = storage()?.getItem(SOLO_STORAGE_KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as SavedSolo;
    if (typeof s.seed !== 'string' || !s.solo || !Array.isArray(s.moves)) return null;
    return s;
  } catch {
    return null;
  }
}

export function saveSolo(s: SavedSolo): void {
  storage()?.setItem(SOLO_STORAGE_KEY, JSON.stringify(s));
}

export function clearSolo(): void {
  storage()?.removeItem(SOLO_STORAGE_KEY);
}

/** A fresh seed for a new solo game (crypto-random; fixed by `?seed=` for tests). */
export function newSoloSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `solo-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
