/**
 * The figures of `GET /stats` from the stored match summaries (./summary.ts): a pure function, so the aggregate can
 * be rebuilt from the summaries (and they from the matches) at any time. Groups are per rules config key.
 */
import { MISSIONS, type Faction, type MissionId } from '../../src/game/content';
import type { RoundsFigure, ShareFigure, StatsGroup, StatsLeftOut, StatsResponse, VersusBot } from '../../src/protocol';
import { configChanges, quantile, wilson } from '../../src/sim/figures';
import { DEFAULT_CONFIG_KEY, type CountedFigures, type MatchSummary } from './summary';

/** A stored summary with what its row keeps beside it. */
export interface SummaryEntry { configKey: string; finishedAt: number; summary: MatchSummary }

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function shareFigure(wins: number, games: number): ShareFigure {
  const [lo, hi] = wilson(wins, games);
  return { wins, games, share: games === 0 ? 0 : round3(wins / games), ci95: [round3(lo), round3(hi)] };
}

function roundsFigure(rounds: number[]): RoundsFigure {
  const sorted = [...rounds].sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (const r of sorted) histogram[r] = (histogram[r] ?? 0) + 1;
  return {
    median: quantile(sorted, 0.5), p25: quantile(sorted, 0.25), p75: quantile(sorted, 0.75),
    min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, histogram,
  };
}

/** "probesPerRefresh 1, deployCap 3" for the knobs that differ from today's default. */
function labelOf(changes: Record<string, unknown>, isDefault: boolean): string {
  if (isDefault) return 'Default rules';
  const parts = Object.entries(changes).map(([k, v]) =>
    k === 'thresholds' ? `thresholds ${Object.entries(v as object).map(([id, n]) => `${id}=${String(n)}`).join(' ')}` : `${k} ${JSON.stringify(v)}`);
  // Equal knob values with a different key: a config stored by an earlier release lacking a knob added since.
  return parts.length > 0 ? parts.join(', ') : 'Rules of an earlier release';
}

function group(configKey: string, games: { g: CountedFigures; finishedAt: number }[]): StatsGroup {
  const count = (list: CountedFigures[], won: (g: CountedFigures) => boolean) => shareFigure(list.filter(won).length, list.length);
  const all = games.map((x) => x.g);
  const winReasons: Record<Faction, Record<string, number>> = { R: {}, I: {} };
  const cards: StatsGroup['cards'] = {};
  const versus: Record<string, { R: CountedFigures[]; I: CountedFigures[] }> = {};
  for (const g of all) {
    winReasons[g.winner][g.reason] = (winReasons[g.winner][g.reason] ?? 0) + 1;
    for (const [card, s] of Object.entries(g.cards)) {
      const def = Object.hasOwn(MISSIONS, card) ? MISSIONS[card as MissionId] : undefined;
      const c = (cards[card] ??= { name: def?.name ?? card, faction: def?.faction ?? (card.startsWith('I') ? 'I' : 'R'), revealed: 0, succeeded: 0 });
      c.revealed += s.played;
      c.succeeded += s.succeeded;
    }
    if (g.table === 'bot' && g.bot) {
      const human: Faction = g.bot.seat === 'R' ? 'I' : 'R';
      (versus[g.bot.kind] ??= { R: [], I: [] })[human].push(g);
    }
  }
  const humansVsBots: Record<string, VersusBot> = {};
  for (const kind of Object.keys(versus).sort()) {
    humansVsBots[kind] = {
      humanAsRebel: count(versus[kind].R, (g) => g.winner === 'R'),
      humanAsImperial: count(versus[kind].I, (g) => g.winner === 'I'),
    };
  }
  const isDefault = configKey === DEFAULT_CONFIG_KEY;
  const changes = isDefault ? {} : configChanges(all[0].config) as Record<string, unknown>;
  return {
    configKey, isDefault, label: labelOf(changes, isDefault), changes, games: all.length,
    rebel: count(all, (g) => g.winner === 'R'),
    betweenHumans: count(all.filter((g) => g.table === 'humans'), (g) => g.winner === 'R'),
    rounds: roundsFigure(all.map((g) => g.rounds)),
    winReasons,
    cards: Object.fromEntries(Object.entries(cards).sort(([a], [b]) => (a < b ? -1 : 1))),
    humansVsBots,
    lastFinishedAt: Math.max(...games.map((x) => x.finishedAt)),
  };
}

/** The response from every stored summary and the count of unfinished matches. */
export function aggregateStats(entries: readonly SummaryEntry[], unfinished: number, now: number): StatsResponse {
  const leftOut: StatsLeftOut = { unfinished, earlyForfeits: 0, betweenBots: 0, solo: 0 };
  const byConfig = new Map<string, { g: CountedFigures; finishedAt: number }[]>();
  for (const e of entries) {
    const s = e.summary;
    if (s.leftOut === 'noResult') continue;
    if (s.leftOut === 'earlyForfeit') leftOut.earlyForfeits++;
    else if (s.leftOut === 'betweenBots') leftOut.betweenBots++;
    else if (s.leftOut === 'solo') leftOut.solo++;
    else {
      const list = byConfig.get(e.configKey) ?? [];
      list.push({ g: s, finishedAt: e.finishedAt });
      byConfig.set(e.configKey, list);
    }
  }
  const groups = [...byConfig].map(([key, games]) => group(key, games))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.games - a.games || (a.configKey < b.configKey ? -1 : 1));
  return { generatedAt: now, games: groups.reduce((n, g) => n + g.games, 0), leftOut, groups };
}
