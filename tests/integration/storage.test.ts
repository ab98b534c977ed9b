/**
 * Storage adapter (server/storage) against real databases.
 *
 * The same suite runs on a temporary SQLite file, and on PostgreSQL when DATABASE_URL is a
 * postgres:// URL (each store gets its own schema, `storage_test_<run>_<n>`, dropped afterwards).
 * Without DATABASE_URL the PostgreSQL block is skipped, and says so in its name and on stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Game, LogEntry, Server, State } from 'boardgame.io';
import { InitializeGame, createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import { Master } from 'boardgame.io/master';
import {
  DEFAULT_SQLITE_FILE,
  SqlStorage,
  createStorage,
  parseStorageUrl,
} from '../../server/storage';

const PG_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL)
  ? process.env.DATABASE_URL
  : undefined;
const PG_SKIP_REASON = process.env.DATABASE_URL
  ? `DATABASE_URL is set but is not a postgres:// URL`
  : 'DATABASE_URL is not set (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)';
if (!PG_URL) {
  console.warn(`[storage.test] SKIPPING the PostgreSQL storage suite: ${PG_SKIP_REASON}`);
}

const RUN = `${process.pid}_${randomBytes(3).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Backends: each `fresh()` is an empty database; `reopen()` a second adapter on the same one.

interface Backend {
  fresh(options?: { staleMatchMs?: number }): SqlStorage;
  reopen(store: SqlStorage): SqlStorage;
}

function sqliteBackend(): Backend & { cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mint-storage-'));
  let n = 0;
  return {
    fresh: (options) => new SqlStorage({ dialect: 'sqlite', filename: join(dir, `s${n++}.sqlite`) }, options),
    reopen: (store) => new SqlStorage({ dialect: 'sqlite', filename: store.filename! }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(url: string): Backend & { cleanup(): Promise<void> } {
  const schemas: string[] = [];
  return {
    fresh: (options) => {
      const schema = `storage_test_${RUN}_${schemas.length}`;
      schemas.push(schema);
      return createStorage(url, { ...options, schema, poolSize: 4 });
    },
    reopen: (store) => createStorage(url, { schema: store.schema, poolSize: 4 }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const s of schemas) await client.query(`drop schema if exists "${s}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const counterGame: Game<{ n: number; notes: string[] }> = {
  name: 'counter',
  setup: () => ({ n: 0, notes: [] }),
  moves: {
    inc: ({ G }, note?: string) => {
      G.n += 1;
      if (note !== undefined) G.notes.push(note);
    },
  },
  endIf: ({ G }) => (G.n >= 5 ? { winner: '0' } : undefined),
};

/** A real boardgame.io initial state, plus `extra` in G. */
function initialState(extra: Record<string, unknown> = {}): State {
  const state = InitializeGame({ game: counterGame, numPlayers: 2 });
  return { ...state, G: { ...state.G, ...extra } };
}

function stateAt(base: State, stateID: number, G: Record<string, unknown> = {}): State {
  return { ...base, G: { ...base.G, ...G }, _stateID: stateID };
}

function metadata(over: Partial<Server.MatchData> = {}): Server.MatchData {
  return {
    gameName: 'counter',
    players: { 0: { id: 0, name: 'Ada', credentials: 'c0' }, 1: { id: 1 } },
    createdAt: 1_000,
    updatedAt: 1_000,
    unlisted: false,
    ...over,
  };
}

function entry(stateID: number, note = `move ${stateID}`): LogEntry {
  return {
    action: { type: 'MAKE_MOVE', payload: { type: 'inc', args: [note], playerID: '0' } },
    _stateID: stateID,
    turn: 1,
    phase: 'default',
  };
}

/** What a value looks like after a JSON round trip (undefined properties gone). */
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const stores: SqlStorage[] = [];
/** Opens (connects) a store and closes it after the file's tests. */
async function open(store: SqlStorage): Promise<SqlStorage> {
  stores.push(store);
  await store.connect();
  return store;
}
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

// ---------------------------------------------------------------------------------------------
// The suite, run once per backend

