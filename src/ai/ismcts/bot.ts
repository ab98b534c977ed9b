/**
 * The ISMCTS bot behind `createBot('ismcts-easy' | 'ismcts-normal' | 'ismcts-hard')`. Difficulty changes search
 * effort and how sharply the final move is chosen (a temperature over visit counts), never what the bot may see.
 */
import type { Faction } from '../../game/content';
import { actionKey, decisionActions, seededRng, type Action, type GameState } from '../../game/rules';
import { worldSampler } from '../../game/rules/sample';
import { budgetOf } from '../budget';
import type { BotDecision, BotName, BotOptions, BotThoughts, SeatBot } from '../types';
import { baseBelief, drawFrom, placeBase } from './belief';
import { candidateActions } from './candidates';
import { makePicker } from './policy';
import { infoSetKey, makeSearcher, runSearch, type Node, type SearchParams } from './search';
import { DEFAULT_WEIGHTS, type Weights } from './weights';

export type Difficulty = 'easy' | 'normal' | 'hard';

export interface Level {
  /** The default budget per decision, ms. */
  budgetMs: number;
  /** A caller's `budgetMs` is the normal bot's budget: easy thinks this fraction of it, hard this multiple. */
  budgetScale: number;
  /**
   * Time of one of this level's iterations relative to normal's, as measured (a longer playout costs more): the
   * ladder's fixed-iteration mode gives the level budgetScale / iterationCost × K iterations, what its budget buys.
   * Absent: 1 (easy's shorter playouts are cheaper, not measured: the ladder gives it a little less than it gets).
   */
  iterationCost?: number;
  /** Final choice: 0 = the most visited move; T > 0 samples moves ∝ visits^(1/T). */
  temperature: number;
  search: SearchParams;
}

const SEARCH: SearchParams = {
  exploration: 0.7, widenBase: 3, widenSlope: 1.5, playoutDepth: 16, treeDepth: 40, reuse: false,
};

/**
 * A board game leaves time to think: the board shows a bot's move only after a pause (600 ms,
 * src/ui/bot/useBotDriver.ts), and the search runs during it, so normal thinks that long (issue 24). Hard thinks
 * five times longer with playouts twice as deep: three times normal's iterations, each looking further (more
 * time of the same search bought little: docs/BOTS.md "Ladder"). Easy is deliberately weaker: less time, shorter
 * playouts, a softened final choice.
 */
export const LEVELS: Record<Difficulty, Level> = {
  easy: { budgetMs: 150, budgetScale: 0.25, temperature: 0.3, search: { ...SEARCH, playoutDepth: 10 } },
  normal: { budgetMs: 600, budgetScale: 1, temperature: 0, search: SEARCH },
  // Issue 24 item 3 (session 9): playouts of 32 decisions, and the time their cost needs for about three times
  // normal's iterations (one costs 1.7 × normal's: 595 against 349 µs in the ladder's games): 0.685 [0.618, 0.745]
  // against normal over 200 games, where 1,800 ms and 16-decision playouts scored 0.575 (docs/BOTS.md "Ladder").
  hard: { budgetMs: 3000, budgetScale: 5, iterationCost: 1.7, temperature: 0, search: { ...SEARCH, playoutDepth: 32 } },
};

export interface IsmctsOptions extends BotOptions {
  weights?: Weights;
  search?: Partial<SearchParams>;
  /** How many root moves `thoughts.candidates` lists, most visited first (default 4; the analysis asks for all). */
  candidates?: number;
}

export class IsmctsSeatBot implements SeatBot {
  readonly name: BotName;
  private calls = 0;
  private readonly level: Level;
  private readonly weights: Weights;
  /** Tree reuse (issue 24 item 2): the previous search's nodes of this seat's next decision, by information set. */
  private carry: { seat: Faction; kept: (key: string) => Node | undefined } | null = null;

  constructor(difficulty: Difficulty, private readonly opts: IsmctsOptions = {}) {
    this.name = `ismcts-${difficulty}`;
    const base = LEVELS[difficulty];
    this.level = { ...base, search: { ...base.search, ...opts.search } };
    this.weights = opts.weights ?? DEFAULT_WEIGHTS;
  }

