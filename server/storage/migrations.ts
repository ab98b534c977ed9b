import { REPORT_MIGRATIONS } from './reports-migration';
import { CHAT_MIGRATIONS } from './chat-migration';
import { GAME_LOG_MIGRATIONS } from './game-log-migration';
import { SUMMARY_MIGRATIONS } from './summary-migration';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { MATCHES, MATCH_CHAT, MATCH_LOG } from './schema';

/**
 * Schema migrations, applied in name order by Kysely's Migrator, which records what it ran in
 * `bgio_storage_migration` and holds a lock while it runs (a Postgres advisory lock; SQLite runs
 * them inside one write transaction). Running them again is a no-op, so every process may call
 * connect() at start-up. Never edit a migration that has shipped: add a new one.
 */
const migrations: Record<string, Migration> = {
  ...REPORT_MIGRATIONS, // 003_problem_reports
  ...CHAT_MIGRATIONS, // 005_chat_by_channel
  ...GAME_LOG_MIGRATIONS, // 006_game_log_rows
  ...SUMMARY_MIGRATIONS, // 007_match_summaries
  '001_matches_and_log': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(MATCHES)
        .ifNotExists()
        .addColumn('match_id', 'text', (c) => c.primaryKey())
        .addColumn('game_name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('state_id', 'integer', (c) => c.notNull())
        .addColumn('initial_state', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('is_gameover', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('log_length', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable(MATCH_LOG)
        .ifNotExists()
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${MATCH_LOG}_pk`, ['match_id', 'seq'])
        .addForeignKeyConstraint(`${MATCH_LOG}_match_fk`, ['match_id'], MATCHES, ['match_id'], (fk) =>
          fk.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex(`${MATCHES}_game_updated_idx`)
        .ifNotExists()
        .on(MATCHES)
        .columns(['game_name', 'updated_at'])
        .execute();
      await db.schema
        .createIndex(`${MATCHES}_gameover_updated_idx`)
        .ifNotExists()
        .on(MATCHES)
        .columns(['is_gameover', 'updated_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(MATCH_LOG).ifExists().execute();
      await db.schema.dropTable(MATCHES).ifExists().execute();
    },
  },
  // The paged lobby listing (one query per page) needs `unlisted` as a column, not inside the metadata JSON.
  '002_unlisted_column': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable(MATCHES).addColumn('unlisted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      const rows = await db.selectFrom(MATCHES).select(['match_id', 'metadata']).execute();
      for (const r of rows as { match_id: string; metadata: string }[]) {
        let unlisted = false;
        try {
          unlisted = JSON.parse(r.metadata)?.unlisted === true;
        } catch {
          unlisted = false;
        }
        if (unlisted) await db.updateTable(MATCHES).set({ unlisted: 1 }).where('match_id', '=', r.match_id).execute();
      }
      await db.schema
        .createIndex(`${MATCHES}_listing_idx`)
        .ifNotExists()
        .on(MATCHES)
        .columns(['game_name', 'unlisted', 'created_at', 'match_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex(`${MATCHES}_listing_idx`).ifExists().execute();
      await db.schema.alterTable(MATCHES).dropColumn('unlisted').execute();
    },
  },
  // Chat lines stored with their match (server/chat/lines.ts), so a reconnect or a restart shows the history. Numbered 004
  // so that a 003 of another branch, merged first, still sorts before it.
  '004_match_chat': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(MATCH_CHAT)
        .ifNotExists()
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${MATCH_CHAT}_pk`, ['match_id', 'seq'])
        .addForeignKeyConstraint(`${MATCH_CHAT}_match_fk`, ['match_id'], MATCHES, ['match_id'], (fk) => fk.onDelete('cascade'))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(MATCH_CHAT).ifExists().execute();
    },
  },
};

/** The newest migration this release knows: what its processes announce on the bus (../cluster/release-guard.ts). */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/** The migrations this release would run on the database now (none: it is up to date). Reads only. */
export async function pendingMigrations(db: Kysely<any>, schema?: string): Promise<string[]> {
  const all = await migratorFor(db, schema).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

function migratorFor(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider,
    // Own names, so another Kysely user of the same database or schema keeps its own history.
    migrationTableName: 'bgio_storage_migration',
    migrationLockTableName: 'bgio_storage_migration_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Brings the schema up to date; throws if a migration fails. `upTo` stops after that migration (tests build a
 * database as an older release left it).
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string, upTo?: string): Promise<string[]> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await (upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(upTo));
  if (error) {
    throw error instanceof Error ? error : new Error(`storage migration failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
