/**
 * The four known holes of boardgame.io 0.50.2 (shared STACK.md), each attacked from a real socket.io client
 * against the real server on an ephemeral port. Where the attack works on boardgame.io's stock server, the same
 * attack is first run there (the control), so each test shows it would fail without our fix. Then the lobby's
 * input checks, and junk over the socket (unknown move names, raw events, prototype keys).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogEntry, State } from 'boardgame.io';
import { MintImperium, makeMintImperium } from '../../src/game';
import type { Faction } from '../../src/game/content';
import { SECRET_ACTIONS, createState, seededRng, type GameState } from '../../src/game/rules';
import { HIDDEN, isHidden, viewFor } from '../../src/game/rules/view';
import {
  allKeys, api, createMatch, GAME, joinMatch, matchWithPlayers, moveAction, rawClient, rawSync, rawUpdate, snapshot,
  startStockServer, startTestServer, type RawClient, type TestServer,
} from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
type SyncInfo = { state: State<GameState>; initialState: State<GameState>; log: LogEntry[]; filteredMetadata: unknown };

// boardgame.io's stock server prints every refusal; keep the output readable.
const realLog = console.log.bind(console);
const realError = console.error.bind(console);
beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { if (!String(a[0]).startsWith('INFO:')) realLog(...a); });
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => { if (!String(a[0]).startsWith('ERROR:')) realError(...a); });
});

let server: TestServer;
const sockets: RawClient[] = [];
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

async function socket(url = server.url): Promise<RawClient> {
  const c = await rawClient(url);
  sockets.push(c);
  return c;
}

/** Play the first legal move of `seat` over a raw socket (synced already) and return the broadcast state. */
async function playFirst(c: RawClient, matchID: string, state: State<GameState>, playerID: string, creds: string) {
  const [m] = enumerate(state.G, state.ctx, playerID);
  const answer = await rawUpdate(c, moveAction(m.move, m.args, playerID, creds), state._stateID, matchID, playerID);
  expect(answer[0]).toBe('update');
  return answer[2] as State<GameState>;
}

/** Every message a socket got: no key or string that carries the random generator's seed or state. */
function expectNoSeed(received: unknown[][], seed: string) {
  const text = JSON.stringify(received);
  expect(text).not.toContain(seed);
  const keys = allKeys(received);
  expect(keys.has('seed')).toBe(false);
  expect(keys.has('prngstate')).toBe(false);
}

const seedOf = (s: State | undefined) => String((s!.plugins.random.data as { seed: string }).seed);

