/**
 * The board's bot behind the `Bot` seam: `createBot('ismcts-<difficulty>')` of src/ai, in a Web Worker when the
 * browser has them (the page never blocks), otherwise on the page after a macrotask (component tests).
 * The page loads src/ai only for an on-page bot, on its first move: the worker has its own copy, so the first
 * load does not carry it (issue 12, docs/BENCH.md "First load").
 */
import type { BotName, SeatBot } from '../../ai';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { BoardBotOptions, Bot, BotAnswer, Difficulty } from './Bot';
import type { BotRequest } from './bot.worker';
import { boardThoughts } from './thoughts';

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `board-${a[0].toString(36)}${a[1].toString(36)}`;
}

const botOptions = (o: BoardBotOptions) => ({ ...(o.budgetMs ? { budgetMs: o.budgetMs } : {}), seed: o.seed ?? randomSeed() });

export class InlineSeatBot implements Bot {
  private bot: Promise<SeatBot> | null = null;
  private readonly opts: ReturnType<typeof botOptions>;

  constructor(private readonly kind: BotName, opts: BoardBotOptions = {}) {
    this.opts = botOptions(opts);
  }

  async choose(view: GameState, seat: Faction): Promise<BotAnswer> {
    await macrotask();
    this.bot ??= import('../../ai').then(({ createBot }) => createBot(this.kind, this.opts));
    const { action, thoughts } = await (await this.bot).choose(view, seat);
    return { action, thoughts: boardThoughts(thoughts, view, seat) };
  }
}

/**
 * Workers kept warm between screens: a fresh worker's first searches run cold (its JIT has not compiled the core
 * yet) and reach a fraction of the iterations of later ones (docs/BENCH.md "Bot search in the browser"), so a screen
 * that ends hands its idle worker to the next one instead of ending it.
 */
const idleWorkers: Worker[] = [];
const MAX_IDLE_WORKERS = 2;

function takeWorker(): Worker {
  return idleWorkers.pop() ?? new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' });
}

export class WorkerSeatBot implements Bot {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(a: BotAnswer): void; reject(e: Error): void }>();
  private readonly opts: BotRequest['opts'];
  private next = 0;

  constructor(private readonly kind: BotName, opts: BoardBotOptions = {}) {
    this.opts = botOptions(opts);
    this.worker = takeWorker();
    this.worker.onmessage = (e: MessageEvent<{ id: number; answer?: BotAnswer; error?: string }>) => {
      const w = this.waiting.get(e.data.id);
      if (!w) return;
      this.waiting.delete(e.data.id);
      if (e.data.answer) w.resolve(e.data.answer);
      else w.reject(new Error(e.data.error ?? 'bot failed'));
    };
  }

  choose(view: GameState, seat: Faction): Promise<BotAnswer> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const req: BotRequest = { id, kind: this.kind, view, seat, opts: this.opts };
      this.worker.postMessage(req);
    });
  }

  /** A worker with no search under way waits for the next screen (at most two wait); a busy one is ended. */
  dispose(): void {
    this.worker.onmessage = null;
    if (this.waiting.size === 0 && idleWorkers.length < MAX_IDLE_WORKERS) idleWorkers.push(this.worker);
    else this.worker.terminate();
    this.waiting.clear();
  }
}

export const botNameOf = (d: Difficulty): BotName => `ismcts-${d}`;

/** The bot of this difficulty for this browser. */
export function makeBot(difficulty: Difficulty, opts: BoardBotOptions = {}): Bot {
  const kind = botNameOf(difficulty);
  return typeof Worker === 'function' ? new WorkerSeatBot(kind, opts) : new InlineSeatBot(kind, opts);
}
