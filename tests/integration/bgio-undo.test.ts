/**
 * The take-back (issue 9 item 3) as a boardgame.io move: `undo` is validated by the core like any move (INVALID_MOVE
 * and no change when nothing can be taken back, for the wrong seat, or with arguments), an accepted one keeps ctx
 * derived from G, boardgame.io's own undo stays disabled, and playerView never carries a snapshot.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { flowMismatch, makeMintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated, type TestClient } from './bgio-helpers';

quietBoardgameIo();

type Enumerate = (G: GameState, ctx: unknown, id: string) => Enumerated[];

/** Play the first enumerated move of the pending seat until `until` holds. */
function playUntil(client: TestClient, enumerate: Enumerate, until: (G: GameState) => boolean): void {
  for (let i = 0; i < 50 && !until(master(client).G); i++) {
    const { G, ctx } = master(client);
    const p = pendingPlayer(G)!;
    const [m] = enumerate(G, ctx, p);
    play(client, p, m.move, m.args);
  }
  expect(until(master(client).G)).toBe(true);
}

describe('the undo move (issue 9)', () => {
  it('is refused with INVALID_MOVE and no change unless the core offers it; accepted, it restores G and ctx follows', () => {
    const { game, client } = makeClient('bgio-undo');
    const enumerate = game.ai!.enumerate as unknown as Enumerate;
    playUntil(client, enumerate, (G) => G.pending?.kind === 'plan' && G.pending.seat === 'R');
    const moves = game.moves as Record<string, { move: (...a: unknown[]) => unknown; redact?: boolean }>;
    const random = { Die: () => { throw new Error('no randomness expected'); } };

    const s0 = master(client);
    // Nothing to take back (the phase changed with the base choice): the move function and the client refuse it.
    const copy = structuredClone(s0.G) as GameState;
    expect(moves.undo.move({ G: copy, ctx: s0.ctx, playerID: '0', random })).toBe('INVALID_MOVE');
    expect(copy).toEqual(s0.G);
    play(client, '0', 'undo', []);
    expect(master(client)._stateID).toBe(s0._stateID);
    expect(moves.undo.redact).toBe(false);
    // ai.enumerate never lists it.
    expect(enumerate(s0.G, s0.ctx, '0').some((m) => m.move === 'undo')).toBe(false);

    // The Rebel plans a mission: the undo is offered to it alone, and enumerate still leaves it out.
    const plan = enumerate(s0.G, s0.ctx, '0').find((m) => m.move === 'planMission')!;
    play(client, '0', plan.move, plan.args);
    const s1 = master(client);
    expect(s1._stateID).toBe(s0._stateID + 1);
    expect(s1.G.undo?.kinds).toEqual(['missionPlan']);
    expect(enumerate(s1.G, s1.ctx, '0').some((m) => m.move === 'undo')).toBe(false);

    // playerView: the Rebel sees that it may take back, never a snapshot; the Imperial and spectators nothing.
    const view = (playerID: string | null) => game.playerView!({ G: s1.G, ctx: s1.ctx, playerID } as never) as GameState;
    expect(view('0').undo).toEqual({ seat: 'R', kinds: ['missionPlan'], snapshots: [] });
    expect('undo' in view('1')).toBe(false);
    expect('undo' in view(null)).toBe(false);

    // Wrong seat, or arguments: refused, nothing changes.
    play(client, '1', 'undo', []);
    play(client, '0', 'undo', [{ card: 'R-S1' }]);
    expect(master(client)._stateID).toBe(s1._stateID);
    expect(master(client).G).toBe(s1.G);
    // boardgame.io's own undo stays off.
    client.undo();
    expect(master(client)._stateID).toBe(s1._stateID);

    // Accepted: G is the state before the plan again (but for the take-back line), and ctx agrees with it.
    play(client, '0', 'undo', []);
    const s2 = master(client);
    expect(s2._stateID).toBe(s1._stateID + 1);
    const { log: log2, ...rest2 } = s2.G;
    const { log: log0, ...rest0 } = s0.G;
    expect(rest2).toEqual(rest0);
    expect(log2.slice(0, -1)).toEqual(log0);
    expect(log2[log2.length - 1]).toEqual({ e: 'tookBack', round: 1, faction: 'R', what: 'missionPlan' });
    expect(flowMismatch(s2.G, s2.ctx as Ctx)).toBeNull();
    // And once more: nothing left.
    play(client, '0', 'undo', []);
    expect(master(client)._stateID).toBe(s2._stateID);
    expect(makeMintImperium().moves).toHaveProperty('undo');
  });
});
