import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { REPORTS } from './schema';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { SchemaPostgresDialect } from './pg-dialect';
import pg from 'pg';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import { Async } from 'boardgame.io/internal';
import { migrateToLatest, pendingMigrations } from './migrations';
import { GAME_LOG, MATCHES, MATCH_CHAT, MATCH_LOG, type StorageDatabase } from './schema';
import { gameLogWrite, shellJson, withGameLog, type GameLogWrite } from './game-log';
import { MatchSummaryStore } from './match-summaries';

export interface ListCursor { createdAt: number; matchID: string }

export interface ListPageOptions {
  gameName: string;
  limit: number;
  cursor?: ListCursor;
  where?: StorageAPI.ListMatchesOpts['where'];
}

export type StorageDialect = 'sqlite' | 'postgres';

export interface SqlStorageOptions {
  /**
   * Postgres only: keep the tables in this schema (created if missing) instead of `public`.
   * Tests use a unique schema per run. Letters, digits and `_` only.
   */
  schema?: string;
  /** Postgres only: connection pool size. Default 10. */
  poolSize?: number;
  /** Default threshold for cleanupStaleMatches(). Default 24 hours. */
  staleMatchMs?: number;
  /**
   * SQLite only: `PRAGMA synchronous` in WAL mode. Default {@link DEFAULT_SQLITE_SYNCHRONOUS}. `FULL` syncs the
   * WAL at every commit (a committed move survives a power cut); `NORMAL` syncs it only at checkpoints (a committed
   * move survives a crash of the process, the last ones may be lost on a power cut or OS crash). docs/SERVER.md.
   */
  sqliteSynchronous?: SqliteSynchronous;
}

export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** Outcome of one state write, from {@link SqlStorage.trySetState}. */
export type SetStateResult = 'written' | 'stale' | 'missing';

export const DEFAULT_SQLITE_FILE = 'data/mint-imperium.sqlite';
export const DEFAULT_STALE_MATCH_MS = 24 * 60 * 60 * 1000;
/**
 * NORMAL (issue 11): in WAL mode a commit then costs no fsync on the event loop (measured 0.06 vs 2.1 ms per 40 KB
 * commit here, +27 % moves/s flat out), and a crash of the process loses nothing acknowledged
 * (tests/integration/sqlite-crash.test.ts); only a power cut or OS crash may lose the last commits.
 * docs/SERVER.md "SQLite durability".
 */
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = 'NORMAL';

/** Rows per INSERT when appending log entries (3 parameters a row; SQLite allows 32766). */
const LOG_INSERT_CHUNK = 500;

type Target =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string };

/**
 * boardgame.io storage adapter (StorageAPI.Async) on SQL, through Kysely: one implementation
 * for an embedded SQLite file (better-sqlite3) and for PostgreSQL (pg).
 *
 * Semantics beyond boardgame.io's contract (see docs/STORAGE.md):
 * - setState writes only if state._stateID is greater than the stored one; otherwise the
 *   write and its deltalog are dropped (boardgame.io can run two updates of one match at once).
 * - setState / setMetadata on a match that does not exist (never created, or wiped) do nothing:
 *   they never resurrect a wiped match.
 * - createMatch on an existing matchID keeps the existing match (first writer wins).
 * - Every write is one transaction; fetch of several parts reads one snapshot.
 */
export class SqlStorage extends Async {
  readonly dialect: StorageDialect;
  /** SQLite file path (absolute), or undefined for Postgres. */
  readonly filename: string | undefined;
  readonly schema: string | undefined;
  readonly staleMatchMs: number;

  private readonly db: Kysely<StorageDatabase>;
  /** SQLite: Kysely's one connection, for the move's write without Kysely (see sqliteSetState). */
  private sqlite: Database.Database | undefined;
  /** SQLite: prepared statements of the move's write, by SQL text. */
  private readonly statements = new Map<string, Database.Statement>();
  private connecting: Promise<void> | undefined;
  private closed = false;

