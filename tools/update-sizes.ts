/**
 * How big a move's update is on the wire (issue 21 item 8: at most 5 KB for a move in round 8), without a server:
 * seeded games of random legal moves (as the integration test's random players pick them) through boardgame.io's
 * reducer; for each move of the chosen round and each audience (Rebel, Imperial, spectator) the `mint:update`
 * packet the server would write (the log delta of server/match/log-delta.ts with its deltalog, socket.io's event
 * framing), and the same view sent whole. Prints JSON: percentiles, the largest update and what it is made of.
 *
 *   npm run bench:update-sizes -- [--games 300] [--round 8] [--with-end]
 *
 * `--with-end`: also the move that ends the game, whose update shows every audience the whole state and log (a
 * finished game has no secrets, RULES §8 and issue 20 item 1).
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { makeMintImperium } from '../src/game';
import { filterLog, filterState, filterStateShared } from '../src/game/filter';
import { seededRng, type GameState } from '../src/game/rules';
import { progress } from '../src/cli/progress';
import { runIfEntry } from '../src/cli/entry';
import { playerOf, SOCKET_EVENTS, type LogDeltaUpdate } from '../src/protocol';
import { keptView } from '../server/match/delta-base';
import { logDeltaUpdate } from '../server/match/log-delta';

type St = State<GameState>;
type Enumerated = { move: string; args: unknown[] };
/** A match ID as long as the server's. */
const MATCH_ID = 'x'.repeat(21);
const AUDIENCES = ['0', '1', null] as const;

export interface UpdateSizes {
  games: number;
  round: number;
  updates: number;
  bytes: { p50: number; p99: number; max: number };
  wholeBytes: { p50: number; max: number };
  over5KB: number;
  largest: { seed: string; move: string; audience: string; parts: Record<string, number> } | null;
}

/** The socket.io packet text of an event (what the server writes for it). */
const packet = (args: unknown[]) => `42${JSON.stringify(args)}`;

/** Bytes of each part of an update, largest first. */
function partsOf(u: LogDeltaUpdate): Record<string, number> {
  const parts: Record<string, number> = { log: JSON.stringify(u.log).length };
  for (const [path, v] of Object.entries(u.patch.set)) parts[path] = path.length + 3 + JSON.stringify(v ?? null).length;
  if (u.patch.drop) parts.drop = JSON.stringify(u.patch.drop).length;
  return Object.fromEntries(Object.entries(parts).sort((a, b) => b[1] - a[1]));
}

const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;

export function measureUpdateSizes(opts: { games: number; round: number; withEnd: boolean; onGame?: (n: number) => void }): UpdateSizes {
  const sizes: number[] = [];
  const whole: number[] = [];
  let largest: UpdateSizes['largest'] = null;
  let max = 0;
  for (let g = 0; g < opts.games; g++) {
    const seed = `sizes-${g}`;
    const game = ProcessGameConfig(makeMintImperium({ seed, takeBacks: true }));
    const reducer = CreateGameReducer({ game });
    const pick = seededRng(`${seed}/picks`);
    let st = InitializeGame({ game, numPlayers: 2 }) as St;
    for (let i = 0; i < 5000 && st.ctx.gameover === undefined && st.G.pending; i++) {
      const playerID = playerOf(st.G.pending.seat);
      const options = game.ai!.enumerate(st.G, st.ctx, playerID) as Enumerated[];
      if (options.length === 0) break;
      const { move, args } = options[pick.int(options.length)]!;
      // The broadcaster's base: the views kept before the move (boardgame.io changes the old ctx in place).
      const near = st.G.round >= opts.round - 1 && st.G.round <= opts.round;
      const bases = near ? AUDIENCES.map((a) => keptView(filterStateShared(st, a))) : [];
      const next = reducer(st, { type: 'MAKE_MOVE', payload: { type: move, args, playerID } } as never) as St;
      if (next._stateID === st._stateID) continue;
      if (next.G.round === opts.round && (opts.withEnd || !next.G.winner)) {
        for (const [i, audience] of AUDIENCES.entries()) {
          const view = filterState(next, audience);
          const update = logDeltaUpdate(st, bases[i]!, filterStateShared(next, audience));
          const log = filterLog(next.deltalog ?? [], audience);
          const bytes = Buffer.byteLength(packet([SOCKET_EVENTS.update, MATCH_ID, update, log]));
          sizes.push(bytes);
          whole.push(Buffer.byteLength(packet(['update', MATCH_ID, view, log])));
          if (bytes > max) {
            max = bytes;
            largest = { seed, move: `${move} ${JSON.stringify(args)}`, audience: audience ?? 'spectator', parts: partsOf(update) };
          }
        }
      }
      st = next;
    }
    opts.onGame?.(g + 1);
  }
  sizes.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  return {
    games: opts.games, round: opts.round, updates: sizes.length,
    bytes: { p50: pct(sizes, 0.5), p99: pct(sizes, 0.99), max: sizes.at(-1) ?? 0 },
    wholeBytes: { p50: pct(whole, 0.5), max: whole.at(-1) ?? 0 },
    over5KB: sizes.filter((b) => b > 5 * 1024).length,
    largest,
  };
}

const USAGE = 'usage: npm run bench:update-sizes -- [--games N] [--round R] [--with-end]';

function main(argv: string[]): number {
  const arg = (name: string, dflt: number) => {
    const i = argv.indexOf(`--${name}`);
    const v = i >= 0 ? Number(argv[i + 1]) : dflt;
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${name} wants a positive whole number`);
    return v;
  };
  const games = arg('games', 300);
  const bar = progress(games, { label: 'games' });
  const out = measureUpdateSizes({ games, round: arg('round', 8), withEnd: argv.includes('--with-end'), onGame: (n) => bar.update(n) });
  bar.done();
  console.log(JSON.stringify(out, null, 2));
  return 0;
}

runIfEntry(import.meta.url, () => main(process.argv.slice(2)), USAGE);
