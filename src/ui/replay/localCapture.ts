/**
 * The record of a game played in this page (hot-seat, against the bot, two bots, solo). The in-page
 * boardgame.io master (Local multiplayer, src/ui/session/clients.ts) stores the full log of accepted moves with
 * their arguments, like the server's database; when the game is over the record is built from that log and the
 * seed of its initial state, as the server builds online records (src/game/bgioRecord.ts), re-run to check it,
 * then kept in localStorage (./localRecords.ts). The master's subscription gives each move's time. Nothing here is
 * sent anywhere, and nothing is built before the game ends (the seed is a secret until then, R8.3 item 9).
 *
 * This module (with the record module it re-runs the record with) is loaded only when a local game ends
 * (./useLocalRecord.ts): it is not part of the first load (issue 12, docs/BENCH.md "First load").
 */
import type { LogEntry, State } from 'boardgame.io';
import { recordFromBgio } from '../../game/bgioRecord';
import { verifyRecord, type GameRecord, type RecordPlayer, type RecordSource } from '../../game/record';
import type { GameState } from '../../game/rules';
import type { MasterLike } from './localMaster';

export { masterOf } from './localMaster';

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
