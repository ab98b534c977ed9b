/**
 * Hidden Noughts as the match room hosts it (../match/hosted-game.ts): the platform's test game (src/games/noughts/).
 * No hand-overs notes, no log deltas: a game needs neither to be hosted.
 */
import type { State } from 'boardgame.io';
import { HiddenNoughts, isOpenCell, isSeat, otherSeat, viewOfNoughts, type NoughtsState } from '../../src/games/noughts/game';
import { noughtsRecord } from '../../src/games/noughts/record';
import { audienceLog, audienceState } from '../../src/platform/views';
import type { HostedGame } from '../match/hosted-game';

export const NOUGHTS_HOSTED: HostedGame<NoughtsState> = {
  game: HiddenNoughts,
  extras: { solo: false, hints: false },
  viewState: (state, playerID) => audienceState(state, viewOfNoughts(state.G, playerID, state.ctx.gameover !== undefined)),
  viewLog: audienceLog,
  acceptClientAction(action, playerID) {
    const a = action as { type?: unknown; payload?: { type?: unknown; args?: unknown; playerID?: unknown } } | null;
    return a?.type === 'MAKE_MOVE' && a.payload?.type === 'mark' && a.payload.playerID === playerID
      && Array.isArray(a.payload.args) && a.payload.args.length === 1 && typeof a.payload.args[0] === 'number';
  },
  isLegalMove: (G, _playerID, move, args) => move === 'mark' && Array.isArray(args) && isOpenCell(G, args[0]),
  nextToMove: (state) => (state.ctx.gameover !== undefined ? null : state.ctx.currentPlayer),
  forfeit(state: State<NoughtsState>, loser, reason) {
    if (!isSeat(loser)) throw new Error(`no seat ${loser}`);
    const winner = otherSeat(loser);
    return { ...state, ctx: { ...state.ctx, gameover: { winner, reason } }, _stateID: state._stateID + 1 };
  },
  withPlayedNote: (args) => args,
  record: ({ matchID, initialState, state, metadata, log }) => {
    const r = noughtsRecord({
      matchID,
      seed: (initialState.plugins?.random?.data as { seed?: unknown } | undefined)?.seed,
      players: [0, 1].map((id) => metadata.players[id]?.name ?? ''),
      moves: log.filter((e) => e.action.type === 'MAKE_MOVE').map((e) => e.action.payload as { playerID: unknown; args: unknown }),
      gameover: state.ctx.gameover,
    });
    return 'error' in r ? r : { record: r };
  },
};
