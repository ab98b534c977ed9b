/**
 * Issue 10: the server's own deadlines (server/table-timer.ts) survive a restart — they are re-armed from what is
 * stored when the server starts, so a clock that runs out or a seat that passes the disconnect limit while the
 * server is down (or right after it came back) is noticed with no socket and no move:
 * - in-process, with the injected time: a live clock runs out between a stop and a start → the new server stores
 *   the expiry and logs `clockExpired` by itself;
 * - a real child server (`tsx server/main.ts`, ABANDON_MS=3000) killed with SIGKILL right after a seat went away:
 *   after the restart the `seatAbandoned` line comes with no socket connected, and the opponent's first sync gets
 *   the table with the seat abandoned.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { GameState } from '../../src/game/rules';
import type { MatchEvent } from '../../server/events';
import { startServer } from '../../server';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild } from './child-server';
import { api, GAME, joinMatch, rawClient, rawSync, tempDir, waitFor, type RawClient } from './server-helpers';

const MIN = 60_000;

describe('deadlines re-armed from storage on start', () => {
  it('a live clock that ran out while the server was stopped is noticed by the next server alone', async () => {
    const dir = tempDir('mint-timer-resume-');
    const file = join(dir.dir, 'timer.sqlite');
    let now = 1_900_000_000_000;
    const events: MatchEvent[] = [];
    const opts = {
      port: 0, databaseUrl: file, staticDir: null, cleanupIntervalMs: 0, rateLimit: false as const, lobbyLimits: false as const,
      now: () => now, tableTickMs: 20, events: (e: MatchEvent) => events.push(e), bots: { minDelayMs: 0 },
    };
    let s = await startServer(opts);
    try {
      const r = await api(s.url, `/games/${GAME}/create`, { clock: { kind: 'live', bankMs: MIN, incrementMs: 0 } });
      const matchID = r.json.matchID as string;
      await joinMatch(s.url, matchID, '0');
      await joinMatch(s.url, matchID, '1');
      await s.stop();
      now += MIN + 1;
      s = await startServer(opts);
      await waitFor(() => events.some((e) => e.event === 'clockExpired' && e.matchID === matchID), 5000, 'the expiry');
      const { metadata, state } = await s.db.fetch(matchID, { metadata: true, state: true });
      const late = (state as State<GameState>).G.pending!.seat === 'R' ? '0' : '1';
      expect((metadata as unknown as { clock: { expired?: string } }).clock.expired).toBe(late);
    } finally {
      await s.stop();
      dir.remove();
    }
  });

  it('SIGKILL right after a seat went away: after the restart the absence is reported with no socket, then pushed', async () => {
    const dir = tempDir('mint-timer-restart-');
    const file = join(dir.dir, 'restart.sqlite');
    const port = await freePort();
    const env = { DATABASE_URL: file, PORT: String(port), ABANDON_MS: '3000' };
    const url = `http://localhost:${port}`;
    let child = await startChild(env);
    const sockets: RawClient[] = [];
    const reader = createStorage(file);
    try {
      const r = await api(url, `/games/${GAME}/create`, {});
      const matchID = r.json.matchID as string;
      const creds = { '0': await joinMatch(url, matchID, '0'), '1': await joinMatch(url, matchID, '1') };
      for (const id of ['0', '1'] as const) {
        const c = await rawClient(url);
        sockets.push(c);
        await rawSync(c, matchID, id, creds[id]);
      }
      sockets[1].close();
      const awaySince = async () => ((await reader.fetch(matchID, { metadata: true })).metadata?.players[1] as { isConnected?: boolean; awaySince?: number });
      const start = Date.now();
      while ((await awaySince()).isConnected !== false) {
        if (Date.now() - start > 3000) throw new Error('the disconnect was not stored');
        await new Promise((res) => setTimeout(res, 10));
      }
      await kill(child); // well before the 3 s limit: the old process never reported it
      expect(child.output.join('')).not.toContain('"seatAbandoned"');
      child = await startChild(env);
      const line = `"event":"seatAbandoned","matchID":"${matchID}","playerID":"1"`;
      await waitFor(() => child.output.join('').includes(line), 10_000, 'the seatAbandoned line after the restart');
      const c = await rawClient(url);
      sockets.push(c);
      const table = c.next(['mint:table'], 10_000);
      await rawSync(c, matchID, '0', creds['0']);
      const [, , view] = await table as [string, string, { abandoned: string[]; away: Record<string, number> }];
      expect(view.abandoned).toEqual(['1']);
      expect(view.away['1']).toBe((await awaySince()).awaySince);
      const h = await api(url, `/games/${GAME}/${matchID}/table`, { playerID: '0', credentials: creds['0'], action: 'handToBot' });
      expect(h.status, h.text).toBe(200);
    } finally {
      for (const x of sockets) x.close();
      await kill(child);
      await reader.close();
      dir.remove();
    }
  }, 60_000);
});
