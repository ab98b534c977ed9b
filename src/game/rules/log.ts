import type { Faction } from '../content';
import type { GameState } from './state';

/** Who may see a log event: everyone (no `to`), one seat, or both players but not spectators. */
export type Audience = Faction | 'players';

/**
 * A typed game-log event. `e` names the event; `to` marks an event only one seat (or only the two players)
 * may see (RULES §8) — the view strips it for everyone else. The UI renders events into sentences.
 */
export interface LogEvent {
  e: string;
  round: number;
  to?: Audience;
  [key: string]: unknown;
}

/** True if `seat` (null = spectator) may see the event. */
export function canSee(ev: LogEvent, seat: Faction | null): boolean {
  if (ev.to === undefined) return true;
  if (seat === null) return false;
  return ev.to === 'players' || ev.to === seat;
}

export function log(state: GameState, e: string, data: Record<string, unknown> = {}, to?: Audience): void {
  const event: LogEvent = { e, round: state.round, ...data };
  if (to) event.to = to;
  state.log.push(event);
}
