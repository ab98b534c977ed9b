/**
 * The balance study's readable report: Markdown plus SVG charts (./balanceSvg.ts), from BalanceResult values
 * (./balance.ts). One config gives one report; several (the reference first: the default unless a base config was
 * given) give a comparison of each against the first, paired over the same game seeds (./balanceStudy.ts), and a
 * line per config on issue 24's goals. Pure: returns the files to write.
 */
import { MISSIONS, type MissionId } from '../game/content';
import type { BalanceResult } from './balance';
import { issue24Goals } from './balanceStudy';
import { barChart } from './balanceSvg';

export interface ReportFiles {
  markdown: string;
  /** SVG file name → content (names are relative to the report's folder). */
  svgs: Record<string, string>;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const reasons = (r: BalanceResult) => Object.entries(r.winReasons).sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([k, v]) => `${k} ${v}`).join(', ');
const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x)}`;
const games = (r: BalanceResult) => (r.maxGames !== undefined && r.maxGames !== r.games ? `${r.games} of ${r.maxGames}` : `${r.games}`);
const stopped = (r: BalanceResult) => (r.stopped ? `${r.stopped} the band` : '—');
const pairedDelta = (r: BalanceResult) => (r.paired ? `${signed(Math.round(r.paired.delta * 1000) / 10)} pts (${r.paired.n})` : '—');
const mcnemar = (r: BalanceResult) => (r.paired ? (r.paired.p < 0.001 ? '<0.001' : `${Math.round(r.paired.p * 1000) / 1000}`) : '—');
const change = (r: BalanceResult) => (Object.keys(r.changes).length === 0 ? '—' : `\`${JSON.stringify(r.changes)}\``);

