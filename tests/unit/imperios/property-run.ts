/**
 * The long property run over seeded random games (issue 23 item 3): `npx tsx tests/unit/imperios/property-run.ts
 * [games per player count, default 1000] [first seed index, default 0]`. For 4 to 7 players it plays that many games,
 * cycling through the modes each count allows, picking uniformly among every seat's legal actions; after every move
 * it checks that chits and totems are conserved and the census is in its range, and it fails if a listed action is
 * refused or a game does not end. One game in 50 is replayed from its seed to check it is the same game. It prints
 * the figures per player count, and exits 1 on the first failure.
 */
import { MODES, MODE_IDS, type ModeId } from '../../../src/games/imperios/content/modes';
import { randomGame } from './randomGame';

const games = Number(process.argv[2] ?? 1000);
const from = Number(process.argv[3] ?? 0);

interface Figures {
  games: number;
  moves: number;
  maxMoves: number;
  rounds: number;
  maxRounds: number;
  reasons: Record<string, number>;
  modes: Record<string, number>;
  replays: number;
  ms: number;
}

const started = Date.now();
for (const players of [4, 5, 6, 7]) {
  const modes: ModeId[] = MODE_IDS.filter((m) => MODES[m].players.includes(players));
  const f: Figures = {
    games: 0,
    moves: 0,
    maxMoves: 0,
    rounds: 0,
    maxRounds: 0,
    reasons: {},
    modes: {},
    replays: 0,
    ms: 0,
  };
  const t0 = Date.now();
  for (let i = from; i < from + games; i++) {
    const mode = modes[i % modes.length];
    const seed = `run-${players}-${i}`;
    let run;
    try {
      run = randomGame({ players, mode, seed, check: true });
      if (i % 50 === 0) {
        const again = randomGame({ players, mode, seed });
        if (JSON.stringify(again.state) !== JSON.stringify(run.state) || again.moves.length !== run.moves.length) {
          throw new Error(`seed ${seed}: the replay differs`);
        }
        f.replays++;
      }
    } catch (e) {
      console.error(`FAIL ${players} players, ${mode}, seed ${seed}: ${(e as Error).message}`);
      process.exit(1);
    }
    f.games++;
    f.moves += run.steps;
    f.maxMoves = Math.max(f.maxMoves, run.steps);
    f.rounds += run.state.round;
    f.maxRounds = Math.max(f.maxRounds, run.state.round);
    for (const r of run.state.result!.reasons) f.reasons[r] = (f.reasons[r] ?? 0) + 1;
    f.modes[mode] = (f.modes[mode] ?? 0) + 1;
  }
  f.ms = Date.now() - t0;
  console.log(
    JSON.stringify({
      players,
      games: f.games,
      modes: f.modes,
      meanMoves: Math.round(f.moves / f.games),
      maxMoves: f.maxMoves,
      meanRounds: +(f.rounds / f.games).toFixed(1),
      maxRounds: f.maxRounds,
      endReasons: f.reasons,
      replaysIdentical: f.replays,
      seconds: Math.round(f.ms / 1000),
    }),
  );
}
console.log(`all ${4 * games} games passed in ${Math.round((Date.now() - started) / 1000)} s`);