  constructor(target: Target, options: SqlStorageOptions = {}) {
    super();
    this.dialect = target.dialect;
    this.staleMatchMs = options.staleMatchMs ?? DEFAULT_STALE_MATCH_MS;
    if (options.schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(options.schema)) {
      throw new Error(`invalid schema name: ${JSON.stringify(options.schema)}`);
    }

    if (target.dialect === 'sqlite') {
      if (options.schema !== undefined) throw new Error('the schema option is for Postgres only');
      const filename = target.filename === ':memory:' ? ':memory:' : resolve(target.filename);
      this.filename = filename;
      this.schema = undefined;
      const synchronous = options.sqliteSynchronous ?? DEFAULT_SQLITE_SYNCHRONOUS;
      if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new Error(`sqliteSynchronous must be FULL or NORMAL, got ${JSON.stringify(synchronous)}`);
      this.db = new Kysely<StorageDatabase>({
        dialect: new SqliteDialect({
          // Opened lazily, on the first query (from connect()).
          database: async () => {
            if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
            const conn = new Database(filename);
            if (filename !== ':memory:') conn.pragma('journal_mode = WAL');
            conn.pragma(`synchronous = ${synchronous}`);
            conn.pragma('foreign_keys = ON');
            // Another process writing the same file: wait instead of failing with SQLITE_BUSY.
            conn.pragma('busy_timeout = 5000');
            this.sqlite = conn;
            return conn;
          },
        }),
      });
    } else {
      this.filename = undefined;
      this.schema = options.schema;
      const pool = new pg.Pool({
        connectionString: target.connectionString,
        max: options.poolSize ?? 10,
      });
      // An idle client losing its connection (server restart) emits 'error' on the pool;
      // unhandled, that would crash the process. The pool drops the client and reconnects.
      pool.on('error', (err) => {
        console.error('[storage] postgres pool error:', err.message);
      });
      const base = new Kysely<StorageDatabase>({ dialect: new SchemaPostgresDialect({ pool }, options.schema) });
      this.db = options.schema ? base.withSchema(options.schema) : base;
    }
  }