function storageSuite(backend: Backend) {
  const fresh = (options?: { staleMatchMs?: number }) => open(backend.fresh(options));

  it('create/fetch round trip returns exactly what was stored, and only the requested keys', async () => {
    const db = await fresh();
    const init = initialState({ deck: [3, 1, 2], nested: { a: [{ b: null }], t: true, f: 1.5 } });
    const meta = metadata({ setupData: { variant: 'short' }, players: { 0: { id: 0, name: 'Ada', data: { x: 1 } }, 1: { id: 1 } } });
    await db.createMatch('m1', { initialState: init, metadata: meta });

    const all = await db.fetch('m1', { state: true, log: true, metadata: true, initialState: true });
    expect(all).toStrictEqual({ state: json(init), log: [], metadata: json(meta), initialState: json(init) });

    expect(Object.keys(await db.fetch('m1', { state: true })).sort()).toEqual(['state']);
    expect(Object.keys(await db.fetch('m1', { metadata: true, log: true })).sort()).toEqual(['log', 'metadata']);
    expect(Object.keys(await db.fetch('m1', { initialState: true })).sort()).toEqual(['initialState']);
    expect(await db.fetch('m1', {})).toStrictEqual({});
    expect(await db.fetch('m1', { state: false, metadata: true })).toStrictEqual({ metadata: json(meta) });

    // After moves the initial state stays put while state moves on.
    await db.setState('m1', stateAt(init, 1, { n: 1 }), [entry(0)]);
    const after = await db.fetch('m1', { state: true, initialState: true, log: true });
    expect(after.initialState).toStrictEqual(json(init));
    expect(after.state).toStrictEqual(json(stateAt(init, 1, { n: 1 })));
    expect(after.log).toStrictEqual([json(entry(0))]);

    // Unknown match: requested parts undefined, log empty (as boardgame.io's InMemory).
    const none = await db.fetch('nope', { state: true, metadata: true, initialState: true, log: true });
    expect(none).toStrictEqual({ state: undefined, metadata: undefined, initialState: undefined, log: [] });
  });

  it('createMatch on an existing matchID keeps the existing match', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    await db.setState('m', stateAt(init, 1, { n: 1 }), [entry(0)]);
    await db.createMatch('m', { initialState: initialState({ other: 1 }), metadata: metadata({ gameName: 'other' }) });
    const got = await db.fetch('m', { state: true, metadata: true, log: true, initialState: true });
    expect(got.state._stateID).toBe(1);
    expect(got.initialState).toStrictEqual(json(init));
    expect(got.metadata.gameName).toBe('counter');
    expect(got.log).toHaveLength(1);
  });

  it('setState appends each deltalog to the log, in order', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    await db.setState('m', stateAt(init, 1), [entry(0, 'a')]);
    await db.setState('m', stateAt(init, 2), []); // empty deltalog: log unchanged
    await db.setState('m', stateAt(init, 3), [entry(2, 'b'), entry(2, 'c'), entry(2, 'd')]);
    await db.setState('m', stateAt(init, 4)); // no deltalog at all
    await db.setState('m', stateAt(init, 5, { n: 5 }), [entry(4, 'e')]);
    const { log, state } = await db.fetch('m', { log: true, state: true });
    expect(log.map((e) => e.action.payload.args[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(log).toStrictEqual(json([entry(0, 'a'), entry(2, 'b'), entry(2, 'c'), entry(2, 'd'), entry(4, 'e')]));
    expect(state).toStrictEqual(json(stateAt(init, 5, { n: 5 })));

    // A deltalog larger than one INSERT batch keeps its order too.
    const big = Array.from({ length: 1234 }, (_, i) => entry(5, `big ${i}`));
    await db.setState('m', stateAt(init, 6), big);
    const { log: log2 } = await db.fetch('m', { log: true });
    expect(log2).toHaveLength(5 + 1234);
    expect(log2.slice(5).map((e) => e.action.payload.args[0])).toEqual(big.map((e) => e.action.payload.args[0]));
  });

  it('stale-state guard: a write whose _stateID is not greater than the stored one changes nothing', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    expect(await db.trySetState('m', stateAt(init, 3, { n: 3 }), [entry(2, 'three')])).toBe('written');

    // Older and equal _stateID: refused, log not appended.
    expect(await db.trySetState('m', stateAt(init, 2, { n: 2 }), [entry(1, 'two')])).toBe('stale');
    await db.setState('m', stateAt(init, 3, { n: 99 }), [entry(2, 'dup')]);
    let got = await db.fetch('m', { state: true, log: true });
    expect(got.state.G.n).toBe(3);
    expect(got.state._stateID).toBe(3);
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['three']);

    // Newer: written.
    expect(await db.trySetState('m', stateAt(init, 4, { n: 4 }), [entry(3, 'four')])).toBe('written');
    got = await db.fetch('m', { state: true, log: true });
    expect(got.state.G.n).toBe(4);
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['three', 'four']);
  });

  it('a state written with its metadata (a move\'s clock, its game end) changes both at once, or neither when stale', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    const over = metadata({ updatedAt: 5_000, gameover: { winner: '0' } });
    expect(await db.trySetState('m', stateAt(init, 1, { n: 1 }), [entry(0, 'one'), entry(0, 'end')], over)).toBe('written');
    let got = await db.fetch('m', { state: true, metadata: true, log: true });
    expect(got.metadata).toEqual(over);
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['one', 'end']);
    expect(await db.listMatches({ where: { isGameover: true } })).toEqual(['m']);

    expect(await db.trySetState('m', stateAt(init, 1, { n: 9 }), [entry(0, 'late')], metadata({ updatedAt: 9_000 }))).toBe('stale');
    got = await db.fetch('m', { state: true, metadata: true, log: true });
    expect([got.state.G.n, got.metadata.updatedAt, got.log.length]).toEqual([1, 5_000, 2]);
  });

  it('setState and setMetadata never resurrect a missing or wiped match', async () => {
    const db = await fresh();
    const init = initialState();
    expect(await db.trySetState('ghost', stateAt(init, 1), [entry(0)])).toBe('missing');
    await db.setMetadata('ghost', metadata());
    expect(await db.fetch('ghost', { state: true, metadata: true, log: true })).toStrictEqual({
      state: undefined,
      metadata: undefined,
      log: [],
    });
    expect(await db.listMatches()).toEqual([]);

    await db.createMatch('m', { initialState: init, metadata: metadata() });
    await db.wipe('m');
    expect(await db.trySetState('m', stateAt(init, 1), [entry(0)])).toBe('missing');
    await db.setMetadata('m', metadata());
    expect((await db.fetch('m', { state: true })).state).toBeUndefined();
    expect(await db.listMatches()).toEqual([]);
  });

  it('a write that fails half-way leaves state and log as they were (one transaction)', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    await db.setState('m', stateAt(init, 1, { n: 1 }), [entry(0, 'ok')]);

    // The second entry cannot be serialized: it fails after the state row was updated
    // and the first entries were on their way in.
    const poisoned = {
      ...entry(1, 'poison'),
      toJSON() {
        throw new Error('boom: cannot serialize');
      },
    } as LogEntry;
    const manyThenPoison = [...Array.from({ length: 600 }, (_, i) => entry(1, `pre ${i}`)), poisoned];
    await expect(db.setState('m', stateAt(init, 2, { n: 2 }), manyThenPoison)).rejects.toThrow(/boom/);

    let got = await db.fetch('m', { state: true, log: true });
    expect(got.state).toStrictEqual(json(stateAt(init, 1, { n: 1 })));
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['ok']);

    // The store is still usable and the log numbering is intact.
    await db.setState('m', stateAt(init, 2, { n: 2 }), [entry(1, 'next')]);
    got = await db.fetch('m', { state: true, log: true });
    expect(got.state.G.n).toBe(2);
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['ok', 'next']);
  });

  it('setMetadata replaces the metadata and updates what listMatches filters on', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    const next = metadata({
      updatedAt: 5_000,
      gameover: { winner: '1' },
      players: { 0: { id: 0, name: 'Ada', isConnected: true }, 1: { id: 1, name: 'Bo', credentials: 'x' } },
      nextMatchID: 'm2',
    });
    await db.setMetadata('m', next);
    expect((await db.fetch('m', { metadata: true })).metadata).toStrictEqual(json(next));
    expect(await db.listMatches({ where: { isGameover: true } })).toEqual(['m']);
    expect(await db.listMatches({ where: { updatedAfter: 4_999 } })).toEqual(['m']);
    // Other parts untouched.
    expect((await db.fetch('m', { state: true })).state).toStrictEqual(json(init));
  });

  it('listMatches filters by gameName, isGameover, updatedBefore and updatedAfter', async () => {
    const db = await fresh();
    const mk = (id: string, over: Partial<Server.MatchData>) =>
      db.createMatch(id, { initialState: initialState(), metadata: metadata(over) });
    await mk('a', { gameName: 'counter', createdAt: 1, updatedAt: 100 });
    await mk('b', { gameName: 'counter', createdAt: 2, updatedAt: 200, gameover: { winner: '0' } });
    await mk('c', { gameName: 'chess', createdAt: 3, updatedAt: 300 });
    await mk('d', { gameName: 'counter', createdAt: 4, updatedAt: 400, gameover: { draw: true } });
    await mk('e', { gameName: 'counter', createdAt: 5, updatedAt: 500, gameover: null });

    expect(await db.listMatches()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await db.listMatches({})).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await db.listMatches({ gameName: 'counter' })).toEqual(['a', 'b', 'd', 'e']);
    expect(await db.listMatches({ gameName: 'chess' })).toEqual(['c']);
    expect(await db.listMatches({ gameName: 'go' })).toEqual([]);
    // gameover null counts as not over (as boardgame.io's Master treats it).
    expect(await db.listMatches({ where: { isGameover: true } })).toEqual(['b', 'd']);
    expect(await db.listMatches({ where: { isGameover: false } })).toEqual(['a', 'c', 'e']);
    // Bounds are strict.
    expect(await db.listMatches({ where: { updatedBefore: 300 } })).toEqual(['a', 'b']);
    expect(await db.listMatches({ where: { updatedAfter: 300 } })).toEqual(['d', 'e']);
    expect(await db.listMatches({ where: { updatedAfter: 100, updatedBefore: 500 } })).toEqual(['b', 'c', 'd']);
    expect(
      await db.listMatches({ gameName: 'counter', where: { isGameover: false, updatedAfter: 50, updatedBefore: 450 } }),
    ).toEqual(['a']);
    expect(await db.listMatches({ where: { updatedBefore: 100 } })).toEqual([]);
    // Timestamps far beyond 32 bits.
    await mk('f', { createdAt: 6, updatedAt: 4_102_444_800_000 });
    expect(await db.listMatches({ where: { updatedAfter: 4_102_444_799_999 } })).toEqual(['f']);
    expect(await db.listMatches({ where: { updatedBefore: 4_102_444_800_000, updatedAfter: 450 } })).toEqual(['e']);
  });

  it('wipe removes state, initial state, metadata and log, and only of that match', async () => {
    const db = await fresh();
    const init = initialState();
    for (const id of ['m', 'keep']) {
      await db.createMatch(id, { initialState: init, metadata: metadata() });
      await db.setState(id, stateAt(init, 1), [entry(0, `${id} 0`), entry(0, `${id} 1`)]);
    }
    await db.wipe('m');
    expect(await db.fetch('m', { state: true, metadata: true, initialState: true, log: true })).toStrictEqual({
      state: undefined,
      metadata: undefined,
      initialState: undefined,
      log: [],
    });
    expect(await db.listMatches()).toEqual(['keep']);
    expect((await db.fetch('keep', { log: true })).log).toHaveLength(2);
    await db.wipe('m'); // wiping again is fine
    await db.wipe('never-existed');

    // A new match under the same ID starts with an empty log.
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    expect((await db.fetch('m', { log: true })).log).toEqual([]);
    await db.setState('m', stateAt(init, 1), [entry(0, 'fresh')]);
    expect((await db.fetch('m', { log: true })).log.map((e) => e.action.payload.args[0])).toEqual(['fresh']);
  });

  it('data persists across close() and a new adapter on the same database; connect is idempotent', async () => {
    const first = await open(backend.fresh());
    await first.connect();
    const init = initialState({ persisted: 'yes' });
    const meta = metadata({ updatedAt: 777 });
    await first.createMatch('p', { initialState: init, metadata: meta });
    await first.setState('p', stateAt(init, 1, { n: 1 }), [entry(0, 'kept')]);
    await first.close();
    await expect(first.fetch('p', { state: true })).rejects.toThrow(/closed/);

    const second = await open(backend.reopen(first));
    const got = await second.fetch('p', { state: true, log: true, metadata: true, initialState: true });
    expect(got).toStrictEqual({
      state: json(stateAt(init, 1, { n: 1 })),
      log: [json(entry(0, 'kept'))],
      metadata: json(meta),
      initialState: json(init),
    });
    expect(await second.listMatches({ where: { updatedAfter: 776 } })).toEqual(['p']);
    // The reopened store keeps appending where the log left off.
    await second.setState('p', stateAt(init, 2), [entry(1, 'more')]);
    expect((await second.fetch('p', { log: true })).log.map((e) => e.action.payload.args[0])).toEqual(['kept', 'more']);
    // And the stale guard still knows the stored _stateID.
    expect(await second.trySetState('p', stateAt(init, 1), [])).toBe('stale');
  });

  it('two adapters migrating an empty database at the same time both come up', async () => {
    const a = backend.fresh();
    stores.push(a);
    const b = backend.reopen(a);
    stores.push(b);
    await Promise.all([a.connect(), b.connect()]);
    await a.createMatch('x', { initialState: initialState(), metadata: metadata() });
    expect(await b.listMatches()).toEqual(['x']);
  });

  it('cleanupStaleMatches wipes unfinished matches not updated within the threshold', async () => {
    const HOUR = 3_600_000;
    const db = await fresh({ staleMatchMs: 2 * HOUR });
    const now = 10 * HOUR;
    const init = initialState();
    const mk = async (id: string, updatedAt: number, gameover?: unknown) => {
      await db.createMatch(id, { initialState: init, metadata: metadata({ updatedAt, ...(gameover ? { gameover } : {}) }) });
      await db.setState(id, stateAt(init, 1), [entry(0, id)]);
    };
    await mk('old-open', now - 5 * HOUR);
    await mk('old-over', now - 5 * HOUR, { winner: '0' });
    await mk('edge-open', now - 2 * HOUR); // exactly at the threshold: kept
    await mk('new-open', now - HOUR);

    expect(await db.cleanupStaleMatches(2 * HOUR, now)).toEqual(['old-open']);
    // Same createdAt everywhere: listed by matchID.
    expect(await db.listMatches()).toEqual(['edge-open', 'new-open', 'old-over']);
    expect(await db.fetch('old-open', { state: true, log: true })).toStrictEqual({ state: undefined, log: [] });
    expect((await db.fetch('old-over', { log: true })).log).toHaveLength(1);

    // Nothing left to clean at the same threshold.
    expect(await db.cleanupStaleMatches(2 * HOUR, now)).toEqual([]);
    // The default threshold comes from the staleMatchMs option (2 h here): 1 ms later the edge goes.
    expect(await db.cleanupStaleMatches(undefined, now + 1)).toEqual(['edge-open']);
    // A match whose metadata was touched recently survives a shorter threshold.
    await db.setMetadata('new-open', metadata({ updatedAt: now }));
    expect(await db.cleanupStaleMatches(30 * 60_000, now + 1)).toEqual([]);
    expect(await db.listMatches()).toEqual(['new-open', 'old-over']);
    await expect(db.cleanupStaleMatches(-1)).rejects.toThrow(/threshold/);
  });

  it('concurrent setState calls on different matches all land, each log in its own order', async () => {
    const db = await fresh();
    const init = initialState();
    const MATCHES = 12;
    const MOVES = 15;
    const ids = Array.from({ length: MATCHES }, (_, i) => `c${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => db.createMatch(id, { initialState: init, metadata: metadata() })));
    await Promise.all(
      ids.map(async (id) => {
        for (let k = 1; k <= MOVES; k++) {
          await db.setState(id, stateAt(init, k, { n: k, owner: id }), [entry(k - 1, `${id}:${k}`), entry(k - 1, `${id}:${k}b`)]);
        }
      }),
    );
    const results = await Promise.all(ids.map((id) => db.fetch(id, { state: true, log: true })));
    results.forEach((r, i) => {
      const id = ids[i]!;
      expect(r.state.G).toMatchObject({ n: MOVES, owner: id });
      expect(r.log.map((e) => e.action.payload.args[0])).toEqual(
        Array.from({ length: MOVES }, (_, k) => [`${id}:${k + 1}`, `${id}:${k + 1}b`]).flat(),
      );
    });
  });

  it('concurrent out-of-order setState calls on one match keep the newest state and a matching log', async () => {
    const db = await fresh();
    const init = initialState();
    await db.createMatch('m', { initialState: init, metadata: metadata() });
    const order = [3, 1, 7, 2, 9, 4, 8, 5, 6, 10, 10, 9];
    const results = await Promise.all(
      order.map((k) => db.trySetState('m', stateAt(init, k, { n: k }), [entry(k - 1, `to ${k}`)])),
    );
    const { state, log } = await db.fetch('m', { state: true, log: true });
    expect(state._stateID).toBe(10);
    expect(state.G.n).toBe(10);
    // Exactly the written calls left log entries, with strictly increasing _stateID.
    const written = order.filter((_, i) => results[i] === 'written');
    expect(log.map((e) => e._stateID + 1)).toEqual([...written].sort((x, y) => x - y));
    const ids = log.map((e) => e._stateID);
    expect(ids.every((v, i) => i === 0 || v > ids[i - 1]!)).toBe(true);
    expect(results.filter((r) => r === 'written').length).toBeGreaterThanOrEqual(2); // 3 then 7/9/10 at least
  });

  it('keeps JSON with unicode exactly (emoji, CJK, RTL, combining marks, NUL, lone surrogates, unicode keys)', async () => {
    const db = await fresh();
    const weird = {
      emoji: '🪙👑🚀 family: 👨‍👩‍👧‍👦 flag: 🇫🇷',
      cjk: '造幣帝国 ミント インペリウム',
      rtl: 'مرحبا שלום',
      combining: 'e\u0301 vs é, Å vs A\u030a',
      nul: 'a\u0000b',
      control: '\u0001\u001f\u007f\t\n\r',
      lone: 'x\ud800y\udc00z',
      quotes: `"'\\ \u2028\u2029`,
      '键🔑': { 'ключ': ['ñ', 'ß', 'İ'] },
      numbers: [0, -1, 1e21, 0.1 + 0.2, Number.MAX_SAFE_INTEGER],
    };
    const init = initialState({ weird });
    const meta = metadata({
      gameName: 'counter',
      players: { 0: { id: 0, name: 'Zoë 🐉 \u0000' }, 1: { id: 1, name: 'مرحبا', data: { weird } } },
      setupData: weird,
    });
    await db.createMatch('ü-🪙', { initialState: init, metadata: meta });
    const move = { ...entry(0), action: { type: 'MAKE_MOVE', payload: { type: 'inc', args: [weird], playerID: '0' } } } as LogEntry;
    await db.setState('ü-🪙', stateAt(init, 1, { weird, echo: weird.lone }), [move]);

    const got = await db.fetch('ü-🪙', { state: true, log: true, metadata: true, initialState: true });
    expect(got.initialState.G.weird).toStrictEqual(weird);
    expect(got.state.G.weird).toStrictEqual(weird);
    expect(got.state.G.echo).toBe('x\ud800y\udc00z');
    expect(got.metadata).toStrictEqual(json(meta));
    expect(got.metadata.players[0]!.name).toBe('Zoë 🐉 \u0000');
    expect(got.log[0]!.action.payload.args[0]).toStrictEqual(weird);
    expect(got.state.G.weird.nul).toHaveLength(3);
    expect(await db.listMatches()).toEqual(['ü-🪙']);
  });

  it("works under boardgame.io's Master: moves, gameover metadata, and its concurrent-update race", async () => {
    const db = await fresh();
    const sent: unknown[] = [];
    const master = new Master(counterGame, db, { send: () => {}, sendAll: (p) => sent.push(p) });
    const created = bgioCreateMatch({ game: counterGame, numPlayers: 2, setupData: undefined, unlisted: false });
    if ('setupDataError' in created) throw new Error(created.setupDataError);
    await db.createMatch('live', created);

    const move = (note: string) => ({
      type: 'MAKE_MOVE' as const,
      payload: { type: 'inc', args: [note], playerID: '0', credentials: '' }, // no auth configured
    });
    for (let i = 0; i < 3; i++) {
      const { state } = await db.fetch('live', { state: true });
      expect(await master.onUpdate(move(`m${i}`), state._stateID, 'live', '0')).toBeUndefined();
    }
    let got = await db.fetch('live', { state: true, log: true, metadata: true });
    expect(got.state.G).toStrictEqual({ n: 3, notes: ['m0', 'm1', 'm2'] });
    expect(got.log.map((e) => e.action.payload.args[0])).toEqual(['m0', 'm1', 'm2']);
    expect(got.state).not.toHaveProperty('deltalog');

    // Two updates of one match at once (the race the per-match queue only prevents within one
    // process): both read the same state. The stored log must still match the stored state.
    const { state: before } = await db.fetch('live', { state: true });
    const outcomes: string[] = [];
    const trySetState = db.trySetState.bind(db);
    db.trySetState = async (...args) => {
      const r = await trySetState(...args);
      outcomes.push(r);
      return r;
    };
    // Both state reads finish only once both were made, so neither update can see the other's write (on a loaded
    // machine one update could otherwise run whole before the other read: no race, and nothing tested).
    const fetch = db.fetch.bind(db);
    let reads = 0;
    let bothRead: () => void = () => {};
    const barrier = new Promise<void>((r) => { bothRead = r; });
    // (The Master reads the metadata, then the state: the barrier is on the two state reads.)
    db.fetch = (async (...args: Parameters<typeof db.fetch>) => {
      const got = await fetch(...args);
      if (!(args[1] as { state?: boolean }).state) return got;
      if (++reads === 2) bothRead();
      await barrier;
      return got;
    }) as typeof db.fetch;
    await Promise.all([
      master.onUpdate(move('race A'), before._stateID, 'live', '0'),
      master.onUpdate(move('race B'), before._stateID, 'live', '0'),
    ]);
    db.fetch = fetch;
    expect(outcomes.sort()).toEqual(['stale', 'written']); // the race did happen
    const raced = await db.fetch('live', { state: true, log: true });
    expect(raced.state.G.n).toBe(4);
    expect(raced.log).toHaveLength(raced.state.G.n);
    expect(raced.log.map((e) => e.action.payload.args[0])).toEqual(raced.state.G.notes);

    // Play to the end: the Master writes gameover into the metadata.
    while (!(await db.fetch('live', { state: true })).state.ctx.gameover) {
      const { state } = await db.fetch('live', { state: true });
      await master.onUpdate(move('fin'), state._stateID, 'live', '0');
    }
    got = await db.fetch('live', { state: true, log: true, metadata: true });
    expect(got.metadata.gameover).toStrictEqual({ winner: '0' });
    expect(await db.listMatches({ gameName: 'counter', where: { isGameover: true } })).toEqual(['live']);
    expect(got.log).toHaveLength(5);
    expect(sent.length).toBeGreaterThanOrEqual(5);
  });
}

