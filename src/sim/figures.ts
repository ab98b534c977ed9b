/**
 * Small pure figures shared by the bot studies (./tournament.ts, ./balance.ts) and the server's statistics of real
 * matches (server/stats): the Wilson interval, a quantile, and the mission-card outcomes read from a game's typed
 * log. Kept apart from the studies so that the server imports no bot or worker code for them.
 */
import { DEFAULT_CONFIG, type GameConfig } from '../game/content';
import type { LogEvent } from '../game/rules';

export { wilson } from '../platform/stats';

/** The q-quantile of an ascending list (nearest rank); 0 for an empty list. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export interface CardStats { played: number; succeeded: number }

/**
 * Mission reveals and their outcomes in one game's log (src/game/rules/log.ts: `missionRevealed`, then
 * `missionSucceeded` or `missionAttempt` with `success`).
 */
export function missionOutcomes(log: readonly LogEvent[]): Record<string, CardStats> {
  const out: Record<string, CardStats> = {};
  const at = (card: string) => (out[card] ??= { played: 0, succeeded: 0 });
  for (const ev of log) {
    if (ev.e === 'missionRevealed') at(ev.card as string).played++;
    else if (ev.e === 'missionSucceeded') at(ev.card as string).succeeded++;
    else if (ev.e === 'missionAttempt' && ev.success === true) at(ev.card as string).succeeded++;
  }
  return out;
}

/** The fields of `c` that differ from the default config (thresholds key by key). */
export function configChanges(c: GameConfig): Partial<GameConfig> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(c) as (keyof GameConfig)[]) {
    if (k === 'thresholds') {
      const t: Record<string, number> = {};
      for (const [id, v] of Object.entries(c.thresholds)) if (DEFAULT_CONFIG.thresholds[id] !== v) t[id] = v;
      if (Object.keys(t).length > 0) out.thresholds = t;
    } else if (JSON.stringify(c[k]) !== JSON.stringify(DEFAULT_CONFIG[k])) out[k] = c[k];
  }
  return out as Partial<GameConfig>;
}
