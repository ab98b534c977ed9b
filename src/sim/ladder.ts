/**
 * A round-robin ladder of the bots (issue 24, `npm run ladder`, src/cli/ladder.ts): the pairings (adjacent levels,
 * or all pairs), the games of each as plain `GameJob`s for the worker pool (./pool.ts: every seed twice, seats
 * swapped), each bot's effort (its shipped budget, a scaled one, or fixed iterations in the same ratio), and the
 * sums: per-pairing scores with Wilson intervals and Elo ratings (./elo.ts). Pure apart from `runGames`.
 */
import { LEVELS, type BotName } from '../ai';
import type { Faction } from '../game/content';
import { eloWithIntervals, interval, type PairResult } from './elo';
import type { BotSpec, GameJob, GameSummary } from './gameJob';
import { runGames } from './pool';
import { wilson, type HeadToHead } from './tournament';

export const DEFAULT_LADDER: BotName[] = ['random', 'flatmc', 'ismcts-easy', 'ismcts-normal', 'ismcts-hard'];

/** budgets: each bot at the budget it ships with; scaled: all of them times `scale`; iterations: fixed effort. */
export type LadderMode = { kind: 'budgets' } | { kind: 'scaled'; scale: number } | { kind: 'iterations'; iterations: number };

export interface LadderSettings {
  bots: BotName[];
  mode: LadderMode;
  /** Games per pairing (even: each seed is played twice, seats swapped). */
  games: number;
  allPairs: boolean;
  /** Seed prefix: game seeds are `<seed>-<a>-vs-<b>-<k>`. */
  seed: string;
}

/**
 * Each bot's shipped wall-clock budget per decision (ms) and, for `--iterations K`, its count per unit of K.
 * ISMCTS: `budgetMs` is the normal level's budget, scaled inside the bot by the level (easy 0.4×, hard 3×); fixed
 * iterations are passed as they are, so they take the same ratio here. flatmc: `iterations` counts random playouts
 * *per legal move*, each a whole game to the end. Measured on the shared 2-core machine (flatmc vs ismcts-normal):
 * at 100 ms a decision it ran 0.4–0.8× (mean ≈ 0.6×) as many playouts in all as the ISMCTS ran iterations, over
 * 12–14 legal moves a decision (4 games); at fixed counts, 50 playouts per move (≈ 490 in all) took ≈ 255 ms a
 * decision and 1,000 ISMCTS iterations ≈ 190 ms (4 games). Both say one ISMCTS iteration's time buys ≈ 1/22–1/27
 * of a playout per legal move, so flatmc gets K/25 playouts per move (at least 1) for K ISMCTS iterations.
 * mcts-fair / mcts (default 1,000 ms): `iterations` counts sampled worlds of 24 MCTS iterations each, so K/24 worlds
 * (equal iterations, not measured for equal time).
 */
const EFFORT: Partial<Record<BotName, { budgetMs: number; perK: number; normalOf?: number }>> = {
  flatmc: { budgetMs: 100, perK: 1 / 25 },
  'mcts-fair': { budgetMs: 1000, perK: 1 / 24 },
  mcts: { budgetMs: 1000, perK: 1 / 24 },
  'ismcts-easy': { budgetMs: LEVELS.easy.budgetMs, perK: LEVELS.easy.budgetScale, normalOf: LEVELS.normal.budgetMs },
  'ismcts-normal': { budgetMs: LEVELS.normal.budgetMs, perK: 1, normalOf: LEVELS.normal.budgetMs },
  // What the budget buys: hard's iterations cost more than normal's (LEVELS.hard.iterationCost).
  'ismcts-hard': { budgetMs: LEVELS.hard.budgetMs, perK: LEVELS.hard.budgetScale / (LEVELS.hard.iterationCost ?? 1), normalOf: LEVELS.normal.budgetMs },
};

