/**
 * A fair MCTS bot: boardgame.io's MCTSBot (with the game's `ai.enumerate`) searches worlds drawn by
 * `sampleWorld(view, seat, rng)` from the bot's own view, never the true state, so it cannot know the hidden base,
 * the opponent's hand or future dice. Several small searches on different sampled worlds vote (visit counts per
 * move), until a time budget runs out. Pure of I/O; `pause` lets a page breathe between two searches. It is the
 * `mcts-fair` (and, handed the true state, `mcts`) entry of `createBot` (./fairMcts.ts); the board and the server
 * play the ISMCTS bot instead.
 */
import type { State } from 'boardgame.io';
import { MCTSBot } from 'boardgame.io/ai';
import { InitializeGame } from 'boardgame.io/internal';
import { expectedActivePlayers, makeMintImperium, playerOf, turnOwner } from '../game';
import type { Faction } from '../game/content';
import { decisionActions, seededRng, type GameState } from '../game/rules';
import { sampleWorld } from '../game/rules/sample';
import { actionOf, moveOf, SEATS, type Move } from '../protocol';
/** A boardgame.io move (src/protocol/moves.ts). */
export type BotMove = Move;

export interface SearchOptions {
  /** Wall-clock budget for one decision, in ms (no new world is started if it would likely overrun it). */
  budgetMs: number;
  /** MCTS iterations per sampled world. */
  iterations: number;
  /** Random playout depth (moves) per iteration. */
  playoutDepth: number;
  /** At most this many worlds. */
  maxWorlds: number;
  /** Seed for the sampled worlds and the search's own choices. */
  seed: string;
  /** Awaited between two worlds (e.g. a macrotask, so a page stays responsive). */
  pause?: () => Promise<void>;
  /** Let MCTSBot yield between iterations (its `async` option). */
  asyncSearch?: boolean;
  /**
   * Where the searched worlds come from. Default: `sampleWorld` of the view (fair). The omniscient `mcts` entry of
   * src/ai/index.ts passes a copy of the true state instead — for comparison only, never for a player.
   */
  worlds?: (rng: ReturnType<typeof seededRng>) => GameState;
}

export const DEFAULT_SEARCH: Omit<SearchOptions, 'seed'> = {
  budgetMs: 1000, iterations: 24, playoutDepth: 12, maxWorlds: 24,
};

// One Game object for every search: its seed only seeds the throwaway states the bot's reducer plays out.
const game = makeMintImperium({ seed: 'bot-search', takeBacks: false }); // playouts keep no take-back snapshots
let template: State<GameState> | null = null;

/**
 * A boardgame.io state around a sampled world, with ctx derived from it the way the adapter derives it, and
 * its own dice seed (the playouts must not share one future).
 */
function bgioState(world: GameState, diceSeed: string): State<GameState> {
  template ??= InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
  const owner = turnOwner(world) as Faction;
  const current = playerOf(owner);
  const ctx = {
    ...template.ctx,
    phase: world.phase,
    currentPlayer: current,
    playOrderPos: SEATS.indexOf(current),
    activePlayers: expectedActivePlayers(world, current),
    turn: Math.max(1, world.round),
    numMoves: 0,
  };
  return {
    ...template, G: world, ctx, _stateID: 0,
    plugins: { ...template.plugins, random: { data: { seed: diceSeed } } },
  } as State<GameState>;
}

/**
 * Playout objectives from the bot's side (MCTSBot adds their weight to every node of the path): the Rebel
 * likes the objective token coming down, the Imperial likes finding the base.
 */
function objectivesFor(root: GameState, seat: Faction) {
  return () => (seat === 'R'
    ? { scored: { checker: (G: GameState) => G.objective < root.objective, weight: 0.5 } }
    : { found: { checker: (G: GameState) => G.base.revealed && !root.base.revealed, weight: 0.5 } });
}

const keyOf = (m: BotMove) => `${m.move}|${JSON.stringify(m.args)}`;

export async function searchMove(view: GameState, seat: Faction, opts: SearchOptions): Promise<BotMove> {
  const legal = decisionActions(view, seat).map(moveOf);
  if (legal.length === 0) throw new Error('the bot has no legal move');
  if (legal.length === 1) return legal[0];
  const legalKeys = new Set(legal.map(keyOf));
  const votes = new Map<string, number>();
  const rng = seededRng(`${opts.seed}-worlds`);
  const start = Date.now();
  const playerID = playerOf(seat);
  for (let w = 0; w < opts.maxWorlds; w++) {
    const world = opts.worlds ? opts.worlds(rng) : sampleWorld(view, seat, rng);
    world.log = []; // the rules never read the log; a short one makes every playout step cheaper
    const bot = new MCTSBot({
      game, enumerate: game.ai!.enumerate, seed: `${opts.seed}-${w}`,
      iterations: opts.iterations, playoutDepth: opts.playoutDepth,
      objectives: objectivesFor(world, seat),
    } as unknown as ConstructorParameters<typeof MCTSBot>[0]);
    if (opts.asyncSearch) bot.setOpt('async', true);
    const { metadata } = await bot.play(bgioState(world, `${opts.seed}-dice-${w}`), playerID) as unknown as {
      metadata: { children: { visits: number; parentAction: { payload: { type: string; args: unknown[] } } }[] };
    };
    for (const child of metadata.children) {
      const p = child.parentAction.payload;
      const decoded = actionOf(p.type, p.args);
      if ('error' in decoded) continue;
      const k = keyOf(moveOf(decoded.action));
      if (legalKeys.has(k)) votes.set(k, (votes.get(k) ?? 0) + child.visits);
    }
    // Stop when another world of the average length would overrun the budget (at least one world is searched).
    const elapsed = Date.now() - start;
    if (elapsed + elapsed / (w + 1) > opts.budgetMs) break;
    if (opts.pause) await opts.pause();
  }
  let best: BotMove = legal[0];
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
