/**
 * SQLite's `synchronous` setting (issue 11, docs/SERVER.md "SQLite durability"): NORMAL by default, FULL on request
 * (SQLITE_SYNCHRONOUS / sqliteSynchronous), anything else refused; the connection really runs with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../server/main';
import { createStorage, DEFAULT_SQLITE_SYNCHRONOUS, type SqliteSynchronous } from '../../server/storage';

const dir = mkdtempSync(join(tmpdir(), 'mint-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pragmas(mode: SqliteSynchronous | undefined, file: string) {
  const db = createStorage(join(dir, file), mode ? { sqliteSynchronous: mode } : {});
  await db.connect();
  try {
    const k = (db as unknown as { db: Kysely<unknown> }).db;
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(k);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(k);
    return { synchronous: sync.rows[0].synchronous, journal: journal.rows[0].journal_mode };
  } finally {
    await db.close();
  }
}

describe('SQLite synchronous mode', () => {
  it('is NORMAL (1) in WAL mode by default, FULL (2) when asked', async () => {
    expect(DEFAULT_SQLITE_SYNCHRONOUS).toBe('NORMAL');
    expect(await pragmas(undefined, 'default.sqlite')).toEqual({ synchronous: 1, journal: 'wal' });
    expect(await pragmas('FULL', 'full.sqlite')).toEqual({ synchronous: 2, journal: 'wal' });
  });

  it('SQLITE_SYNCHRONOUS takes FULL or NORMAL (any case) and refuses anything else', () => {
    expect(optionsFromEnv({ SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).toBe('FULL');
    expect(optionsFromEnv({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('NORMAL');
    expect(optionsFromEnv({}).sqliteSynchronous).toBeUndefined();
    expect(() => optionsFromEnv({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/FULL or NORMAL/);
    expect(() => createStorage(join(dir, 'x.sqlite'), { sqliteSynchronous: 'OFF; drop table x' as SqliteSynchronous })).toThrow(/FULL or NORMAL/);
  });
});
