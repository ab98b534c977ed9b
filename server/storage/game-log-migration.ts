import type { Kysely, Migration } from 'kysely';
import { GAME_LOG, MATCHES } from './schema';
import { gameLogOf, shellJson } from './game-log';
import type { State } from 'boardgame.io';

/** Rows per INSERT when moving a stored log into rows (3 parameters a row). */
const MOVE_CHUNK = 500;

/**
 * The game log in rows of its own (issue 21 item 1, ./game-log.ts): the table, the match row's count of them, and
 * every match stored before moved over (its state row keeps G with `log: []`, the entries become rows), so a move
 * of an old match writes rows like any other. One match at a time: a database of thousands of matches never sits
 * in memory. Kept apart from ./migrations.ts (which spreads it in) so other branches' migrations merge cleanly.
 */
export const GAME_LOG_MIGRATIONS: Record<string, Migration> = {
  '006_game_log_rows': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(GAME_LOG)
        .ifNotExists()
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${GAME_LOG}_pk`, ['match_id', 'seq'])
        .addForeignKeyConstraint(`${GAME_LOG}_match_fk`, ['match_id'], MATCHES, ['match_id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema.alterTable(MATCHES).addColumn('game_log_length', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      const ids = await db.selectFrom(MATCHES).select('match_id').orderBy('match_id').execute();
      for (const { match_id: id } of ids as { match_id: string }[]) {
        const row = await db.selectFrom(MATCHES).select('state').where('match_id', '=', id).executeTakeFirst();
        let state: State;
        try {
          state = JSON.parse((row as { state: string }).state) as State;
        } catch {
          continue; // not JSON: left as it is (fetch reports it, as before)
        }
        const log = gameLogOf(state);
        if (!log || log.length === 0) continue;
        for (let i = 0; i < log.length; i += MOVE_CHUNK) {
          const rows = log.slice(i, i + MOVE_CHUNK).map((e, j) => ({ match_id: id, seq: i + j, entry: JSON.stringify(e) }));
          await db.insertInto(GAME_LOG).values(rows).execute();
        }
        await db.updateTable(MATCHES).set({ state: shellJson(state), game_log_length: log.length }).where('match_id', '=', id).execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(GAME_LOG).ifExists().execute();
      await db.schema.alterTable(MATCHES).dropColumn('game_log_length').execute();
    },
  },
};
