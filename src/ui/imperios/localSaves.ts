/**
 * Hot-seat games of Imperios Milenarios survive a reload and a "Leave" (issue 23 item 7), as Mint's local games do
 * (../saved/localSave.ts): each game under its own localStorage key, `imperios-save:<id>`, written after every
 * accepted move; a new game takes a new key, so it never replaces a saved one. What is kept is the game's record
 * (src/games/imperios/record.ts: seed, mode, players, moves; `result` null while it runs) plus, for the start
 * screen, when it was started and saved, its round and whether it is over. Resuming replays the moves from the seed
 * (./session.ts `resumeSession`): the same game, its generator where it was.
 *
 * The seed tells every future draw (IM14.1), so the text is sealed as Mint's saves are (../saved/seal.ts): not
 * readable at a glance in the storage panel. Hands are open (G48), so nothing else is secret.
 *
 * Every read is checked (the record's shape, `parseImperiosRecord`, and the fields around it): a save that fails is
 * listed as unreadable and never deleted by the page; one that reads but does not replay is refused when resumed,
 * with the reason, and kept as it is.
 */
import type { ImperiosRecord } from '../../games/imperios/record';
import { parseImperiosRecord } from '../../games/imperios/replay';
import type { ImperiosState } from '../../games/imperios/rules';
import { downloadJson } from '../download';
import { parseSoloSeats, SOLO_LEVEL_WORDS, type SoloSeats } from './solo/soloSeats';
import { keysWithPrefix, parseJson, readText, storage, writeRecord } from '../saved/sealedStore';

const PREFIX = 'imperios-save:';
/** How many games the start screen keeps before a new one asks to delete the oldest. */
export const MAX_IMPERIOS_SAVES = 8;
const ID = /^[a-z0-9-]{1,40}$/;

export interface ImperiosSave {
  id: string;
  startedAt: number;
  savedAt: number;
  /** The round when last saved (0: the set-up) and whether the game was over. */
  round: number;
  over: boolean;
  record: ImperiosRecord;
  /** A game against bots: the player's seat and the bots' level (absent: hot-seat). */
  solo?: SoloSeats;
}

export function newSaveId(): string {
  return `imp-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The save of a game now (its record from the session), as it will be written. */
export function saveOf(id: string, startedAt: number, state: ImperiosState, record: ImperiosRecord, solo?: SoloSeats): ImperiosSave {
  return { id, startedAt, savedAt: Date.now(), round: state.round, over: state.phase === 'over', record, ...(solo ? { solo } : {}) };
}

/** Writes the save; false when the storage refused it (full, off): the game goes on, unsaved. */
export function writeImperiosSave(save: ImperiosSave): boolean {
  return ID.test(save.id) && writeRecord(PREFIX + save.id, save);
}

const count = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** The save stored under `id`, or why it cannot be read. */
export function readImperiosSave(id: string): ImperiosSave | { error: string } {
  const x = parseJson(readText(PREFIX + id)) as Partial<ImperiosSave> | null;
  if (!x || typeof x !== 'object') return { error: 'it is not a saved game this page can read' };
  if (x.id !== id || !count(x.startedAt) || !count(x.savedAt) || !count(x.round) || typeof x.over !== 'boolean') {
    return { error: 'its details are damaged' };
  }
  const rec = parseImperiosRecord(x.record);
  if ('error' in rec) return { error: `its record is damaged (${rec.error})` };
  if (x.solo !== undefined && !parseSoloSeats(x.solo, rec.players.length)) return { error: 'its bots are damaged' };
  return x as ImperiosSave;
}

/** Every save, the most recently played first, and the ids of those that cannot be read (kept, never deleted here). */
export function listImperiosSaves(): { saves: ImperiosSave[]; unreadable: string[] } {
  const ids = keysWithPrefix(PREFIX).filter((id) => ID.test(id));
  const saves: ImperiosSave[] = [];
  const unreadable: string[] = [];
  for (const id of ids) {
    const s = readImperiosSave(id);
    if ('error' in s) unreadable.push(id);
    else saves.push(s);
  }
  saves.sort((a, b) => b.savedAt - a.savedAt);
  return { saves, unreadable };
}

export function deleteImperiosSave(id: string): void {
  try {
    storage()?.removeItem(PREFIX + id);
  } catch {
    // nothing stored, nothing to delete
  }
}

/** One line on a save for the list and the questions: players, mode, round, date. */
export function saveLine(s: ImperiosSave): string {
  const mode = s.record.mode[0].toUpperCase() + s.record.mode.slice(1);
  const where = s.over ? 'game over' : s.round === 0 ? 'choosing Metropolises' : `round ${s.round}`;
  const bots = s.solo ? `, against ${SOLO_LEVEL_WORDS[s.solo.level].name} bots` : '';
  return `${s.record.players.length} players, ${mode}, ${where}${bots} · ${new Date(s.savedAt).toLocaleString()}`;
}

/** The record as a file, imperios-<matchID>-<seed's first 8>-<moves>.json: re-run by the page's viewer or `npm run replay`. */
export function downloadImperiosRecord(rec: ImperiosRecord): void {
  downloadJson(`imperios-${rec.matchID}-${rec.seed.slice(0, 8)}-${rec.moves.length}.json`, rec);
}
