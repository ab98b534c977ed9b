/**
 * (d) Fuzz: more than 10,000 malformed or unauthorized socket messages and lobby calls (random garbage, wrong
 * credentials, wrong playerIDs, huge payloads, prototype keys, deep nesting) against the real server. Afterwards
 * the server answers /health, no match was created, and every match is exactly as stored before (state, log,
 * initialState, metadata), and the real players can still play. The generator is seeded: the seed is printed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { MintImperium } from '../../src/game';
import { ACTION_TYPES, seededRng, type GameState, type Rng } from '../../src/game/rules';
import { checkName } from '../../server/lobby';
import {
  api, createMatch, GAME, joinMatch, matchWithPlayers, moveAction, rawClient, rawSync, rawUpdate, snapshot,
  startTestServer, waitFor, type RawClient, type TestServer,
} from './server-helpers';

const validName = (x: unknown) => {
  try {
    checkName(x, 'playerName');
    return true;
  } catch {
    return false;
  }
};

const SOCKET_MESSAGES = 10_000;
const REST_CALLS = 1_200;
const SEED = process.env.FUZZ_SEED ?? randomBytes(6).toString('hex');
console.log(`[server-fuzz.test] FUZZ_SEED=${SEED}`);

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.dispose();
});

// ---------------------------------------------------------------------------------------------------------------
// Random junk

function junkMaker(rng: Rng) {
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)];
  const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
  const str = (): string => pick([
    () => '', () => 'x', () => pick(PROTO_KEYS), () => '0', () => '1', () => '-1', () => 'null', () => '\u0000\u202E',
    () => '../'.repeat(1 + rng.int(20)), () => randomBytes(1 + rng.int(40)).toString('base64'),
    () => 'A'.repeat(1 + rng.int(3000)), () => String.fromCharCode(...Array.from({ length: 8 }, () => rng.int(0xffff))),
  ])();
  const value = (depth = 0): unknown => {
    const k = rng.int(depth > 3 ? 6 : 10);
    switch (k) {
      case 0: return null;
      case 1: return rng.int(2) === 0;
      case 2: return pick([0, -1, 1, 2, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2]);
      case 3: case 4: case 5: return str();
      case 6: return Array.from({ length: rng.int(5) }, () => value(depth + 1));
      case 7: {
        // A JSON object with prototype keys as own properties (what JSON.parse makes of them).
        const o: Record<string, unknown> = JSON.parse('{}');
        for (let i = rng.int(4); i >= 0; i--) {
          Object.defineProperty(o, pick([...PROTO_KEYS, str()]), { value: value(depth + 1), enumerable: true, configurable: true, writable: true });
        }
        return o;
      }
      case 8: return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
      default: {
        let deep: unknown = 'bottom';
        for (let i = 0; i < 200 + rng.int(2000); i++) deep = [deep];
        return deep;
      }
    }
  };
  return { pick, str, value };
}

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz', () => {
  it(`${SOCKET_MESSAGES} bad socket messages and ${REST_CALLS} bad lobby calls change nothing`, async () => {
    const rng = seededRng(SEED);
    const { pick, str, value } = junkMaker(rng);

    // Matches to protect: a game in progress (10 moves), one nobody joined, one with a single player.
    const played = await matchWithPlayers(server.url);
    {
      const c = [await rawClient(server.url), await rawClient(server.url)];
      let st = ((await rawSync(c[1], played.matchID, '1', played.creds['1']))[2] as { state: State<GameState> }).state;
      await rawSync(c[0], played.matchID, '0', played.creds['0']);
      for (let i = 0; i < 10; i++) {
        const id = st.G.pending!.seat === 'R' ? '0' : '1';
        const [m] = enumerate(st.G, st.ctx, id);
        const sock = c[Number(id)];
        const next = st._stateID + 1;
        const got = () => sock.received.find((x) => x[0] === 'update' && (x[2] as State)._stateID === next);
        sock.socket.emit('update', moveAction(m.move, m.args, id, played.creds[id]), st._stateID, played.matchID, id);
        await waitFor(() => got() !== undefined, 5000, `move ${next}`);
        st = (await snapshot(server.db, played.matchID)).state!; // the full state: the next seat's moves are on it
      }
      for (const x of c) x.close();
      await waitFor(() => server.hub.connections() === 0 && server.hub.busyMatches === 0, 5000, 'disconnects');
    }
    const empty = await createMatch(server.url);
    const half = await createMatch(server.url);
    const halfCreds = await joinMatch(server.url, half, '0');
    const matchIDs = [played.matchID, empty, half];
    const creds: Record<string, Record<string, string>> = { [played.matchID]: played.creds, [half]: { '0': halfCreds } };
    const before = await Promise.all(matchIDs.map((id) => snapshot(server.db, id)));
    const listed = await server.db.listMatches();
    const stateOf = (i: number) => before[i].state!;

    // ----- socket messages
    const POOL = 24;
    const pool: RawClient[] = [];
    let replaced = 0;
    const socketAt = async (i: number) => {
      if (!pool[i] || !pool[i].socket.connected) {
        if (pool[i]) replaced++;
        pool[i] = await rawClient(server.url);
      }
      return pool[i];
    };
    const anyMatchID = () => pick([...matchIDs, ...matchIDs, str(), value(), 'made-up', 'x'.repeat(65)]);
    const anySeat = () => pick<unknown>(['0', '1', '0', '1', null, undefined, '2', 0, 1, str(), value()]);
    const wrongCreds = (matchID: unknown, seat: unknown) => pick<unknown>([
      undefined, '', str(), value(), randomBytes(24).toString('base64url'),
      // The other seat's real credentials, or another match's.
      typeof matchID === 'string' && Object.hasOwn(creds, matchID) ? creds[matchID][seat === '0' ? '1' : '0'] : undefined,
      creds[played.matchID]['0'] + 'x',
      seat === '0' && matchID === played.matchID ? creds[half]['0'] : undefined,
    ]);
    const moveName = () => pick<unknown>([...ACTION_TYPES, ...ACTION_TYPES, 'toString', '__proto__', 'constructor', str(), value()]);

    const message = (): [string, ...unknown[]] => {
      const kind = rng.int(100);
      if (kind < 30) {
        // sync as a player with wrong credentials, or garbage
        const m = anyMatchID();
        const seat = pick(['0', '1', '0', '1', anySeat()]);
        return ['sync', m, seat, wrongCreds(m, seat), value()];
      }
      if (kind < 70) {
        // update without the right credentials
        const mi = rng.int(matchIDs.length);
        const m = rng.int(4) === 0 ? anyMatchID() : matchIDs[mi];
        const seat = anySeat();
        const payload = { type: moveName(), args: pick([[], [value()], value(), undefined]), playerID: pick([seat, anySeat()]), credentials: wrongCreds(m, seat) };
        return ['update', pick([{ type: 'MAKE_MOVE', payload }, { type: pick(['GAME_EVENT', 'UNDO', 'REDO', 'PLUGIN', str()]), payload }, value()]),
          pick([stateOf(mi)._stateID, value()]), m, seat];
      }
      if (kind < 85) {
        // update WITH the right credentials but malformed: junk name, junk args, stale stateID, or a spoofed seat
        const m = pick([played.matchID, half]);
        const mi = matchIDs.indexOf(m);
        const seat = m === half ? '0' : pick(['0', '1']);
        const good = creds[m][seat];
        const variant = rng.int(4);
        const type = variant === 0 ? pick(['toString', 'constructor', '__proto__', 'hasOwnProperty', str()]) : pick(ACTION_TYPES);
        const args = variant === 1 ? [{ __fuzz: value() }] : pick([[value()], [{ __fuzz: 1 }], value()]);
        const playerID = variant === 3 ? (seat === '0' ? '1' : '0') : seat;
        const stateID = variant === 2 ? stateOf(mi)._stateID + 1 + rng.int(5) : stateOf(mi)._stateID;
        return ['update', { type: 'MAKE_MOVE', payload: { type, args: variant === 2 ? [{ __fuzz: 1 }] : args, playerID, credentials: good } }, stateID, m, seat];
      }
      if (kind < 92) return [pick(['chat', 'error', 'patch', 'matchData', str()]), value(), value()];
      if (kind < 97) return ['update', { blob: 'z'.repeat(20_000 + rng.int(40_000)) }, 0, anyMatchID(), '0'];
      return ['sync', 'z'.repeat(70_000), '0', 'x']; // over the 64 KiB message limit: socket.io drops the socket
    };

    let sent = 0;
    const perSocket = Math.ceil(SOCKET_MESSAGES / POOL);
    await Promise.all(Array.from({ length: POOL }, async (_, i) => {
      for (let k = 0; k < perSocket && sent < SOCKET_MESSAGES; k++) {
        const s = await socketAt(i);
        const [event, ...args] = message();
        s.socket.emit(event, ...args);
        sent++;
        if (k % 25 === 24) await new Promise((r) => setImmediate(r));
      }
    }));
    expect(sent).toBe(SOCKET_MESSAGES);

    // ----- lobby calls
    const path = (p: string) => `/games/${GAME}${p}`;
    const accepted: string[] = []; // calls that were not refused (must be reads only)
    const call = async (p: string, body?: unknown, init: RequestInit = {}): Promise<[string, number]> => {
      const method = init.method ?? (body === undefined ? 'GET' : 'POST');
      const { status } = await api(server.url, p, body, init);
      if (status < 400 && method !== 'GET' && method !== 'OPTIONS') accepted.push(`${method} ${p} ${JSON.stringify(body)?.slice(0, 200)} → ${status}`);
      return [method, status];
    };
    const restCall = async (): Promise<[string, number]> => {
      const kind = rng.int(10);
      const m = pick([...matchIDs, str()]);
      const enc = (x: unknown) => [...Buffer.from(typeof x === 'string' ? x : JSON.stringify(x) ?? 'undefined').subarray(0, 60)]
        .map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      switch (kind) {
        case 0: return call(path('/create'), { numPlayers: 2, junk: value() });
        case 1: {
          if (rng.int(6) === 0) {
            // Seat 0 is taken in both joined matches.
            return call(path(`/${pick([played.matchID, half])}/join`), { playerID: '0', playerName: 'Taken' });
          }
          let name: unknown;
          do name = value(); while (validName(name));
          return call(path(`/${enc(m)}/join`), pick([
            { playerName: name }, { playerName: 'ok', data: value() }, { playerName: 'ok', playerID: pick<unknown>(['2', '-1', 2, '__proto__', {}, ['0'], true]) },
            { playerName: str() + '\u0000' }, { playerName: 'ok', [pick(['__proto__', 'x', 'setupData'])]: 1 },
          ]));
        }
        case 2: {
          const route = pick(['leave', 'update', 'rename', 'playAgain']);
          const seat = pick(['0', '1']);
          return call(path(`/${enc(m)}/${route}`), { playerID: seat, credentials: wrongCreds(m, seat), newName: 'Eve' });
        }
        case 3: return call(path(`/${enc(m)}/${pick(['join', 'leave', 'create', 'update'])}`), pick([
          '{', '[]', '"x"', 'null', '1', '{"a":'.repeat(500), JSON.stringify({ playerName: 'x'.repeat(50_000) }),
        ]));
        case 4: return call(path(`/${enc(m)}/join`), 'playerName=x', { headers: { 'content-type': 'text/plain' } });
        case 5: return call(`/${pick(['games', 'health', 'socket.io', 'x', '..', '%2e%2e', 'games/%ZZ'])}/${enc(str())}`, undefined, {
          method: pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']),
        });
        case 6: return call(path(`?${pick(['isGameover', 'updatedBefore', 'updatedAfter', 'x', '__proto__'])}=${enc(str())}`));
        case 7: return call(path(`/${enc(m)}`), undefined, { method: pick(['POST', 'PUT', 'DELETE']) });
        case 8: return call(path(`/${enc(empty)}/join`), { playerName: pick(['', ' ', 'x'.repeat(33), 7, null]) });
        default: {
          // Known fields with wrong values (never a valid creation).
          let body: Record<string, unknown>;
          do body = pick([{ numPlayers: value() }, { setupData: value() }, { bot: value() }, { unlisted: value() }, { botKind: value() }]);
          while ((Object.hasOwn(body, 'numPlayers') && [2, '2', undefined].includes(body.numPlayers as never))
            || (Object.hasOwn(body, 'unlisted') && typeof body.unlisted === 'boolean'));
          return call(path('/create'), body);
        }
      }
    };
    const statuses = new Map<string, number>();
    let calls = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (calls < REST_CALLS) {
        calls++;
        const [method, status] = await restCall();
        const key = `${method} ${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }));
    // Never a 5xx; every call that could change something was refused with a 4xx (some junk GETs are valid reads,
    // and socket.io answers CORS preflights under /socket.io/).
    expect(accepted).toEqual([]);
    for (const key of statuses.keys()) {
      const [method, status] = [key.split(' ')[0], Number(key.split(' ')[1])];
      expect(status, key).toBeLessThan(500);
      if (method !== 'GET' && method !== 'OPTIONS') expect(status, key).toBeGreaterThanOrEqual(400);
    }

    // ----- let everything settle, then compare
    for (let i = 0; i < POOL; i++) {
      const s = await socketAt(i);
      for (const id of matchIDs) await rawSync(s, id, null); // FIFO per match: everything before it is done
    }
    await waitFor(() => server.hub.busyMatches === 0, 10_000, 'the queues to drain');
    for (const s of pool) s.close();
    await waitFor(() => server.hub.connections() === 0 && server.hub.busyMatches === 0, 10_000, 'disconnects');

    expect((await api(server.url, '/health')).status).toBe(200);
    const after = await Promise.all(matchIDs.map((id) => snapshot(server.db, id)));
    expect(after).toEqual(before);
    expect(await server.db.listMatches()).toEqual(listed);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(server.errors).toEqual([]);
    console.log(`[server-fuzz.test] ${sent} socket messages (${replaced} sockets dropped by socket.io and replaced), `
      + `${calls} lobby calls: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    // The real players can still play.
    const c = await rawClient(server.url);
    const st = (await snapshot(server.db, played.matchID)).state!;
    const id = st.G.pending!.seat === 'R' ? '0' : '1';
    expect((await rawSync(c, played.matchID, id, played.creds[id]))[0]).toBe('sync');
    const [m] = enumerate(st.G, st.ctx, id);
    expect((await rawUpdate(c, moveAction(m.move, m.args, id, played.creds[id]), st._stateID, played.matchID, id))[0]).toBe('update');
    c.close();
  });
});
