/**
 * A record of Imperios Milenarios (./record.ts) re-run by the rules core alone, for the board's replay viewer
 * (src/ui/imperios/ImperiosReplay.tsx): no boardgame.io here, so the page's lazy chunk pulls none of it in (any
 * boardgame.io import from a lazy chunk moves shared code onto the first screen, whose budget is full).
 *
 * What boardgame.io adds to the core is reproduced exactly (./game.ts): its random plugin is one Alea generator
 * (Baagøe's, as boardgame.io 0.50 inlines it from seedrandom) seeded with the record's seed and carried from move to
 * move; the set-up draws two numbers for the core's seed, and every accepted move draws one to re-seed the core's
 * generator before it runs (IM14.1). A hand-over note is written as the server wrote it (./playedBy.ts), and a
 * forfeit as G56 (./rules/forfeit.ts). `tests/unit/imperios/replay.test.ts` checks the states against the
 * boardgame.io replay (`replayImperios`).
 */
import { isModeId } from './content/modes';
import { notePlayedImperios } from './playedBy';
import { startCoreRun } from './coreRun';
import { isRefusal, type ImperiosState, type Seat } from './rules';
import { forfeitCiv } from './rules/forfeit';
import type { ImperiosRecord } from './record';
import { parsePlayedBy } from '../../protocol/played';

/** A re-run record: the state before the first move and after each step. */
export interface ImperiosReplay {
  /** `states[0]` the set-up; `states[k]` after step k. */
  states: ImperiosState[];
  /** The seat that made step k (index k − 1), or null for the server's end of a forfeit. */
  movers: (Seat | null)[];
  /** Where the re-run stopped (a move the core refused): the states up to it are kept. */
  error?: string;
  /** The re-run reached exactly the recorded result. */
  exact: boolean;
}

/** The replay of a record through the core (./coreRun.ts); a record of a running local game has no result. */
export function replayCore(record: ImperiosRecord): ImperiosReplay {
  const run = startCoreRun({ seed: record.seed, players: record.players.length, mode: record.mode });
  const states = [run.state];
  const movers: (Seat | null)[] = [];
  for (const [i, m] of record.moves.entries()) {
    const seat = Number(m.playerID);
    const played = m.played === undefined ? null : parsePlayedBy(m.played);
    const after = run.act(
      seat,
      m.action,
      played ? (before, next) => notePlayedImperios(before, next, seat, played) : undefined,
    );
    if (isRefusal(after)) return { states, movers, error: `move ${i + 1} (${after.error})`, exact: false };
    states.push(after);
    movers.push(seat);
  }
  let state = run.state;
  if (record.forfeit) {
    state = forfeitCiv(state, Number(record.forfeit.playerID), record.forfeit.reason);
    states.push(state);
    movers.push(null);
  }
  const r = state.result;
  const want = record.result;
  const exact =
    want === null
      ? r === null
      : !!r &&
        String(r.winner) === want.winner &&
        JSON.stringify(r.ranking.map(String)) === JSON.stringify(want.ranking);
  return { states, movers, exact };
}

/** A record as the server sends it (`GET /games/imperios/:id/record`) or a file holds it, checked for shape; or what is wrong. */
export function parseImperiosRecord(x: unknown): ImperiosRecord | { error: string } {
  if (typeof x !== 'object' || x === null) return { error: 'not a record' };
  const r = x as Partial<Record<keyof ImperiosRecord, unknown>>;
  if (r.game !== 'imperios') return { error: 'not a record of Imperios Milenarios' };
  if (typeof r.seed !== 'string' || typeof r.matchID !== 'string') return { error: 'no seed' };
  if (!isModeId(r.mode)) return { error: 'no mode' };
  if (!Array.isArray(r.players) || r.players.length < 4 || r.players.length > 7) return { error: 'no players' };
  if (!r.players.every((p) => typeof p === 'string')) return { error: 'a player without a name' };
  if (!Array.isArray(r.moves)) return { error: 'no moves' };
  for (const m of r.moves as unknown[]) {
    const mv = m as { playerID?: unknown; action?: unknown; played?: unknown } | null;
    if (typeof mv?.playerID !== 'string' || !/^[0-6]$/.test(mv.playerID)) return { error: 'a move without a seat' };
    if (typeof mv.action !== 'object' || mv.action === null) return { error: 'a move without an action' };
    if (mv.played !== undefined && !parsePlayedBy(mv.played)) return { error: 'a move with a bad note' };
  }
  // null: a local game still running (its record is downloaded from the page: src/ui/imperios/localSaves.ts).
  const res = r.result as { winner?: unknown; ranking?: unknown } | null | undefined;
  if (res !== null && (typeof res?.winner !== 'string' || !Array.isArray(res.ranking))) return { error: 'no result' };
  const f = r.forfeit as { playerID?: unknown; reason?: unknown } | undefined;
  if (f !== undefined && (typeof f?.playerID !== 'string' || typeof f.reason !== 'string'))
    return { error: 'a bad forfeit' };
  return x as ImperiosRecord;
}
