/**
 * The game log in rows of its own (issue 21 item 1, server/storage/game-log.ts), on SQLite and on PostgreSQL
 * (DATABASE_URL; skipped, and said so, without it): real game states, played by random legal moves with take-backs
 * (which drop log entries), written move by move as the hub writes them (each with the stored state it came from),
 * read back byte for byte; the state row without its log; a stale log length refused; and a database as the
 * previous release wrote it (the log inside the state row) migrated on open and played on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Server, State } from 'boardgame.io';
import { SqlStorage, createStorage } from '../../server/storage';
import { migrateToLatest } from '../../server/storage/migrations';
import { legalActions, seededRng, type GameState } from '../../src/game/rules';
import { moveOf } from '../../src/protocol';
import { makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated } from './bgio-helpers';

quietBoardgameIo();

const PG_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
if (!PG_URL) console.warn('[storage-game-log.test] SKIPPING the PostgreSQL block: DATABASE_URL is not a postgres:// URL');
const RUN = `${process.pid}_${randomBytes(3).toString('hex')}`;

/**
 * The master states of one seeded game up to `rounds` rounds, each seat picking a random legal move, and taking
 * back its last decision now and then (a rewrite of the log's tail). Deterministic for a seed.
 */
function playedStates(seed: string, rounds: number): { states: State<GameState>[]; takeBacks: number } {
  const { game, client } = makeClient(seed);
  const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];
  const states = [master(client)];
  const rng = seededRng(`${seed}/picks`);
  let takeBacks = 0;
  const pick = (n: number) => rng.int(n);
  for (let step = 0; step < 3000; step++) {
    const s = master(client);
    if (s.G.winner || s.G.round > rounds) break;
    const p = pendingPlayer(s.G);
    if (p === null) break;
    const canTakeBack = legalActions(s.G, s.G.pending!.seat).some((a) => a.type === 'undo');
    if (canTakeBack && pick(4) === 0) {
      const m = moveOf({ type: 'undo' });
      play(client, p, m.move, m.args);
      takeBacks++;
    } else {
      const options = enumerate(s.G, s.ctx, p);
      const o = options[pick(options.length)];
      play(client, p, o.move, o.args);
    }
    const next = master(client);
    if (next._stateID !== s._stateID) states.push(next);
  }
  return { states, takeBacks };
}

function metadata(): Server.MatchData {
  return {
    gameName: 'mint-imperium', players: { 0: { id: 0, name: 'A', credentials: 'c0' }, 1: { id: 1, name: 'B', credentials: 'c1' } },
    createdAt: 1_000, updatedAt: 1_000, unlisted: false,
  };
}