// -----------------------------------------------------------------------------------------------------------------
describe('hole 1: what a client receives is filtered per seat', () => {
  it('control: the stock server sends the opponent\'s secrets and the seed in initialState', async () => {
    const stock = await startStockServer(MintImperium);
    try {
      const { matchID, creds } = await matchWithPlayers(stock.url);
      const imperial = await rawClient(stock.url);
      const [, , info] = await rawSync(imperial, matchID, '1', creds['1']) as [string, string, SyncInfo];
      imperial.close();
      expect(JSON.stringify(info.initialState.plugins)).toContain('seed');
      expect(info.initialState.G.hands.R.some((c) => !isHidden(c))).toBe(true); // the Rebel's hand
    } finally {
      await stock.stop();
    }
  });

  it('players and spectators get viewFor of their seat everywhere: state, initialState, log, updates; never the seed', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const rebel = await socket();
    const imperial = await socket();
    const spectator = await socket();
    const sync = async (c: RawClient, id: string | null) => (await rawSync(c, matchID, id, id ? creds[id] : undefined))[2] as SyncInfo;
    const r0 = await sync(rebel, '0');
    const i0 = await sync(imperial, '1');
    await sync(spectator, null);

    // Imperial setup, then the Rebel's secret choice of base (a redacted move).
    let s = await playFirst(imperial, matchID, i0.state, '1', creds['1']);
    expect(s.G.pending!.kind).toBe('chooseBase');
    const rebelState = (await rawSync(rebel, matchID, '0', creds['0']))[2] as SyncInfo;
    s = await playFirst(rebel, matchID, rebelState.state, '0', creds['0']);
    expect(r0.state.G.pending!.seat).toBe('I');

    const stored = await snapshot(server.db, matchID);
    expect(stored.state!.G.base.planet).not.toBe(HIDDEN);
    const views: [RawClient, string | null, Faction | null][] = [[rebel, '0', 'R'], [imperial, '1', 'I'], [spectator, null, null]];
    for (const [c, id, seat] of views) {
      const info = (await rawSync(c, matchID, id, id ? creds[id] : undefined))[2] as SyncInfo;
      expect(info.state.G).toEqual(viewFor(stored.state!.G, seat));
      expect(info.initialState.G).toEqual(viewFor(stored.initialState!.G, seat));
      expect(info.state.plugins.random).toEqual({});
      expect(info.initialState.plugins.random).toEqual({});
      expect(isHidden(info.state.G.base.planet)).toBe(seat !== 'R');
      // The Rebel's redacted chooseBase: args only for the Rebel.
      for (const e of info.log) {
        const p = e.action.payload as { type: string; args: unknown; playerID: string };
        if (SECRET_ACTIONS.includes(p.type as never) && p.playerID !== id) expect(p.args).toBeNull();
      }
      expect(info.log.some((e) => (e.action.payload as { type: string }).type === 'chooseBase')).toBe(true);
      // Every update this socket got, too.
      for (const m of c.received.filter((x) => x[0] === 'update')) {
        const [, , st, deltalog] = m as [string, string, State<GameState>, LogEntry[]];
        // Before R3.9 there is no base (null for every seat, the base card still in the probe deck); after it, HIDDEN.
        const chosen = st.G.probes.deck.length + st.G.probes.hand.length < 14;
        if (seat !== 'R') expect(st.G.base.planet).toBe(chosen ? HIDDEN : null);
        expect(st.plugins.random).toEqual({});
        for (const e of deltalog) {
          const p = e.action.payload as { type: string; args: unknown; playerID: string };
          if (SECRET_ACTIONS.includes(p.type as never) && p.playerID !== id) expect(p.args).toBeNull();
        }
      }
      expectNoSeed(c.received, seedOf(stored.state));
    }
  });
});

// -----------------------------------------------------------------------------------------------------------------
describe('hole 2: a move is made by the seat whose credentials it carries', () => {
  it('a player cannot move for the opponent, nor claim the opponent\'s seat', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const rebel = await socket();
    const imperial = await socket();
    await rawSync(rebel, matchID, '0', creds['0']);
    const i0 = (await rawSync(imperial, matchID, '1', creds['1']))[2] as SyncInfo;
    const [setup] = enumerate(i0.state.G, i0.state.ctx, '1');
    const before = await snapshot(server.db, matchID);

    // The Rebel (authenticated as '0') sends the Imperial's move with payload.playerID '1'.
    let answer = await rawUpdate(rebel, moveAction(setup.move, setup.args, '1', creds['0']), 0, matchID, '0');
    expect(answer).toEqual(['mint:error', matchID, { event: 'update', error: 'action refused' }]);
    // … or claims seat '1' with its own credentials.
    answer = await rawUpdate(rebel, moveAction(setup.move, setup.args, '1', creds['0']), 0, matchID, '1');
    expect(answer).toEqual(['mint:error', matchID, { event: 'update', error: 'unauthorized' }]);
    // … or the Imperial's credentials it does not have: nothing but its own.
    answer = await rawUpdate(rebel, moveAction(setup.move, setup.args, '1', 'guess'), 0, matchID, '1');
    expect(answer[2]).toEqual({ event: 'update', error: 'unauthorized' });
    expect(await snapshot(server.db, matchID)).toEqual(before);

    // The Imperial's own move goes through; then the Rebel cannot answer for the Imperial either.
    const s1 = await playFirst(imperial, matchID, i0.state, '1', creds['1']);
    const [choice] = enumerate(viewFor(s1.G, 'R'), s1.ctx, '0');
    answer = await rawUpdate(imperial, moveAction(choice.move, choice.args, '0', creds['1']), 1, matchID, '1');
    expect(answer[2]).toEqual({ event: 'update', error: 'action refused' });
    answer = await rawUpdate(imperial, moveAction(choice.move, choice.args, '1', creds['1']), 1, matchID, '1');
    expect(answer[2]).toEqual({ event: 'update', error: 'not your turn' });
    expect((await snapshot(server.db, matchID)).state!._stateID).toBe(1);
  });
});

