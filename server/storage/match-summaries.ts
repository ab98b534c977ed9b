/**
 * The rows of `mint_match_summary` (./schema.ts, migration 007): one summary per finished match, written by the
 * statistics (server/stats) and read back whole by them. Reached through `SqlStorage.summaries()`, which hands this
 * store its Kysely instance; nothing else writes the table.
 */
import type { Kysely } from 'kysely';
import { MATCHES, MATCH_SUMMARY, type StorageDatabase } from './schema';

export interface SummaryRow {
  matchID: string;
  version: number;
  configKey: string;
  finishedAt: number;
  /** The summary as JSON text. */
  summary: string;
}

export class MatchSummaryStore {
  constructor(private readonly db: Kysely<StorageDatabase>, private readonly ready: () => Promise<void>) {}

  /**
   * Finished matches of `gameName` without a summary of `version` (none yet, or an older format), up to `limit`,
   * oldest finished first. One query over the matches' `(is_gameover, updated_at)` index and the summary's key.
   */
  async missing(gameName: string, version: number, limit: number): Promise<string[]> {
    await this.ready();
    const rows = await this.db.selectFrom(MATCHES)
      .leftJoin(MATCH_SUMMARY, `${MATCH_SUMMARY}.match_id`, `${MATCHES}.match_id`)
      .select(`${MATCHES}.match_id as id`)
      .where(`${MATCHES}.is_gameover`, '=', 1)
      .where(`${MATCHES}.game_name`, '=', gameName)
      .where((eb) => eb.or([eb(`${MATCH_SUMMARY}.match_id`, 'is', null), eb(`${MATCH_SUMMARY}.version`, '<>', version)]))
      .orderBy(`${MATCHES}.updated_at`).orderBy(`${MATCHES}.match_id`)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Writes (or replaces) a match's summary; `false` when the match is gone (deleted meanwhile: the foreign key refuses
   * the row, and there is nothing to summarise any more).
   */
  async put(row: SummaryRow): Promise<boolean> {
    await this.ready();
    try {
      await this.db.insertInto(MATCH_SUMMARY).values({
        match_id: row.matchID, version: row.version, config_key: row.configKey,
        finished_at: Math.trunc(row.finishedAt), summary: row.summary,
      }).onConflict((oc) => oc.column('match_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'), config_key: eb.ref('excluded.config_key'),
        finished_at: eb.ref('excluded.finished_at'), summary: eb.ref('excluded.summary'),
      }))).execute();
      return true;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false;
      throw err;
    }
  }

  /** Every summary of `version` (of one config key if given), as stored. */
  async all(version: number, configKey?: string): Promise<SummaryRow[]> {
    await this.ready();
    let q = this.db.selectFrom(MATCH_SUMMARY).selectAll().where('version', '=', version);
    if (configKey !== undefined) q = q.where('config_key', '=', configKey);
    const rows = await q.orderBy('finished_at').orderBy('match_id').execute();
    return rows.map((r) => ({
      matchID: r.match_id, version: r.version, configKey: r.config_key, finishedAt: Number(r.finished_at), summary: r.summary,
    }));
  }

  /** Matches of `gameName` that are not over. */
  async countUnfinished(gameName: string): Promise<number> {
    await this.ready();
    const row = await this.db.selectFrom(MATCHES).select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_gameover', '=', 0).where('game_name', '=', gameName).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes every summary: the next read rebuilds them all from the matches. */
  async clear(): Promise<void> {
    await this.ready();
    await this.db.deleteFrom(MATCH_SUMMARY).execute();
  }
}
