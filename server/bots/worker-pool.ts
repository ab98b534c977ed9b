/**
 * The MCTS bot in worker threads: the server's event loop only posts a view and gets a move back, so searches
 * never hold up other matches' moves. Requests go to the least busy worker; a worker that dies is replaced, and
 * its pending requests fail (the bot driver then plays a random legal move instead).
 */
import { Worker } from 'node:worker_threads';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import type { BotChoice, BotPlayer } from './BotPlayer';
import { budgetMsOf, DEFAULT_MCTS, DEFAULT_SEARCH_BOT, type MctsOptions, type SearchBotKind } from './mcts';

interface Pending { resolve(c: BotChoice): void; reject(e: Error): void; timer: NodeJS.Timeout }

class Slot {
  worker: Worker | null = null;
  readonly pending = new Map<number, Pending>();

  constructor(private readonly onMessage: (slot: Slot, msg: { id?: number; choice?: BotChoice; error?: string }) => void) {}

  get busy(): number {
    return this.pending.size;
  }

  ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./mcts-worker.ts', import.meta.url).href },
    });
    w.unref();
    w.on('message', (msg) => this.onMessage(this, msg));
    const fail = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const [, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new Error(`bot worker ${why}`));
      }
      this.pending.clear();
    };
    w.on('error', (err) => fail(`failed: ${String(err)}`));
    w.on('exit', (code) => fail(`exited with code ${code}`));
    this.worker = w;
    return w;
  }
}

export class WorkerBotPlayer implements BotPlayer {
  private readonly slots: Slot[];
  private next = 0;
  private closed = false;

  constructor(private readonly opts: MctsOptions = DEFAULT_MCTS, workers = 1) {
    const onMessage = (slot: Slot, msg: { id?: number; choice?: BotChoice; error?: string }) => {
      if (msg.id === undefined) return;
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.choice) p.resolve(msg.choice);
      else p.reject(new Error(msg.error ?? 'bot failed'));
    };
    this.slots = Array.from({ length: Math.max(1, workers) }, () => new Slot(onMessage));
  }

  /** The move of a `kind` bot for `seat`, handed that seat's view only. */
  choose(view: GameState, seat: Faction, kind: SearchBotKind = DEFAULT_SEARCH_BOT): Promise<BotChoice> {
    if (this.closed) return Promise.reject(new Error('bot closed'));
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = ++this.next;
    return new Promise<BotChoice>((resolve, reject) => {
      // Generous: a queue of requests ahead of this one, plus the worker's start-up (loading tsx and the game).
      const timeoutMs = 30_000 + (slot.busy + 1) * budgetMsOf(kind, this.opts) * 3;
      const timer = setTimeout(() => {
        slot.pending.delete(id);
        reject(new Error('bot timed out'));
      }, timeoutMs);
      timer.unref();
      slot.pending.set(id, { resolve, reject, timer });
      try {
        slot.ensure().postMessage({ id, kind, view, seat, opts: this.opts });
      } catch (err) {
        slot.pending.delete(id);
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map(async (s) => {
      const w = s.worker;
      s.worker = null;
      for (const [, p] of s.pending) {
        clearTimeout(p.timer);
        p.reject(new Error('bot closed'));
      }
      s.pending.clear();
      if (w) await w.terminate();
    }));
  }
}
