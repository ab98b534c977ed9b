/**
 * Creating a table (or schema) that several processes of one service may create at the same moment. PostgreSQL's
 * `create … if not exists` is not safe against a concurrent creator: the loser fails with "type … already exists"
 * (42710), a unique violation on the catalogue (23505) or "already exists" (42P06 schema, 42P07 table). So the
 * statements run in one transaction behind an advisory lock named for what they create: one process creates, the
 * others wait and then find it there. Those codes from a creator that does not take the lock make it try again.
 */
import type pg from 'pg';

const ALREADY_EXISTS = ['23505', '42P06', '42P07', '42710'];

export function isAlreadyExists(err: unknown): boolean {
  return ALREADY_EXISTS.includes((err as { code?: string }).code ?? '');
}

/**
 * Runs `statements` in one transaction holding the advisory lock `name`. A creator outside the lock (the storage's
 * own migration making the schema) can still win a race: the whole transaction then rolls back, so it runs again,
 * and by then what the other made is there.
 */
export async function createUnderLock(client: pg.ClientBase, name: string, statements: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`mint-create:${name}`]);
      for (const sql of statements) await client.query(sql);
      await client.query('commit');
      return;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      if (!isAlreadyExists(err) || attempt >= 3) throw err;
    }
  }
}