// -----------------------------------------------------------------------------------------------------------------
describe('hole 3: the seed cannot be derived from what the lobby publishes', () => {
  /** The stock default seed is Date.now() in base 36: try every millisecond around createdAt. */
  function recoverSeed(createdAt: number, view: GameState, seat: Faction): string | null {
    const target = JSON.stringify(view);
    for (let t = createdAt - 3000; t <= createdAt + 3000; t++) {
      const seed = t.toString(36).slice(-10);
      if (JSON.stringify(viewFor(createState(seededRng(seed)), seat)) === target) return seed;
    }
    return null;
  }

  it('control: with the stock seed, the Imperial recovers it from createdAt and sees the whole setup', async () => {
    const stockGame = { ...makeMintImperium(), plugins: MintImperium.plugins!.filter((p) => p.name !== 'random') };
    const stock = await startStockServer(stockGame);
    try {
      const { matchID, creds } = await matchWithPlayers(stock.url);
      const { createdAt } = (await api(stock.url, `/games/${GAME}/${matchID}`)).json;
      const c = await rawClient(stock.url);
      const [, , info] = await rawSync(c, matchID, '1', creds['1']) as [string, string, SyncInfo];
      c.close();
      const seed = recoverSeed(createdAt, info.state.G, 'I');
      const stored = await snapshot(stock.db, matchID);
      expect(seed).toBe(seedOf(stored.state));
      expect(createState(seededRng(seed!))).toEqual(stored.initialState!.G); // the Rebel's hand and all
    } finally {
      await stock.stop();
    }
  });

  it('here the seed is 128 crypto-random bits: createdAt gives nothing, and the seed never reaches a client', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const { createdAt } = (await api(server.url, `/games/${GAME}/${matchID}`)).json;
    expect(typeof createdAt).toBe('number');
    const c = await socket();
    const [, , info] = await rawSync(c, matchID, '1', creds['1']) as [string, string, SyncInfo];
    expect(recoverSeed(createdAt, info.state.G, 'I')).toBeNull();
    const stored = await snapshot(server.db, matchID);
    expect(seedOf(stored.state)).toMatch(/^[0-9a-f]{32}$/);
    expectNoSeed(c.received, seedOf(stored.state));
  });
});

