/**
 * The board's one motion queue (loaded lazily by useMotion, so none of it is in the first load): new log events
 * become steps (steps.ts), drawn one after another (animate.ts), each held at most STEP_CAP_MS.
 */
import type { LogEvent } from '../../game/rules';
import { clearOverlay, playStep } from './animate';
import { createMotionQueue } from './queue';
import { prefersReducedMotion } from './reduced';
import { stepsFor, type MotionStep, type Tokens } from './steps';

const STEP_CAP_MS = 1500;

export const motionQueue = createMotionQueue<MotionStep>({
  play: playStep, reduced: prefersReducedMotion, stepCapMs: STEP_CAP_MS, max: 10,
});

export function enqueueMotion(events: LogEvent[], before: Tokens | null, after: Tokens): void {
  motionQueue.enqueue(stepsFor(events, before, after));
}

export function clearMotion(): void {
  motionQueue.clear();
  clearOverlay();
}
