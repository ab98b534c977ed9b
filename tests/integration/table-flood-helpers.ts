/**
 * Helpers of the `/table` flood tests (issue 19 item 4): lobby calls from another loopback address (as from another
 * host: the per-address budgets see it), a counter of /metrics, and moves of a match played over raw sockets with
 * their round trips timed.
 */
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { MintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { GAME, moveAction, rawUpdate, waitFor, type RawClient } from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

export interface Answer { status: number; json: any; headers: Record<string, string | string[] | undefined> }

/** POST JSON from `localAddress` (127.0.0.x), a new connection each time. */
export function postFrom(base: string, path: string, body: unknown, localAddress: string): Promise<Answer> {
  const url = new URL(path, base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** A `/table` call from `localAddress`. */
export function tableFrom(base: string, matchID: string, body: unknown, localAddress: string): Promise<Answer> {
  return postFrom(base, `/games/${GAME}/${matchID}/table`, body, localAddress);
}

/** A counter of GET /metrics, summed over the servers at `urls`. */
export async function metric(urls: string[], name: string): Promise<number> {
  let n = 0;
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const m = new RegExp(`^${name} (\\d+)`, 'm').exec(text);
    if (!m) throw new Error(`no ${name} in ${url}/metrics`);
    n += Number(m[1]);
  }
  return n;
}

interface WireState { G: GameState; ctx: { gameover?: unknown }; _stateID: number }

/** The newest state a raw socket received of a match (sync or update). */
export function viewOf(c: RawClient, matchID: string): WireState {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i];
    if (m[0] === 'update' && m[1] === matchID) return m[2] as WireState;
    if (m[0] === 'sync' && m[1] === matchID) return (m[2] as { state: WireState }).state;
  }
  throw new Error('no state received yet');
}

/**
 * Play up to `n` random legal moves, each by the seat the game waits for, over its raw socket; each round trip
 * (sent → its update received) goes to `times`; waits until both sockets have each new state. Returns the refusals.
 */
export async function playMoves(sockets: Record<'0' | '1', RawClient>, creds: Record<'0' | '1', string>, matchID: string,
  n: number, times: number[]): Promise<string[]> {
  const refusals: string[] = [];
  for (let i = 0; i < n; i++) {
    const seen = viewOf(sockets['0'], matchID);
    const pending = seen.G.pending?.seat;
    if (seen.ctx.gameover !== undefined || !pending) break;
    const id = pending === 'R' ? '0' : '1';
    const s = viewOf(sockets[id], matchID);
    const options = enumerate(s.G, s.ctx, id);
    const pick = options[randomInt(options.length)];
    const t0 = performance.now();
    const answer = await rawUpdate(sockets[id], moveAction(pick.move, pick.args, id, creds[id]), s._stateID, matchID, id);
    times.push(performance.now() - t0);
    if (answer[0] !== 'update') {
      refusals.push(JSON.stringify(answer[2]));
      continue;
    }
    const next = (answer[2] as WireState)._stateID;
    await waitFor(() => viewOf(sockets['0'], matchID)._stateID >= next && viewOf(sockets['1'], matchID)._stateID >= next, 10_000, 'both seats on the new state');
  }
  return refusals;
}
