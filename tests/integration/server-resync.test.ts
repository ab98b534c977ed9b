/**
 * A socket that syncs its match again (a reconnect's second sync, or a sync after a refusal) keeps receiving the
 * match's updates, also when it is the match's only socket on this server, as each player's socket is in a
 * two-process cluster. The clean-clone CI of session 11 caught the hub forgetting the match's game in between (its
 * room was empty for a moment), after which nothing was sent: the load test's matches stalled after an outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/rules';
import { legalActions } from '../../src/game/rules';
import { moveOf } from '../../src/protocol';
import { matchWithPlayers, moveAction, rawClient, rawSync, startTestServer, type RawClient, type TestServer } from './server-helpers';

describe('a socket synced twice, alone in its match', () => {
  let server: TestServer;
  const sockets: RawClient[] = [];
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.dispose();
  });

  it('still gets the update of a move made by the other seat from a socket that never synced', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const rebel = await rawClient(server.url);
    const imperial = await rawClient(server.url);
    sockets.push(rebel, imperial);
    await rawSync(rebel, matchID, '0', creds['0']);
    await rawSync(rebel, matchID, '0', creds['0']); // the same socket again: unregistered, then registered
    const { state } = await server.db.fetch(matchID, { state: true });
    const s = state as { G: GameState; _stateID: number };
    expect(s.G.pending?.seat).toBe('I');
    const m = moveOf(legalActions(s.G, 'I')[0]!);
    const update = rebel.next(['update', 'mint:update'], 10_000);
    imperial.socket.emit('update', moveAction(m.move, m.args, '1', creds['1']), s._stateID, matchID, '1');
    const [event, id] = await update;
    expect([event, id]).toEqual(['update', matchID]);
    expect(server.errors).toEqual([]);
  });
});
