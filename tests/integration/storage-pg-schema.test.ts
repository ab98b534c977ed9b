/**
 * The storage's PostgreSQL introspector reads its own schema only (server/storage/pg-dialect.ts). Kysely's stock one
 * scanned every schema: a schema dropped during that scan (another test file, another tenant) failed the migration
 * with `schema "…" does not exist` (session 11's clean-clone CI), and a history table of the same name in another
 * schema passed for the storage's own. Runs when DATABASE_URL is a postgres:// URL.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, type SqlStorage } from '../../server/storage';
import { dropPgSchema, PG_SKIP_REASON, PG_URL, pgSchemaName } from './server-helpers';

if (!PG_URL) console.warn(`[storage-pg-schema.test] SKIPPING: ${PG_SKIP_REASON}`);

const schemas: string[] = [];
const stores: SqlStorage[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  for (const s of schemas) await dropPgSchema(s);
});

async function query(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const tablesOf = async (schema: string) => (await query(`select table_name from information_schema.tables where table_schema = '${schema}'`))
  .rows.map((r: { table_name: string }) => r.table_name).sort();

describe.skipIf(!PG_URL)('PostgreSQL storage, schema by schema', () => {
  it('migrates its own schema while other schemas are created and dropped around it', async () => {
    let churning = true;
    const churn = (async () => {
      // Schemas with a table each, dropped again at once: what parallel test files do to the shared database.
      for (let i = 0; churning; i++) {
        const s = `${pgSchemaName()}_churn${i}`;
        await query(`create schema "${s}"; create table "${s}".t (a int, b int, c int)`);
        await query(`drop schema "${s}" cascade`);
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const schema = pgSchemaName();
        schemas.push(schema);
        const store = createStorage(PG_URL!, { schema, poolSize: 2 });
        stores.push(store);
        await store.connect();
        expect(await tablesOf(schema)).toContain('bgio_storage_migration');
      }
    } finally {
      churning = false;
      await churn;
    }
  }, 60_000);

  it("without a schema option, another schema's migration history does not pass for the current schema's", async () => {
    const other = pgSchemaName();
    const mine = pgSchemaName();
    schemas.push(other, mine);
    const first = createStorage(PG_URL!, { schema: other, poolSize: 2 });
    stores.push(first);
    await first.connect();
    // No schema option: the storage works in the connection's current schema (here `mine`, by its search_path).
    await query(`create schema "${mine}"`);
    const url = new URL(PG_URL!);
    url.searchParams.set('options', `-c search_path=${mine}`);
    const store = createStorage(url.toString(), { poolSize: 2 });
    stores.push(store);
    await store.connect();
    // Every table of the storage, not only the history, is in the current schema, and the history is its own.
    expect(await tablesOf(mine)).toEqual(await tablesOf(other));
    expect((await query(`select count(*)::int as n from "${mine}".bgio_storage_migration`)).rows[0].n)
      .toBe((await query(`select count(*)::int as n from "${other}".bgio_storage_migration`)).rows[0].n);
  });
});
