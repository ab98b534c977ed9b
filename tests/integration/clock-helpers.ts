/**
 * Helpers of the clock and rematch tests of issue 19 (server-clock-attacks, server-rematch-clock): a clocked match
 * with both players seated, the stored state and metadata, the pending seat's first legal move from its own view
 * (or a named one) sent over its raw socket, and the table route.
 */
import { expect } from 'vitest';
import type { State } from 'boardgame.io';
import { MintImperium, playerOf } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { api, GAME, joinMatch, moveAction, rawClient, rawSync, rawUpdate, snapshot, type RawClient, type TestServer } from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

export const MIN = 60_000;
export const other = (id: string) => (id === '0' ? '1' : '0');

export interface Table {
  matchID: string;
  creds: Record<string, string>;
  sockets: Record<string, RawClient>;
}

export function clockTools(server: () => TestServer, open: RawClient[]) {
  const client = async (): Promise<RawClient> => {
    const c = await rawClient(server().url);
    open.push(c);
    return c;
  };

  const stored = async (matchID: string) => {
    const s = await snapshot(server().db, matchID);
    return { state: s.state as State<GameState>, metadata: s.metadata, log: s.log };
  };

  /** A match created with `clock`, both seats joined; sockets synced for the seats in `connect`. */
  const seatedMatch = async (clock: unknown, connect: string[] = ['0', '1']): Promise<Table> => {
    const r = await api(server().url, `/games/${GAME}/create`, clock ? { clock } : {});
    expect(r.status, r.text).toBe(200);
    const matchID = r.json.matchID as string;
    const creds: Record<string, string> = { '0': await joinMatch(server().url, matchID, '0'), '1': await joinMatch(server().url, matchID, '1') };
    const sockets: Record<string, RawClient> = {};
    for (const id of connect) {
      sockets[id] = await client();
      await rawSync(sockets[id], matchID, id, creds[id]);
    }
    return { matchID, creds, sockets };
  };

  const pendingID = async (matchID: string) => playerOf((await stored(matchID)).state.G.pending!.seat);

  /**
   * The pending seat's move over its socket: `pick` chooses among its legal moves (default the first), or names
   * one ({ move: 'undo' }). Returns the seat and the answer for this move.
   */
  const play = async (t: Table, pick?: string | { move: string; args: unknown[] }) => {
    const { state } = await stored(t.matchID);
    const seat = state.G.pending!.seat;
    const id = playerOf(seat);
    const moves = enumerate(viewFor(state.G, seat), state.ctx, id);
    const m = typeof pick === 'object' ? pick : pick ? moves.find((x) => x.move === pick) : moves[0];
    if (!m) throw new Error(`no ${String(pick)} move for ${id}`);
    const c = t.sockets[id];
    let answer = await rawUpdate(c, moveAction(m.move, m.args, id, t.creds[id]), state._stateID, t.matchID, id);
    // A broadcast of an earlier move may still be on its way to this socket: wait for this move's own answer.
    while (answer[0] === 'update' && (answer[2] as { _stateID: number })._stateID <= state._stateID) answer = await c.next(['update', 'mint:error']);
    return { id, answer };
  };

  const table = (matchID: string, action: string, playerID: string, credentials: string) =>
    api(server().url, `/games/${GAME}/${matchID}/table`, { playerID, credentials, action });

  const playAgain = (matchID: string, playerID: string, credentials: string) =>
    api(server().url, `/games/${GAME}/${matchID}/playAgain`, { playerID, credentials });

  return { client, stored, seatedMatch, pendingID, play, table, playAgain };
}