// -----------------------------------------------------------------------------------------------------------------
describe('hole 4: seats need credentials, joined or not; a sync creates nothing', () => {
  it('control: on the stock server an unjoined seat can be played, and a spectator sync creates a match', async () => {
    const stock = await startStockServer(MintImperium);
    try {
      const matchID = await createMatch(stock.url);
      const c = await rawClient(stock.url);
      const [event, , info] = await rawSync(c, matchID, '1', undefined) as [string, string, SyncInfo];
      expect(event).toBe('sync');
      const [setup] = enumerate(info.state.G, info.state.ctx, '1');
      const answer = await rawUpdate(c, moveAction(setup.move, setup.args, '1'), 0, matchID, '1');
      expect(answer[0]).toBe('update');
      expect((await snapshot(stock.db, matchID)).state!._stateID).toBe(1);
      await rawSync(c, 'made-up-match', null);
      expect(await stock.db.listMatches()).toContain('made-up-match');
      c.close();
    } finally {
      await stock.stop();
    }
  });

  it('refuses a seat without its credentials, before and after anyone joined, and never creates a match', async () => {
    const matchID = await createMatch(server.url);
    const before = await snapshot(server.db, matchID);
    const c = await socket();
    for (const id of ['0', '1']) {
      for (const creds of [undefined, '', null, 'x', { toString: 'x' }, 12]) {
        expect(await rawSync(c, matchID, id, creds)).toEqual(['mint:error', matchID, { event: 'sync', error: 'unauthorized' }]);
      }
    }
    const [setup] = enumerate(before.state!.G, before.state!.ctx, '1');
    expect((await rawUpdate(c, moveAction(setup.move, setup.args, '1'), 0, matchID, '1'))[2])
      .toEqual({ event: 'update', error: 'unauthorized' });
    // One seat joined: the other one still needs credentials nobody has.
    const creds0 = await joinMatch(server.url, matchID, '0');
    expect((await rawSync(c, matchID, '1', creds0))[2]).toEqual({ event: 'sync', error: 'unauthorized' });
    expect((await rawUpdate(c, moveAction(setup.move, setup.args, '1', creds0), 0, matchID, '1'))[2])
      .toEqual({ event: 'update', error: 'unauthorized' });
    // Other seats do not exist.
    for (const id of ['2', '-1', '__proto__', 'constructor', 0, 1, {}, []]) {
      expect((await rawSync(c, matchID, id, creds0))[2]).toMatchObject({ event: 'sync' });
    }
    const after = await snapshot(server.db, matchID);
    expect(after.state).toEqual(before.state);
    expect(after.log).toEqual(before.log);

    // Spectators: the public view of a real match; an unknown match is refused and nothing is stored.
    const [ev, , info] = await rawSync(c, matchID, null) as [string, string, SyncInfo];
    expect(ev).toBe('sync');
    expect(info.state.G).toEqual(viewFor(after.state!.G, null));
    const ids = await server.db.listMatches();
    for (const unknown of ['made-up-match', 'a', 'x'.repeat(64)]) {
      expect(await rawSync(c, unknown, null)).toEqual(['mint:error', unknown, { event: 'sync', error: 'match not found' }]);
      expect(await rawSync(c, unknown, '0', 'x')).toEqual(['mint:error', unknown, { event: 'sync', error: 'match not found' }]);
      expect((await server.db.fetch(unknown, { metadata: true })).metadata).toBeUndefined();
    }
    expect(await server.db.listMatches()).toEqual(ids);
  });

  it('a player who leaves stops receiving that seat\'s view, and nobody else can take the seat', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const leaver = await socket();
    const imperial = await socket();
    await rawSync(leaver, matchID, '0', creds['0']);
    await rawSync(imperial, matchID, '1', creds['1']);
    const evicted = leaver.next(['mint:error']);
    const ended = imperial.next(['update']);
    expect((await api(server.url, `/games/${GAME}/${matchID}/leave`, { playerID: '0', credentials: creds['0'] })).status).toBe(200);
    expect(await evicted).toEqual(['mint:error', matchID, { event: 'sync', error: 'seat released' }]);
    // Leaving an unfinished match is a forfeit (server-seats.test.ts has the rest).
    expect(((await ended)[2] as State<GameState>).ctx.gameover).toEqual({ winner: '1', reason: 'forfeit' });
    expect((await api(server.url, `/games/${GAME}/${matchID}/join`, { playerID: '0', playerName: 'Newcomer' })).status).toBe(409);
    const seen = leaver.received.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(leaver.received.slice(seen)).toEqual([]);
    // The old credentials are worthless now.
    expect((await rawSync(leaver, matchID, '0', creds['0']))[2]).toEqual({ event: 'sync', error: 'unauthorized' });
  });
});

// -----------------------------------------------------------------------------------------------------------------
describe('junk over the socket', () => {
  it('unknown move names, raw events, prototype keys and odd types are refused; the server stays up', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const c = await socket();
    const info = (await rawSync(c, matchID, '1', creds['1']))[2] as SyncInfo;
    const before = await snapshot(server.db, matchID);
    const junkMoves = ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf', 'isPrototypeOf', '', 'x'.repeat(5000)];
    const actions: unknown[] = [
      ...junkMoves.map((t) => moveAction(t, [], '1', creds['1'])),
      ...junkMoves.map((t) => ({ type: 'GAME_EVENT', payload: { type: t, args: [], playerID: '1', credentials: creds['1'] } })),
      ...['endTurn', 'endGame', 'endPhase', 'setPhase', 'setActivePlayers', 'pass'].map((t) =>
        ({ type: 'GAME_EVENT', payload: { type: t, args: [{ winner: '1' }], playerID: '1', credentials: creds['1'] } })),
      { type: 'UNDO', payload: { type: null, args: null, playerID: '1', credentials: creds['1'] } },
      { type: 'REDO', payload: { type: null, args: null, playerID: '1', credentials: creds['1'] } },
      { type: 'PLUGIN', payload: { type: 'random', args: [], playerID: '1', credentials: creds['1'] } },
      { type: 'MAKE_MOVE', payload: { type: { toString: 'imperialSetup' }, args: [], playerID: '1', credentials: creds['1'] } },
      moveAction('imperialSetup', [{ toString: 1 }], '1', creds['1']),
      moveAction('imperialSetup', [JSON.parse('{"__proto__": {"polluted": 1}, "capitalOn": "IMP"}')], '1', creds['1']),
      moveAction('imperialSetup', [{ constructor: { prototype: { polluted: 1 } } }], '1', creds['1']),
      moveAction('imperialSetup', 'not an array' as never, '1', creds['1']),
      moveAction('imperialSetup', [1, 2, 3], '1', creds['1']),
      moveAction('imperialSetup', [new Array(2000).fill({ a: 1 })], '1', creds['1']),
      null, 42, 'MAKE_MOVE', [], { type: 'MAKE_MOVE' }, { type: 'MAKE_MOVE', payload: null },
    ];
    for (const a of actions) {
      const answer = await rawUpdate(c, a, info.state._stateID, matchID, '1');
      expect(answer[0]).toBe('mint:error');
    }
    // Malformed envelopes.
    for (const args of [[null, null, null, null], [{}, 'x', matchID, '1'], [{}, 0, { toString: 1 }, '1'], [{}, 0, ['a'], '1'], [{}, 0, matchID, { id: 1 }]]) {
      const answer = c.next(['mint:error', 'update']);
      c.socket.emit('update', ...args);
      expect((await answer)[0]).toBe('mint:error');
    }
    for (const args of [[null], [{ id: 1 }, '0'], [matchID, { length: 1 }], [['x'], null], ['../../etc', null]]) {
      const answer = c.next(['mint:error', 'sync']);
      c.socket.emit('sync', ...args);
      expect((await answer)[0]).toBe('mint:error');
    }
    c.socket.emit('chat', matchID, { id: 'x', sender: '1', payload: 'hi' }, creds['1']);
    c.socket.emit('anything-else', { a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await api(server.url, '/health')).status).toBe(200);
    expect(await snapshot(server.db, matchID)).toEqual(before);
    // And the real move still works.
    await playFirst(c, matchID, info.state, '1', creds['1']);
  });
});

