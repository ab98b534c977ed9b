/**
 * Issue 21 item 4, one validation of a move: the server's check before the reducer (server/games/mint.ts
 * `isLegalMove` → src/game/vouch.ts) is the core's check, and the move then applies the action it found instead of
 * searching the legal actions again. The rules module is wrapped so the test sees which path each move took.
 */
import { describe, expect, it, vi } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import * as rules from '../../src/game/rules';
import { makeMintImperium, playerOf } from '../../src/game';
import { vouchMove } from '../../src/game/vouch';
import { moveOf } from '../../src/protocol';
import { MINT_HOSTED } from '../../server/games/mint';

vi.mock('../../src/game/rules', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/game/rules')>();
  return { ...real, findLegal: vi.fn(real.findLegal), applyFound: vi.fn(real.applyFound) };
});

type St = State<rules.GameState>;
const game = makeMintImperium({ seed: 'vouch-1' });
const reducer = CreateGameReducer({ game });

function start(): St {
  return InitializeGame({ game, numPlayers: 2 }) as St;
}

/** The first legal decision of the state, as the move a client would send. */
function firstMove(st: St): { playerID: string; move: string; args: unknown[] } {
  const seat = st.G.pending!.seat;
  const action = rules.decisionActions(st.G, seat)[0]!;
  const { move, args } = moveOf(action);
  return { playerID: playerOf(seat), move, args };
}

function reduce(st: St, m: { playerID: string; move: string; args: unknown[] }): St {
  return reducer(st, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: m.playerID } } as never) as St;
}

function resetSpies(): void {
  vi.mocked(rules.findLegal).mockClear();
  vi.mocked(rules.applyFound).mockClear();
}

describe('issue 21 item 4: one validation of a move', () => {
  it('a move the server checked is applied without a second check (the hub path)', () => {
    const st = start();
    const m = firstMove(st);
    resetSpies();
    expect(MINT_HOSTED.isLegalMove(st.G, m.playerID, m.move, m.args)).toBe(true);
    const next = reduce(st, m);
    expect(next._stateID).toBe(st._stateID + 1);
    expect(rules.findLegal).toHaveBeenCalledTimes(1); // the server's, none in the move
    expect(rules.applyFound).toHaveBeenCalledTimes(1);
  });

  it('the same move without the server (a local client) is checked by the move itself, with the same result', () => {
    const st = start();
    const m = firstMove(st);
    const vouched = reduce(st, m);
    resetSpies();
    const direct = reduce(start(), m);
    expect(rules.findLegal).toHaveBeenCalledTimes(1); // the move's own check
    expect(rules.applyFound).toHaveBeenCalledTimes(1);
    expect(direct.G).toEqual(vouched.G);
  });

  it('a vouch serves only its own state, seat, move and argument objects, and only once', () => {
    const st = start();
    const m = firstMove(st);
    expect(vouchMove(st.G, m.playerID, m.move, m.args)).toBe(true);
    // Another state object (equal in value): not vouched, validated by the move.
    resetSpies();
    reduce({ ...st, G: structuredClone(st.G) }, m);
    expect(rules.findLegal).toHaveBeenCalledTimes(1);
    // Equal arguments but other objects than the ones vouched: validated by the move.
    expect(vouchMove(st.G, m.playerID, m.move, m.args)).toBe(true);
    resetSpies();
    reduce(st, { ...m, args: structuredClone(m.args) });
    expect(rules.findLegal).toHaveBeenCalledTimes(1);
    // The vouch was taken by that move: the same move again is validated again.
    resetSpies();
    reduce(st, m);
    expect(rules.findLegal).toHaveBeenCalledTimes(1);
    expect(rules.applyFound).toHaveBeenCalledTimes(1);
  });

  it('an illegal move is refused by the check, keeps no vouch, and the reducer refuses it too', () => {
    const st = start();
    const m = firstMove(st);
    const other = m.playerID === '0' ? '1' : '0';
    expect(vouchMove(st.G, other, m.move, m.args)).toBe(false);
    expect(vouchMove(st.G, m.playerID, m.move, [{ bogus: true }])).toBe(false);
    resetSpies();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const next = reduce(st, { ...m, playerID: other });
      expect(next._stateID).toBe(st._stateID);
      expect(rules.applyFound).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('a vouch made for one seat is not used by the other seat on the same state', () => {
    const st = start();
    const m = firstMove(st);
    expect(vouchMove(st.G, m.playerID, m.move, m.args)).toBe(true);
    const other = m.playerID === '0' ? '1' : '0';
    resetSpies();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const next = reduce(st, { ...m, playerID: other });
      expect(rules.applyFound).not.toHaveBeenCalled();
      expect(next._stateID).toBe(st._stateID);
    } finally {
      errors.mockRestore();
    }
  });
});
