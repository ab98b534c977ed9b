/**
 * Local games survive a reload (issue 13 item 6): hot-seat, against the bot and solo (RULES §9) alike. What is kept
 * in this browser's localStorage is the seed, the set-up and every accepted move with its seat; on reload the
 * moves are replayed into a fresh in-page match with the same seed (./useSavedMatch.ts), which reproduces the game
 * exactly (the core is deterministic for a seed).
 *
 * Several games are kept (issue 20 item 4: starting a new game never deletes a saved one): each under its own key,
 * `mint-imperium-save:<id>`, up to MAX_SAVED_PER_MODE per mode. The store never drops a game by itself: the start
 * screen asks before a new game of a mode that has saved games (resume one, keep them, or delete one — and, when
 * the mode's list is full, the oldest goes only when the player agrees). A game is deleted when it ends (there is
 * nothing left to resume), when the player deletes it, or when it was left before its first move. Records of the
 * one-per-mode era still load (./legacySave.ts). `OPEN_KEY` (this tab's sessionStorage) names the game on screen, so
 * a reload returns to it; a game left through "Leave" stays resumable (or deletable) from the start screen.
 *
 * R8.3 item 9 (the seed is secret) on a local device: a local match's master — every secret and the generator's
 * state — already runs in this page, so the device holds the whole game whatever is stored, like the box of a
 * board game; resuming needs every secret of both seats, so no record can do without them. Both hot-seat players
 * share the device and are trusted like the box: reading storage with the developer tools is looking into the
 * box, outside the game. Still, no record puts a secret in plain sight: against the bot the storage belongs to the
 * human whose opponent's hand, base and future draws the seed would tell, in hot-seat a move list shows the base
 * planet, in solo the seed tells the rival deck's order (R8.4). So every record is sealed (./seal.ts) and nothing
 * stored is ever put on the screen but the mode, the sides, the round, the number of moves and the dates (the
 * privacy cover still comes first on resume).
 */
import { withSoloLevel } from '../../game/content';
import { legacyId, migrateLegacy } from './legacySave';
import { keysWithPrefix } from './sealedStore';
import {
  checkRecord, hintsKey, ID_PATTERN, LOCAL_MODES, parseJson, readText, storage, writeRecord,
  type LocalMode, type LocalSetup, type SavedLocal,
} from './savedRecord';

export { LOCAL_MODES, type LocalMode, type LocalSetup, type SavedLocal, type SavedMove } from './savedRecord';

const PREFIX = 'mint-imperium-save:';
export const OPEN_KEY = 'mint-imperium-open';
/** How many games of one mode the start screen keeps before it asks to drop the oldest (issue 20 item 4). */
export const MAX_SAVED_PER_MODE = 5;

export function saveKey(id: string): string {
  return PREFIX + id;
}

function randomHex(n: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh seed for a new local game (crypto-random; `?seed=` fixes it for tests). */
export function newLocalSeed(mode: LocalMode): string {
  return `${mode}-${randomHex(8)}`;
}

/** The record of a new game (not stored until its screen opens: ./useSavedMatch.ts). */
export function newSavedGame(setup: LocalSetup, seed?: string): SavedLocal {
  // R9.11 — a solo game keeps today's knobs of its level, whatever the table says later.
  const kept: LocalSetup = setup.mode === 'solo' ? { mode: 'solo', solo: withSoloLevel(setup.solo) } : setup;
  return { id: `${setup.mode}-${randomHex(6)}`, seed: seed ?? newLocalSeed(setup.mode), setup: kept, moves: [], startedAt: Date.now() };
}

export function loadSaved(id: string): SavedLocal | null {
  if (!ID_PATTERN.test(id)) return null;
  const s = checkRecord(parseJson(readText(saveKey(id))));
  return s && s.id === id ? s : null;
}

/** Every saved game (of `mode`, or all), the most recently played first. Older records are moved in first. */
export function listSaved(mode?: LocalMode): SavedLocal[] {
  migrateLegacy(saveKey);
  const ids = keysWithPrefix(PREFIX);
  return ids.map(loadSaved).filter((s): s is SavedLocal => s !== null && (!mode || s.setup.mode === mode))
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0) || (b.startedAt ?? 0) - (a.startedAt ?? 0));
}

/** Writes the record (stamped with the time); false if the storage refused it — the game goes on, unsaved. */
export function saveLocal(s: SavedLocal): boolean {
  s.savedAt = Date.now();
  s.startedAt ??= s.savedAt;
  return writeRecord(saveKey(s.id), s);
}

export function deleteSaved(id: string): void {
  try {
    storage()?.removeItem(saveKey(id));
    storage()?.removeItem(hintsKey(id)); // its hint notes (../hint/useLocalHints.ts)
  } catch {
    // nothing stored, nothing to delete
  }
  if (openId() === id) setOpen(null);
}

/**
 * The game on screen in this tab (resumed by a reload), or null on the start screen. Kept in sessionStorage: a
 * reload keeps it, while another tab opens on the start screen (and does not play the same game at once).
 */
function tab(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

export function setOpen(id: string | null): void {
  if (id) tab()?.setItem(OPEN_KEY, id);
  else tab()?.removeItem(OPEN_KEY);
}

export function openId(): string | null {
  const m = tab()?.getItem(OPEN_KEY) ?? null;
  return m && ID_PATTERN.test(m) ? m : null;
}

/** The saved game that was on screen when the page went away, if any (a tab of the one-per-mode era named a mode). */
export function resumeOnReload(): SavedLocal | null {
  const m = openId();
  if (!m) return null;
  if ((LOCAL_MODES as string[]).includes(m)) {
    const moved = migrateLegacy(saveKey)[m as LocalMode];
    return loadSaved(moved ?? legacyId(m as LocalMode));
  }
  return loadSaved(m);
}