/** The options one bot plays with under a mode ({} for bots that do not search). */
export function botSpec(name: BotName, mode: LadderMode): BotSpec {
  const e = EFFORT[name];
  if (!e) return { name };
  if (mode.kind === 'iterations') return { name, options: { iterations: Math.max(1, Math.round(mode.iterations * e.perK)) } };
  const scale = mode.kind === 'scaled' ? mode.scale : 1;
  // The ISMCTS bot reads budgetMs as the normal level's budget and scales it by its own level.
  return { name, options: { budgetMs: (e.normalOf ?? e.budgetMs) * scale } };
}

/** What each bot's effort per decision is, for the JSON and the docs: ms, or a fixed count. */
export function effortOf(name: BotName, mode: LadderMode): { budgetMs?: number; iterations?: number } {
  const e = EFFORT[name];
  if (!e) return {};
  if (mode.kind === 'iterations') return { iterations: botSpec(name, mode).options!.iterations };
  return { budgetMs: e.budgetMs * (mode.kind === 'scaled' ? mode.scale : 1) };
}

export const modeLabel = (m: LadderMode): string => m.kind === 'budgets' ? 'budgets (as shipped)'
  : m.kind === 'scaled' ? `budgets scaled ×${m.scale}` : `fixed iterations, K = ${m.iterations}`;

/** Pairings as [stronger, weaker]: the later bot of the list first (the list goes from weakest to strongest). */
export function pairings(bots: BotName[], allPairs: boolean): [BotName, BotName][] {
  const out: [BotName, BotName][] = [];
  for (let j = 1; j < bots.length; j++) {
    for (let i = allPairs ? 0 : j - 1; i < j; i++) out.push([bots[j], bots[i]]);
  }
  return out;
}

export const pairingKey = (a: BotName, b: BotName): string => `${a}-vs-${b}`;

/** One game of the ladder: the job, and which pairing and seat it belongs to. */
export interface LadderGame {
  pairing: string;
  a: BotName;
  b: BotName;
  k: number;
  aSeat: Faction;
  job: GameJob;
}

/** One line of the results file: the game, its settings (the job) and its summary. */
export interface LadderRecord {
  key: string;
  pairing: string;
  a: BotName;
  b: BotName;
  k: number;
  aSeat: Faction;
  mode: LadderMode;
  job: GameJob;
  summary: Omit<GameSummary, 'cards'>;
}

/** Everything that decides a game (seed, bots, options, config): two games with the same key are the same game. */
export const jobKey = (job: GameJob): string => JSON.stringify({ seed: job.seed, bots: job.bots, config: job.config ?? {} });

export function ladderGames(s: LadderSettings): LadderGame[] {
  const out: LadderGame[] = [];
  for (const [a, b] of pairings(s.bots, s.allPairs)) {
    const pairing = pairingKey(a, b);
    for (let k = 0; k < s.games / 2; k++) {
      for (const aSeat of ['R', 'I'] as Faction[]) {
        const seed = `${s.seed}-${pairing}-${k}`;
        const bots = aSeat === 'R' ? { R: botSpec(a, s.mode), I: botSpec(b, s.mode) } : { R: botSpec(b, s.mode), I: botSpec(a, s.mode) };
        out.push({ pairing, a, b, k, aSeat, job: { seed, bots } });
      }
    }
  }
  return out;
}

