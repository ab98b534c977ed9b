/**
 * The record of a game played in this page (hot-seat, against the bot, two bots, solo). The in-page
 * boardgame.io master (Local multiplayer, src/ui/session/clients.ts) stores the full log of accepted moves with
 * their arguments, like the server's database; when the game is over the record is built from that log and the
 * seed of its initial state, as the server builds online records (src/game/bgioRecord.ts), re-run to check it,
 * then kept in localStorage (./localRecords.ts). The master's subscription gives each move's time. Nothing here is
 * sent anywhere, and nothing is built before the game ends (the seed is a secret until then, R8.3 item 9).
 */
import { useEffect, useState } from 'react';
import type { LogEntry, State } from 'boardgame.io';
import { recordFromBgio } from '../../game/bgioRecord';
import { verifyRecord, type GameRecord, type RecordPlayer, type RecordSource } from '../../game/record';
import type { GameState } from '../../game/rules';
import type { GameClient, LocalMatch } from '../session/clients';
import { saveRecord, type StoredRecord } from './localRecords';

interface LogEntryLike {
  action?: { type?: string; payload?: { type?: string; args?: unknown[]; playerID?: string } };
  _stateID?: number;
}

interface StoredMatch {
  state?: { G: GameState; ctx: { gameover?: unknown }; _stateID: number };
  initialState?: { plugins?: { random?: { data?: { seed?: unknown } } } };
  log?: LogEntryLike[];
}

/** The part of boardgame.io's in-page master used here (LocalMaster: a Master on InMemory storage). */
interface MasterLike {
  storageAPI: { fetch(matchID: string, opts: Record<string, boolean>): StoredMatch };
  subscribe(fn: (arg: { state: { ctx: { gameover?: unknown }; _stateID: number }; matchID: string }) => void): void;
}

/** The in-page master behind a Local client (boardgame.io keeps it on the client's transport). */
export function masterOf(client: GameClient): MasterLike | null {
  const m = (client as unknown as { transport?: { master?: unknown } }).transport?.master as MasterLike | undefined;
  return m && typeof m.subscribe === 'function' && m.storageAPI && typeof m.storageAPI.fetch === 'function' ? m : null;
}

/**
 * The record of a finished in-page match, or an error (not over, no seed, a log that does not re-run). Built like
 * the server's (recordFromBgio), then re-run (verifyRecord): a capture that would not replay is never saved.
 */
export function recordOfMaster(master: MasterLike, matchID: string, meta: LocalRecordMeta, times = new Map<number, number>()):
GameRecord | { error: string } {
  const stored = master.storageAPI.fetch(matchID, { state: true, log: true, initialState: true });
  if (!stored.state?.G?.winner) return { error: 'the game is not over' };
  if (!stored.initialState) return { error: 'no initial state' };
  const now = Date.now();
  const rec = recordFromBgio({
    initialState: stored.initialState as unknown as State<GameState>, state: stored.state as unknown as State<GameState>,
    log: (stored.log ?? []) as LogEntry[], players: meta.players, startedAt: meta.startedAt, finishedAt: now,
    source: meta.source, timeOf: (entry) => times.get((entry as { _stateID?: number })._stateID ?? -1) ?? now,
  });
  if ('error' in rec) return rec;
  const check = verifyRecord(rec);
  return check.ok ? rec : { error: `the record does not re-run: ${check.message}` };
}

export interface LocalRecordMeta {
  source: RecordSource;
  players: [RecordPlayer, RecordPlayer];
  startedAt: number;
}

/**
 * For a local game screen: once the match is over, its record saved in this browser (null until then, or if the
 * record could not be made). `client` is any client of the match (all share one master).
 */
export function useLocalRecord(match: LocalMatch | null, client: GameClient | null, meta: Omit<LocalRecordMeta, 'startedAt'>): StoredRecord | null {
  const [saved, setSaved] = useState<StoredRecord | null>(null);
  const key = JSON.stringify(meta);
  useEffect(() => {
    const master = client ? masterOf(client) : null;
    if (!match || !master) return undefined;
    const m = { ...(JSON.parse(key) as Omit<LocalRecordMeta, 'startedAt'>), startedAt: Date.now() };
    const times = new Map<number, number>();
    let live = true;
    let done = false;
    master.subscribe(({ state, matchID }) => {
      times.set(state._stateID - 1, Date.now());
      if (done || state.ctx.gameover === undefined) return;
      done = true;
      // The master stores the new state after telling its subscriber: build the record just after.
      setTimeout(() => {
        if (!live) return;
        const rec = recordOfMaster(master, matchID, m, times);
        if ('error' in rec) {
          console.warn(`no record of this game: ${rec.error}`);
          return;
        }
        setSaved(saveRecord(rec));
      }, 0);
    });
    return () => { live = false; master.subscribe(() => {}); };
  }, [match, client, key]);
  return saved;
}
