/**
 * Hidden Noughts' game record (issue 21 item 6): enough to replay a finished game exactly — the seed (which dealt the
 * claims), the players, every move in order and the result — and its replay through boardgame.io's own reducer,
 * which must end in the recorded result.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { HiddenNoughts, NOUGHTS_NAME, type NoughtsState } from './game';

export interface NoughtsRecord {
  game: typeof NOUGHTS_NAME;
  matchID: string;
  seed: string;
  players: string[];
  moves: { playerID: string; cell: number }[];
  result: { winner?: string; draw?: true; reason: string };
}

/** The record of a finished game: its seed, players, moves and result; or why it is none. */
export function noughtsRecord(input: {
  matchID: string; seed: unknown; players: string[]; moves: { playerID: unknown; args: unknown }[]; gameover: unknown;
}): NoughtsRecord | { error: string } {
  if (typeof input.seed !== 'string' && typeof input.seed !== 'number') return { error: 'no seed' };
  if (typeof input.gameover !== 'object' || input.gameover === null) return { error: 'the game is not over' };
  const moves: NoughtsRecord['moves'] = [];
  for (const m of input.moves) {
    const cell = Array.isArray(m.args) ? m.args[0] : undefined;
    if (typeof m.playerID !== 'string' || typeof cell !== 'number') return { error: 'a move without a cell' };
    moves.push({ playerID: m.playerID, cell });
  }
  return {
    game: NOUGHTS_NAME, matchID: input.matchID, seed: String(input.seed), players: input.players, moves,
    result: input.gameover as NoughtsRecord['result'],
  };
}

/** Every state of the game the record describes, from the set-up on; or the first move the game refused. */
export function replayNoughts(record: NoughtsRecord): { states: State<NoughtsState>[] } | { error: string } {
  const game = ProcessGameConfig({ ...HiddenNoughts, seed: record.seed });
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game, numPlayers: 2 }) as State<NoughtsState>;
  const states = [state];
  for (const [i, m] of record.moves.entries()) {
    const next = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'mark', args: [m.cell], playerID: m.playerID } } as never) as
      State<NoughtsState> & { transients?: { error?: unknown } };
    if (next.transients?.error !== undefined || next._stateID === state._stateID) return { error: `move ${i + 1} refused` };
    states.push((state = next));
  }
  if (JSON.stringify(state.ctx.gameover) !== JSON.stringify(record.result)) return { error: 'the replay does not end as recorded' };
  return { states };
}
