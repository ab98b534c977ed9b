/**
 * Bot searches in worker threads, for every hosted game: the server's event loop only posts a request and gets an
 * answer back, so searches never hold up other matches' moves or HTTP requests. Each worker runs one search at a
 * time; waiting requests are queued per match and served round-robin over matches (issue 14, item 8): a match (or
 * an address with several bot matches) asking for many searches waits behind everyone else's next search, not in
 * front of them. A worker that dies (crashed, terminated) is replaced at the next request, and the request it held
 * fails (the bot driver then plays the game's fallback move instead): a worker never takes the server down.
 *
 * `WorkerPool` knows no game: it runs a named worker body (`./mcts-worker.ts` for Mint, `./imperios-worker.ts` for
 * Imperios), posting `{ id, ...message }` and taking `{ id, choice }` or `{ id, error }` back. `WorkerBotPlayer` is
 * Mint's search bot on it (`kind` names the difficulty, `ismcts-easy|normal|hard`, chosen per request).
 */
import { Worker } from 'node:worker_threads';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import type { BotChoice, BotJob, BotPlayer } from './BotPlayer';
import { budgetMsOf, DEFAULT_MCTS, DEFAULT_SEARCH_BOT, type MctsOptions, type SearchBotKind } from './mcts';

/**
 * Compiled by scripts/build-server.mjs (`npm start`): this code is inside a dist-server/*.js bundle, and each worker
 * body is dist-server/<name>.js beside it. From TypeScript (tsx, vitest) a worker is booted by worker-boot.mjs.
 */
const COMPILED = import.meta.url.endsWith('.js');
/**
 * A file beside this module. The name is a variable, not a literal inside `new Worker(new URL(…))`: Vite (the UI tests
 * import the server's game modules) rewrites that pattern for browser workers and refuses a template string in it.
 */
const besideThis = (file: string) => new URL(file, import.meta.url);

/** The worker bodies a pool may run (each an entry of scripts/build-server.mjs). */
export type WorkerName = 'mcts-worker' | 'imperios-worker';

interface Request<A> {
  id: number;
  key: string;
  message: Record<string, unknown>;
  resolve(c: A): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

type Answer = { id?: number; choice?: unknown; error?: string };

class Slot<A> {
  worker: Worker | null = null;
  current: Request<A> | null = null;

  constructor(private readonly name: WorkerName, private readonly onMessage: (slot: Slot<A>, msg: Answer) => void,
    private readonly onLost: (slot: Slot<A>, why: string) => void, private readonly onWorker?: (w: Worker) => void) {}

  ensure(): Worker {
    if (this.worker) return this.worker;
    const w = COMPILED
      ? new Worker(besideThis(`./${this.name}.js`))
      : new Worker(besideThis('./worker-boot.mjs'), { workerData: { entry: besideThis(`./${this.name}.ts`).href } });
    w.unref();
    w.on('message', (msg: Answer) => this.onMessage(this, msg));
    const fail = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      this.onLost(this, why);
    };
    w.on('error', (err) => fail(`failed: ${String(err)}`));
    w.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = w;
    this.onWorker?.(w);
    return w;
  }
}

/** Options of a pool: how many threads, and who hears of each thread started (operators' counts, tests). */
export interface WorkerPoolOptions {
  workers?: number;
  onWorker?: (w: Worker) => void;
}

/** Worker threads running one game's worker body; answers of type `A`. */
export class WorkerPool<A = unknown> {
  private readonly slots: Slot<A>[];
  /** Waiting requests per match, and the matches in round-robin order. */
  private readonly queues = new Map<string, Request<A>[]>();
  private readonly order: string[] = [];
  private next = 0;
  private closed = false;

  constructor(name: WorkerName, opts: WorkerPoolOptions = {}) {
    const onMessage = (slot: Slot<A>, msg: Answer) => {
      const r = slot.current;
      if (msg.id === undefined || !r || r.id !== msg.id) return;
      slot.current = null;
      clearTimeout(r.timer);
      if (msg.choice !== undefined) r.resolve(msg.choice as A);
      else r.reject(new Error(msg.error ?? 'bot failed'));
      this.pump();
    };
    const onLost = (slot: Slot<A>, why: string) => {
      const r = slot.current;
      slot.current = null;
      if (r) {
        clearTimeout(r.timer);
        r.reject(new Error(`bot worker ${why}`));
      }
      this.pump();
    };
    this.slots = Array.from({ length: Math.max(1, opts.workers ?? 1) }, () => new Slot<A>(name, onMessage, onLost, opts.onWorker));
  }

