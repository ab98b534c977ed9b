/**
 * The key that seals what the processes of a service tell each other over Redis (./bus-codec.ts, issue 19 item 9).
 * It lives in PostgreSQL, which every process of the service reaches already and which holds the matches' secrets
 * anyway (table `mint_cluster_secrets`): the first process to start creates it (256 random bits), every other one
 * reads the same row. Redis never sees it, so whoever reads (or writes) Redis without the database can neither read
 * the bus nor forge a message on it. Nothing to configure, and nothing to keep in step between machines.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createUnderLock } from './pg-create';

export async function loadBusKey(opts: { connectionString: string; schema?: string }): Promise<Buffer> {
  if (opts.schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(opts.schema)) throw new Error('invalid schema name');
  const table = opts.schema ? `"${opts.schema}".mint_cluster_secrets` : 'mint_cluster_secrets';
  const client = new pg.Client({ connectionString: opts.connectionString });
  await client.connect();
  try {
    // Before the storage made its schema (the bus starts first); several processes may start at once (./pg-create.ts).
    await createUnderLock(client, table, [
      ...(opts.schema ? [`create schema if not exists "${opts.schema}"`] : []),
      `create table if not exists ${table} (name text primary key, value bytea not null)`,
    ]);
    // The first process's key wins; the others read it.
    await client.query(`insert into ${table} (name, value) values ('bus', $1) on conflict (name) do nothing`, [randomBytes(32)]);
    const r = await client.query(`select value from ${table} where name = 'bus'`);
    const key = r.rows[0]?.value as Buffer | undefined;
    if (!key || key.length !== 32) throw new Error('the bus key in the database is not 32 bytes');
    return key;
  } finally {
    await client.end();
  }
}
