/**
 * Local games survive a reload (issue 13 item 6): hot-seat, against the bot and solo (RULES §9) alike. What is kept
 * in this browser's localStorage is the seed, the set-up and every accepted move with its seat; on reload the
 * moves are replayed into a fresh in-page match with the same seed (./useSavedMatch.ts), which reproduces the game
 * exactly (the core is deterministic for a seed). One saved game per mode; `OPEN_KEY` (this tab's sessionStorage)
 * names the mode on screen, so a reload returns to it; a game left through "Leave" stays resumable (or
 * abandonable) from the start screen.
 *
 * R8.3 item 9 (the seed is secret) on a local device: a local match's master — every secret and the generator's
 * state — already runs in this page, so the device holds the whole game whatever is stored, like the box of a
 * board game; resuming needs every secret of both seats, so no record can do without them. Both hot-seat players
 * share the device and are trusted like the box: reading storage with the developer tools is looking into the
 * box, outside the game. Still, no record puts a secret in plain sight: against the bot the storage belongs to the
 * human whose opponent's hand, base and future draws the seed would tell, in hot-seat a move list shows the base
 * planet, in solo the seed tells the rival deck's order (R8.4). So every record is sealed (./seal.ts) and nothing
 * stored is ever put on the screen (the privacy cover still comes first on resume).
 */
import { configProblem, type Faction, type GameConfig, type SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';
import type { Difficulty } from '../bot/Bot';
import { sealed } from './seal';

export type LocalSetup =
  | { mode: 'hotseat' }
  | { mode: 'bot'; human: Faction; difficulty: Difficulty }
  | { mode: 'solo'; solo: SoloSetup };

export type LocalMode = LocalSetup['mode'];

export interface SavedMove { seat: Faction; action: Action }

export interface SavedLocal {
  seed: string;
  setup: LocalSetup;
  moves: SavedMove[];
  /**
   * The config the game was created with (RULES B7), kept so that a game saved before DEFAULT_CONFIG changes resumes
   * with its own knobs (issue 24 item 4). Absent in saves from before it was kept: those resume with DEFAULT_CONFIG.
   */
  config?: GameConfig;
}

const KEYS: Record<LocalMode, string> = { hotseat: 'mint-imperium-hotseat', bot: 'mint-imperium-bot', solo: 'mint-imperium-solo' };
export const OPEN_KEY = 'mint-imperium-open';
export const LOCAL_MODES: LocalMode[] = ['hotseat', 'bot', 'solo'];

export function storageKey(mode: LocalMode): string {
  return KEYS[mode];
}

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

type Codec = { encode(text: string): string; decode(text: string): string | null };
const plain: Codec = { encode: (t) => t, decode: (t) => t };
/** Records are not stored as readable text (see the header); older plain records (solo) still read. */
const codecs: Partial<Record<LocalMode, Codec>> = { bot: sealed, hotseat: sealed, solo: sealed };

function isSeat(x: unknown): x is Faction {
  return x === 'R' || x === 'I';
}

/** Reads and checks one mode's record; a solo record of the older shape (moves without seats) still loads. */
export function loadLocal(mode: LocalMode): SavedLocal | null {
  const raw = storage()?.getItem(KEYS[mode]);
  if (!raw) return null;
  try {
    const text = raw.startsWith('{') ? raw : (codecs[mode] ?? plain).decode(raw);
    if (text === null) return null;
    const s = JSON.parse(text) as Partial<SavedLocal> & { solo?: SoloSetup; moves?: unknown[] };
    if (typeof s.seed !== 'string' || !Array.isArray(s.moves)) return null;
    if (mode === 'solo' && !s.setup && s.solo) {
      const human: Faction = s.solo.bot === 'R' ? 'I' : 'R';
      return { seed: s.seed, setup: { mode: 'solo', solo: s.solo }, moves: s.moves.map((a) => ({ seat: human, action: a as unknown as Action })) };
    }
    if (!s.setup || s.setup.mode !== mode) return null;
    if (!s.moves.every((m) => !!m && isSeat((m as SavedMove).seat) && typeof (m as SavedMove).action?.type === 'string')) return null;
    // Shape AND B7 ranges: a save edited by hand must not make the core loop for ever in this browser.
    if (s.config !== undefined && configProblem(s.config) !== null) return null;
    return s as SavedLocal;
  } catch {
    return null;
  }
}

export function saveLocal(s: SavedLocal): void {
  try {
    storage()?.setItem(KEYS[s.setup.mode], (codecs[s.setup.mode] ?? plain).encode(JSON.stringify(s)));
  } catch {
    // A full or refused storage only loses the resume, never the game.
  }
}

export function clearLocal(mode: LocalMode): void {
  storage()?.removeItem(KEYS[mode]);
  if (openMode() === mode) setOpen(null);
}

/**
 * The mode on screen in this tab (resumed by a reload), or null on the start screen. Kept in sessionStorage: a
 * reload keeps it, while another tab opens on the start screen (and does not play the same game at once).
 */
function tab(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

export function setOpen(mode: LocalMode | null): void {
  if (mode) tab()?.setItem(OPEN_KEY, mode);
  else tab()?.removeItem(OPEN_KEY);
}

export function openMode(): LocalMode | null {
  const m = tab()?.getItem(OPEN_KEY);
  return m === 'hotseat' || m === 'bot' || m === 'solo' ? m : null;
}

/** The saved game that was on screen when the page went away, if any. */
export function resumeOnReload(): SavedLocal | null {
  const m = openMode();
  return m ? loadLocal(m) : null;
}

/** A fresh seed for a new local game (crypto-random; `?seed=` fixes it for tests). */
export function newLocalSeed(mode: LocalMode): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${mode}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