// -----------------------------------------------------------------------------------------------------------------
describe('lobby input', () => {
  const path = (p: string) => `/games/${GAME}${p}`;
  const expectError = (r: { status: number; json: any; text: string }, status: number, match?: RegExp) => {
    expect(r.status).toBe(status);
    expect(typeof r.json?.error).toBe('string');
    expect(Object.keys(r.json)).toEqual(['error']);
    expect(r.text).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
    if (match) expect(r.json.error).toMatch(match);
  };

  it('playerName: a string of 1 to 32 printable characters', async () => {
    const id = await createMatch(server.url);
    const bad: unknown[] = [undefined, null, '', '   ', 'x'.repeat(33), 42, true, { a: 1 }, ['a'], 'a\u0000b', 'tab\there',
      'line\nbreak', 'bidi\u202Eevil', 'zero\u200Bwidth', '\uD800', 'x'.repeat(1000)];
    for (const playerName of bad) {
      const body = playerName === undefined ? {} : { playerName };
      expectError(await api(server.url, path(`/${id}/join`), body), 400, /playerName/);
    }
    const ok = await api(server.url, path(`/${id}/join`), { playerName: '  Zoë 🚀 Ñandú-42  ' });
    expect(ok.status).toBe(200);
    expect((await api(server.url, path(`/${id}`))).json.players[0].name).toBe('Zoë 🚀 Ñandú-42');
    expect((await api(server.url, path(`/${id}/join`), { playerName: 'x'.repeat(32) })).status).toBe(200);
    expectError(await api(server.url, path(`/${id}/join`), { playerName: 'late' }), 409);
  });

  it('unknown fields, setupData, data, bad types, bad JSON, big bodies: clear 4xx JSON errors', async () => {
    const id = await createMatch(server.url);
    expectError(await api(server.url, path('/create'), { numPlayers: 2, setupData: { secret: 1 } }), 400, /setupData/);
    expectError(await api(server.url, path('/create'), { numPlayers: 2, extra: 1 }), 400, /unknown field/);
    expectError(await api(server.url, path('/create'), { numPlayers: 3 }), 400, /numPlayers/);
    expectError(await api(server.url, path('/create'), { unlisted: 'yes' }), 400, /unlisted/);
    expectError(await api(server.url, path('/create'), { bot: 'X' }), 400, /bot/);
    expectError(await api(server.url, path('/create'), { bot: 'R', botKind: 'god' }), 400, /botKind/);
    expectError(await api(server.url, path(`/${id}/join`), { playerName: 'a', data: { x: 1 } }), 400, /data/);
    expectError(await api(server.url, path(`/${id}/join`), { playerName: 'a', __proto__x: 1 }), 400, /unknown field/);
    expectError(await api(server.url, path(`/${id}/join`), '{"playerName":"a","__proto__":{"admin":true}}'), 400, /unknown field/);
    expectError(await api(server.url, path(`/${id}/join`), { playerName: 'a', playerID: '7' }), 400, /playerID/);
    expectError(await api(server.url, path(`/${id}/join`), '{"playerName": "a"'), 400, /JSON/);
    expectError(await api(server.url, path(`/${id}/join`), '[1,2]'), 400, /object/);
    expectError(await api(server.url, path(`/${id}/join`), '"a"'), 400, /object/);
    expectError(await api(server.url, path(`/${id}/join`), JSON.stringify({ playerName: 'a', pad: 'x'.repeat(10_000) })), 413);
    expectError(await api(server.url, path(`/${id}/join`), 'playerName=a', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    expectError(await api(server.url, path('/no-such-match/join'), { playerName: 'a' }), 404);
    expectError(await api(server.url, path('/a%ZZ/join'), { playerName: 'a' }), 400);
    expectError(await api(server.url, '/games/other-game/create', {}), 404);
    expectError(await api(server.url, path(`/${id}/join`)), 405);
    expectError(await api(server.url, path(`/${id}/nothing`), {}), 404);
    expectError(await api(server.url, path('?isGameover=maybe')), 400);
    expectError(await api(server.url, path('?updatedBefore=-5')), 400);
    expectError(await api(server.url, path('?evil=1')), 400);
    // A 1 MB body is cut off without reading it all.
    expectError(await api(server.url, path(`/${id}/join`), 'x'.repeat(1_000_000)), 413);
    // The match is untouched and listings show no client data.
    const m = (await api(server.url, path(`/${id}`))).json;
    expect(m.players).toEqual([{ id: 0 }, { id: 1 }]);
    expect(Object.keys(m).sort()).toEqual(['createdAt', 'gameName', 'matchID', 'players', 'unlisted', 'updatedAt']);
  });

  it('leave, update and playAgain need the seat\'s credentials, which are never echoed', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    for (const route of ['leave', 'update', 'playAgain']) {
      const body: Record<string, unknown> = { playerID: '0', credentials: 'wrong-credentials-value' };
      if (route === 'update') body.newName = 'Mallory';
      const r = await api(server.url, path(`/${matchID}/${route}`), body);
      expectError(r, 403, /credentials/);
      expect(r.text).not.toContain('wrong-credentials-value');
      body.credentials = creds['1']; // the other seat's
      expectError(await api(server.url, path(`/${matchID}/${route}`), body), 403);
    }
    expectError(await api(server.url, path(`/${matchID}/update`), { playerID: '0', credentials: creds['0'], newName: 'x', data: 1 }), 400, /data/);
    expect((await api(server.url, path(`/${matchID}/update`), { playerID: '0', credentials: creds['0'], newName: 'Alice' })).status).toBe(200);
    expect((await api(server.url, path(`/${matchID}`))).json.players[0].name).toBe('Alice');
    // Not before the game is over (server-seats.test.ts plays one to the end).
    expectError(await api(server.url, path(`/${matchID}/playAgain`), { playerID: '0', credentials: creds['0'] }), 409, /not over/);
    expect((await api(server.url, path(`/${matchID}/leave`), { playerID: '0', credentials: creds['0'] })).status).toBe(200);
    // The seat stays closed, under its name.
    expect((await api(server.url, path(`/${matchID}`))).json.players[0]).toEqual({ id: 0, name: 'Alice', isConnected: false });
  });

  it('match creation is rate-limited per address', async () => {
    const limitedServer = await startTestServer('sqlite', { rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 3; i++) expect((await api(limitedServer.url, path('/create'), {})).status).toBe(200);
      const r = await api(limitedServer.url, path('/create'), { numPlayers: 2 });
      expectError(r, 429, /too many matches/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      // Bad requests count too (the limit is checked before the body is read).
      expectError(await api(limitedServer.url, path('/create'), '{'), 429);
      expect(await limitedServer.db.listMatches()).toHaveLength(3);
      expect((await api(limitedServer.url, '/health')).status).toBe(200);
    } finally {
      await limitedServer.dispose();
    }
  });
});