  /** Creates the tables if missing (idempotent). boardgame.io's Server calls it on start. */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('storage is closed'));
    if (!this.connecting) {
      this.connecting = this.migrate().catch((err) => {
        this.connecting = undefined; // let a later call retry
        throw err;
      });
    }
    return this.connecting;
  }

  private async migrate(): Promise<void> {
    if (this.schema) {
      try {
        await sql`create schema if not exists ${sql.id(this.schema)}`.execute(this.db);
      } catch (err) {
        // Two processes creating the same schema at once: one of them gets a unique violation.
        if ((err as { code?: string }).code !== '23505') throw err;
      }
    }
    try {
      await migrateToLatest(this.db, this.schema);
    } catch (err) {
      // Two processes migrating one SQLite file at once can collide (Kysely's SQLite migration
      // lock is per process); the loser's transaction rolls back. Once more sees it done.
      if (this.dialect !== 'sqlite') throw err;
      await new Promise((r) => setTimeout(r, 50));
      await migrateToLatest(this.db, this.schema);
    }
  }

  /** The migrations `connect()` would run now (reads only; a database not created yet has all of them). */
  pendingMigrations(): Promise<string[]> {
    if (this.closed) return Promise.reject(new Error('storage is closed'));
    return pendingMigrations(this.db, this.schema);
  }

  private async ready(): Promise<void> {
    if (this.closed) throw new Error('storage is closed');
    await this.connect();
  }

  /** Closes the SQLite file / the Postgres pool. The adapter cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Let a running migration finish before tearing the connection down.
    await this.connecting?.catch(() => undefined);
    await this.db.destroy();
  }

  async createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    await this.ready();
    const { initialState, metadata } = opts;
    const initialJson = JSON.stringify(initialState);
    // The initial state stays whole (records read it); the current one keeps its game log in rows (./game-log.ts).
    const gameLog = gameLogWrite(initialState);
    await this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto(MATCHES)
        .values({
          match_id: matchID,
          state: shellJson(initialState),
          state_id: initialState._stateID ?? 0,
          initial_state: initialJson,
          log_length: 0,
          game_log_length: gameLog?.length ?? 0,
          ...metadataColumns(metadata),
        })
        .onConflict((oc) => oc.column('match_id').doNothing())
        .returning('match_id')
        .executeTakeFirst();
      if (created && gameLog) await this.writeGameLogRows(trx, matchID, gameLog);
    });
  }

  /** Inside a write's transaction, after its guarded UPDATE passed: the game log rows of ./game-log.ts. */
  private async writeGameLogRows(trx: Transaction<StorageDatabase>, matchID: string, w: GameLogWrite): Promise<void> {
    if (w.expected === undefined || w.expected > w.length) {
      await trx.deleteFrom(GAME_LOG).where('match_id', '=', matchID).where('seq', '>=', w.length).execute();
    }
    for (let i = 0; i < w.rows.length; i += LOG_INSERT_CHUNK) {
      const chunk = w.rows.slice(i, i + LOG_INSERT_CHUNK).map((entry, j) => ({ match_id: matchID, seq: w.from + i + j, entry }));
      await trx.insertInto(GAME_LOG).values(chunk)
        .onConflict((oc) => oc.columns(['match_id', 'seq']).doUpdateSet((eb) => ({ entry: eb.ref('excluded.entry') })))
        .execute();
    }
  }

  /**
   * Writes the state and appends `deltalog` to the log, in one transaction, if
   * state._stateID is greater than the stored one. boardgame.io's Master may process two
   * actions for one match concurrently and finish them out of order; this keeps the newer one.
   */
  async setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    await this.trySetState(matchID, state, deltalog);
  }

  /**
   * setState that tells what happened: 'written', 'stale' (guard refused it) or 'missing'. With `metadata`, the
   * metadata is replaced in the same UPDATE (the hub writes a move's turn clock with its state). With `prev`, the
   * stored state `state` was computed from: only the game log entries that differ from its log are written
   * (./game-log.ts), and the write is refused as stale if the stored log is not that long; without it the whole
   * game log is written.
   */
  async trySetState(matchID: string, state: State, deltalog?: LogEntry[], metadata?: Server.MatchData,
    prev?: State): Promise<SetStateResult> {
    await this.ready();
    const stateID = state._stateID;
    if (!Number.isInteger(stateID)) throw new Error(`setState(${matchID}): state._stateID is not an integer`);
    const entries = deltalog ?? [];
    const json = shellJson(state);
    const gameLog = gameLogWrite(state, prev);
    if (this.dialect === 'postgres' && entries.length <= LOG_INSERT_CHUNK && (gameLog?.rows.length ?? 0) <= LOG_INSERT_CHUNK) {
      return this.setStateOneStatement(matchID, stateID, json, entries, metadata, gameLog);
    }
    // Outside a Kysely transaction (which holds the connection across awaits), SQLite's write runs synchronously
    // on the connection itself: nothing else can run in between.
    if (this.sqlite && !this.sqlite.inTransaction) return this.sqliteSetState(this.sqlite, matchID, stateID, json, entries, metadata, gameLog);

    return this.db.transaction().execute(async (trx) => {
      // One conditional UPDATE: it takes the row lock (Postgres) and checks the guard
      // against the committed row, so two concurrent writers cannot both pass it.
      const row = await trx
        .updateTable(MATCHES)
        .set((eb) => ({
          state: json,
          state_id: stateID,
          log_length: eb('log_length', '+', entries.length),
          ...(gameLog ? { game_log_length: gameLog.length } : {}),
          ...(metadata ? metadataColumns(metadata) : {}),
        }))
        .where('match_id', '=', matchID)
        .where('state_id', '<', stateID)
        .$if(gameLog?.expected !== undefined, (q) => q.where('game_log_length', '=', gameLog!.expected!))
        .returning('log_length')
        .executeTakeFirst();

      if (!row) {
        const exists = await trx
          .selectFrom(MATCHES)
          .select('match_id')
          .where('match_id', '=', matchID)
          .executeTakeFirst();
        return exists ? 'stale' : 'missing';
      }

      const first = Number(row.log_length) - entries.length;
      for (let i = 0; i < entries.length; i += LOG_INSERT_CHUNK) {
        const chunk = entries.slice(i, i + LOG_INSERT_CHUNK).map((entry, j) => ({
          match_id: matchID,
          seq: first + i + j,
          // Serialized here, inside the transaction: an entry that cannot be serialized
          // aborts the whole write, state included.
          entry: JSON.stringify(entry),
        }));
        await trx.insertInto(MATCH_LOG).values(chunk).execute();
      }
      if (gameLog) await this.writeGameLogRows(trx, matchID, gameLog);
      return 'written';
    });
  }

  /**
   * PostgreSQL, a move's write in one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT): the guarded
   * UPDATE and the log INSERT in one statement (a data-modifying WITH), which PostgreSQL runs atomically; the INSERT
   * takes its rows only from the UPDATE's RETURNING, so a refused write appends nothing. Same row lock and guard
   * as the transaction above.
   */
  private async setStateOneStatement(matchID: string, stateID: number, stateJson: string, entries: LogEntry[],
    metadata: Server.MatchData | undefined, gameLog: GameLogWrite | undefined): Promise<SetStateResult> {
    const table = (name: string) => (this.schema ? sql.id(this.schema, name) : sql.id(name));
    const n = entries.length;
    // Serialized before the statement: an entry that cannot be serialized aborts the whole write, state included.
    const rows = entries.map((entry, i) => sql`(${sql.lit(i)}, ${JSON.stringify(entry)}::text)`);
    const sets = [sql`state = ${stateJson}`, sql`state_id = ${stateID}`, sql`log_length = log_length + ${n}::int`];
    if (gameLog) sets.push(sql`game_log_length = ${gameLog.length}::int`);
    if (metadata) for (const [col, v] of Object.entries(metadataColumns(metadata))) sets.push(sql`${sql.id(col)} = ${v}`);
    const guard = gameLog?.expected === undefined ? sql`` : sql` AND game_log_length = ${gameLog.expected}::int`;
    const update = sql`UPDATE ${table(MATCHES)} SET ${sql.join(sets)}
      WHERE match_id = ${matchID} AND state_id < ${stateID}${guard} RETURNING log_length`;
    // Each part takes its rows from the UPDATE's RETURNING (or checks it returned one): a refused write changes
    // nothing. The game log's DELETE (seq ≥ the new length) and upsert (seq below it) never touch the same row.
    const parts = [sql`u AS (${update})`];
    if (n > 0) {
      parts.push(sql`appended AS (INSERT INTO ${table(MATCH_LOG)} (match_id, seq, entry)
      SELECT ${matchID}::text, u.log_length - ${n}::int + v.i, v.entry FROM u CROSS JOIN (VALUES ${sql.join(rows)}) AS v(i, entry))`);
    }
    if (gameLog && (gameLog.expected === undefined || gameLog.expected > gameLog.length)) {
      parts.push(sql`trimmed AS (DELETE FROM ${table(GAME_LOG)} WHERE match_id = ${matchID} AND seq >= ${gameLog.length}::int
      AND EXISTS (SELECT 1 FROM u))`);
    }
    if (gameLog && gameLog.rows.length > 0) {
      const values = gameLog.rows.map((entry, i) => sql`(${sql.lit(gameLog.from + i)}, ${entry}::text)`);
      parts.push(sql`logged AS (INSERT INTO ${table(GAME_LOG)} (match_id, seq, entry)
      SELECT ${matchID}::text, v.seq, v.entry FROM u CROSS JOIN (VALUES ${sql.join(values)}) AS v(seq, entry)
      ON CONFLICT (match_id, seq) DO UPDATE SET entry = excluded.entry)`);
    }
    const query = parts.length === 1 ? update : sql`WITH ${sql.join(parts)} SELECT log_length FROM u`;
    const result = await query.execute(this.db);
    if (result.rows.length > 0) return 'written';
    const exists = await this.db.selectFrom(MATCHES).select('match_id').where('match_id', '=', matchID).executeTakeFirst();
    return exists ? 'stale' : 'missing';
  }

  /**
   * SQLite, a move's write without Kysely (whose query building and better-sqlite3's prepare of every query were
   * ≈ 10 % of a move's server time, docs/SERVER.md): the same guarded UPDATE and log INSERTs as the transaction in
   * trySetState, with statements prepared once, in one synchronous transaction (rolled back by a throw, such as an
   * entry that cannot be serialized).
   */
  private sqliteSetState(conn: Database.Database, matchID: string, stateID: number, stateJson: string, entries: LogEntry[],
    metadata: Server.MatchData | undefined, gameLog: GameLogWrite | undefined): SetStateResult {
    const columns = metadata ? metadataColumns(metadata) : undefined;
    const names = columns ? Object.keys(columns) : [];
    const guarded = gameLog?.expected !== undefined;
    const update = this.statement(conn, `UPDATE "${MATCHES}" SET "state" = ?, "state_id" = ?, "log_length" = "log_length" + ?`
      + (gameLog ? `, "game_log_length" = ?` : '') + names.map((c) => `, "${c}" = ?`).join('')
      + ` WHERE "match_id" = ? AND "state_id" < ?` + (guarded ? ` AND "game_log_length" = ?` : '') + ` RETURNING "log_length"`);
    const insert = this.statement(conn, `INSERT INTO "${MATCH_LOG}" ("match_id", "seq", "entry") VALUES (?, ?, ?)`);
    const exists = this.statement(conn, `SELECT 1 AS "one" FROM "${MATCHES}" WHERE "match_id" = ?`);
    const trim = this.statement(conn, `DELETE FROM "${GAME_LOG}" WHERE "match_id" = ? AND "seq" >= ?`);
    const upsert = this.statement(conn, `INSERT INTO "${GAME_LOG}" ("match_id", "seq", "entry") VALUES (?, ?, ?)`
      + ` ON CONFLICT ("match_id", "seq") DO UPDATE SET "entry" = excluded."entry"`);
    const write = conn.transaction((): SetStateResult => {
      const row = update.get(stateJson, stateID, entries.length, ...(gameLog ? [gameLog.length] : []),
        ...names.map((c) => (columns as Record<string, unknown>)[c]), matchID, stateID, ...(guarded ? [gameLog.expected] : []),
      ) as { log_length: number } | undefined;
      if (!row) return exists.get(matchID) ? 'stale' : 'missing';
      const first = Number(row.log_length) - entries.length;
      for (let i = 0; i < entries.length; i++) insert.run(matchID, first + i, JSON.stringify(entries[i]));
      if (gameLog) {
        if (gameLog.expected === undefined || gameLog.expected > gameLog.length) trim.run(matchID, gameLog.length);
        for (let i = 0; i < gameLog.rows.length; i++) upsert.run(matchID, gameLog.from + i, gameLog.rows[i]);
      }
      return 'written';
    });
    return write();
  }

  private statement(conn: Database.Database, text: string): Database.Statement {
    let st = this.statements.get(text);
    if (!st) {
      st = conn.prepare(text);
      this.statements.set(text, st);
    }
    return st;
  }

  /** Replaces the metadata. Does nothing if the match does not exist. */
  async setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    await this.ready();
    await this.db
      .updateTable(MATCHES)
      .set(metadataColumns(metadata))
      .where('match_id', '=', matchID)
      .execute();
  }

  /**
   * Returns the requested parts. For an unknown match each requested part is undefined,
   * except log, which is [] (as in boardgame.io's InMemory storage).
   */
  async fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>> {
    await this.ready();
    const result: Partial<StorageAPI.FetchFields> = {};
    const columns = [
      ...(opts.state ? (['state'] as const) : []),
      ...(opts.metadata ? (['metadata'] as const) : []),
      ...(opts.initialState ? (['initial_state'] as const) : []),
    ];
    if (columns.length === 0 && !opts.log) return result as StorageAPI.FetchResult<O>;

    // The state's game log rows (./game-log.ts) in the state's own query (one snapshot), joined by commas in order.
    const table = (name: string) => (this.schema ? sql.id(this.schema, name) : sql.id(name));
    const joinRows = this.dialect === 'postgres' ? sql.raw('string_agg') : sql.raw('group_concat');
    const gameLog = sql<string | null>`(SELECT ${joinRows}(g.entry, ',' ORDER BY g.seq) FROM ${table(GAME_LOG)} AS g
      WHERE g.match_id = ${matchID})`;
    const read = async (q: Kysely<StorageDatabase> | Transaction<StorageDatabase>) => {
      const row =
        columns.length > 0
          ? await q.selectFrom(MATCHES).select(columns)
            .$if(opts.state === true, (s) => s.select(['game_log_length', gameLog.as('game_log')]))
            .where('match_id', '=', matchID).executeTakeFirst()
          : undefined;
      const logRows = opts.log
        ? await q
            .selectFrom(MATCH_LOG)
            .select('entry')
            .where('match_id', '=', matchID)
            .orderBy('seq')
            .execute()
        : undefined;
      return { row, logRows };
    };

    let parts: Awaited<ReturnType<typeof read>>;
    if (opts.log && columns.length > 0) {
      // State and log from one snapshot, so the log matches the state.
      const tx = this.db.transaction();
      parts = await (this.dialect === 'postgres' ? tx.setIsolationLevel('repeatable read') : tx).execute(read);
    } else {
      parts = await read(this.db);
    }

    const row = parts.row as (Partial<Record<'state' | 'metadata' | 'initial_state', string>>
      & { game_log?: string | null; game_log_length?: number }) | undefined;
    if (opts.state) {
      result.state = typeof row?.state !== 'string' ? undefined : withGameLog(matchID, row.state, row.game_log, Number(row.game_log_length ?? 0));
    }
    if (opts.metadata) result.metadata = row?.metadata === undefined ? undefined : JSON.parse(row.metadata);
    if (opts.initialState) {
      result.initialState = row?.initial_state === undefined ? undefined : JSON.parse(row.initial_state);
    }
    if (opts.log) result.log = (parts.logRows ?? []).map((r) => JSON.parse(r.entry) as LogEntry);
    return result as StorageAPI.FetchResult<O>;
  }

  /** Deletes the match: state, initial state, metadata and log (the log by cascade). */
  async wipe(matchID: string): Promise<void> {
    await this.ready();
    await this.db.deleteFrom(MATCHES).where('match_id', '=', matchID).execute();
  }

  /**
   * Appends a chat line to a match's `channel` (one transaction) and keeps only that channel's last `keep` lines
   * (issue 19 item 3: a channel's lines never push another channel's out). 'missing' if the match does not exist
   * (a chat line never creates or resurrects a match). Chat is written outside the match's lock (server/chat/room.ts):
   * on PostgreSQL the appends of one match take a transaction-scoped advisory lock of their own (never the match's
   * row, which moves write), so two processes never pick the same `seq`; a key violation is still tried again.
   */
  async appendChat(matchID: string, channel: string, message: unknown, keep: number, now = Date.now()): Promise<'written' | 'missing'> {
    await this.ready();
    const json = JSON.stringify(message);
    // SQLite outside a Kysely transaction: one synchronous transaction on the connection, nothing runs in between.
    if (this.sqlite && !this.sqlite.inTransaction) return this.sqliteAppendChat(this.sqlite, matchID, channel, json, keep, now);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          if (this.dialect === 'postgres') {
            await sql`select pg_advisory_xact_lock(hashtextextended(${`mint-chat:${this.schema ?? ''}:${matchID}`}, 0))`.execute(trx);
          }
          const exists = await trx.selectFrom(MATCHES).select('match_id').where('match_id', '=', matchID).executeTakeFirst();
          if (!exists) return 'missing';
          const last = await trx.selectFrom(MATCH_CHAT).select((eb) => eb.fn.max('seq').as('seq'))
            .where('match_id', '=', matchID).executeTakeFirst();
          const seq = last?.seq === null || last?.seq === undefined ? 0 : Number(last.seq) + 1;
          await trx.insertInto(MATCH_CHAT).values({ match_id: matchID, seq, channel, message: json, created_at: now }).execute();
          await trx.deleteFrom(MATCH_CHAT).where('match_id', '=', matchID).where('channel', '=', channel)
            .where('seq', '<=', trx.selectFrom(MATCH_CHAT).select('seq').where('match_id', '=', matchID).where('channel', '=', channel)
              .orderBy('seq', 'desc').limit(1).offset(keep))
            .execute();
          return 'written' as const;
        });
      } catch (err) {
        // Unique violation (another writer took the seq), deadlock or serialization failure: once more, a few times.
        const code = (err as { code?: unknown }).code;
        const retry = code === '23505' || code === '40P01' || code === '40001' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
        if (!retry || attempt >= 5) throw err;
      }
    }
  }

  /** SQLite: appendChat with prepared statements in one synchronous transaction (as sqliteSetState). */
  private sqliteAppendChat(conn: Database.Database, matchID: string, channel: string, json: string, keep: number,
    now: number): 'written' | 'missing' {
    const exists = this.statement(conn, `SELECT 1 AS "one" FROM "${MATCHES}" WHERE "match_id" = ?`);
    const last = this.statement(conn, `SELECT max("seq") AS "seq" FROM "${MATCH_CHAT}" WHERE "match_id" = ?`);
    const insert = this.statement(conn,
      `INSERT INTO "${MATCH_CHAT}" ("match_id", "seq", "channel", "message", "created_at") VALUES (?, ?, ?, ?, ?)`);
    const trim = this.statement(conn, `DELETE FROM "${MATCH_CHAT}" WHERE "match_id" = ? AND "channel" = ? AND "seq" <= `
      + `(SELECT "seq" FROM "${MATCH_CHAT}" WHERE "match_id" = ? AND "channel" = ? ORDER BY "seq" DESC LIMIT 1 OFFSET ?)`);
    const write = conn.transaction((): 'written' | 'missing' => {
      if (!exists.get(matchID)) return 'missing';
      const row = last.get(matchID) as { seq: number | null } | undefined;
      const seq = row?.seq === null || row?.seq === undefined ? 0 : Number(row.seq) + 1;
      insert.run(matchID, seq, channel, json, now);
      trim.run(matchID, channel, matchID, channel, keep);
      return 'written';
    });
    return write();
  }

  /** The last `limit` chat lines of a match in the given channels, oldest first. */
  async fetchChat(matchID: string, channels: readonly string[], limit: number): Promise<unknown[]> {
    await this.ready();
    if (channels.length === 0) return [];
    const rows = await this.db.selectFrom(MATCH_CHAT).select('message')
      .where('match_id', '=', matchID).where('channel', 'in', channels)
      .orderBy('seq', 'desc').limit(limit).execute();
    return rows.reverse().map((r) => JSON.parse(r.message) as unknown);
  }

  /**
   * IDs of matches matching the filters, oldest created first. As in boardgame.io's storages,
   * `updatedBefore`/`updatedAfter` are strict, and a match is over when metadata.gameover is set.
   */
  async listMatches(opts: StorageAPI.ListMatchesOpts = {}): Promise<string[]> {
    await this.ready();
    let q = this.db.selectFrom(MATCHES).select('match_id');
    if (opts.gameName !== undefined) q = q.where('game_name', '=', opts.gameName);
    const where = opts.where ?? {};
    if (where.isGameover !== undefined) q = q.where('is_gameover', '=', where.isGameover ? 1 : 0);
    if (where.updatedBefore !== undefined) q = q.where('updated_at', '<', where.updatedBefore);
    if (where.updatedAfter !== undefined) q = q.where('updated_at', '>', where.updatedAfter);
    const rows = await q.orderBy('created_at').orderBy('match_id').execute();
    return rows.map((r) => r.match_id);
  }

  /**
   * One page of the public listing, in one query: listed matches of `gameName`, newest created first, after
   * `cursor` (the last row of the previous page), with the same filters as listMatches. Returns up to `limit`
   * matches with their metadata, and the cursor of the next page if there may be one.
   */
  async listPage(opts: ListPageOptions): Promise<{ matches: { matchID: string; metadata: Server.MatchData }[]; next?: ListCursor }> {
    await this.ready();
    let q = this.db.selectFrom(MATCHES).select(['match_id', 'metadata', 'created_at'])
      .where('game_name', '=', opts.gameName).where('unlisted', '=', 0);
    const where = opts.where ?? {};
    if (where.isGameover !== undefined) q = q.where('is_gameover', '=', where.isGameover ? 1 : 0);
    if (where.updatedBefore !== undefined) q = q.where('updated_at', '<', where.updatedBefore);
    if (where.updatedAfter !== undefined) q = q.where('updated_at', '>', where.updatedAfter);
    const c = opts.cursor;
    if (c) {
      q = q.where((eb) => eb.or([
        eb('created_at', '<', c.createdAt),
        eb.and([eb('created_at', '=', c.createdAt), eb('match_id', '<', c.matchID)]),
      ]));
    }
    // One row more than asked tells whether there is a next page.
    const rows = await q.orderBy('created_at', 'desc').orderBy('match_id', 'desc').limit(opts.limit + 1).execute();
    const page = rows.slice(0, opts.limit).map((r) => ({ matchID: r.match_id, metadata: JSON.parse(r.metadata) as Server.MatchData }));
    const last = rows.length > opts.limit ? rows[opts.limit - 1] : undefined;
    return last ? { matches: page, next: { createdAt: Number(last.created_at), matchID: last.match_id } } : { matches: page };
  }

  /** The statistics' summaries of finished matches (./match-summaries.ts, server/stats). */
  summaries(): MatchSummaryStore {
    return new MatchSummaryStore(this.db, () => this.ready());
  }

  /** Stores a problem report (its own table; never read by anything a client can reach). */
  async addReport(r: ReportSummary & { record: unknown }): Promise<void> {
    await this.ready();
    await this.db.insertInto(REPORTS).values({
      report_id: r.reportID, match_id: r.matchID, seat: r.seat, text: r.text, record: JSON.stringify(r.record),
      created_at: Math.trunc(r.createdAt),
    }).execute();
  }

  /** How many reports one seat of a match has filed. */
  async countReports(matchID: string, seat: string): Promise<number> {
    await this.ready();
    const row = await this.db.selectFrom(REPORTS).select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('match_id', '=', matchID).where('seat', '=', seat).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Reports, newest first (`limit`, default 100). */
  async listReports(opts: { limit?: number } = {}): Promise<ReportSummary[]> {
    await this.ready();
    const rows = await this.db.selectFrom(REPORTS).select(['report_id', 'match_id', 'seat', 'text', 'created_at'])
      .orderBy('created_at', 'desc').orderBy('report_id', 'desc').limit(opts.limit ?? 100).execute();
    return rows.map((r) => ({ reportID: r.report_id, matchID: r.match_id, seat: r.seat, text: r.text, createdAt: Number(r.created_at) }));
  }

  /** One report with its record, or undefined. */
  async getReport(reportID: string): Promise<StoredReport | undefined> {
    await this.ready();
    const r = await this.db.selectFrom(REPORTS).selectAll().where('report_id', '=', reportID).executeTakeFirst();
    if (!r) return undefined;
    return {
      reportID: r.report_id, matchID: r.match_id, seat: r.seat, text: r.text, createdAt: Number(r.created_at),
      record: JSON.parse(r.record) as unknown,
    };
  }

  /**
   * Wipes every unfinished match whose metadata.updatedAt is older than `olderThanMs`
   * (default: the staleMatchMs option) before `now`. Finished matches are kept.
   * One DELETE statement: a match updated while it runs is judged on its new updatedAt.
   * Returns the wiped IDs.
   */
  async cleanupStaleMatches(olderThanMs: number = this.staleMatchMs, now: number = Date.now()): Promise<string[]> {
    if (!(olderThanMs >= 0)) throw new Error(`cleanupStaleMatches: bad threshold ${olderThanMs}`);
    await this.ready();
    const rows = await this.db
      .deleteFrom(MATCHES)
      .where('is_gameover', '=', 0)
      .where('updated_at', '<', now - olderThanMs)
      .returning('match_id')
      .execute();
    return rows.map((r) => r.match_id).sort();
  }
}