function cardTable(r: BalanceResult): string {
  const rows = Object.entries(r.cards).map(([card, s]) => {
    const name = MISSIONS[card as MissionId]?.name ?? card;
    const rate = s.played > 0 ? pct(s.succeeded / s.played) : '—';
    return `| ${card} | ${name} | ${(s.played / r.games).toFixed(2)} | ${s.played} | ${s.succeeded} | ${rate} |`;
  });
  return ['| card | name | reveals / game | reveals | successes | success rate |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

function cardChart(r: BalanceResult): string {
  const bars = Object.entries(r.cards).map(([card, s]) => ({
    label: `${card} ${MISSIONS[card as MissionId]?.name ?? ''}`, value: s.succeeded / r.games, under: s.played / r.games,
    note: `${(s.played / r.games).toFixed(2)} / ${(s.succeeded / r.games).toFixed(2)}`,
  }));
  const max = Math.max(1, ...bars.map((b) => b.under));
  return barChart(`Mission cards per game (${r.label}): reveals (light) and successes (dark)`, bars, { max: Math.ceil(max) });
}

function roundsChart(r: BalanceResult): string {
  const keys = Object.keys(r.rounds.histogram).map(Number).sort((a, b) => a - b);
  const bars = keys.map((k) => ({ label: `round ${k}`, value: r.rounds.histogram[k] / r.games, note: `${r.rounds.histogram[k]}` }));
  return barChart(`Game length (${r.label}): share of games ending in each round`, bars, { max: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
}

function shareChart(results: BalanceResult[]): string {
  const bars = results.map((r) => ({
    label: r.label, value: r.rebelShare, lo: r.ci95[0], hi: r.ci95[1],
    note: `${pct(r.rebelShare)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}]`,
  }));
  return barChart('Rebel win share with Wilson 95% interval (target band 45–55%, B8)', bars, { max: 1, band: [0.45, 0.55], ticks: [0, 0.25, 0.5, 0.75, 1] });
}

function lengthChart(results: BalanceResult[]): string {
  const bars = results.map((r) => ({
    label: r.label, value: r.rounds.median, lo: r.rounds.p25, hi: r.rounds.p75,
    note: `median ${r.rounds.median} (IQR ${r.rounds.p25}–${r.rounds.p75})`,
  }));
  return barChart('Game length in rounds: median and interquartile range (target 7–10, B8)', bars, { max: 12, band: [7, 10], ticks: [0, 3, 6, 9, 12] });
}

export interface ReportMeta {
  title: string;
  command: string;
  /** Free text: machine, load, what the sizes mean. */
  notes: string[];
}

export function renderReport(results: BalanceResult[], meta: ReportMeta, prefix: string): ReportFiles {
  const svgs: Record<string, string> = {};
  const base = results[0];
  svgs[`${prefix}-rebel-share.svg`] = shareChart(results);
  svgs[`${prefix}-rounds.svg`] = results.length > 1 ? lengthChart(results) : roundsChart(base);
  svgs[`${prefix}-cards.svg`] = cardChart(base);
  const lines: string[] = [
    `# ${meta.title}`, '',
    `Command: \`${meta.command}\``, '',
    `Bot: \`${base.bot}\` on both seats, ${base.iterations ? `${base.iterations} iterations` : `${base.budgetMs} ms`} a decision; `
      + `${base.maxGames !== undefined ? `up to ${base.maxGames}` : base.games} games per config `
      + '(the same game seeds for every config, so configs are compared on the same deals).', '',
    ...meta.notes.map((n) => `- ${n}`), '',
    '## Rebel win share and game length', '',
    `![Rebel win share](${prefix}-rebel-share.svg)`, '',
    `![Game length](${prefix}-rounds.svg)`, '',
    '| config | change | games | Rebel wins | Rebel share [95% CI] | stopped | paired Δ vs first (pairs) | McNemar p '
      + '| rounds median (IQR, min–max) | win reasons | base revealed (median round) | relocations / game | captures / game | search: iterations / decision, think p50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.label} | ${change(r)} | ${games(r)} | ${r.rebelWins} | ${pct(r.rebelShare)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}] `
      + `| ${stopped(r)} | ${pairedDelta(r)} | ${mcnemar(r)} `
      + `| ${r.rounds.median} (${r.rounds.p25}–${r.rounds.p75}, ${r.rounds.min}–${r.rounds.max}) | ${reasons(r)} `
      + `| ${pct(r.baseRevealed.share)} (${r.baseRevealed.medianRound ?? '—'}) | ${r.perGame.relocations} | ${r.perGame.captures} `
      + `| ${r.search ? `${r.search.itersPerDecision}, ${r.search.thinkMsP50} ms` : '—'} |`),
    '',
    '"games": games played (of the most a config could play); "stopped": its Wilson 95% interval lay wholly above or '
      + 'below the early-stop band after a batch; "paired Δ": Rebel share of this config minus that of the first config '
      + 'over the game seeds both played, with the exact McNemar p-value of the discordant pairs.', '',
    '## Issue 24 goals', '',
    'Rebel share 45–55% with its 95% interval inside [40, 60]%, median rounds 7–10, and Imperial wins both by '
      + 'occupation (`I:occupation`) and by the Obliterator (`I:obliterator`).', '',
    ...results.map((r) => {
      const g = issue24Goals(r);
      const target = r.targetCi ? `; interval ${r.targetCi.inside ? 'inside' : '**not** inside'} the target `
        + `[${pct(r.targetCi.lo)}, ${pct(r.targetCi.hi)}]` : '';
      return `- ${r.label}: ${g.all ? '**meets all goals**' : `misses: ${g.misses.join('; ')}`}${target}`;
    }),
    '',
  ];
  if (results.length > 1) {
    lines.push(`## Against the first config (${base.label})`, '',
      'Difference in Rebel win share from the first config: unpaired (each over all its games, with whether the two '
      + 'Wilson intervals overlap; overlap: the sample cannot tell the two apart) and paired (over the game seeds '
      + 'both played; McNemar exact test of the discordant pairs: only the first config\'s Rebel won / only this one\'s).', '',
      '| config | Δ Rebel share | Δ median rounds | intervals overlap | paired Δ (pairs) | discordant first / this | McNemar p |',
      '|---|---|---|---|---|---|---|',
      ...results.slice(1).map((r) => `| ${r.label} | ${r.rebelShare - base.rebelShare >= 0 ? '+' : ''}${Math.round((r.rebelShare - base.rebelShare) * 100)} pts `
        + `| ${r.rounds.median - base.rounds.median >= 0 ? '+' : ''}${r.rounds.median - base.rounds.median} `
        + `| ${r.ci95[0] <= base.ci95[1] && base.ci95[0] <= r.ci95[1] ? 'yes' : '**no**'} `
        + `| ${pairedDelta(r)} | ${r.paired ? `${r.paired.refOnly} / ${r.paired.otherOnly}` : '—'} | ${mcnemar(r)} |`),
      '');
  }
  lines.push(`## Mission cards (${base.label})`, '', `![Mission cards](${prefix}-cards.svg)`, '', cardTable(base), '',
    'A reveal is a `missionRevealed` log event; a success is `missionSucceeded` (unopposed or no attribute) or a '
    + '`missionAttempt` with `success` (R4.2.4, R4.2.6).', '');
  if (results.length > 1) {
    lines.push('<details><summary>Mission cards under each knob change</summary>', '');
    for (const r of results.slice(1)) lines.push(`### ${r.label}`, '', cardTable(r), '');
    lines.push('</details>', '');
  }
  lines.push('## Raw results', '', '```json', ...results.map((r) => JSON.stringify(r)), '```', '');
  return { markdown: lines.join('\n'), svgs };
}
