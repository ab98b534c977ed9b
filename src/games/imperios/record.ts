/**
 * The game record of a finished match of Imperios Milenarios (issue 23 item 7): enough to replay it exactly — the
 * seed of boardgame.io's random plugin (which seeded the core and re-seeds it before every move: ./game.ts), the
 * seats, the mode, every move in order, and how it ended (the core's result, or a forfeit: G56) — and its replay
 * through boardgame.io's own reducer, which must end in the recorded result.
 */
import type { State } from 'boardgame.io';
import { parsePlayedBy, type PlayedBy } from '../../protocol/played';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { ModeId } from './content/modes';
import { forfeitImperios } from './forfeit';
import { notePlayedImperios } from './playedBy';
import { ACT, IMPERIOS_NAME, makeImperiosGame, modeFromSetupData, type ImperiosGameover } from './game';
import type { Action, ImperiosState } from './rules';

export interface ImperiosRecord {
  game: typeof IMPERIOS_NAME;
  matchID: string;
  seed: string;
  mode: ModeId;
  /** The players' names by seat. */
  players: string[];
  /**
   * `played`: who made the move when not its seat's owner — the server's note around a hand-over to the bot
   * (./playedBy.ts, IM15.5); its replay writes the same lines.
   */
  moves: { playerID: string; action: Action; played?: PlayedBy }[];
  /** A forfeit ended the game after the last move (G56). */
  forfeit?: { playerID: string; reason: string };
  /**
   * How it ended; null only in the record of a local game still running, downloaded from the page that holds it
   * (src/ui/imperios/localSaves.ts): the server serves a match's record once it is over.
   */
  result: ImperiosGameover | null;
}

/** The record of a finished game; or why there is none. */
export function imperiosRecord(input: {
  matchID: string;
  seed: unknown;
  setupData: unknown;
  players: string[];
  moves: { playerID: unknown; args: unknown; played?: unknown }[];
  gameover: unknown;
}): ImperiosRecord | { error: string } {
  if (typeof input.seed !== 'string' && typeof input.seed !== 'number') return { error: 'no seed' };
  if (typeof input.gameover !== 'object' || input.gameover === null) return { error: 'the game is not over' };
  const mode = modeFromSetupData(input.setupData);
  if (typeof mode !== 'string') return { error: mode.error };
  const moves: ImperiosRecord['moves'] = [];
  for (const m of input.moves) {
    const action = Array.isArray(m.args) ? (m.args[0] as unknown) : undefined;
    if (typeof m.playerID !== 'string' || typeof action !== 'object' || action === null) {
      return { error: 'a move without an action' };
    }
    const played = m.played === undefined ? null : parsePlayedBy(m.played);
    if (m.played !== undefined && !played) return { error: 'a move with a bad note of who played it' };
    moves.push({ playerID: m.playerID, action: action as Action, ...(played ? { played } : {}) });
  }
  const result = input.gameover as ImperiosGameover;
  return {
    game: IMPERIOS_NAME,
    matchID: input.matchID,
    seed: String(input.seed),
    mode,
    players: input.players,
    moves,
    ...(result.forfeit ? { forfeit: { ...result.forfeit } } : {}),
    result,
  };
}

/** Every state of the game the record describes, from the set-up on; or the first move the game refused. */
export function replayImperios(record: ImperiosRecord): { states: State<ImperiosState>[] } | { error: string } {
  const game = ProcessGameConfig(makeImperiosGame({ seed: record.seed }));
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({
    game,
    numPlayers: record.players.length,
    setupData: { mode: record.mode },
  }) as State<ImperiosState>;
  const states = [state];
  for (const [i, m] of record.moves.entries()) {
    const action = { type: 'MAKE_MOVE', payload: { type: ACT, args: [m.action], playerID: m.playerID } };
    const next = reducer(state, action as never) as State<ImperiosState> & { transients?: { error?: unknown } };
    if (next.transients?.error !== undefined || next._stateID === state._stateID) {
      return { error: `move ${i + 1} refused` };
    }
    const played = m.played === undefined ? null : parsePlayedBy(m.played);
    const noted = played ? { ...next, G: notePlayedImperios(state.G, next.G, Number(m.playerID), played) } : next;
    states.push((state = noted));
  }
  if (record.forfeit) {
    states.push((state = forfeitImperios(state, record.forfeit.playerID, record.forfeit.reason)));
  }
  if (JSON.stringify(state.ctx.gameover ?? null) !== JSON.stringify(record.result)) {
    return { error: 'the replay does not end as recorded' };
  }
  return { states };
}