function metadataColumns(metadata: Server.MatchData) {
  const now = Date.now();
  const createdAt = finiteOr(metadata.createdAt, now);
  return {
    game_name: metadata.gameName,
    metadata: JSON.stringify(metadata),
    is_gameover: metadata.gameover !== undefined && metadata.gameover !== null ? 1 : 0,
    unlisted: metadata.unlisted === true ? 1 : 0,
    created_at: createdAt,
    updated_at: finiteOr(metadata.updatedAt, createdAt),
  };
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/** Which backend a URL names. */
export function parseStorageUrl(url: string | undefined): Target {
  const u = (url ?? '').trim();
  if (u === '') return { dialect: 'sqlite', filename: DEFAULT_SQLITE_FILE };
  if (/^postgres(ql)?:\/\//i.test(u)) return { dialect: 'postgres', connectionString: u };
  if (/^sqlite:/i.test(u)) {
    // sqlite:relative/path, sqlite:///absolute/path, sqlite::memory:
    const rest = u.slice('sqlite:'.length);
    const filename = rest.startsWith('//') ? rest.slice(2) : rest;
    if (filename === '') throw new Error(`no file in storage URL ${JSON.stringify(url)}`);
    return { dialect: 'sqlite', filename };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) {
    throw new Error(`unsupported storage URL scheme in ${JSON.stringify(u.replace(/\/\/[^@/]*@/, '//***@'))}`);
  }
  return { dialect: 'sqlite', filename: u }; // a plain path, or :memory:
}

/**
 * Storage for the boardgame.io server:
 * - `postgres://…` / `postgresql://…`: PostgreSQL;
 * - `sqlite:PATH`, a plain PATH, or `:memory:`: SQLite;
 * - nothing (the default: `process.env.DATABASE_URL`, if that is unset or empty too):
 *   SQLite at data/mint-imperium.sqlite (relative to the working directory).
 * Call `connect()` (boardgame.io's Server does) before use, and `close()` at shutdown.
 */
export function createStorage(url: string | undefined = process.env.DATABASE_URL, options?: SqlStorageOptions) {
  return new SqlStorage(parseStorageUrl(url), options);
}

/** A stored problem report (issue 9 item 4), without its record. */
export interface ReportSummary { reportID: string; matchID: string; seat: string; text: string; createdAt: number }
/** A stored problem report with its record (parsed JSON; check it with parseRecord). */
export interface StoredReport extends ReportSummary { record: unknown }
