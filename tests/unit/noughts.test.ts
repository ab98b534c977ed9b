/**
 * The platform's test game, Hidden Noughts (src/games/noughts/, issue 21 item 6), and what the match room knows of
 * it (server/games/noughts.ts): played through boardgame.io's own reducer, as the hub plays a move; each seat's
 * view holds its own claim only until the game is over; the legality filter and the forfeit agree with the game.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { HiddenNoughts, outcome, type NoughtsState } from '../../src/games/noughts/game';
import { NOUGHTS_HOSTED } from '../../server/games/noughts';

const game = ProcessGameConfig(HiddenNoughts);
const reducer = CreateGameReducer({ game });
const mark = (playerID: string, cell: unknown) => ({ type: 'MAKE_MOVE', payload: { type: 'mark', args: [cell], playerID } });

function start(seed: string): State<NoughtsState> {
  return InitializeGame({ game: { ...HiddenNoughts, seed }, numPlayers: 2 }) as State<NoughtsState>;
}

function play(state: State<NoughtsState>, moves: [string, number][]): State<NoughtsState> {
  for (const [p, c] of moves) {
    state = reducer(state, mark(p, c) as never) as State<NoughtsState>;
    expect((state as { transients?: { error?: unknown } }).transients?.error).toBeUndefined();
  }
  return state;
}

describe('Hidden Noughts through boardgame.io', () => {
  it('three in a row wins, turns alternate, an occupied cell or the wrong seat is refused', () => {
    let s = start('n1');
    s = play(s, [['0', 0], ['1', 3], ['0', 1], ['1', 4]]);
    const refused = reducer(s, mark('0', 4) as never) as State<NoughtsState> & { transients?: { error?: unknown } };
    expect(refused.transients?.error).toBeDefined();
    expect(refused.G.cells[4]).toBe('O');
    const wrongSeat = reducer(s, mark('1', 2) as never) as State<NoughtsState> & { transients?: { error?: unknown } };
    expect(wrongSeat.transients?.error).toBeDefined();
    s = play(s, [['0', 2]]);
    expect(s.ctx.gameover).toEqual({ winner: '0', reason: 'line' });
  });

  it('a full grid with no row goes to the one whose claimed cell holds their mark', () => {
    const cells: NoughtsState['cells'] = ['X', 'O', 'X', 'X', 'O', 'O', 'O', 'X', 'X'];
    expect(outcome({ cells, claims: { '0': 0, '1': 1 } })).toEqual({ draw: true, reason: 'draw' });
    expect(outcome({ cells, claims: { '0': 0, '1': 2 } })).toEqual({ winner: '0', reason: 'claim' });
    expect(outcome({ cells, claims: { '0': 1, '1': 4 } })).toEqual({ winner: '1', reason: 'claim' });
  });
});

describe('Hidden Noughts as the match room hosts it', () => {
  it('each audience sees its own claim only, and everything once the game is over; no seed leaves', () => {
    let s = start('n2');
    const claims = s.G.claims;
    expect(NOUGHTS_HOSTED.viewState(s, '0').G.claims).toEqual({ '0': claims['0'], '1': null });
    expect(NOUGHTS_HOSTED.viewState(s, '1').G.claims).toEqual({ '0': null, '1': claims['1'] });
    expect(NOUGHTS_HOSTED.viewState(s, null).G.claims).toEqual({ '0': null, '1': null });
    expect(JSON.stringify(NOUGHTS_HOSTED.viewState(s, '0'))).not.toMatch(/prngstate|"seed"/);
    s = play(s, [['0', 0], ['1', 3], ['0', 1], ['1', 4], ['0', 2]]);
    expect(NOUGHTS_HOSTED.viewState(s, null).G.claims).toEqual(claims);
  });

  it('its filters agree with the game: envelope, legality, whose move, forfeit', () => {
    const s = play(start('n3'), [['0', 4]]);
    expect(NOUGHTS_HOSTED.acceptClientAction(mark('1', 0), '1')).toBe(true);
    expect(NOUGHTS_HOSTED.acceptClientAction(mark('1', 0), '0')).toBe(false);
    expect(NOUGHTS_HOSTED.acceptClientAction({ type: 'GAME_EVENT', payload: { type: 'endGame', args: [], playerID: '1' } }, '1')).toBe(false);
    expect(NOUGHTS_HOSTED.isLegalMove(s.G, '1', 'mark', [0])).toBe(true);
    expect(NOUGHTS_HOSTED.isLegalMove(s.G, '1', 'mark', [4])).toBe(false);
    expect(NOUGHTS_HOSTED.isLegalMove(s.G, '1', 'mark', [9])).toBe(false);
    expect(NOUGHTS_HOSTED.nextToMove(s)).toBe('1');
    const over = NOUGHTS_HOSTED.forfeit(s, '1', 'forfeit');
    expect(over.ctx.gameover).toEqual({ winner: '0', reason: 'forfeit' });
    expect(over._stateID).toBe(s._stateID + 1);
    expect(NOUGHTS_HOSTED.nextToMove(over)).toBeNull();
    expect(NOUGHTS_HOSTED.withPlayedNote([3], { bot: true })).toEqual([3]);
  });
});
