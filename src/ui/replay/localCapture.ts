/**
 * The record of a game played in this page (hot-seat, against the bot, two bots, solo). The in-page
 * boardgame.io master (Local multiplayer, src/ui/session/clients.ts) stores the full log of accepted moves with
 * their arguments, like the server's database; when the game is over the record is built from that log and the
 * seed of its initial state (recordFromGame re-runs it, so a capture that would not replay is never saved), then
 * kept in localStorage (./localRecords.ts). The master's subscription gives each move's time. Nothing here is
 * sent anywhere, and nothing is built before the game ends (the seed is a secret until then, R8.3 item 9).
 */
import { useEffect, useState } from 'react';
import { seatOf } from '../../game';
import { recordFromGame, type GameRecord, type RecordAction, type RecordPlayer, type RecordSource } from '../../game/record';
import type { Action, GameState } from '../../game/rules';
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

/** The core actions of a boardgame.io log: every MAKE_MOVE as `{ type, ...args[0] }` by its seat, in order. */
export function actionsOfLog(log: LogEntryLike[], times: Map<number, number>, fallback: number): RecordAction[] | { error: string } {
  const out: RecordAction[] = [];
  for (const entry of log) {
    const a = entry.action;
    if (a?.type !== 'MAKE_MOVE') continue;
    const p = a.payload ?? {};
    const seat = seatOf(p.playerID);
    if (!seat || typeof p.type !== 'string') return { error: 'a move without a seat in the log' };
    const arg = Array.isArray(p.args) && p.args.length > 0 && p.args[0] && typeof p.args[0] === 'object' ? p.args[0] as object : {};
    out.push({ seat, action: { ...arg, type: p.type } as Action, at: times.get(entry._stateID ?? -1) ?? fallback });
  }
  return out;
}

/** The record of a finished in-page match, or an error (not over, no seed, a log that does not re-run). */
export function recordOfMaster(master: MasterLike, matchID: string, meta: LocalRecordMeta, times = new Map<number, number>()):
GameRecord | { error: string } {
  const stored = master.storageAPI.fetch(matchID, { state: true, log: true, initialState: true });
  const G = stored.state?.G;
  if (!G?.winner) return { error: 'the game is not over' };
  const seed = stored.initialState?.plugins?.random?.data?.seed;
  if (typeof seed !== 'string') return { error: 'no seed in the match' };
  const actions = actionsOfLog(stored.log ?? [], times, Date.now());
  if ('error' in actions) return actions;
  return recordFromGame({
    seed, config: G.config, solo: G.solo ? { bot: G.solo.bot, difficulty: G.solo.difficulty } : null,
    players: meta.players, actions, startedAt: meta.startedAt, source: meta.source,
  });
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
