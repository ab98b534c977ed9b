/**
 * The board's online session (src/ui/online/socketClient.ts) comes back after the server closes its socket, over
 * real sockets on a real server. socket.io does not reconnect after a server-side disconnect, so before this a
 * page the server dropped (its unread output over the bound on a slow machine, too many refusals) or refused at
 * the handshake (too many sockets from its address) said "Reconnecting…" for ever, or showed a fatal error, and
 * missed the rest of the game: the stall of tests/e2e/online.test.ts (sessions 7 and 8), where both pages share
 * 127.0.0.1 and so its budgets.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import { createOnlineSession, type OnlineSession } from '../../src/ui/online/socketClient';
import { matchWithPlayers, rawClient, startTestServer, waitFor, type TestServer } from './server-helpers';

const servers: TestServer[] = [];
const sessions: OnlineSession[] = [];
afterAll(async () => {
  for (const s of sessions) s.stop();
  for (const s of servers) {
    await s.dispose();
    expect(s.errors).toEqual([]);
  }
});

type RawSocket = { emit(e: string, ...a: unknown[]): void; on(e: string, fn: (...a: unknown[]) => void): void };
const socketOf = (s: OnlineSession) => (s.client as unknown as { transport: { socket: RawSocket } }).transport.socket;

function session(server: TestServer, matchID: string, playerID: string, credentials: string): OnlineSession {
  const s = createOnlineSession({ server: server.url, matchID, playerID, credentials });
  sessions.push(s);
  return s;
}

describe('the online session reconnects after the server closes its socket', () => {
  it('dropped for refusals, it connects again by itself and has the match again', async () => {
    // One refusal allowed, the second drops the socket (server/match/transport.ts overBudget).
    const server = await startTestServer('sqlite', {
      socketLimits: { ...UNLIMITED_SOCKETS, otherPerSocket: { max: 1, windowMs: 60_000 }, strikes: { max: 1, windowMs: 60_000 } },
    });
    servers.push(server);
    const { matchID, creds } = await matchWithPlayers(server.url);
    const a = session(server, matchID, '0', creds['0']);
    await waitFor(() => a.status() === 'connected', 15_000, 'A connected');
    const drops: unknown[] = [];
    socketOf(a).on('disconnect', (reason) => drops.push(reason));
    for (let i = 0; i < 4; i++) socketOf(a).emit('junk', i);
    await waitFor(() => drops.length > 0, 10_000, 'the server to drop the socket');
    // The server terminates the transport ('transport close', socket.io retries by itself) or, when the close
    // frame gets through first, disconnects it ('io server disconnect': only the session's own pause retries).
    expect(['transport close', 'io server disconnect']).toContain(drops[0]);
    await waitFor(() => a.status() === 'connected', 15_000, 'A connected again');
    expect(a.fatal()).toBeNull();
    expect(a.client.getState()?.G).toBeTruthy();
  });

  it('refused at the handshake (too many sockets from its address), it connects once a slot is free', async () => {
    const server = await startTestServer('sqlite', { socketLimits: { ...UNLIMITED_SOCKETS, maxSocketsPerAddress: 1 } });
    servers.push(server);
    const { matchID, creds } = await matchWithPlayers(server.url);
    const other = await rawClient(server.url); // holds the address's only slot
    const b = session(server, matchID, '1', creds['1']);
    const refusals: unknown[] = [];
    socketOf(b).on('mint:error', (...args) => refusals.push(args[1]));
    await waitFor(() => refusals.length > 0, 10_000, 'the refusal');
    expect(refusals[0]).toMatchObject({ event: 'connect', error: 'too many connections from this address' });
    expect(b.fatal()).toBeNull(); // not the end of the session: the address is busy for now
    other.close();
    await waitFor(() => b.status() === 'connected', 20_000, 'B connected once the slot is free');
    expect(b.fatal()).toBeNull();
    expect(b.client.getState()?.G).toBeTruthy();
  });
});
