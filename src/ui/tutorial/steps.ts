/**
 * The tutorial's lessons and how each one is detected: only from the Rebel's view and its log (never by hooking
 * clicks), so any legal play is understood. `advanceProgress` moves through the lessons in order: a lesson is
 * done when the state shows it happened, and skipped when it can no longer happen (the player did something else),
 * so the coach never gets stuck. Everything here is pure (tests/unit/tutorial.test.ts).
 */
import type { GameState, Phase } from '../../game/rules';
import { isEvent, type LogEventOf, type LogEvents, type LogKind } from '../../game/rules/log';

export type StepId = 'plan' | 'move' | 'oppose' | 'reveal' | 'combat' | 'objective' | 'refresh';

export interface StepDef {
  id: StepId;
  title: string;
  /** The RULES id the lesson is about (opens the rules reference). */
  rule: string;
  done(view: GameState): boolean;
  /** The lesson can no longer happen in this game. */
  lost(view: GameState): boolean;
}

const ORDER: Phase[] = ['setup', 'planning', 'operations', 'objective', 'refresh'];

/** True once the game is past `phase` of `round` (a later phase, a later round, or over). */
export function past(view: GameState, round: number, phase: Phase): boolean {
  if (view.winner || view.phase === 'gameover') return true;
  if (view.round !== round) return view.round > round;
  return ORDER.indexOf(view.phase) > ORDER.indexOf(phase);
}

/** An event of round 1 (every lesson is in the first round) matching `e` and the given fields. */
export function event<K extends LogKind>(view: GameState, e: K, fields: Partial<LogEvents[K]> = {}): LogEventOf<K> | undefined {
  return view.log.find((x): x is LogEventOf<K> => {
    const record: Readonly<Record<string, unknown>> = x;
    return isEvent(x, e) && x.round === 1 && Object.entries(fields).every(([k, v]) => record[k] === v);
  });
}

const rebelPassed = (v: GameState) => !!event(v, 'passed', { faction: 'R' });
const opsOver = (v: GameState) => past(v, 1, 'operations');

export const STEPS: StepDef[] = [
  {
    id: 'plan', title: 'Plan a mission', rule: 'R4.1.2',
    done: (v) => (event(v, 'planningDone', { faction: 'R' })?.count ?? 0) > 0,
    lost: (v) => !!event(v, 'planningDone', { faction: 'R', count: 0 }) || past(v, 1, 'planning'),
  },
  {
    id: 'move', title: 'Move a fleet', rule: 'R4.2.3',
    done: (v) => !!event(v, 'fleetMoved', { faction: 'R' }),
    lost: (v) => rebelPassed(v) || opsOver(v),
  },
  {
    id: 'oppose', title: 'Oppose a mission', rule: 'R4.2.5',
    done: (v) => !!event(v, 'opposed', { faction: 'R' }),
    // Declined (notOpposed by the Rebel), or Operations ended without an Imperial reveal.
    lost: (v) => !!event(v, 'notOpposed', { faction: 'R' }) || opsOver(v),
  },
  {
    id: 'reveal', title: 'Reveal your mission', rule: 'R4.2.4',
    done: (v) => !!event(v, 'missionRevealed', { faction: 'R' }),
    lost: (v) => opsOver(v) || rebelPassed(v) || (v.phase === 'operations' && v.round === 1 && v.planned.R.length === 0),
  },
  {
    id: 'combat', title: 'A combat', rule: 'R5.5',
    done: (v) => !!event(v, 'combatEnded'),
    lost: opsOver,
  },
  {
    id: 'objective', title: 'Score an objective', rule: 'R4.5.2',
    done: (v) => !!event(v, 'objectiveScored'),
    lost: (v) => past(v, 1, 'objective'),
  },
  {
    id: 'refresh', title: 'Refresh', rule: 'R4.4',
    done: (v) => v.round >= 2 && !v.winner,
    lost: (v) => !!v.winner,
  },
];

export type Outcome = 'done' | 'skipped';

/** How far the player got: one outcome per lesson behind them; the next lesson is `STEPS[outcomes.length]`. */
export interface Progress { outcomes: Outcome[] }

export const START: Progress = { outcomes: [] };

/** Move past every lesson the view shows done or lost, in order (returns `prev` itself when nothing changed). */
export function advanceProgress(prev: Progress, view: GameState): Progress {
  const outcomes = [...prev.outcomes];
  while (outcomes.length < STEPS.length) {
    const s = STEPS[outcomes.length];
    if (s.done(view)) outcomes.push('done');
    else if (s.lost(view)) outcomes.push('skipped');
    else break;
  }
  return outcomes.length === prev.outcomes.length ? prev : { outcomes };
}

export const currentStep = (p: Progress): StepDef | null => STEPS[p.outcomes.length] ?? null;
export const finished = (p: Progress): boolean => p.outcomes.length >= STEPS.length;

/** The lessons behind the player, split by outcome (the coach's count and its closing words). */
export function tally(p: Progress): { done: StepDef[]; skipped: StepDef[] } {
  const behind = STEPS.slice(0, p.outcomes.length);
  return { done: behind.filter((_, i) => p.outcomes[i] === 'done'), skipped: behind.filter((_, i) => p.outcomes[i] === 'skipped') };
}
