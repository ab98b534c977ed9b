/**
 * Records of finished local games (hot-seat, against the bot, two bots, solo) in this browser's localStorage:
 * the last 20, newest first; the oldest is dropped when a 21st arrives (or when the storage is full). Only
 * finished games are kept — their seed and secrets are no longer secret (RULES R8.3 item 9). Also: a record as
 * a downloadable JSON file, and a file read back (checked strictly by parseRecordText).
 *
 * The record module (src/game/record.ts) is loaded only when a file is read: the start screen lists the records
 * without it, so it is not part of the first load (issue 12, docs/BENCH.md "First load").
 */
import type { GameRecord } from '../../game/record';
import type { ImperiosRecord } from '../../games/imperios/record';
import { downloadJson } from '../download';

export const RECORDS_STORAGE_KEY = 'mint-imperium-records';
export const MAX_LOCAL_RECORDS = 20;

export interface StoredRecord {
  /** Stable id in this browser (used in `?replay=local-<id>`). */
  id: string;
  savedAt: number;
  record: GameRecord;
}

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** The stored records, newest first. Entries that no longer parse are left out. */
export function listRecords(): StoredRecord[] {
  const raw = storage()?.getItem(RECORDS_STORAGE_KEY);
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter((e): e is StoredRecord => !!e && typeof e === 'object' && typeof (e as StoredRecord).id === 'string'
    && typeof (e as StoredRecord).savedAt === 'number' && !!(e as StoredRecord).record);
}

export function loadRecord(id: string): StoredRecord | null {
  return listRecords().find((e) => e.id === id) ?? null;
}

/** A record's identity: the same game saved twice (a re-render, a reload of the end screen) is stored once. */
function sameGame(a: GameRecord, b: GameRecord): boolean {
  return a.seed === b.seed && a.startedAt === b.startedAt && a.actions.length === b.actions.length && a.fingerprint === b.fingerprint;
}

function newId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.getRandomValues) return Array.from(c.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
  return Math.random().toString(16).slice(2, 14);
}

/** Keep a finished game's record (newest first, at most 20). Returns its entry, or null without storage. */
export function saveRecord(record: GameRecord, now = Date.now()): StoredRecord | null {
  const s = storage();
  if (!s) return null;
  const list = listRecords();
  const found = list.find((e) => sameGame(e.record, record));
  if (found) return found;
  const entry: StoredRecord = { id: newId(), savedAt: now, record };
  let kept = [entry, ...list].slice(0, MAX_LOCAL_RECORDS);
  // A full storage drops the oldest records first (the new one last of all).
  for (;;) {
    try {
      s.setItem(RECORDS_STORAGE_KEY, JSON.stringify(kept));
      return entry;
    } catch {
      if (kept.length <= 1) return null;
      kept = kept.slice(0, -1);
    }
  }
}

export function deleteRecord(id: string): void {
  const s = storage();
  if (!s) return;
  s.setItem(RECORDS_STORAGE_KEY, JSON.stringify(listRecords().filter((e) => e.id !== id)));
}

/** A file name for a record: mint-imperium-<source>-<date>-<time>.json (UTC). */
export function recordFileName(rec: GameRecord): string {
  const d = new Date(rec.finishedAt ?? rec.startedAt);
  const stamp = Number.isNaN(d.getTime()) ? 'game' : d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `mint-imperium-${rec.source}${rec.matchID ? `-${rec.matchID}` : ''}-${stamp}.json`;
}

/** Offer the record as a JSON file download. */
export function downloadRecord(rec: GameRecord): void {
  downloadJson(recordFileName(rec), rec);
}

/**
 * A record file chosen by the player: the record, or what is wrong with the file. A record of Imperios Milenarios
 * (`"game": "imperios"`, Mint's say `"mint-imperium"`) is checked by that game's lazy chunk, which shows it too.
 */
export async function readRecordFile(file: Blob): Promise<GameRecord | ImperiosRecord | { error: string }> {
  if (file.size > 20_000_000) return { error: 'This file is too large to be a game record.' };
  const text = await file.text();
  const body = parsed(text);
  if (typeof body === 'object' && body !== null && (body as { game?: unknown }).game === 'imperios') {
    const { checkImperiosRecord } = await import('../imperios/ImperiosScreen');
    return checkImperiosRecord(body);
  }
  const { parseRecordText } = await import('../../game/record');
  const r = parseRecordText(text);
  if ('error' in r) return { error: `This is not a game record this version can open: ${r.error}.` };
  if (!r.result) return { error: 'This record is of an unfinished game.' };
  return r;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // Mint's parser says what is wrong with it
  }
}
