/**
 * The MCTS bot behind the `Bot` seam: in a Web Worker when the browser has them (the page never blocks),
 * otherwise on the page with a pause between sampled worlds (tests, old browsers).
 */
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { Bot, BotMove } from './Bot';
import { DEFAULT_SEARCH, searchMove, type SearchOptions } from '../../ai/mcts';

export type BotOptions = Partial<Omit<SearchOptions, 'pause'>>;

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

let counter = 0;
const seedOf = (opts: BotOptions) => `${opts.seed ?? 'mint-bot'}-${++counter}`;

export class InlineMctsBot implements Bot {
  constructor(private readonly opts: BotOptions = {}) {}

  choose(view: GameState, seat: Faction): Promise<BotMove> {
    return searchMove(view, seat, { ...DEFAULT_SEARCH, ...this.opts, seed: seedOf(this.opts), pause: macrotask });
  }
}

export class WorkerMctsBot implements Bot {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(m: BotMove): void; reject(e: Error): void }>();
  private next = 0;

  constructor(private readonly opts: BotOptions = {}) {
    this.worker = new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ id: number; move?: BotMove; error?: string }>) => {
      const w = this.waiting.get(e.data.id);
      if (!w) return;
      this.waiting.delete(e.data.id);
      if (e.data.move) w.resolve(e.data.move);
      else w.reject(new Error(e.data.error ?? 'bot failed'));
    };
  }

  choose(view: GameState, seat: Faction): Promise<BotMove> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, view, seat, opts: { ...this.opts, seed: seedOf(this.opts) } });
    });
  }

  dispose(): void {
    this.worker.terminate();
    this.waiting.clear();
  }
}

/** The default bot for this browser. */
export function makeBot(opts: BotOptions = {}): Bot {
  return typeof Worker === 'function' ? new WorkerMctsBot(opts) : new InlineMctsBot(opts);
}
