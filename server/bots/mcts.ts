/**
 * A fair MCTS bot: boardgame.io's `MCTSBot`, with the game's `ai.enumerate`, searches worlds drawn by
 * `sampleWorld(view, seat, rng)` from the bot's own view, never the true state: it cannot know the hidden base,
 * the opponent's cards or future dice (each world gets its own random seed). A few small searches on different
 * worlds vote with their root visit counts, within a time budget.
 *
 * `searchMove` runs on the calling thread; the server calls it in a worker thread (./worker-pool.ts), so a search
 * never holds up other matches. `InlineMctsBotPlayer` (the same search on the main thread, with MCTSBot's async
 * option and a pause between worlds) is there for tools and tests only.
 */
import { randomBytes } from 'node:crypto';
import type { State } from 'boardgame.io';
import { MCTSBot } from 'boardgame.io/ai';
import { InitializeGame } from 'boardgame.io/internal';
import { expectedActivePlayers, makeMintImperium, playerOf, turnOwner } from '../../src/game';
import type { Faction } from '../../src/game/content';
import { seededRng, type GameState } from '../../src/game/rules';
import { sampleWorld } from '../../src/game/rules/sample';
import type { BotChoice, BotPlayer } from './BotPlayer';
import { legalChoices } from './random';

export interface MctsOptions {
  /** Wall-clock budget for one decision in ms (a new world is not started if it would likely overrun it). */
  budgetMs: number;
  /** MCTS iterations per sampled world. */
  iterations: number;
  /** Playout depth (moves) per iteration. */
  playoutDepth: number;
  /** At most this many sampled worlds per decision. */
  maxWorlds: number;
}

export const DEFAULT_MCTS: MctsOptions = { budgetMs: 800, iterations: 16, playoutDepth: 10, maxWorlds: 16 };

const game = makeMintImperium({ seed: 'bot-search' });
let template: State<GameState> | null = null;

/** A boardgame.io state around a sampled world, ctx derived from G as the Game derives it (flowMismatch). */
function stateOf(world: GameState, seed: string): State<GameState> {
  template ??= InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
  const current = playerOf(turnOwner(world) as Faction);
  const ctx = {
    ...template.ctx,
    phase: world.phase,
    currentPlayer: current,
    playOrderPos: current === '0' ? 0 : 1,
    activePlayers: expectedActivePlayers(world, current),
    turn: Math.max(1, world.round),
    numMoves: 0,
  };
  return {
    ...template, G: world, ctx, _stateID: 0,
    plugins: { ...template.plugins, random: { data: { seed } } },
  } as State<GameState>;
}

/** Playout objectives from the bot's side: the Rebel wants the objective token down, the Imperial the base found. */
function objectivesFor(root: GameState, seat: Faction) {
  return () => (seat === 'R'
    ? { scored: { checker: (G: GameState) => G.objective < root.objective, weight: 0.5 } }
    : { found: { checker: (G: GameState) => G.base.revealed && !root.base.revealed, weight: 0.5 } });
}

const keyOf = (m: BotChoice) => `${m.move}|${JSON.stringify(m.args)}`;

type Child = { visits: number; parentAction: { payload: { type: string; args?: unknown[] } } };

export async function searchMove(
  view: GameState, seat: Faction, opts: MctsOptions, pause?: () => Promise<void>, asyncSearch = false,
): Promise<BotChoice> {
  const legal = legalChoices(view, seat);
  if (legal.length === 0) throw new Error('the bot has no legal move');
  if (legal.length === 1) return legal[0];
  const legalKeys = new Set(legal.map(keyOf));
  const votes = new Map<string, number>();
  const salt = randomBytes(8).toString('hex');
  const rng = seededRng(`${salt}-worlds`);
  const start = Date.now();
  const playerID = playerOf(seat);
  for (let w = 0; w < opts.maxWorlds; w++) {
    const world = sampleWorld(view, seat, rng);
    world.log = []; // the rules never read the log; a short one makes every playout step cheaper
    const bot = new MCTSBot({
      game, enumerate: game.ai!.enumerate, seed: `${salt}-${w}`,
      iterations: opts.iterations, playoutDepth: opts.playoutDepth,
      objectives: objectivesFor(world, seat),
    } as unknown as ConstructorParameters<typeof MCTSBot>[0]);
    if (asyncSearch) bot.setOpt('async', true);
    const { metadata } = await bot.play(stateOf(world, `${salt}-dice-${w}`), playerID) as unknown as {
      metadata: { children: Child[] };
    };
    for (const child of metadata.children) {
      const p = child.parentAction.payload;
      const k = keyOf({ move: p.type, args: p.args ?? [] });
      if (legalKeys.has(k)) votes.set(k, (votes.get(k) ?? 0) + child.visits);
    }
    const elapsed = Date.now() - start;
    if (elapsed + elapsed / (w + 1) > opts.budgetMs) break;
    if (pause) await pause();
  }
  let best = legal[0];
  let bestVotes = -1;
  for (const m of legal) {
    const v = votes.get(keyOf(m)) ?? 0;
    if (v > bestVotes) {
      best = m;
      bestVotes = v;
    }
  }
  return best;
}

const macrotask = () => new Promise<void>((r) => setImmediate(r));

/** The search on the calling thread (tools, tests). The server uses WorkerBotPlayer. */
export class InlineMctsBotPlayer implements BotPlayer {
  constructor(private readonly opts: MctsOptions = DEFAULT_MCTS) {}

  choose(view: GameState, seat: Faction): Promise<BotChoice> {
    return searchMove(view, seat, this.opts, macrotask, true);
  }
}
