/**
 * The platform's test game, Hidden Noughts (src/games/noughts/, issue 21 item 6), and what the match room knows of
 * it (server/games/noughts.ts): played through boardgame.io's own reducer, as the hub plays a move; each seat's
 * view holds its own claim only until the game is over; the legality filter and the forfeit agree with the game.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { HiddenNoughts, outcome, type NoughtsState } from '../../src/games/noughts/game';
import { noughtsBotCell, openCells } from '../../src/games/noughts/bot';
import { NOUGHTS_BOTS, NOUGHTS_HOSTED } from '../../server/games/noughts';
import { botKindIn } from '../../server/match/hosted-game';

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
    expect(NOUGHTS_HOSTED.notePlayed).toBeUndefined(); // no hand-over lines in its log
  });
});

describe('Hidden Noughts bots', () => {
  const grid = (s: string): NoughtsState['cells'] => [...s].map((c) => (c === '.' ? null : (c as 'X' | 'O')));
  const first = () => 0;

  it('greedy wins if it can, else blocks, else takes its claimed cell, else any empty cell', () => {
    // X to move: X can complete the top row (cell 2); O threatens the middle row (cell 5).
    expect(noughtsBotCell('greedy', { cells: grid('XX.OO....'), claims: { '0': 8, '1': null } }, '0', first)).toBe(2);
    // O cannot win: it blocks X's top row.
    expect(noughtsBotCell('greedy', { cells: grid('XX..O....'), claims: { '0': null, '1': 8 } }, '1', first)).toBe(2);
    // Nothing to win or block: its own claim while it is empty; then the first empty cell `pick` chooses.
    expect(noughtsBotCell('greedy', { cells: grid('X........'), claims: { '0': null, '1': 7 } }, '1', first)).toBe(7);
    expect(noughtsBotCell('greedy', { cells: grid('X......O.'), claims: { '0': 7, '1': null } }, '0', first)).toBe(1);
  });

  it('random marks an empty cell, as `pick` chooses; a full grid has no move', () => {
    const view: NoughtsState = { cells: grid('XO.X.O...'), claims: { '0': 0, '1': null } };
    const open = openCells(view);
    expect(open).toEqual([2, 4, 6, 7, 8]);
    for (let i = 0; i < open.length; i++) expect(noughtsBotCell('random', view, '0', () => i)).toBe(open[i]);
    expect(() => noughtsBotCell('greedy', { cells: grid('XOXXOOOXX'), claims: { '0': 0, '1': null } }, '0', first)).toThrow(/full/);
  });

  it('a bot is handed its own seat\'s view: the other claim cut; its kinds and seats are the lobby\'s', async () => {
    const s = start('n4');
    expect(NOUGHTS_BOTS.view(s, '1')).toEqual({ cells: s.G.cells, claims: { '0': null, '1': s.G.claims['1'] } });
    expect(NOUGHTS_BOTS.view(s, '0')).toEqual({ cells: s.G.cells, claims: { '0': s.G.claims['0'], '1': null } });
    expect(NOUGHTS_BOTS.seats).toEqual({ X: '0', O: '1' });
    expect(botKindIn(NOUGHTS_BOTS, 'greedy')).toBe('greedy');
    expect(botKindIn(NOUGHTS_BOTS, 'ismcts-normal')).toBeNull();
    expect(botKindIn(NOUGHTS_BOTS, 'constructor')).toBeNull();
    const players = NOUGHTS_BOTS.start();
    const { move, args } = await players.choose('greedy', NOUGHTS_BOTS.view(s, '0'), '0', { matchID: 'm' });
    expect(move).toBe('mark');
    expect(NOUGHTS_HOSTED.isLegalMove(s.G, '0', move, args)).toBe(true);
    await expect(players.choose('greedy', NOUGHTS_BOTS.view(s, '0'), 'x', { matchID: 'm' })).rejects.toThrow(/no seat/);
    await players.close();
  });
});