/** Play the games not already in `have` (by job key) on the pool; `onRecord` gets each new one as it finishes. */
export async function playLadder(
  games: LadderGame[], mode: LadderMode, have: Set<string>,
  o: { workers?: number; onRecord?: (r: LadderRecord, done: number, total: number) => void },
): Promise<LadderRecord[]> {
  const todo = games.filter((g) => !have.has(jobKey(g.job)));
  const out: LadderRecord[] = [];
  await runGames(todo.map((g) => g.job), {
    workers: o.workers,
    onGame: (i, summary, done, total) => {
      const g = todo[i];
      const { cards: _cards, ...rest } = summary;
      const r: LadderRecord = { key: jobKey(g.job), pairing: g.pairing, a: g.a, b: g.b, k: g.k, aSeat: g.aSeat, mode, job: g.job, summary: rest };
      out.push(r);
      o.onRecord?.(r, done, total);
    },
  });
  return out;
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;
const r1 = (x: number) => Math.round(x * 10) / 10;

/** a's record against b (score: a's share of the wins). */
export interface PairingResult extends HeadToHead {
  a: BotName;
  b: BotName;
  /** a's Elo minus b's (the fitted ratings), with its bootstrap 95% interval. */
  eloDiff: number;
  eloDiffCi95: [number, number];
}

export interface LadderResult {
  mode: LadderMode['kind'];
  scale?: number;
  iterations?: number;
  effort: Record<string, { budgetMs?: number; iterations?: number }>;
  bots: BotName[];
  gamesPerPairing: number;
  pairings: PairingResult[];
  anchor: BotName;
  ratings: { bot: BotName; elo: number; ci95: [number, number] }[];
  /** Per searching bot, over its decisions with a real choice: mean think time (ms) and iterations. */
  perDecision: Record<string, { ms: number; iterations: number }>;
  bootstrap: number;
  played: number;
  resumed: number;
}

/** Sum the games of the current settings (records of other settings in the file are ignored by key). */
export function summarize(
  s: LadderSettings, games: LadderGame[], records: LadderRecord[], o: { played: number; resamples?: number },
): LadderResult {
  const byKey = new Map(records.map((r) => [r.key, r]));
  const pairs = new Map<string, PairingResult & { wins: number }>();
  const think = new Map<string, { ms: number; iterations: number; choices: number }>();
  for (const g of games) {
    const rec = byKey.get(jobKey(g.job));
    if (!rec) continue;
    let p = pairs.get(g.pairing);
    if (!p) {
      p = { a: g.a, b: g.b, games: 0, wins: 0, score: 0, ci95: [0, 1], asRebel: { games: 0, wins: 0 }, asImperial: { games: 0, wins: 0 }, eloDiff: 0, eloDiffCi95: [0, 0] };
      pairs.set(g.pairing, p);
    }
    const won = rec.summary.winner === g.aSeat;
    const side = g.aSeat === 'R' ? p.asRebel : p.asImperial;
    p.games++;
    side.games++;
    if (won) {
      p.wins++;
      side.wins++;
    }
    for (const [seat, bot] of [['R', rec.job.bots.R.name], ['I', rec.job.bots.I.name]] as [Faction, BotName][]) {
      if (!EFFORT[bot]) continue; // no search: its think times are only pauses of the machine
      const t = think.get(bot) ?? { ms: 0, iterations: 0, choices: 0 };
      t.ms += rec.summary.thinkMs[seat];
      t.iterations += rec.summary.iterations[seat];
      t.choices += rec.summary.choices[seat];
      think.set(bot, t);
    }
  }
  const results: PairResult[] = [...pairs.values()].map((p) => ({ a: p.a, b: p.b, n: p.games, aWins: p.wins }));
  const anchor = s.bots.includes('random') ? 'random' : s.bots[0];
  const resamples = o.resamples ?? 500;
  const fit = eloWithIntervals(s.bots, results, { anchor, resamples, seed: `${s.seed}-elo` });
  return {
    mode: s.mode.kind,
    ...(s.mode.kind === 'scaled' ? { scale: s.mode.scale } : {}),
    ...(s.mode.kind === 'iterations' ? { iterations: s.mode.iterations } : {}),
    effort: Object.fromEntries(s.bots.map((b) => [b, effortOf(b, s.mode)])),
    bots: s.bots, gamesPerPairing: s.games,
    pairings: [...pairs.values()].map(({ wins, ...p }) => {
      const [lo, hi] = wilson(wins, p.games);
      const [dlo, dhi] = interval(fit.samples.map((x) => x[p.a] - x[p.b]));
      return {
        ...p, score: r4(wins / p.games), ci95: [r4(lo), r4(hi)],
        eloDiff: r1(fit.elo[p.a] - fit.elo[p.b]), eloDiffCi95: [r1(dlo), r1(dhi)],
      };
    }),
    anchor,
    ratings: s.bots.map((bot) => ({ bot, elo: r1(fit.elo[bot]), ci95: [r1(fit.ci95[bot][0]), r1(fit.ci95[bot][1])] })),
    perDecision: Object.fromEntries([...think].map(([bot, t]) => [bot, {
      ms: r1(t.ms / Math.max(1, t.choices)), iterations: Math.round(t.iterations / Math.max(1, t.choices)),
    }])),
    bootstrap: resamples,
    played: o.played,
    resumed: [...pairs.values()].reduce((n, p) => n + p.games, 0) - o.played,
  };
}

const pct = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`;

/** The `## Ladder` section of docs/BOTS.md, markers included. */
export function ladderMarkdown(r: LadderResult, command: string, date: string): string {
  const unit = (b: BotName) => b === 'flatmc' ? 'playouts per legal move' : b.startsWith('mcts') ? 'worlds' : 'iterations';
  const effort = r.bots.map((b) => {
    const e = r.effort[b];
    return `\`${b}\` ${e.budgetMs !== undefined ? `${e.budgetMs} ms` : e.iterations !== undefined ? `${e.iterations} ${unit(b)}` : 'no search'}`;
  }).join(', ');
  const mode: LadderMode = r.mode === 'scaled' ? { kind: 'scaled', scale: r.scale! }
    : r.mode === 'iterations' ? { kind: 'iterations', iterations: r.iterations! } : { kind: 'budgets' };
  return [
    '<!-- ladder:start -->',
    '## Ladder',
    '',
    `\`${command}\`, ${date}.`,
    '',
    `Mode: ${modeLabel(mode)}; effort per decision: ${effort}.`,
    `Each seed is played twice, seats swapped; score = the first bot's share of the wins (Wilson 95%); Elo: Bradley–Terry`,
    `maximum likelihood over all games, \`${r.anchor}\` = 0, 95% intervals from ${r.bootstrap} bootstrap resamples`,
    '(src/sim/elo.ts). Think time: mean per decision with a choice.',
    '',
    '| pairing | games | score | Wilson 95% | as Rebel | as Imperial | Elo difference (95%) |',
    '|---|---|---|---|---|---|---|',
    ...r.pairings.map((p) => `| ${p.a} vs ${p.b} | ${p.games} | **${pct(p.score)}** | [${pct(p.ci95[0])}, ${pct(p.ci95[1])}] `
      + `| ${p.asRebel.wins}/${p.asRebel.games} | ${p.asImperial.wins}/${p.asImperial.games} `
      + `| ${signed(p.eloDiff)} [${signed(p.eloDiffCi95[0])}, ${signed(p.eloDiffCi95[1])}] |`),
    '',
    '| bot | Elo | 95% | think per decision |',
    '|---|---|---|---|',
    ...r.ratings.map((x) => `| ${x.bot} | ${signed(x.elo)} | [${signed(x.ci95[0])}, ${signed(x.ci95[1])}] `
      + `| ${r.perDecision[x.bot] ? `${r.perDecision[x.bot].ms} ms, ${r.perDecision[x.bot].iterations} it.` : '—'} |`),
    '<!-- ladder:end -->',
  ].join('\n');
}

/** Replace the marked section of a Markdown file's text, or append it at the end when the markers are missing. */
export function replaceSection(doc: string, section: string): string {
  const start = doc.indexOf('<!-- ladder:start -->');
  const end = doc.indexOf('<!-- ladder:end -->');
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + '<!-- ladder:end -->'.length);
  return `${doc.replace(/\n*$/, '')}\n\n${section}\n`;
}
