/**
 * One server process, a match of two humans (no bot seat): once both players synced, a move reads nothing back
 * from storage — neither the hub (it keeps the match in memory) nor the bot driver, which used to read the whole
 * match after every move of every match (docs/SERVER.md "A cheaper move", step 1). A bot match still gets its bot
 * moves (the driver is woken when the match has a bot seat).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, joinMatch, matchWithPlayers, randomPlayer, startTestServer, waitFor, type TestServer } from './server-helpers';

describe('storage reads per move (one process, SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.dispose();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('a match without a bot seat: 40 moves, 0 reads of the match', async () => {
    // About one random game in 50 ends in round 1 (an Imperial occupation) before 20 moves: then another match.
    for (let tries = 1; tries <= 5; tries++) {
      if (await fortyMovesWithoutReads()) return;
    }
    throw new Error('5 random games in a row ended before 20 moves');
  }, 120_000);

  /** Plays a match of two random clients: false if it ended before 20 moves (nothing measured), else checks reads. */
  async function fortyMovesWithoutReads(): Promise<boolean> {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const players = [randomPlayer(server.url, matchID, 'R', creds['0']), randomPlayer(server.url, matchID, 'I', creds['1'])];
    try {
      for (const p of players) p.pause();
      await waitFor(() => players.every((p) => p.state() !== null), 10_000, 'both synced');
      const fetch = server.db.fetch.bind(server.db);
      const reads: string[] = [];
      // Where each read came from, for the failure message (session 12's CI saw one read once, cause unknown).
      const where: string[] = [];
      server.db.fetch = ((id: string, opts: object) => {
        if (id === matchID) {
          reads.push(JSON.stringify(opts));
          where.push(new Error('read').stack ?? '');
        }
        return fetch(id, opts as never);
      }) as typeof server.db.fetch;
      for (const p of players) p.resume();
      await waitFor(() => players.every((p) => (p.state()?._stateID ?? 0) >= 40 || p.state()?.ctx.gameover !== undefined), 30_000, '40 moves');
      server.db.fetch = fetch;
      if (players[0].state()!._stateID < 20) return false; // over in round 1: too few moves to tell
      expect(reads, where.join('\n')).toEqual([]);
      return true;
    } finally {
      for (const p of players) p.stop();
    }
  }

  it('a match with a bot seat: the bot still plays (its driver is woken after the human moves)', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2, bot: 'I', botKind: 'random' });
    const cred = await joinMatch(server.url, matchID, '0');
    const human = randomPlayer(server.url, matchID, 'R', cred);
    try {
      await waitFor(() => (human.state()?._stateID ?? 0) >= 30 || human.state()?.ctx.gameover !== undefined, 30_000, '30 moves with the bot');
      const s = (await server.db.fetch(matchID, { log: true })).log!;
      const byBot = s.filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === '1').length;
      expect(byBot).toBeGreaterThan(0);
    } finally {
      human.stop();
    }
  }, 60_000);
});
