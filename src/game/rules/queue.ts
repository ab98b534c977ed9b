/** The core's work queue (ENGINE-NOTES "pending decisions as explicit requests"): tasks run in order. */
import type { GameState } from './state';
import type { Task } from './tasks';

export { task } from './tasks';

/** Put tasks at the front of the queue, to run next, in the given order. */
export function now(state: GameState, ...tasks: Task[]): void {
  state.queue.unshift(...tasks);
}

/** Put tasks at the end of the queue. */
export function later(state: GameState, ...tasks: Task[]): void {
  state.queue.push(...tasks);
}