  /** Requests waiting for a worker (tests, /health). */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Requests a worker is working on now (tests: a search is under way off the event loop). */
  get busy(): number {
    return this.slots.filter((s) => s.current !== null).length;
  }

  /**
   * The answer of a worker to `message` (`{ id, ...message }` is posted), queued fairly by `key` (the match).
   * `budgetMs`: the search's own time, for the timeout.
   */
  run(key: string | undefined, message: Record<string, unknown>, budgetMs: number): Promise<A> {
    if (this.closed) return Promise.reject(new Error('bot closed'));
    const id = ++this.next;
    const k = key ?? `anonymous-${id}`;
    return new Promise<A>((resolve, reject) => {
      // Generous: the requests ahead of this one, plus the worker's start-up (loading tsx and the game).
      const ahead = this.waiting + this.slots.length;
      const timeoutMs = 30_000 + Math.ceil(ahead / this.slots.length) * budgetMs * 3;
      const timer = setTimeout(() => {
        this.remove(r);
        reject(new Error('bot timed out'));
      }, timeoutMs);
      timer.unref();
      const r: Request<A> = { id, key: k, message, resolve, reject, timer };
      let q = this.queues.get(k);
      if (!q) {
        this.queues.set(k, (q = []));
        this.order.push(k);
      }
      q.push(r);
      this.pump();
    });
  }

  private remove(r: Request<A>): void {
    const q = this.queues.get(r.key);
    if (q && q.includes(r)) {
      q.splice(q.indexOf(r), 1);
      if (q.length === 0) this.dropKey(r.key);
    }
    for (const s of this.slots) if (s.current === r) s.current = null; // its answer will be ignored
  }

  private dropKey(key: string): void {
    this.queues.delete(key);
    const i = this.order.indexOf(key);
    if (i >= 0) this.order.splice(i, 1);
  }

  /** Give every idle worker the next request, taking matches in turn. */
  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.current || this.order.length === 0) continue;
      const key = this.order.shift()!;
      const q = this.queues.get(key)!;
      const r = q.shift()!;
      if (q.length === 0) this.queues.delete(key);
      else this.order.push(key); // back of the line for its next request
      slot.current = r;
      try {
        slot.ensure().postMessage({ ...r.message, id: r.id });
      } catch (err) {
        slot.current = null;
        clearTimeout(r.timer);
        r.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) {
      for (const r of q) {
        clearTimeout(r.timer);
        r.reject(new Error('bot closed'));
      }
    }
    this.queues.clear();
    this.order.length = 0;
    await Promise.all(this.slots.map(async (s) => {
      const w = s.worker;
      s.worker = null;
      const r = s.current;
      s.current = null;
      if (r) {
        clearTimeout(r.timer);
        r.reject(new Error('bot closed'));
      }
      if (w) await w.terminate();
    }));
  }
}

/** Mint's ISMCTS search bot (./mcts-worker.ts) on a worker pool: one pool serves every difficulty. */
export class WorkerBotPlayer implements BotPlayer {
  private readonly pool: WorkerPool<BotChoice>;

  constructor(private readonly opts: MctsOptions = DEFAULT_MCTS, workers = 1) {
    this.pool = new WorkerPool<BotChoice>('mcts-worker', { workers });
  }

  /** Requests waiting for a worker (tests, /health). */
  get waiting(): number {
    return this.pool.waiting;
  }

  /** The move of a `kind` bot for `seat`, handed that seat's view only; `job` keys the fair queue by match. */
  choose(view: GameState, seat: Faction, job?: BotJob, kind: SearchBotKind = DEFAULT_SEARCH_BOT): Promise<BotChoice> {
    return this.pool.run(job?.matchID, { kind, view, seat, opts: this.opts }, budgetMsOf(kind, this.opts));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
