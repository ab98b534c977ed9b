/**
 * The questions with a time limit (docs/imperios/RULES.md IM15.1, IM15.2), as the online server times them
 * (server/games/imperios.ts `answersDue`, server/table/timer.ts): a block offer (60 s; a civilization silent when it
 * closes lets the action pass) and a defence question (45 s; silence means no defence). Mustering out of turn never
 * waits (IM15.3) and the other decisions follow the table's clock (IM15.4). Pure: no boardgame.io, no time in here;
 * the server keeps when each question opened.
 */
import { actionKey, type Action, type Seat } from './rules/actions';
import { awaitedSeats } from './rules/legal';
import type { ImperiosState } from './rules/state';

export interface TimedQuestion {
  /** The same in every state while the question stays open (answers and others' mustering change nothing). */
  key: string;
  kind: 'block' | 'defend';
  /** IM15.1 or IM15.2. */
  rule: string;
  limitSeconds: number;
  /** The civilizations that still owe an answer. */
  owing: Seat[];
  /** What each of them answers by its silence. */
  silence: Action;
}

/** The open question with a time limit in `state`, or null. */
export function timedQuestion(state: ImperiosState): TimedQuestion | null {
  const p = state.pending;
  if (state.phase === 'over' || !p) return null;
  if (p.kind !== 'block' && p.kind !== 'defend') return null;
  const owing = awaitedSeats(state);
  if (owing.length === 0) return null;
  // Who asks what of whom, in which round and phase: a new question (even the same announcement tried again,
  // IM5.4.5) always follows a state without one, so this names one stretch of waiting.
  const key = actionKey({
    q: p.kind,
    round: state.round,
    phase: state.phase,
    seat: p.seat,
    action: p.action,
    ...(p.kind === 'block' ? { asked: p.asked } : { attacker: p.attacker }),
  });
  return p.kind === 'block'
    ? { key, kind: 'block', rule: 'IM15.1', limitSeconds: p.limitSeconds, owing, silence: { kind: 'letPass' } }
    : { key, kind: 'defend', rule: 'IM15.2', limitSeconds: p.limitSeconds, owing, silence: { kind: 'noDefence' } };
}

/** The rule of the time limit that closed the question `state` waited on (for the log's note), or null. */
export function timeLimitRule(state: { pending?: ImperiosState['pending'] }): string | null {
  const k = state.pending?.kind;
  return k === 'block' ? 'IM15.1' : k === 'defend' ? 'IM15.2' : null;
}
