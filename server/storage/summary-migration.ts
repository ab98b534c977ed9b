import type { Kysely, Migration } from 'kysely';
import { MATCHES, MATCH_SUMMARY } from './schema';

/**
 * The statistics' summary of each finished match (issue 22 item 3; server/stats). Kept apart from ./migrations.ts
 * (which spreads it in) so that other branches' migrations merge without touching it. Empty when created: the
 * statistics fill it from the matches table on their first read (every finished match stored before included).
 */
export const SUMMARY_MIGRATIONS: Record<string, Migration> = {
  '007_match_summaries': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(MATCH_SUMMARY)
        .ifNotExists()
        .addColumn('match_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('config_key', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addForeignKeyConstraint(`${MATCH_SUMMARY}_match_fk`, ['match_id'], MATCHES, ['match_id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema.createIndex(`${MATCH_SUMMARY}_config_idx`).ifNotExists().on(MATCH_SUMMARY).columns(['config_key']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(MATCH_SUMMARY).ifExists().execute();
    },
  },
};
