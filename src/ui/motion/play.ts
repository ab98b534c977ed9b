/**
 * The board's one motion queue (loaded lazily by useMotion, so none of it is in the first load): new log events
 * become steps (steps.ts), drawn one after another (animate.ts), each held at most STEP_CAP_MS.
 */
import type { GameState, LogEvent } from '../../game/rules';
import { clearOverlay, holdFor, playStep } from './animate';
import { createMotionQueue, type Playing } from './queue';
import { prefersReducedMotion } from './reduced';
import { stepsFor, stepsForTakeBack, type MotionStep, type Tokens } from './steps';

const STEP_CAP_MS = 1500;
const HURRY_AT = 4;

interface Queued { step: MotionStep; hold: Playing | null }

export const motionQueue = createMotionQueue<Queued>({
  play: (q) => {
    q.hold?.cancel();
    const playing = playStep(q.step);
    // A long queue (a fast bot, a burst of combat) plays faster, so the motion keeps up with the board.
    if (motionQueue.size() > HURRY_AT) for (const a of playing) if (a instanceof Animation) a.updatePlaybackRate(2);
    return playing;
  },
  onDrop: (q) => q.hold?.cancel(),
  // A step's dice and marks leave with it (a cancelled overlay element removes itself, animate.ts `run`).
  onEnd: (playing) => playing.forEach((p) => p.cancel()),
  gone: (p) => p instanceof Animation && !(p.effect instanceof KeyframeEffect && p.effect.target?.isConnected),
  reduced: prefersReducedMotion, stepCapMs: STEP_CAP_MS, max: 10,
});

export function enqueueMotion(events: LogEvent[], before: Tokens | null, after: Tokens): void {
  const steps = stepsFor(events, before, after);
  // The first step of a burst into an idle queue plays at once; every later one holds its chip dimmed until then.
  const busy = motionQueue.size() > 0;
  motionQueue.enqueue(steps.map((step, i) => ({ step, hold: busy || i > 0 ? holdFor(step) : null })));
}

/** A take-back: the fleet slides back to where it came from. */
export function enqueueTakeBack(before: GameState['planets'], after: GameState['planets']): void {
  motionQueue.enqueue(stepsForTakeBack(before, after).map((step) => ({ step, hold: null })));
}

export function clearMotion(): void {
  motionQueue.clear();
  clearOverlay();
}
