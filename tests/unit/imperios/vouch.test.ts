/**
 * Issue 21 item 4 for Imperios: the server's check before the reducer (server/games/imperios.ts `isLegalMove` →
 * `vouchAct`) is the core's `actionError`, and the move then applies the action unchecked (`applyChecked`) instead
 * of checking it a second time. A move made without that check (a local client) is checked by the move itself.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IMPERIOS_HOSTED } from '../../../server/games/imperios';
import { ACT, makeImperiosGame, vouchAct } from '../../../src/games/imperios/game';
import * as rules from '../../../src/games/imperios/rules';

vi.mock('../../../src/games/imperios/rules', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/games/imperios/rules')>();
  return { ...real, applyAction: vi.fn(real.applyAction), applyChecked: vi.fn(real.applyChecked) };
});

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

type St = State<rules.ImperiosState>;
const game = ProcessGameConfig(makeImperiosGame({ seed: 'vouch', mode: 'tutorial' }));
const reducer = CreateGameReducer({ game });
const start = () => InitializeGame({ game, numPlayers: 4 }) as St;

function firstMove(st: St) {
  const seat = rules.awaitedSeats(st.G)[0]!;
  return { playerID: String(seat), args: [rules.legalActions(st.G, seat)[0]] as unknown[] };
}

function reduce(st: St, m: { playerID: string; args: unknown[] }): St {
  return reducer(st, { type: 'MAKE_MOVE', payload: { type: ACT, args: m.args, playerID: m.playerID } } as never) as St;
}

function clear(): void {
  vi.mocked(rules.applyAction).mockClear();
  vi.mocked(rules.applyChecked).mockClear();
}

describe('issue 21 item 4: one validation of an Imperios move', () => {
  it('a move the server checked is applied unchecked, with the same result as a checked one', () => {
    const st = start();
    const m = firstMove(st);
    const checkedTwice = reduce(start(), m);
    clear();
    expect(IMPERIOS_HOSTED.isLegalMove(st.G, m.playerID, ACT, m.args)).toBe(true);
    const next = reduce(st, m);
    expect(rules.applyAction).not.toHaveBeenCalled();
    expect(rules.applyChecked).toHaveBeenCalledTimes(1);
    expect(next._stateID).toBe(st._stateID + 1);
    expect({ ...next.G, rng: null }).toEqual({ ...checkedTwice.G, rng: null });
  });

  it('a vouch serves only its own state, seat and argument objects, once', () => {
    const st = start();
    const m = firstMove(st);
    expect(vouchAct(st.G, m.playerID, ACT, m.args)).toBe(true);
    clear();
    reduce({ ...st, G: structuredClone(st.G) }, m); // another state object
    reduce(st, { ...m, args: structuredClone(m.args) }); // equal arguments, other objects
    expect(rules.applyChecked).not.toHaveBeenCalled();
    expect(rules.applyAction).toHaveBeenCalledTimes(2);
    expect(vouchAct(st.G, m.playerID, ACT, m.args)).toBe(true);
    reduce(st, m);
    clear();
    reduce(st, m); // taken by the move before
    expect(rules.applyChecked).not.toHaveBeenCalled();
  });

  it('an illegal move is refused by the check and keeps no vouch', () => {
    const st = start();
    const m = firstMove(st);
    expect(vouchAct(st.G, m.playerID, ACT, m.args)).toBe(true);
    expect(vouchAct(st.G, m.playerID, ACT, [{ kind: 'nonsense' }])).toBe(false);
    expect(vouchAct(st.G, m.playerID, 'other', m.args)).toBe(false);
    expect(vouchAct(st.G, '9', ACT, m.args)).toBe(false);
    clear();
    reduce(st, m); // the earlier vouch was dropped by the refused checks
    expect(rules.applyChecked).not.toHaveBeenCalled();
    expect(rules.applyAction).toHaveBeenCalledTimes(1);
  });
});
