/**
 * Analyses kept so that reopening a record shows its analysis without re-running it: in memory for this page, and
 * in localStorage across visits, keyed by the record's fingerprint and the settings (./settings.ts). The storage
 * keeps only the newest few (an analysis is tens of kB and the saves and records share the same quota); a full
 * storage drops the oldest, then gives up quietly — the analysis stays in memory. Nothing here ever throws.
 */
import type { AnalysisSettings } from '../../ai/analysis';
import type { GameRecord } from '../../game/record';
import { analysisKey, recordKey, type ReplayAnalysis } from './settings';

export const ANALYSES_STORAGE_KEY = 'mint-imperium-analyses';
export const MAX_STORED_ANALYSES = 4;
const MAX_IN_MEMORY = 8;

interface Entry {
  key: string;
  record: string;
  savedAt: number;
  analysis: ReplayAnalysis;
}

type Rec = Pick<GameRecord, 'fingerprint' | 'actions'>;

const memory = new Map<string, Entry>();

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

const isAnalysis = (a: unknown): a is ReplayAnalysis => {
  const x = a as ReplayAnalysis | null;
  return !!x && typeof x === 'object' && Array.isArray(x.curve) && !!x.settings && typeof x.settings.iterations === 'number'
    && !!x.turningPoints && Array.isArray(x.turningPoints.R) && Array.isArray(x.turningPoints.I) && !!x.accuracy;
};

/** The stored entries, newest first; an entry of another shape (an older version, a hand edit) is left out. */
function stored(): Entry[] {
  try {
    const list: unknown = JSON.parse(storage()?.getItem(ANALYSES_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter((e): e is Entry => !!e && typeof e.key === 'string' && typeof e.record === 'string'
      && typeof e.savedAt === 'number' && isAnalysis(e.analysis));
  } catch {
    return [];
  }
}

function remember(e: Entry): void {
  memory.delete(e.key);
  memory.set(e.key, e);
  while (memory.size > MAX_IN_MEMORY) memory.delete(memory.keys().next().value!);
}

/** The analysis of this record with exactly these settings, or null. */
export function cachedAnalysis(rec: Rec, settings: AnalysisSettings): ReplayAnalysis | null {
  const key = analysisKey(rec, settings);
  const hit = memory.get(key) ?? stored().find((e) => e.key === key);
  if (!hit) return null;
  remember(hit);
  return hit.analysis;
}

/** The newest analysis of this record, whatever its settings (what reopening the record shows), or null. */
export function latestAnalysis(rec: Rec): ReplayAnalysis | null {
  const id = recordKey(rec);
  const all = [...memory.values(), ...stored()].filter((e) => e.record === id).sort((a, b) => b.savedAt - a.savedAt);
  return all[0]?.analysis ?? null;
}

export function storeAnalysis(rec: Rec, analysis: ReplayAnalysis, now = Date.now()): void {
  const entry: Entry = { key: analysisKey(rec, analysis.settings), record: recordKey(rec), savedAt: now, analysis };
  remember(entry);
  const s = storage();
  if (!s) return;
  let kept = [entry, ...stored().filter((e) => e.key !== entry.key)].slice(0, MAX_STORED_ANALYSES);
  // Full storage: drop the oldest analyses first, the new one last; the saves and records are never touched.
  while (kept.length > 0) {
    try {
      s.setItem(ANALYSES_STORAGE_KEY, JSON.stringify(kept));
      return;
    } catch {
      kept = kept.slice(0, -1);
    }
  }
  try {
    s.removeItem(ANALYSES_STORAGE_KEY);
  } catch {
    // nothing more to do: the analysis stays in memory
  }
}

/** Tests: forget the in-memory copies (the page's reload). */
export function clearMemoryCache(): void {
  memory.clear();
}
