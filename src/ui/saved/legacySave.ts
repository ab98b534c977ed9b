/**
 * Saves written before issue 20 item 4: one record per mode under its own key (`mint-imperium-hotseat`, `-bot`,
 * `-solo`), sealed, or — the oldest solo records — plain JSON whose moves had no seat and whose set-up was a `solo`
 * field. They still load: the first time the saved games are listed, each readable one is copied into the keyed
 * store of ./localSave.ts under `legacy-<mode>` and, once the copy is written, its old key is removed. Nothing is
 * ever overwritten (an id already holding another game makes the copy take the next free id) and an unreadable
 * record is left where it is.
 */
import type { Faction, SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';
import {
  checkRecord, LOCAL_MODES, parseJson, readText, storage, writeRecord,
  type LocalMode, type SavedLocal,
} from './savedRecord';

export const LEGACY_KEYS: Record<LocalMode, string> = { hotseat: 'mint-imperium-hotseat', bot: 'mint-imperium-bot', solo: 'mint-imperium-solo' };

/** The id a migrated record of `mode` gets first (then `-2`, `-3`… if that one holds another game). */
export const legacyId = (mode: LocalMode, n = 1): string => `legacy-${mode}${n > 1 ? `-${n}` : ''}`;

/** Reads one mode's pre-issue-20 record, without an id (the caller gives it one); the older solo shape too. */
export function readLegacy(mode: LocalMode): Omit<SavedLocal, 'id'> | null {
  const s = parseJson(readText(LEGACY_KEYS[mode])) as (Partial<SavedLocal> & { solo?: SoloSetup; moves?: unknown[] }) | null;
  if (!s || typeof s !== 'object' || typeof s.seed !== 'string' || !Array.isArray(s.moves)) return null;
  if (mode === 'solo' && !s.setup && s.solo) {
    const human: Faction = s.solo.bot === 'R' ? 'I' : 'R';
    const moves = s.moves.map((a) => ({ seat: human, action: a as unknown as Action }));
    return withoutId(checkRecord({ id: 'x', seed: s.seed, setup: { mode: 'solo', solo: s.solo }, moves }));
  }
  if (s.setup?.mode !== mode) return null;
  return withoutId(checkRecord({ ...s, id: 'x' }));
}

function withoutId(rec: SavedLocal | null): Omit<SavedLocal, 'id'> | null {
  if (!rec) return null;
  const copy: Partial<SavedLocal> = { ...rec };
  delete copy.id;
  return copy as Omit<SavedLocal, 'id'>;
}

function sameGame(a: Omit<SavedLocal, 'id'>, b: SavedLocal): boolean {
  return a.seed === b.seed && JSON.stringify(a.moves) === JSON.stringify(b.moves) && a.setup.mode === b.setup.mode;
}

/** Moves every readable pre-issue-20 record into the keyed store; returns the ids they now have, by mode. */
export function migrateLegacy(keyOf: (id: string) => string): Partial<Record<LocalMode, string>> {
  const st = storage();
  const moved: Partial<Record<LocalMode, string>> = {};
  if (!st) return moved;
  for (const mode of LOCAL_MODES) {
    if (!st.getItem(LEGACY_KEYS[mode])) continue;
    const rec = readLegacy(mode);
    if (!rec) continue; // unreadable: nothing to offer, and nothing deleted
    for (let n = 1; n < 100; n++) {
      const id = legacyId(mode, n);
      const there = checkRecord(parseJson(readText(keyOf(id))));
      if (st.getItem(keyOf(id)) !== null && !(there && sameGame(rec, there))) continue; // another game: next id
      if (!there && !writeRecord(keyOf(id), { ...rec, id })) break; // storage full: the old key stays, tried again later
      try { st.removeItem(LEGACY_KEYS[mode]); } catch { /* kept twice rather than lost */ }
      moved[mode] = id;
      break;
    }
  }
  return moved;
}