  /** Synchronous search (tournaments, workers); `choose` wraps it. */
  decide(view: GameState, seat: Faction): BotDecision {
    const budget = budgetOf(
      this.opts.budgetMs === undefined ? this.opts : { ...this.opts, budgetMs: this.opts.budgetMs * this.level.budgetScale },
      this.level.budgetMs,
    );
    const legal = decisionActions(view, seat);
    if (legal.length === 0) throw new Error(`${this.name}: no legal action`);
    const belief = seat === 'I' ? baseBelief(view, this.weights.belief) : null;
    const thoughts: BotThoughts = { bot: this.name, iterations: 0, elapsedMs: 0 };
    if (belief && belief.planets.length > 0) {
      thoughts.baseBelief = belief.planets.map((planet, i) => ({ planet, p: belief.p[i] }))
        .sort((a, b) => b.p - a.p).slice(0, 5);
    }
    if (legal.length === 1) {
      // No search: a kept tree stays for the next real decision (the search applied this forced move too).
      thoughts.elapsedMs = budget.elapsedMs();
      return { action: legal[0], thoughts };
    }
    const rng = seededRng(`${this.opts.seed ?? this.name}-${this.calls++}`);
    const sample = worldSampler(view, seat);
    const kept = this.level.search.reuse && this.carry?.seat === seat ? this.carry.kept(infoSetKey(view, seat)) : undefined;
    this.carry = null;
    if (kept) thoughts.reused = kept.visits;
    const searcher = makeSearcher(seat, makePicker(this.weights.policy), this.weights.value, this.level.search, kept);
    const n = runSearch(searcher, () => {
      const w = sample(rng);
      w.log = []; // the rules never read the log; iterations are cheaper without it
      if (belief && belief.planets.length > 1) placeBase(w, drawFrom(belief, rng));
      return w;
    }, rng, budget);
    if (this.level.search.reuse) this.carry = { seat, kept: searcher.kept };
    const action = this.finalChoice(view, seat, legal, searcher.root.edges, rng, thoughts);
    thoughts.iterations = n;
    thoughts.elapsedMs = budget.elapsedMs();
    return { action, thoughts };
  }

  private finalChoice(
    view: GameState, seat: Faction, legal: Action[],
    edges: Map<string, { n: number; w: number }>, rng: { int(n: number): number }, thoughts: BotThoughts,
  ): Action {
    // The root's own moves are keyed exactly (actionKey); only moves the search considered can be chosen.
    const byKey = new Map(legal.map((a) => [actionKey(a), a]));
    const ranked: { action: Action; n: number; w: number }[] = [];
    for (const [k, e] of edges) {
      const a = byKey.get(k);
      if (a && e.n > 0) ranked.push({ action: a, n: e.n, w: e.w });
    }
    if (ranked.length === 0) {
      const cands = candidateActions(view, seat);
      return cands.length > 0 ? cands[0] : legal[0];
    }
    ranked.sort((a, b) => b.n - a.n);
    const total = ranked.reduce((s, r) => s + r.n, 0);
    thoughts.candidates = ranked.slice(0, this.opts.candidates ?? 4).map((r) => ({ action: r.action, share: r.n / total, winChance: r.w / r.n }));
    let pick = ranked[0];
    // R3.9: where to hide the base is a guess the Imperial must not be able to read off the bot's search, so the
    // Rebel mixes over the choices it found good (visit counts) at every difficulty: a fixed pick would be learnt.
    const T = legal[0].type === 'chooseBase' ? Math.max(1, this.level.temperature) : this.level.temperature;
    if (T > 0) {
      const weights = ranked.map((r) => Math.pow(r.n, 1 / T));
      let u = (rng.int(1 << 30) / (1 << 30)) * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < ranked.length; i++) {
        u -= weights[i];
        if (u < 0) {
          pick = ranked[i];
          break;
        }
      }
    }
    thoughts.winChance = pick.w / pick.n;
    return pick.action;
  }

  async choose(view: GameState, seat: Faction): Promise<BotDecision> {
    return this.decide(view, seat);
  }
}
