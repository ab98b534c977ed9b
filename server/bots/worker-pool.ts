/**
 * Bot searches in worker threads: the server's event loop only posts a view and gets a move back, so searches
 * never hold up other matches' moves. Each worker runs one search at a time; waiting requests are queued per
 * match and served round-robin over matches (issue 14, item 8): a match (or an address with several bot
 * matches) asking for many searches waits behind everyone else's next search, not in front of them.
 * A worker that dies is replaced, and its request fails (the bot driver then plays a random legal move instead).
 *
 * Protocol (./mcts-worker.ts): request `{ id, kind, view, seat, opts }`, answer `{ id, choice }` or `{ id, error }`.
 * `kind` names the search bot (`ismcts-easy|normal|hard`, chosen per request): one pool serves every difficulty.
 */
import { Worker } from 'node:worker_threads';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import type { BotChoice, BotJob, BotPlayer } from './BotPlayer';
import { budgetMsOf, DEFAULT_MCTS, DEFAULT_SEARCH_BOT, type MctsOptions, type SearchBotKind } from './mcts';

/**
 * Compiled by scripts/build-server.mjs (`npm start`): this code is inside a dist-server/*.js bundle, and the worker is
 * dist-server/mcts-worker.js beside it. From TypeScript (tsx, vitest) the worker is booted by worker-boot.mjs.
 */
const COMPILED = import.meta.url.endsWith('.js');

interface Request {
  id: number;
  key: string;
  kind: SearchBotKind;
  view: GameState;
  seat: Faction;
  resolve(c: BotChoice): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

class Slot {
  worker: Worker | null = null;
  current: Request | null = null;

  constructor(private readonly onMessage: (slot: Slot, msg: { id?: number; choice?: BotChoice; error?: string }) => void,
    private readonly onLost: (slot: Slot, why: string) => void) {}

  ensure(): Worker {
    if (this.worker) return this.worker;
    const w = COMPILED
      ? new Worker(new URL('./mcts-worker.js', import.meta.url))
      : new Worker(new URL('./worker-boot.mjs', import.meta.url), {
        workerData: { entry: new URL('./mcts-worker.ts', import.meta.url).href },
      });
    w.unref();
    w.on('message', (msg) => this.onMessage(this, msg));
    const fail = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      this.onLost(this, why);
    };
    w.on('error', (err) => fail(`failed: ${String(err)}`));
    w.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = w;
    return w;
  }
}

export class WorkerBotPlayer implements BotPlayer {
  private readonly slots: Slot[];
  /** Waiting requests per match, and the matches in round-robin order. */
  private readonly queues = new Map<string, Request[]>();
  private readonly order: string[] = [];
  private next = 0;
  private closed = false;

  constructor(private readonly opts: MctsOptions = DEFAULT_MCTS, workers = 1) {
    const onMessage = (slot: Slot, msg: { id?: number; choice?: BotChoice; error?: string }) => {
      const r = slot.current;
      if (msg.id === undefined || !r || r.id !== msg.id) return;
      slot.current = null;
      clearTimeout(r.timer);
      if (msg.choice) r.resolve(msg.choice);
      else r.reject(new Error(msg.error ?? 'bot failed'));
      this.pump();
    };
    const onLost = (slot: Slot, why: string) => {
      const r = slot.current;
      slot.current = null;
      if (r) {
        clearTimeout(r.timer);
        r.reject(new Error(`bot worker ${why}`));
      }
      this.pump();
    };
    this.slots = Array.from({ length: Math.max(1, workers) }, () => new Slot(onMessage, onLost));
  }

  /** Requests waiting for a worker (tests, /health). */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** The move of a `kind` bot for `seat`, handed that seat's view only; `job` keys the fair queue by match. */
  choose(view: GameState, seat: Faction, job?: BotJob, kind: SearchBotKind = DEFAULT_SEARCH_BOT): Promise<BotChoice> {
    if (this.closed) return Promise.reject(new Error('bot closed'));
    const id = ++this.next;
    const key = job?.matchID ?? `anonymous-${id}`;
    return new Promise<BotChoice>((resolve, reject) => {
      // Generous: the requests ahead of this one, plus the worker's start-up (loading tsx and the game).
      const ahead = this.waiting + this.slots.length;
      const timeoutMs = 30_000 + Math.ceil(ahead / this.slots.length) * budgetMsOf(kind, this.opts) * 3;
      const timer = setTimeout(() => {
        this.remove(r);
        reject(new Error('bot timed out'));
      }, timeoutMs);
      timer.unref();
      const r: Request = { id, key, kind, view, seat, resolve, reject, timer };
      let q = this.queues.get(key);
      if (!q) {
        this.queues.set(key, (q = []));
        this.order.push(key);
      }
      q.push(r);
      this.pump();
    });
  }

  private remove(r: Request): void {
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
        slot.ensure().postMessage({ id: r.id, kind: r.kind, view: r.view, seat: r.seat, opts: this.opts });
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
