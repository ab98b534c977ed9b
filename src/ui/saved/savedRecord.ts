/**
 * One saved local game as it is kept in localStorage (see ./localSave.ts for how the records are kept and why they
 * are sealed): its shape, the check every record read from storage passes before the page uses it, and the sealed
 * read and write of one storage key. A record that fails the check is never shown and never resumed: storage is
 * the browser's, anything may have been written there (a hand edit, another version of the page).
 */
import { configProblem, DIFFICULTIES, soloLevelProblem, type Faction, type GameConfig, type SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';
import type { Difficulty } from '../bot/Bot';
import { parseJson, readText, storage, writeRecord } from './sealedStore';

export { parseJson, readText, storage, writeRecord };

export type LocalSetup =
  | { mode: 'hotseat' }
  | { mode: 'bot'; human: Faction; difficulty: Difficulty }
  | { mode: 'solo'; solo: SoloSetup };

export type LocalMode = LocalSetup['mode'];
export const LOCAL_MODES: LocalMode[] = ['hotseat', 'bot', 'solo'];

export interface SavedMove { seat: Faction; action: Action }

export interface SavedLocal {
  /** Which saved game this is, and its storage key's tail (issue 20 item 4: several games per mode are kept). */
  id: string;
  seed: string;
  setup: LocalSetup;
  moves: SavedMove[];
  /**
   * The config the game was created with (RULES B7), kept so that a game saved before DEFAULT_CONFIG changes resumes
   * with its own knobs (issue 24 item 4). Absent in saves from before it was kept: those resume with DEFAULT_CONFIG.
   */
  config?: GameConfig;
  /** When the game was started and last saved (ms since 1970), for the start screen; absent in older records. */
  startedAt?: number;
  savedAt?: number;
  /** The round it was in when last saved (0: the set-up); absent in older records until they are resumed. */
  round?: number;
}

/** Where a local game's hint notes are kept beside its save (../hint/useLocalHints.ts); deleted with it. */
export const hintsKey = (saveId: string): string => `mint-hints:${saveId}`;

export function isSeat(x: unknown): x is Faction {
  return x === 'R' || x === 'I';
}

const isDifficulty = (x: unknown): x is Difficulty => (DIFFICULTIES as unknown[]).includes(x);
const optionalNumber = (x: unknown) => x === undefined || (typeof x === 'number' && Number.isFinite(x) && x >= 0);
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The set-up, checked field by field: the start screen describes every record, so none may lack a side. */
export function checkSetup(x: unknown): x is LocalSetup {
  const s = x as Partial<Record<string, unknown>> | null;
  if (!s || typeof s !== 'object') return false;
  switch (s.mode) {
    case 'hotseat': return true;
    case 'bot': return isSeat(s.human) && isDifficulty(s.difficulty);
    case 'solo': {
      const solo = s.solo as Partial<SoloSetup> | undefined;
      return !!solo && isSeat(solo.bot) && isDifficulty(solo.difficulty)
        && (solo.level === undefined || soloLevelProblem(solo.level) === null);
    }
    default: return false;
  }
}

export function checkMoves(moves: unknown): moves is SavedMove[] {
  return Array.isArray(moves)
    && moves.every((m) => !!m && isSeat((m as SavedMove).seat) && typeof (m as SavedMove).action?.type === 'string');
}

/** A parsed record if it is one (shape, set-up, moves, and the config's B7 ranges), else null. */
export function checkRecord(x: unknown): SavedLocal | null {
  const s = x as Partial<SavedLocal> | null;
  if (!s || typeof s !== 'object') return null;
  if (typeof s.id !== 'string' || !ID_PATTERN.test(s.id) || typeof s.seed !== 'string') return null;
  if (!checkSetup(s.setup) || !checkMoves(s.moves)) return null;
  if (!optionalNumber(s.startedAt) || !optionalNumber(s.savedAt) || !optionalNumber(s.round)) return null;
  // Shape AND B7 ranges: a save edited by hand must not make the core loop for ever in this browser.
  if (s.config !== undefined && configProblem(s.config) !== null) return null;
  return s as SavedLocal;
}

