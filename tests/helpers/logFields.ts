/**
 * Log events are a union typed per kind (src/game/rules/events); tests that scan every event for a field whatever
 * its kind (secrecy checks, "who acted last") read it through this plain record view.
 */
import type { LogEvent } from '../../src/game/rules';

export function fields(ev: LogEvent): Readonly<Record<string, any>> {
  return ev;
}

/** A hand-built event as a log could hold it, of any shape (partial, older, or deliberately wrong). */
export function anyEvent(ev: Record<string, unknown>): LogEvent {
  return ev as unknown as LogEvent;
}
