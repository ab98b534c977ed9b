/**
 * The statistics of a server's finished matches (issue 22 item 3), shared by every process of a database:
 * - each finished match gets a summary row (./summary.ts) — written by the process that saw it finish
 *   (`noteFinished`), and by any read that finds a finished match without one (matches stored before this
 *   existed, a process that died before writing it, an older summary format): the matches table stays the source;
 * - a read sums the rows up (./aggregate.ts). Its result is kept `cacheMs` (default 5 s) in this process only, so a
 *   busy page costs one aggregation per few seconds, and no process serves figures older than that: the rows live
 *   in the shared database, not in any process.
 * Measured (SQLite, 2 busy cores, 30 random games): a summary 1.3 ms per finished match (its state and log rows read
 * back, the row written); a read over the 30 summaries 1.3–3.9 ms. Docs: docs/SERVER.md "Statistics".
 */
import type { Server, State } from 'boardgame.io';
import type { StatsResponse } from '../../src/protocol';
import type { GameState } from '../../src/game/rules';
import type { SqlStorage } from '../storage';
import { aggregateStats, type SummaryEntry } from './aggregate';
import { DEFAULT_CONFIG_KEY, SUMMARY_VERSION, configKey, summarizeMatch, type MatchSummary } from './summary';

export const DEFAULT_STATS_CACHE_MS = 5000;
/** Finished matches summarised per query of the backfill. */
const BACKFILL_BATCH = 200;

export interface MatchStatsOptions {
  gameName: string;
  /** How long a computed aggregate is served again (0: never). */
  cacheMs?: number;
  now?: () => number;
  onError?: (err: unknown, where: string) => void;
}

export class MatchStats {
  private readonly cacheMs: number;
  private readonly now: () => number;
  private cached: { at: number; key: string; value: StatsResponse } | undefined;
  private running = new Map<string, Promise<StatsResponse>>();
  /** Summaries being written after a finish (`noteFinished`), so that stopping can wait for them. */
  private writing = new Set<Promise<unknown>>();

  constructor(private readonly db: SqlStorage, private readonly opts: MatchStatsOptions) {
    this.cacheMs = opts.cacheMs ?? DEFAULT_STATS_CACHE_MS;
    this.now = opts.now ?? Date.now;
  }

  /** The figures (of one config key, or `default`, if given): cached for `cacheMs`, one computation at a time. */
  async get(config?: string): Promise<StatsResponse> {
    const key = config === 'default' ? DEFAULT_CONFIG_KEY : config ?? '';
    const c = this.cached;
    if (c && c.key === key && this.now() - c.at < this.cacheMs) return c.value;
    const inFlight = this.running.get(key);
    if (inFlight) return inFlight;
    const p = this.compute(key || undefined).finally(() => this.running.delete(key));
    this.running.set(key, p);
    const value = await p;
    this.cached = { at: this.now(), key, value };
    return value;
  }

  /** After a match finished in this process: its summary now, so the next read has nothing to catch up. */
  noteFinished(matchID: string): void {
    const p = this.summarize(matchID).catch((err) => this.opts.onError?.(err, 'stats'));
    this.writing.add(p);
    void p.finally(() => this.writing.delete(p));
  }

  /** Resolves once the summaries `noteFinished` started are written. */
  async idle(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  /** Deletes every summary and computes them all again from the matches (an operator's rebuild). */
  async rebuild(): Promise<StatsResponse> {
    await this.db.summaries().clear();
    this.cached = undefined;
    return this.compute(undefined);
  }

  /** Summarises every finished match that has no summary of this version yet; how many it wrote. */
  async backfill(): Promise<number> {
    const store = this.db.summaries();
    let written = 0;
    const tried = new Set<string>();
    for (;;) {
      const ids = (await store.missing(this.opts.gameName, SUMMARY_VERSION, BACKFILL_BATCH)).filter((id) => !tried.has(id));
      if (ids.length === 0) return written;
      for (const id of ids) {
        tried.add(id); // a match that cannot be summarised (deleted meanwhile) is not asked for again in this pass
        if (await this.summarize(id)) written++;
      }
    }
  }

  private async compute(configKeyOnly: string | undefined): Promise<StatsResponse> {
    await this.backfill();
    const store = this.db.summaries();
    const [rows, unfinished] = await Promise.all([
      store.all(SUMMARY_VERSION, configKeyOnly), store.countUnfinished(this.opts.gameName),
    ]);
    const entries: SummaryEntry[] = rows.map((r) => ({
      configKey: r.configKey, finishedAt: r.finishedAt, summary: JSON.parse(r.summary) as MatchSummary,
    }));
    return aggregateStats(entries, unfinished, this.now());
  }

  private async summarize(matchID: string): Promise<boolean> {
    const { state, metadata } = await this.db.fetch(matchID, { state: true, metadata: true }) as
      { state?: State<GameState>; metadata?: Server.MatchData };
    if (!state || !metadata || metadata.gameover === undefined || metadata.gameover === null) return false;
    // The figures are Mint's: another hosted game's finished match (Imperios, Noughts) has no summary here.
    if (metadata.gameName !== this.opts.gameName) return false;
    const summary = summarizeMatch(state, metadata);
    return this.db.summaries().put({
      matchID, version: SUMMARY_VERSION, configKey: 'config' in summary ? configKey(summary.config) : '',
      finishedAt: metadata.updatedAt, summary: JSON.stringify(summary),
    });
  }
}