// ---------------------------------------------------------------------------------------------

describe('storage on SQLite (temporary file)', () => {
  const backend = sqliteBackend();
  afterAll(() => backend.cleanup());
  storageSuite(backend);

  it('puts WAL, log table and foreign keys in a real file', async () => {
    const db = await open(backend.fresh());
    expect(db.dialect).toBe('sqlite');
    await db.createMatch('m', { initialState: initialState(), metadata: metadata() });
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(db.filename!, { readonly: true });
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      const tables = raw.prepare(`select name from sqlite_master where type = 'table' order by name`).all();
      expect(tables.map((t) => (t as { name: string }).name)).toEqual([
        'bgio_match_chat',
        'bgio_match_log',
        'bgio_matches',
        'bgio_storage_migration',
        'bgio_storage_migration_lock',
        'mint_game_log',
        'mint_match_summary',
        'mint_problem_reports',
      ]);
    } finally {
      raw.close();
    }
  });
});

describe.skipIf(!PG_URL)(
  PG_URL ? 'storage on PostgreSQL (DATABASE_URL)' : `storage on PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`,
  () => {
    const backend = postgresBackend(PG_URL ?? '');
    afterAll(async () => {
      // Close this block's stores before dropping their schemas.
      await Promise.all(stores.filter((s) => s.dialect === 'postgres').map((s) => s.close()));
      await backend.cleanup();
    });
    storageSuite(backend);

    it('keeps its tables in its own schema and drops nothing else', async () => {
      const db = await open(backend.fresh());
      expect(db.dialect).toBe('postgres');
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select table_name from information_schema.tables where table_schema = $1 order by table_name`,
          [db.schema],
        );
        expect(rows.map((r) => r.table_name)).toEqual([
          'bgio_match_chat',
          'bgio_match_log',
          'bgio_matches',
          'bgio_storage_migration',
          'bgio_storage_migration_lock',
        'mint_game_log',
          'mint_match_summary',
          'mint_problem_reports',
        ]);
      } finally {
        await client.end();
      }
    });
  },
);

describe('createStorage / parseStorageUrl', () => {
  it('chooses the backend from the URL', () => {
    expect(parseStorageUrl(undefined)).toEqual({ dialect: 'sqlite', filename: DEFAULT_SQLITE_FILE });
    expect(parseStorageUrl('')).toEqual({ dialect: 'sqlite', filename: 'data/mint-imperium.sqlite' });
    expect(parseStorageUrl('postgres://u@h:5432/db')).toEqual({ dialect: 'postgres', connectionString: 'postgres://u@h:5432/db' });
    expect(parseStorageUrl('postgresql://h/db?sslmode=require')).toEqual({
      dialect: 'postgres',
      connectionString: 'postgresql://h/db?sslmode=require',
    });
    expect(parseStorageUrl('sqlite:data/x.sqlite')).toEqual({ dialect: 'sqlite', filename: 'data/x.sqlite' });
    expect(parseStorageUrl('sqlite:///var/db/x.sqlite')).toEqual({ dialect: 'sqlite', filename: '/var/db/x.sqlite' });
    expect(parseStorageUrl(':memory:')).toEqual({ dialect: 'sqlite', filename: ':memory:' });
    expect(parseStorageUrl('/tmp/a.db')).toEqual({ dialect: 'sqlite', filename: '/tmp/a.db' });
    expect(() => parseStorageUrl('mysql://root:secret@h/db')).toThrow(/unsupported/);
    expect(() => parseStorageUrl('mysql://root:secret@h/db')).not.toThrow(/secret/);
  });

  it('createStorage builds the right adapter and rejects bad options', async () => {
    const mem = createStorage(':memory:');
    expect(mem.dialect).toBe('sqlite');
    await mem.connect();
    await mem.createMatch('m', { initialState: initialState(), metadata: metadata() });
    expect(await mem.listMatches()).toEqual(['m']);
    await mem.close();

    const pgStore = createStorage('postgres://nobody@127.0.0.1:1/none');
    expect(pgStore.dialect).toBe('postgres');
    await pgStore.close(); // never connected: closes without touching the network

    expect(() => createStorage('postgres://h/db', { schema: 'bad"name' })).toThrow(/schema/);
    expect(() => createStorage(':memory:', { schema: 'x' })).toThrow(/Postgres only/);
  });
});
