/**
 * For a local game screen: once the match is over, its record saved in this browser (null until then, or if the
 * record could not be made). `client` is any client of the match (all share one master).
 *
 * The record is built and re-run by ./localCapture.ts, loaded here only when the game ends: it brings the record
 * module (src/game/record.ts), which no one needs before then, so it stays out of the first load (issue 12).
 */
import { useEffect, useState } from 'react';
import type { RecordPlayer, RecordSource } from '../../game/record';
import type { GameClient, LocalMatch } from '../session/clients';
import { masterOf } from './localMaster';
import { saveRecord, type StoredRecord } from './localRecords';

export function useLocalRecord(match: LocalMatch | null, client: GameClient | null,
  meta: { source: RecordSource; players: [RecordPlayer, RecordPlayer] }): StoredRecord | null {
  const [saved, setSaved] = useState<StoredRecord | null>(null);
  const key = JSON.stringify(meta);
  useEffect(() => {
    const master = client ? masterOf(client) : null;
    if (!match || !master) return undefined;
    const m = { ...(JSON.parse(key) as typeof meta), startedAt: Date.now() };
    const times = new Map<number, number>();
    let live = true;
    let done = false;
    master.subscribe(({ state, matchID }) => {
      times.set(state._stateID - 1, Date.now());
      if (done || state.ctx.gameover === undefined) return;
      done = true;
      // The master stores the new state after telling its subscriber: build the record just after.
      setTimeout(() => {
        void import('./localCapture').then(({ recordOfMaster }) => {
          if (!live) return;
          const rec = recordOfMaster(master, matchID, m, times);
          if ('error' in rec) {
            console.warn(`no record of this game: ${rec.error}`);
            return;
          }
          setSaved(saveRecord(rec));
        }, (e: unknown) => console.warn(`no record of this game: ${String(e)}`));
      }, 0);
    });
    return () => { live = false; master.subscribe(() => {}); };
  }, [match, client, key]);
  return saved;
}
