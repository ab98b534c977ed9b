import type { Faction } from '../content';
import type { Audience, LogEvent, LogEventOf, LogEvents, LogKind } from './events';
import type { GameState } from './state';

export type { Audience, LogEvent, LogEventOf, LogEvents, LogKind } from './events';
export { LOG_KINDS } from './events';

/** True if the event is of one of `kinds` (narrows it: `isEvent(ev, 'hit', 'diceRolled')` reads `ev.by`). */
export function isEvent<K extends LogKind>(ev: LogEvent, ...kinds: K[]): ev is LogEventOf<K> {
  return (kinds as LogKind[]).includes(ev.e);
}

/** True if `seat` (null = spectator) may see the event. */
export function canSee(ev: LogEvent, seat: Faction | null): boolean {
  if (ev.to === undefined) return true;
  if (seat === null) return false;
  return ev.to === 'players' || ev.to === seat;
}

/**
 * Log an event of kind `kind` with its payload (src/game/rules/events: the compiler checks the fields). `to` makes it
 * private to one seat or to the two players (RULES §8); the view strips it for everyone else. The event is
 * `{ e, round, ...data }` plus `to`, in that key order: stored games and the determinism hashes hold that shape.
 */
export function log<K extends LogKind>(state: GameState, kind: K, data: LogEvents[K], to?: Audience): void {
  const event = { e: kind, round: state.round, ...data } as LogEvent;
  if (to) event.to = to;
  state.log.push(event);
}
