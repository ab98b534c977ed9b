/**
 * One or two sentences on how the last lesson went, read from the Rebel's own log (the game's own sentences,
 * src/ui/log/sentences.ts): what the player actually planned, moved, revealed and won — never the script's plan
 * (issue 20 item 6). Only a lesson that was done gets a recap.
 */
import type { GameState } from '../../game/rules';
import type { LogEvent, LogEvents, LogKind } from '../../game/rules/log';
import { describeEvent } from '../log/sentences';
import { event, type StepId } from './steps';

/** What a revealed mission brought, in the events that follow its reveal (the attempt, then its reward). */
const OUTCOMES = new Set(['missionAttempt', 'missionSucceeded', 'tokenPlaced', 'tokensRemoved', 'unitsPlaced', 'slipstreamed',
  'queueSabotaged', 'leaderRescued', 'relocationStarted', 'relocatedTo']);
/** Events that start the next decision: the outcome of a reveal ends before them. */
const NEXT = new Set(['fleetMoved', 'missionRevealed', 'passed', 'combatStarted', 'objectiveWindowOpened']);

function sentences(events: LogEvent[]): string | null {
  const said = events.map((e) => describeEvent(e, 'R')).filter((s): s is string => !!s);
  return said.length > 0 ? said.join(' ') : null;
}

function afterReveal(view: GameState): LogEvent[] {
  const at = view.log.findIndex((e) => e.e === 'missionRevealed' && e.faction === 'R' && e.round === 1);
  if (at < 0) return [];
  const out: LogEvent[] = [];
  for (const e of view.log.slice(at + 1)) {
    if (NEXT.has(e.e)) break;
    if (OUTCOMES.has(e.e)) out.push(e);
  }
  return out;
}

export function recapOf(view: GameState, id: StepId): string | null {
  const one = <K extends LogKind>(e: K, f: Partial<LogEvents[K]> = {}) => {
    const ev = event(view, e, f);
    return ev ? describeEvent(ev, 'R') : null;
  };
  switch (id) {
    case 'plan': return sentences(view.log.filter((e) => e.e === 'missionPlannedCard' && e.round === 1));
    case 'move': return one('fleetMoved', { faction: 'R' });
    case 'oppose': {
      // Said from the player's side first: the attempt's own sentence is the revealer's.
      const ev = event(view, 'missionAttempt', { faction: 'I' });
      if (!ev) return null;
      const side = ev.success ? 'The Imperial’s mission succeeded despite your opposition.' : 'Your opposition stopped the Imperial’s mission.';
      return `${side} ${describeEvent(ev, 'R') ?? ''}`.trim();
    }
    case 'reveal': return sentences(afterReveal(view));
    case 'combat': {
      const end = one('combatEnded');
      return end && `${end} The combat summary shows every die.`;
    }
    case 'objective': {
      const ev = event(view, 'objectiveScored');
      return ev ? `Scored: the objective token moved to space ${String(ev.objective)} (R4.3). When it reaches the time token, the Rebel wins (R1.2.3).` : null;
    }
    default: return null;
  }
}
