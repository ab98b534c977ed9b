/**
 * npm run imperios:tournament -- --lineup normal,normal,random,random --games 8 [--seed S] [--mode normal]
 *
 * Plays seeded Imperios Milenarios games of one lineup (4 to 7 bots, one per seat) with the seats rotated from game
 * to game, shows a progress bar on a terminal, and prints ONE JSON line: each bot's win share (Wilson 95%), mean
 * place (95%), mean score and thinking time per decision. `--games-log` also writes each game's record as a JSON
 * line to stderr as soon as it ends (long runs can be read before they finish). `--level-options` changes a level's
 * iterations or playout depth for an experiment. Bots: random greedy easy normal hard (docs/imperios/BOTS.md).
 */
import { parseArgs } from 'node:util';
import { isModeId } from '../games/imperios/content/modes';
import {
  isPlayerName,
  LEVEL_SUMMARY,
  PLAYER_NAMES,
  runTournament,
  type LevelOverrides,
  type PlayerName,
} from '../games/imperios/ai/searchTournament';
import { runIfEntry } from './entry';
import { progress } from './progress';

const USAGE = `usage: npm run imperios:tournament -- --lineup a,b,c,d --games N [--seed S] [--mode normal] [--games-log]
  [--level-options '{"normal":{"playoutDepth":0,"iterations":64}}']
  bots: ${PLAYER_NAMES.join(' ')}   (${LEVEL_SUMMARY.join('; ')})`;

function lineupOf(text: string | undefined): PlayerName[] {
  const names = (text ?? '').split(',').filter(Boolean);
  if (names.length < 4 || names.length > 7) throw new Error('--lineup names 4 to 7 bots, one per seat');
  for (const n of names) if (!isPlayerName(n)) throw new Error(`unknown bot ${n}`);
  return names as PlayerName[];
}

export function main(argv = process.argv.slice(2)): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      lineup: { type: 'string' },
      games: { type: 'string', default: '4' },
      seed: { type: 'string', default: '1' },
      mode: { type: 'string', default: 'normal' },
      'games-log': { type: 'boolean' },
      'level-options': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const lineup = lineupOf(values.lineup);
  const games = Number(values.games);
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a whole number ≥ 1');
  if (!isModeId(values.mode)) throw new Error('--mode is tutorial, normal or epic');
  const bar = progress(games, { label: lineup.join(',') });
  bar.update(0);
  const started = performance.now();
  const result = runTournament({
    lineup,
    games,
    seed: values.seed!,
    mode: values.mode,
    onGame: (done, record) => {
      if (values['games-log']) process.stderr.write(`${JSON.stringify({ game: done, ...record })}\n`);
      bar.update(done);
    },
    onRound: (game, round) => bar.update(game, undefined, `${lineup.join(',')} game ${game + 1} round ${round}`),
    now: () => performance.now(),
    levelOverrides: values['level-options'] ? (JSON.parse(values['level-options']) as LevelOverrides) : undefined,
  });
  bar.done();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`${JSON.stringify({ ...result, seconds })}\n`);
  return 0;
}

runIfEntry(import.meta.url, () => main(), USAGE);