const GAME = playedStates('game-log-rows', 8);
const stores: SqlStorage[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

interface Backend {
  store(): Promise<SqlStorage>;
  /** A raw connection to what `store` opens, for the row checks and the old-release database. */
  kysely(store: SqlStorage): Kysely<any>;
  /** A store on a database the previous release's schema (migrations up to 005) was built in by `build`. */
  oldDatabase(build: (db: Kysely<any>) => Promise<void>): Promise<SqlStorage>;
}

function suite(backend: Backend) {
  it('a game to round 8 with take-backs: every state read back byte for byte, the row without its log', async () => {
    const { states, takeBacks } = GAME;
    expect(states.at(-1)!.G.round).toBeGreaterThanOrEqual(8);
    expect(takeBacks).toBeGreaterThan(3); // the rewrite path ran
    const db = await backend.store();
    await db.createMatch('g1', { initialState: states[0], metadata: metadata() });
    expect(JSON.stringify((await db.fetch('g1', { state: true })).state)).toBe(JSON.stringify(states[0]));
    let shrunk = 0;
    for (let i = 1; i < states.length; i++) {
      if (states[i].G.log.length < states[i - 1].G.log.length) shrunk++;
      expect(await db.trySetState('g1', states[i], [], undefined, states[i - 1])).toBe('written');
      if (i % 25 === 0 || i === states.length - 1) {
        expect(JSON.stringify((await db.fetch('g1', { state: true })).state)).toBe(JSON.stringify(states[i]));
      }
    }
    expect(shrunk).toBeGreaterThan(0);
    const k = backend.kysely(db);
    const row = await k.selectFrom('bgio_matches').select(['state', 'game_log_length']).where('match_id', '=', 'g1').executeTakeFirstOrThrow();
    const last = states.at(-1)!;
    expect(Number(row.game_log_length)).toBe(last.G.log.length);
    expect(JSON.parse(row.state).G.log).toEqual([]);
    // What a move rewrites is the small row: the log was ≈ 90 % of the state.
    expect(row.state.length).toBeLessThan(JSON.stringify(last).length / 3);
    const rows = await k.selectFrom('mint_game_log').select(['seq', 'entry']).where('match_id', '=', 'g1').orderBy('seq').execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(last.G.log.map((_, i) => i));
    expect(rows.map((r) => JSON.parse(r.entry))).toEqual(last.G.log);
  });

  it('a write computed from another log length is refused as stale and changes nothing', async () => {
    const { states } = GAME;
    const db = await backend.store();
    await db.createMatch('g2', { initialState: states[0], metadata: metadata() });
    for (let i = 1; i <= 20; i++) expect(await db.trySetState('g2', states[i], [], undefined, states[i - 1])).toBe('written');
    const before = JSON.stringify((await db.fetch('g2', { state: true })).state);
    // As if computed from state 10 (a shorter log than the stored one): refused.
    const moved = states.findIndex((s, i) => i > 20 && s.G.log.length > states[20].G.log.length);
    expect(await db.trySetState('g2', states[moved], [], undefined, states[10])).toBe('stale');
    expect(JSON.stringify((await db.fetch('g2', { state: true })).state)).toBe(before);
    // Without the state it came from, the whole log is written.
    expect(await db.trySetState('g2', states[moved], [])).toBe('written');
    expect(JSON.stringify((await db.fetch('g2', { state: true })).state)).toBe(JSON.stringify(states[moved]));
    await db.wipe('g2');
    const k = backend.kysely(db);
    expect(await k.selectFrom('mint_game_log').select('seq').where('match_id', '=', 'g2').execute()).toEqual([]);
  });

  it('a database of the previous release (log inside the state row) is migrated on open and plays on', async () => {
    const { states } = GAME;
    const mid = Math.floor(states.length / 2);
    const db = await backend.oldDatabase(async (k) => {
      // Exactly the rows the previous release's createMatch and setState wrote: the state whole, log included.
      await k.insertInto('bgio_matches').values({
        match_id: 'old1', game_name: 'mint-imperium', state: JSON.stringify(states[mid]), state_id: states[mid]._stateID,
        initial_state: JSON.stringify(states[0]), metadata: JSON.stringify(metadata()), is_gameover: 0,
        created_at: 1_000, updated_at: 1_000, log_length: 0, unlisted: 0,
      }).execute();
    });
    expect(states[mid].G.log.length).toBeGreaterThan(50);
    expect(JSON.stringify((await db.fetch('old1', { state: true })).state)).toBe(JSON.stringify(states[mid]));
    expect(JSON.stringify((await db.fetch('old1', { initialState: true })).initialState)).toBe(JSON.stringify(states[0]));
    for (let i = mid + 1; i < mid + 30; i++) expect(await db.trySetState('old1', states[i], [], undefined, states[i - 1])).toBe('written');
    expect(JSON.stringify((await db.fetch('old1', { state: true })).state)).toBe(JSON.stringify(states[mid + 29]));
    const row = await backend.kysely(db).selectFrom('bgio_matches').select('state').where('match_id', '=', 'old1').executeTakeFirstOrThrow();
    expect(JSON.parse(row.state).G.log).toEqual([]);
  });
}

describe('game log rows on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mint-game-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const raw = new Map<SqlStorage, Kysely<any>>();
  afterAll(async () => {
    for (const k of raw.values()) await k.destroy();
  });
  suite({
    store: async () => {
      const s = new SqlStorage({ dialect: 'sqlite', filename: join(dir, `s${n++}.sqlite`) });
      stores.push(s);
      await s.connect();
      return s;
    },
    kysely: (store) => {
      let k = raw.get(store);
      if (!k) raw.set(store, (k = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(store.filename!) }) })));
      return k;
    },
    oldDatabase: async (build) => {
      const filename = join(dir, `old${n++}.sqlite`);
      const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(filename) }) });
      await migrateToLatest(k, undefined, '005_chat_by_channel');
      await build(k);
      await k.destroy();
      const s = new SqlStorage({ dialect: 'sqlite', filename });
      stores.push(s);
      await s.connect();
      return s;
    },
  });
});

describe.skipIf(!PG_URL)('game log rows on PostgreSQL (DATABASE_URL)', () => {
  const schemas: string[] = [];
  const pools: Kysely<any>[] = [];
  const schemaOf = new Map<SqlStorage, string>();
  const rawFor = (schema: string) => {
    const k = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: PG_URL, max: 2 }) }) });
    pools.push(k);
    return k.withSchema(schema);
  };
  afterAll(async () => {
    const k = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: PG_URL, max: 1 }) }) });
    for (const s of schemas) await sql`drop schema if exists ${sql.id(s)} cascade`.execute(k);
    await k.destroy();
    for (const p of pools) await p.destroy();
  });
  const open = async (schema: string) => {
    const s = createStorage(PG_URL, { schema, poolSize: 2 });
    stores.push(s);
    schemaOf.set(s, schema);
    await s.connect();
    return s;
  };
  suite({
    store: async () => {
      const schema = `game_log_test_${RUN}_${schemas.length}`;
      schemas.push(schema);
      return open(schema);
    },
    kysely: (store) => rawFor(schemaOf.get(store)!),
    oldDatabase: async (build) => {
      const schema = `game_log_test_${RUN}_${schemas.length}`;
      schemas.push(schema);
      const k = rawFor(schema);
      await sql`create schema ${sql.id(schema)}`.execute(k);
      await migrateToLatest(k, schema, '005_chat_by_channel');
      await build(k);
      return open(schema);
    },
  });
});
