/**
 * Hidden Noughts as the match room hosts it (../match/hosted-game.ts): the platform's test game (src/games/noughts/).
 * No hand-over lines, no log deltas: a game needs neither to be hosted. Its bots (src/games/noughts/bot.ts) run on
 * the server's event loop (a decision is a glance at nine cells) and are handed their seat's view only.
 */
import { randomInt } from 'node:crypto';
import type { State } from 'boardgame.io';
import { NOUGHTS_BOT_KINDS, noughtsBotCell, type NoughtsBotKind } from '../../src/games/noughts/bot';
import {
  HiddenNoughts, isOpenCell, isSeat, MARKS, otherSeat, SEATS, viewOfNoughts, type NoughtsState, type Seat,
} from '../../src/games/noughts/game';
import { noughtsRecord } from '../../src/games/noughts/record';
import { audienceLog, audienceState } from '../../src/platform/views';
import type { BotChoice, HostedBots, HostedGame } from '../match/hosted-game';

const seatOrThrow = (playerID: string): Seat => {
  if (!isSeat(playerID)) throw new Error(`no seat ${playerID}`);
  return playerID;
};

const move = (kind: NoughtsBotKind, view: NoughtsState, playerID: string): Promise<BotChoice> =>
  Promise.resolve().then(() => ({ move: 'mark', args: [noughtsBotCell(kind, view, seatOrThrow(playerID), randomInt)] }));

/** Hidden Noughts' bot part: `greedy` (the default) and `random`; the lobby's `bot` names a seat by its mark. */
export const NOUGHTS_BOTS: HostedBots<NoughtsState, NoughtsState> = {
  kinds: { greedy: 'Bot', random: 'Random bot' } satisfies Record<NoughtsBotKind, string>,
  defaultKind: NOUGHTS_BOT_KINDS[0],
  seats: Object.fromEntries(SEATS.map((seat) => [MARKS[seat], seat])),
  // The driver asks only while the game runs: the other seat's claim is cut.
  view: (state, playerID) => viewOfNoughts(state.G, playerID, false),
  start: () => ({
    choose: (kind, view, playerID) => move(kind as NoughtsBotKind, view, playerID),
    fallback: (view, playerID) => move('random', view, playerID),
    close: async () => {},
  }),
};

export const NOUGHTS_HOSTED: HostedGame<NoughtsState> = {
  game: HiddenNoughts,
  players: { min: 2, max: 2 },
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
  bots: NOUGHTS_BOTS,
};
