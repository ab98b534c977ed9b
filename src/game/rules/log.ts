import type { Faction } from '../content';
import type { GameState } from './state';

/**
 * A typed game-log event. `e` names the event; `to` marks an event only one seat may see (RULES §8) — the
 * view strips it for the other seat and for spectators. The UI renders events into sentences.
 */
export interface LogEvent {
  e: string;
  round: number;
  to?: Faction;
  [key: string]: unknown;
}

export function log(state: GameState, e: string, data: Record<string, unknown> = {}, to?: Faction): void {
  const event: LogEvent = { e, round: state.round, ...data };
  if (to) event.to = to;
  state.log.push(event);
}
