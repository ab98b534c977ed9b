import type { Kysely, Migration } from 'kysely';
import { REPORTS } from './schema';

/**
 * Problem reports (issue 9 item 4), a table of their own. Kept apart from ./migrations.ts (which spreads it in) so
 * that other branches' migrations merge without touching it; the Migrator runs all of them in name order.
 */
export const REPORT_MIGRATIONS: Record<string, Migration> = {
  '003_problem_reports': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(REPORTS)
        .ifNotExists()
        .addColumn('report_id', 'text', (c) => c.primaryKey())
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seat', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${REPORTS}_created_idx`).ifNotExists().on(REPORTS).columns(['created_at', 'report_id']).execute();
      await db.schema.createIndex(`${REPORTS}_match_idx`).ifNotExists().on(REPORTS).columns(['match_id', 'seat']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(REPORTS).ifExists().execute();
    },
  },
};
