/**
 * A test socket of the Imperios namespace, shared by the Imperios integration tests (hand-over, time limits, clocks):
 * every state and table push it was sent, the newest state, and the refusals; and `until`, a poll of an
 * asynchronous condition (a read of what is stored).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, expect } from 'vitest';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { api, moveAction, waitFor } from './server-helpers';

/** What a state push carries that these tests read. */
export interface SentState {
  _stateID: number;
}

export class ImperiosClient<Sent extends SentState, TableMsg> {
  latest: Sent | null = null;
  states: Sent[] = [];
  tables: TableMsg[] = [];
  errors: string[] = [];
  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, ...args: unknown[]) => {
      if (event === 'mint:error') this.errors.push(JSON.stringify(args[1]));
      if (event === 'mint:table') this.tables.push(args[1] as TableMsg);
      const state = event === 'sync' ? (args[1] as { state: Sent }).state : event === 'update' ? (args[1] as Sent) : null;
      if (state) this.states.push(state);
      if (state && (!this.latest || state._stateID >= this.latest._stateID)) this.latest = state;
    });
  }

  static async open<S extends SentState, T>(url: string): Promise<ImperiosClient<S, T>> {
    const socket = io(`${url}/${IMPERIOS_NAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new ImperiosClient<S, T>(socket);
  }

  async sync(matchID: string, playerID: string, credentials: string): Promise<void> {
    this.socket.emit('sync', matchID, playerID, credentials, 4);
    await waitFor(() => this.latest !== null || this.errors.length > 0, 10_000, 'the sync answer');
    if (!this.latest) throw new Error(`sync refused: ${this.errors.join('; ')}`);
  }

  send(matchID: string, playerID: string, credentials: string, action: unknown, stateID: number): void {
    this.socket.emit('update', moveAction('act', [action], playerID, credentials), stateID, matchID, playerID);
  }
}

/** Polls an asynchronous condition (a read of what is stored) until it holds; fails after `timeoutMs`. */
export async function until(cond: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The servers of these tests run as in production (boardgame.io's per-move serialisability check walks all of G, and
 * its info lines print): NODE_ENV is 'production' for the file's tests, and as it was after them.
 */
export function productionNodeEnv(): void {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  afterAll(() => {
    process.env.NODE_ENV = previous;
  });
}

/** Joins every seat of an Imperios match through the lobby (each join must succeed): the seats' credentials. */
export async function joinEverySeat(base: string, matchID: string, seats: number): Promise<string[]> {
  const creds: string[] = [];
  for (let i = 0; i < seats; i++) {
    const r = await api(base, `/games/${IMPERIOS_NAME}/${matchID}/join`, { playerID: String(i), playerName: `Seat ${i}` });
    expect(r.status, r.text).toBe(200);
    creds.push(r.json.playerCredentials as string);
  }
  return creds;
}
