/**
 * The motion queue (issue 12 item 3): steps of motion played one after another, so a burst of changes (a bot's
 * multi-step decision, an opponent's move that starts a combat, a hot-seat seat's return) reads as a sequence.
 * It only decorates: the board state is already final and clickable when a step is queued, nothing waits on it.
 * With reduced motion nothing plays at all (queued steps are dropped). Free of the DOM: `play` does the drawing.
 */

/** What `play` returns per step: the animations it started (Web Animations API objects, or anything finishing). */
export interface Playing {
  finished: Promise<unknown>;
  cancel(): void;
  /** 'paused' holds the queue past its cap (someone paused it on purpose: a test's frames, the dev tools). */
  readonly playState?: string;
}

export interface MotionQueueOptions<T> {
  /** Starts the step's animations and returns them; [] when there is nothing on screen to move. */
  play(step: T): Playing[];
  /** Re-read before every step: the setting may change while a queue plays. */
  reduced(): boolean;
  /** The longest a step may hold the queue (a hidden tab does not advance animations). */
  stepCapMs: number;
  /** At most this many steps wait; older ones are dropped (the board already shows their result). */
  max: number;
  /** True for an animation whose element is no longer on the page. */
  gone?(p: Playing): boolean;
  /** Called for each step dropped unplayed (over `max`, reduced motion, clear). */
  onDrop?(step: T): void;
  /**
   * Called when a step's time is over (its animations finished, or its cap ran out: a hidden or busy tab), before
   * the next one plays: whatever of it is still drawn goes now (issue 20 item 5).
   */
  onEnd?(playing: Playing[]): void;
}

export interface MotionQueue<T> {
  enqueue(steps: T[]): void;
  /** Drops waiting steps and cancels the running ones (the board unmounts, the view jumps back). */
  clear(): void;
  /** Steps waiting plus the one playing. */
  size(): number;
  /** Resolves when the queue is empty. */
  idle(): Promise<void>;
}

export function createMotionQueue<T>(opts: MotionQueueOptions<T>): MotionQueue<T> {
  const waiting: T[] = [];
  let running: Playing[] | null = null;
  let generation = 0;
  let idleWaiters: (() => void)[] = [];

  const drop = (steps: T[]) => steps.forEach((st) => opts.onDrop?.(st));
  const settle = () => {
    const w = idleWaiters;
    idleWaiters = [];
    w.forEach((f) => f());
  };

  async function pump(gen: number): Promise<void> {
    while (waiting.length > 0 && gen === generation) {
      if (opts.reduced()) { drop(waiting.splice(0)); break; }
      const step = waiting.shift() as T;
      let playing: Playing[] = [];
      try { playing = opts.play(step); } catch { playing = []; } // a vanished element never stops the queue
      if (playing.length === 0) continue;
      running = playing;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = Promise.allSettled(playing.map((p) => p.finished));
      await Promise.race([done, new Promise<void>((r) => { timer = setTimeout(r, opts.stepCapMs); })]);
      clearTimeout(timer);
      // Paused on purpose: wait for it, re-checked now and then (a paused animation whose element left the page
      // would never finish, and must not hold the queue forever).
      let settled = false;
      void done.then(() => { settled = true; });
      while (!settled && gen === generation && playing.some((p) => p.playState === 'paused' && !opts.gone?.(p))) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (gen === generation) opts.onEnd?.(playing);
      running = null;
    }
    if (gen === generation) settle();
  }

  return {
    enqueue(steps) {
      if (steps.length === 0) return;
      if (opts.reduced()) { drop(steps); return; }
      const wasIdle = waiting.length === 0 && running === null;
      waiting.push(...steps);
      if (waiting.length > opts.max) drop(waiting.splice(0, waiting.length - opts.max));
      if (wasIdle) void pump(generation);
    },
    clear() {
      generation++;
      drop(waiting.splice(0));
      running?.forEach((p) => p.cancel());
      running = null;
      settle();
    },
    size: () => waiting.length + (running ? 1 : 0),
    idle: () => (waiting.length === 0 && running === null ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
  };
}
