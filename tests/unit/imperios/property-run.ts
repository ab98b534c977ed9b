/**
 * The long property run over seeded random games (issue 23 item 3):
 *
 *   npx tsx tests/unit/imperios/property-run.ts [games per player count, default 1000] [first seed index, default 0]
 *     [--players 4,5,6,7] [--out FILE.jsonl]
 *
 * For each player count it plays that many games, cycling through the modes each count allows, picking uniformly
 * among every seat's legal actions; after every move it checks that chits and totems are conserved and the census is
 * in its range, and it fails if a listed action is refused or a game does not end. One game in 50 is replayed from
 * its seed to check it is the same game. It prints the figures per player count, and exits 1 on the first failure.
 *
 * With `--out`, every passed game is appended to FILE as one JSON line, and a run started again with the same FILE
 * skips the games already there (so a long run can be stopped and resumed); the figures are then over the file's
 * games in the range. The file is generated data: keep it out of git.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { MODES, MODE_IDS, type ModeId } from '../../../src/games/imperios/content/modes';
import { progress } from '../../../src/cli/progress';
import { randomGame } from './randomGame';

const positional: string[] = [];
let playerCounts = [4, 5, 6, 7];
let out: string | undefined;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === '--players') playerCounts = process.argv[++i].split(',').map(Number);
  else if (arg === '--out') out = process.argv[++i];
  else positional.push(arg);
}
const games = Number(positional[0] ?? 1000);
const from = Number(positional[1] ?? 0);
if (!Number.isInteger(games) || !Number.isInteger(from) || playerCounts.some((p) => !(p >= 4 && p <= 7))) {
  console.error('usage: property-run.ts [games] [from] [--players 4,5,6,7] [--out FILE.jsonl]');
  process.exit(2);
}

/** One passed game, as the `--out` file keeps it. */
interface GameLine {
  players: number;
  seed: string;
  mode: string;
  moves: number;
  rounds: number;
  reasons: string[];
  replayed: boolean;
  ms: number;
}

const done = new Map<string, GameLine>();
if (out && existsSync(out)) {
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const g = JSON.parse(line) as GameLine;
    done.set(g.seed, g);
  }
}

function playOne(players: number, i: number, mode: ModeId): GameLine {
  const seed = `run-${players}-${i}`;
  const t0 = Date.now();
  const run = randomGame({ players, mode, seed, check: true });
  const replayed = i % 50 === 0;
  if (replayed) {
    const again = randomGame({ players, mode, seed });
    if (JSON.stringify(again.state) !== JSON.stringify(run.state) || again.moves.length !== run.moves.length) {
      throw new Error(`seed ${seed}: the replay differs`);
    }
  }
  return {
    players,
    seed,
    mode,
    moves: run.steps,
    rounds: run.state.round,
    reasons: run.state.result!.reasons,
    replayed,
    ms: Date.now() - t0,
  };
}

const started = Date.now();
let total = 0;
for (const players of playerCounts) {
  const modes: ModeId[] = MODE_IDS.filter((m) => MODES[m].players.includes(players));
  const lines: GameLine[] = [];
  const bar = progress(games, { label: `${players} players` });
  for (let i = from; i < from + games; i++) {
    const mode = modes[i % modes.length];
    let line = done.get(`run-${players}-${i}`);
    if (!line) {
      try {
        line = playOne(players, i, mode);
      } catch (e) {
        bar.done();
        console.error(`FAIL ${players} players, ${mode}, seed run-${players}-${i}: ${(e as Error).message}`);
        process.exit(1);
      }
      if (out) appendFileSync(out, JSON.stringify(line) + '\n');
    }
    lines.push(line);
    bar.update(lines.length);
  }
  bar.done();
  total += lines.length;
  const reasons: Record<string, number> = {};
  const modeCounts: Record<string, number> = {};
  for (const l of lines) {
    for (const r of l.reasons) reasons[r] = (reasons[r] ?? 0) + 1;
    modeCounts[l.mode] = (modeCounts[l.mode] ?? 0) + 1;
  }
  const sum = (f: (l: GameLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  console.log(
    JSON.stringify({
      players,
      games: lines.length,
      seeds: `run-${players}-${from}…${from + games - 1}`,
      modes: modeCounts,
      meanMoves: Math.round(sum((l) => l.moves) / lines.length),
      maxMoves: Math.max(...lines.map((l) => l.moves)),
      meanRounds: +(sum((l) => l.rounds) / lines.length).toFixed(1),
      maxRounds: Math.max(...lines.map((l) => l.rounds)),
      endReasons: reasons,
      replaysIdentical: lines.filter((l) => l.replayed).length,
      cpuSeconds: Math.round(sum((l) => l.ms) / 1000),
    }),
  );
}
console.log(`all ${total} games passed in ${Math.round((Date.now() - started) / 1000)} s`);
