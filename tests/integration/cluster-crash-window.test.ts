/**
 * Several processes: a process dies between a state write and its publish (docs/SERVER.md "Known limits", the
 * stall of loadtest-failure). Process A is told to SIGKILL itself right after its first state write
 * (FAULT_KILL_AFTER_STATE_WRITES=1, server/index.ts), before it sends or publishes anything. The Rebel makes the move
 * that hands the turn to the Imperial through A; the Imperial's socket sits on process B, which never hears of that
 * state. The Rebel reconnects to a restarted A and syncs: B's Imperial socket must then get the stored state and the
 * game goes on. Before the fix the Imperial waited for ever (a stuck match). Needs PostgreSQL and Redis.
 */
import type { State } from 'boardgame.io';
import { afterAll, describe, expect, it } from 'vitest';
import { MintImperium } from '../../src/game';
import { applyLegal, cloneState, findLegal, needsAdvance, run, seededRng, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { actionOf } from '../../src/protocol';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild, type Child } from './child-server';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import {
  createMatch, dropPgSchema, joinMatch, moveAction, PG_SKIP_REASON, PG_URL, pgSchemaName, rawClient, waitFor, type RawClient,
} from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;

/** The newest state a raw client was sent (by sync or update), or -1. */
function newestSeen(c: RawClient): number {
  let n = -1;
  for (const [event, , body] of c.received) {
    const s = event === 'sync' ? (body as { state?: State })?.state : event === 'update' ? (body as State) : undefined;
    if (s && typeof s._stateID === 'number') n = Math.max(n, s._stateID);
  }
  return n;
}

describe.skipIf(SKIP !== null)(`a process killed between its state write and its publish${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const schema = pgSchemaName();
  const prefix = redisPrefix();
  const reader = createStorage(PG_URL ?? 'postgres://unused', { schema });
  const children: Child[] = [];
  const clients: RawClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const c of children) await kill(c);
    await reader.close();
    await dropPgSchema(schema);
    await dropRedisPrefix(prefix);
  });

  it('the other process\'s socket gets the state once the mover syncs with a restarted process, and play goes on', async () => {
    await reader.connect();
    const env = { DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix, BOT_WORKERS: '1', EVENT_LOG: 'off' };
    const start = async (extra: Record<string, string> = {}) => {
      const port = await freePort();
      const child = await startChild({ ...env, ...extra, PORT: String(port) });
      children.push(child);
      return { child, url: `http://localhost:${port}` };
    };
    const { url: urlB } = await start();
    const { child: a, url: urlA } = await start({ FAULT_KILL_AFTER_STATE_WRITES: '1' });
    const matchID = await createMatch(urlB);
    const creds = { '0': await joinMatch(urlB, matchID, '0'), '1': await joinMatch(urlB, matchID, '1') };
    const stored = async () => (await reader.fetch(matchID, { state: true })).state as State<GameState>;
    const connect = async (url: string, id: '0' | '1') => {
      const c = await rawClient(url);
      clients.push(c);
      const synced = c.next(['sync']);
      c.socket.emit('sync', matchID, id, creds[id], 2);
      await synced;
      return c;
    };
    const imperial = await connect(urlB, '1');
    let rebel = await connect(urlB, '0');
    /** The first legal move of `id`, sent on `c`, and whether it hands the turn to the other seat. */
    const firstMove = async (id: '0' | '1') => {
      const s = await stored();
      const seat = id === '0' ? 'R' : 'I';
      const pick = enumerate(viewFor(s.G, seat), s.ctx, id)[0];
      const decoded = actionOf(pick.move, pick.args);
      if ('error' in decoded) throw new Error(decoded.error);
      const next = cloneState(s.G);
      const rng = seededRng('lookahead'); // the lookahead needs only the next pending seat, not the draws
      const legal = findLegal(next, seat, decoded.action);
      if (!legal) throw new Error(`not legal: ${JSON.stringify(pick)}`);
      applyLegal(next, legal, rng);
      while (needsAdvance(next) && !next.winner) run(next, rng);
      return { s, pick, handsOver: next.pending?.seat !== seat };
    };
    const send = (c: RawClient, id: '0' | '1', s: State, pick: { move: string; args: unknown[] }) =>
      c.socket.emit('update', moveAction(pick.move, pick.args, id, creds[id]), s._stateID, matchID, id);

    // Play on B until the Rebel's next move would hand the turn to the Imperial.
    for (let i = 0; ; i++) {
      expect(i).toBeLessThan(40);
      const s = await stored();
      const id = s.G.pending?.seat === 'R' ? '0' : '1';
      const m = await firstMove(id);
      if (id === '0' && m.handsOver) break;
      send(id === '0' ? rebel : imperial, id, m.s, m.pick);
      await waitFor(() => newestSeen(imperial) > s._stateID && newestSeen(rebel) > s._stateID, 15_000, `state ${s._stateID + 1}`);
    }

    // That move goes through A, which writes it and dies before sending or publishing it.
    rebel.close();
    rebel = await connect(urlA, '0');
    const m = await firstMove('0');
    const exited = new Promise<void>((r) => (a.proc.exitCode !== null || a.proc.signalCode !== null ? r() : a.proc.once('exit', () => r())));
    send(rebel, '0', m.s, m.pick);
    await exited;
    const after = await stored();
    expect(after._stateID).toBe(m.s._stateID + 1);
    expect(after.G.pending?.seat).toBe('I');
    expect(newestSeen(imperial)).toBe(m.s._stateID); // B never heard of it

    // The Rebel's client reconnects to A started again and syncs: B's Imperial socket is told.
    const { url: urlA2 } = await start();
    rebel = await connect(urlA2, '0');
    await waitFor(() => newestSeen(imperial) >= after._stateID, 20_000, 'the Imperial socket on B to get the stored state');

    // And the game goes on: the Imperial moves on B, the Rebel on the restarted A sees it.
    const next = await firstMove('1');
    send(imperial, '1', next.s, next.pick);
    await waitFor(() => newestSeen(rebel) > after._stateID, 15_000, 'the Imperial move to reach the Rebel');
    expect((await stored())._stateID).toBeGreaterThan(after._stateID);
  }, 150_000);
});
