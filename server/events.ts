/**
 * Match events an operator needs (issue 10 item 5): one JSON line each, on stdout by default, e.g.
 * {"t":"2026-12-01T21:00:00.000Z","event":"created","matchID":"…","bot":"ismcts-normal"}.
 * Never credentials, never anything of the game state beyond who won.
 */
export type MatchEvent =
  | { event: 'created'; matchID: string; bot?: string; solo?: boolean; clock?: string }
  | { event: 'joined'; matchID: string; playerID: string }
  | { event: 'left'; matchID: string; playerID: string }
  | { event: 'finished'; matchID: string; winner?: string; reason?: string }
  | { event: 'clockExpired'; matchID: string; playerID: string }
  | { event: 'seatAbandoned'; matchID: string; playerID: string; awayMs: number }
  | { event: 'handedToBot'; matchID: string; playerID: string; by: string; why: 'time' | 'away'; stateID: number }
  | { event: 'takenBack'; matchID: string; playerID: string; stateID: number }
  /** A seat that owed an answer to a question with a time limit (Imperios IM15.1–IM15.2) got its default answer. */
  | { event: 'answeredByTimeLimit'; matchID: string; playerID: string; kind: string }
  /** Issue 22: a seated player was granted a hint at their decision (`left`: hints it has left). */
  | { event: 'hintAsked'; matchID: string; playerID: string; stateID: number; left: number }
  /** A rematch nobody but its creator asked for, deleted after the limit (issue 19 item 2): no result. */
  | { event: 'rematchExpired'; matchID: string; rematchOf?: string };

export type EventSink = (e: MatchEvent) => void;

/** One line of JSON per event, with the time first. */
export function eventLine(e: MatchEvent, now = new Date()): string {
  return JSON.stringify({ t: now.toISOString(), ...e });
}

export const stdoutEvents: EventSink = (e) => {
  process.stdout.write(`${eventLine(e)}\n`);
};
