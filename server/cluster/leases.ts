/**
 * Bot leases (several processes, docs/DEPLOY.md): a row per match whose server bot is deciding, naming the process
 * that plays it and until when. Every process is told when a bot may be due (./bus.ts), but only the lease holder
 * searches and moves; it renews the lease while it thinks and deletes it when the bot has nothing to decide. A
 * process that dies stops renewing: once the lease expired, another process's sweep takes it over. The database's
 * clock decides expiry, so the processes' clocks need not agree. (The hub's state-ID guard still makes sure a
 * decision is written once even if two processes ever played it.)
 */
import pg from 'pg';
import { createUnderLock } from './pg-create';

export interface BotLeasesOptions {
  connectionString: string;
  schema?: string;
  processId: string;
  /** How long a lease holds without renewal. Default 5 s. */
  leaseMs?: number;
}

export class BotLeases {
  readonly processId: string;
  readonly leaseMs: number;
  private readonly pool: pg.Pool;
  private readonly table: string;
  private ready: Promise<void> | undefined;

  constructor(opts: BotLeasesOptions) {
    this.processId = opts.processId;
    this.leaseMs = opts.leaseMs ?? 5000;
    if (opts.schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(opts.schema)) throw new Error('invalid schema name');
    this.table = opts.schema ? `"${opts.schema}".mint_bot_leases` : 'mint_bot_leases';
    this.pool = new pg.Pool({ connectionString: opts.connectionString, max: 3 });
    this.pool.on('error', (err) => console.error('[leases] postgres pool error:', err.message));
  }

  /** Creates the table if missing (after the storage created the schema), safe against a process creating it too. */
  connect(): Promise<void> {
    this.ready ??= this.createTable().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async createTable(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await createUnderLock(client, this.table, [`create table if not exists ${this.table} (
        match_id text primary key, holder text not null, expires_at timestamptz not null)`]);
    } finally {
      client.release();
    }
  }

  /** Take (or renew) the lease of a match: true if this process holds it now. */
  async acquire(matchID: string): Promise<boolean> {
    await this.connect();
    const r = await this.pool.query(
      `insert into ${this.table} as l (match_id, holder, expires_at)
       values ($1, $2, now() + $3 * interval '1 millisecond')
       on conflict (match_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
       where l.holder = excluded.holder or l.expires_at < now()
       returning holder`, [matchID, this.processId, this.leaseMs]);
    return r.rowCount === 1;
  }

  /** The bot of this match has nothing to decide (or the match is over or gone): drop our lease, or an expired one. */
  async release(matchID: string): Promise<void> {
    await this.connect();
    await this.pool.query(`delete from ${this.table} where match_id = $1 and (holder = $2 or expires_at < now())`, [matchID, this.processId]);
  }

  /** This process stops (graceful shutdown): its leases expire now, so another process's sweep takes them at once. */
  async expireMine(matchIDs: string[]): Promise<void> {
    if (matchIDs.length === 0) return;
    await this.connect();
    await this.pool.query(`update ${this.table} set expires_at = now() - interval '1 millisecond'
      where holder = $1 and match_id = any($2)`, [this.processId, matchIDs]);
  }

  /** Matches whose lease expired (its holder died or stalled): some process must look at their bot. */
  async expired(limit = 100): Promise<string[]> {
    await this.connect();
    const r = await this.pool.query(`select match_id from ${this.table} where expires_at < now() limit $1`, [limit]);
    return r.rows.map((x: { match_id: string }) => x.match_id);
  }

  /** Who holds a match's lease (tests, operators). */
  async holder(matchID: string): Promise<string | undefined> {
    await this.connect();
    const r = await this.pool.query(`select holder from ${this.table} where match_id = $1 and expires_at >= now()`, [matchID]);
    return r.rows[0]?.holder;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
