/**
 * npm run imperios:balance -- --players 4 --games 100 [--bot greedy] [--mode tutorial] [--seed S] [--out FILE.jsonl]
 *   [--random-metropolis]
 *
 * The balance note of Imperios Milenarios (issue 23 item 8, docs/imperios/BALANCE.md): `--bot` plays every seat of
 * GAMES seeded games of PLAYERS players, and ONE JSON line says the win share by seat, by seniority (the order of
 * choosing the Metropolis) and by the Metropolis chosen, each with its Wilson 95% interval and mean place. A progress
 * bar on a terminal. `--random-metropolis` draws each civilization's Metropolis among those left (so every one is
 * measured, not only the bot's favourites). With `--out`, each finished game is appended to FILE as a JSON line and a run started again
 * with the same FILE plays only the games missing from it (a long study can be stopped and resumed; the file is
 * generated data: keep it out of git).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isModeId, MODES } from '../games/imperios/content/modes';
import { isPlayerName } from '../games/imperios/ai/searchTournament';
import { balanceSeed, playBalanceGame, summarizeBalance, type BalanceGame } from '../games/imperios/sim/balance';
import { runIfEntry } from './entry';
import { progress } from './progress';

const USAGE = 'usage: npm run imperios:balance -- --players 4 --games 100 [--bot greedy] [--mode tutorial] [--seed S] [--out FILE.jsonl]'
  + ' [--random-metropolis]';

/** The games already in `file` for this run (same bot, count, mode and seeds), by seed. */
function kept(file: string | undefined, bot: string, players: number, mode: string, randomMetropolis: boolean): Map<string, BalanceGame> {
  const out = new Map<string, BalanceGame>();
  if (!file || !existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const g = JSON.parse(line) as BalanceGame;
    if (g.bot === bot && g.players === players && g.mode === mode && (g.randomMetropolis === true) === randomMetropolis) out.set(g.seed, g);
  }
  return out;
}

export function main(argv = process.argv.slice(2)): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      players: { type: 'string', default: '4' },
      games: { type: 'string', default: '20' },
      bot: { type: 'string', default: 'greedy' },
      mode: { type: 'string', default: 'tutorial' },
      seed: { type: 'string', default: 'balance' },
      out: { type: 'string' },
      'random-metropolis': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const players = Number(values.players);
  const games = Number(values.games);
  const { bot, mode, seed, out } = values;
  if (!Number.isInteger(players) || players < 4 || players > 7) throw new Error('--players is 4 to 7');
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a whole number ≥ 1');
  if (!isPlayerName(bot)) throw new Error(`unknown bot ${bot}`);
  if (!isModeId(mode)) throw new Error('--mode is tutorial, normal or epic');
  if (!MODES[mode].players.includes(players)) throw new Error(`${MODES[mode].name} is not played by ${players}`);
  const randomMetropolis = values['random-metropolis'] === true;
  const done = kept(out, bot, players, mode, randomMetropolis);
  const played: BalanceGame[] = [];
  const bar = progress(games, { label: `${bot} ×${players} ${mode}` });
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    let g = done.get(balanceSeed(seed!, players, i));
    if (!g) {
      g = playBalanceGame(bot, players, mode, seed!, i, randomMetropolis);
      if (out) appendFileSync(out, `${JSON.stringify(g)}\n`);
    }
    played.push(g);
    bar.update(i + 1);
  }
  bar.done();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`${JSON.stringify({ bot, players, mode, seed, randomMetropolis, ...summarizeBalance(played), seconds })}\n`);
  return 0;
}

runIfEntry(import.meta.url, () => main(), USAGE);
