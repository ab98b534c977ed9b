/**
 * (b) Restart safety: the server runs as a child process (`tsx server/main.ts`, PORT and a database from the
 * environment) and is killed with SIGKILL in the middle of a match, once while both players wait (the state
 * after the restart must equal the state before) and once while moves are flowing; each time it is started
 * again on the same database and port, both boardgame.io clients reconnect by themselves, re-sync, and finish
 * the game. Runs on a temporary SQLite file, and on PostgreSQL when DATABASE_URL is set.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import type { SqlStorage } from '../../server/storage';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild, type Child } from './child-server';
import {
  dropPgSchema, joinMatch, matchWithPlayers, PG_SKIP_REASON, PG_URL, pgSchemaName, randomPlayer, snapshot, tempDir, waitFor, waitForProgress,
  type Backend, type RandomPlayer,
} from './server-helpers';

if (!PG_URL) console.warn(`[server-restart.test] SKIPPING the PostgreSQL run: ${PG_SKIP_REASON}`);

const connected = (p: RandomPlayer) => (p.client.getState() as unknown as { isConnected?: boolean } | null)?.isConnected === true;

const backends: { backend: Backend; title: string; skip: boolean }[] = [
  { backend: 'sqlite', title: 'SQLite', skip: false },
  { backend: 'postgres', title: PG_URL ? 'PostgreSQL' : `PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`, skip: !PG_URL },
];

for (const { backend, title, skip } of backends) {
  describe.skipIf(skip)(`restart after SIGKILL on ${title}`, () => {
    const children: Child[] = [];
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const c of children) await kill(c);
      for (const f of cleanups) await f();
    });

    it('both clients reconnect, re-sync and finish; the state after the restart is the state before', async () => {
      let env: Record<string, string>;
      let reader: SqlStorage;
      if (backend === 'postgres') {
        const schema = pgSchemaName();
        env = { DATABASE_URL: PG_URL!, DB_SCHEMA: schema };
        reader = createStorage(PG_URL!, { schema });
        cleanups.push(() => dropPgSchema(schema));
      } else {
        const t = tempDir('mint-restart-');
        const file = join(t.dir, 'restart.sqlite');
        env = { DATABASE_URL: file };
        reader = createStorage(file);
        cleanups.push(t.remove);
      }
      cleanups.unshift(() => reader.close());
      const port = await freePort();
      env.PORT = String(port);
      const url = `http://localhost:${port}`;

      let child = await startChild(env);
      children.push(child);
      await reader.connect();
      const socketOpts = { reconnectionDelay: 100, reconnectionDelayMax: 300 };
      let matchID = '';
      let rebel!: RandomPlayer;
      let imperial!: RandomPlayer;
      let players: RandomPlayer[] = [];
      // A match against the server's random bot goes through the same crashes.
      const botMatch = (await (await fetch(`${url}/games/mint-imperium/create`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bot: 'I', botKind: 'random' }),
      })).json()).matchID as string;
      const botCreds = await joinMatch(url, botMatch, '0', 'Human');
      const human = randomPlayer(url, botMatch, 'R', botCreds, { socketOpts });
      const stateID = () => Math.min(...players.map((p) => p.state()?._stateID ?? -1));
      // What each client has seen (its state and whether it is connected): progress, and the diagnosis of a stall.
      const seen = () => players.map((p) => `${p.seat}: ${p.state()?._stateID ?? 'no state'}${connected(p) ? '' : ' (not connected)'}`);
      try {
        // 1. Play a while, then stop both players and let everything settle. About one random game in 50 ends in
        // round 1 (an Imperial occupation) before 30 moves: such a match is replaced by a new one.
        for (let tries = 1; ; tries++) {
          const m = await matchWithPlayers(url);
          matchID = m.matchID;
          rebel = randomPlayer(url, matchID, 'R', m.creds['0'], { socketOpts });
          imperial = randomPlayer(url, matchID, 'I', m.creds['1'], { socketOpts });
          players = [rebel, imperial];
          const ended = () => players.some((p) => p.state()?.ctx.gameover !== undefined);
          await waitForProgress(() => stateID() >= 30 || ended(), seen, 30_000, '30 moves');
          if (!ended()) break;
          for (const p of players) p.stop();
          if (tries === 5) throw new Error('5 random games in a row ended before 30 moves');
        }
        for (const p of players) p.pause();
        let settled = -1;
        await waitFor(() => {
          const ids = players.map((p) => p.state()!._stateID);
          const same = ids[0] === ids[1] && ids[0] === settled;
          settled = ids[0] === ids[1] ? ids[0] : -1;
          return same;
        }, 5000, 'the clients to agree');
        await new Promise((r) => setTimeout(r, 200));
        const before = await snapshot(reader, matchID);
        expect(before.state!._stateID).toBe(stateID());

        // 2. SIGKILL: nothing is lost or changed.
        await kill(child);
        await waitFor(() => players.every((p) => !connected(p)), 5000, 'the clients to notice');
        expect(await snapshot(reader, matchID)).toEqual(before);

        // 3. Start again on the same database and port: the clients reconnect and get the same state back.
        child = await startChild(env);
        children.push(child);
        await waitFor(() => players.every(connected), 15_000, 'the clients to reconnect');
        await waitFor(() => players.every((p) => p.state()!._stateID === before.state!._stateID), 5000, 're-sync');
        const afterRestart = await snapshot(reader, matchID);
        expect(afterRestart.state).toEqual(before.state);
        expect(afterRestart.log).toEqual(before.log);
        expect(afterRestart.initialState).toEqual(before.initialState);
        for (const p of players) expect(p.state()!.G).toEqual(viewFor(before.state!.G, p.seat));

        // 4. Play on, and kill it again while moves are flowing.
        for (const p of players) p.resume();
        const target = before.state!._stateID + 20;
        const over = () => players.some((p) => p.state()?.ctx.gameover !== undefined);
        await waitForProgress(() => stateID() >= target || over(), seen, 30_000,
          `20 more moves (clients at ${players.map((p) => `${p.state()?._stateID} ${p.state()?.G.pending?.seat} ${connected(p)}`).join(', ')})`);
        const overAtKill = over(); // a short random game may end first: then the kill is after the end
        await kill(child);
        const atKill = await snapshot(reader, matchID);
        child = await startChild(env);
        children.push(child);

        // 5. Reconnect, re-sync, finish the game.
        const [r, i] = await Promise.all([rebel.finished, imperial.finished]);
        const end = await snapshot(reader, matchID);
        if (!overAtKill) expect(end.state!._stateID).toBeGreaterThan(atKill.state!._stateID);
        expect(end.state!.ctx.gameover).toBeDefined();
        expect(end.metadata.gameover).toEqual(end.state!.ctx.gameover);
        expect(r.G).toEqual(viewFor(end.state!.G, 'R'));
        expect(i.G).toEqual(viewFor(end.state!.G, 'I'));
        // Across both crashes: exactly one log entry per accepted move.
        expect(end.log!.filter((e) => e.action.type === 'MAKE_MOVE').length).toBe(end.state!._stateID);
        expect(end.log!.slice(0, atKill.log!.length)).toEqual(atKill.log);

        // The bot match was resumed after each restart and finished too.
        const h = await human.finished;
        const botEnd = await snapshot(reader, botMatch);
        expect(botEnd.state!.ctx.gameover).toBeDefined();
        expect(h.G).toEqual(viewFor(botEnd.state!.G, 'R'));
        expect(botEnd.log!.filter((e) => e.action.type === 'MAKE_MOVE').length).toBe(botEnd.state!._stateID);
      } finally {
        for (const p of players) p.stop();
        human.stop();
        await kill(child);
      }
    });
  });
}
