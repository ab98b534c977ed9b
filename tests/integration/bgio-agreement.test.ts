/**
 * "Agreement": random legal games played through boardgame.io's Client (src/game/index.ts) and through the
 * pure core (src/sim/randomGame.ts) from the same seed and the same chooser give identical states at every
 * step and the same winner. Along the way, the flow derived from G is checked at every step: ctx.phase is
 * G.phase, and exactly the seat of G.pending may move (ctx.currentPlayer / ctx.activePlayers).
 */
import { describe, expect, it } from 'vitest';
import { playerOf } from '../../src/game';
import { seededRng, type GameState } from '../../src/game/rules';
import { playRandomGame } from '../../src/sim/randomGame';
import {
  allowedPlayers, makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated,
} from './bgio-helpers';

quietBoardgameIo();

const SEEDS = Array.from({ length: 50 }, (_, i) => `agree-${i}`);
/** What the flow looked like at the decision points of all games (checked at the end). */
const seen = { phases: new Set<string>(), respond: 0, ownTurn: 0, turnChanges: 0, objectivePhases: 0 };

/** The core's game: the state before every step (as JSON), the final state and the winner. */
function coreGame(seed: string) {
  const before: string[] = [];
  const { state, steps } = playRandomGame(seededRng(seed), seededRng(`choices-${seed}`), undefined, (s) => {
    before.push(JSON.stringify(s));
  });
  return { before, final: state, steps };
}

/**
 * G without its take-back stack (issue 9): moves go through apply(), which keeps one, while the core's random games
 * step with applyLegal(), which does not. Everything else must agree byte for byte.
 */
function expectSameState(G0: GameState, json: string, where: string): void {
  const { undo: _undo, ...G } = G0;
  if (JSON.stringify(G) === json) return;
  // Only reached on a difference: a readable diff (toEqual ignores key order, so this may still pass).
  expect(G, where).toEqual(JSON.parse(json));
}

describe('boardgame.io Game agrees with the pure core', () => {
  it.each(SEEDS)('seed %s: same states at every step, same winner, flow derived from G', (seed) => {
    const core = coreGame(seed);
    const { game, client } = makeClient(seed);
    const chooser = seededRng(`choices-${seed}`);
    const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];

    let step = 0;
    for (;;) {
      const { G, ctx, _stateID } = master(client);
      if (ctx.gameover !== undefined) break;
      expect(step, 'boardgame.io game longer than the core game').toBeLessThan(core.steps);
      expectSameState(G, core.before[step], `step ${step}`);

      // The flow is derived from G: same phase, and exactly the pending seat may act.
      expect(ctx.phase).toBe(G.phase);
      const p = pendingPlayer(G);
      expect(p).not.toBeNull();
      expect(allowedPlayers(ctx)).toEqual([p]);
      const turnOwner = G.phase === 'operations' ? playerOf(G.turn) : p;
      expect(ctx.currentPlayer).toBe(turnOwner);
      expect(ctx.activePlayers).toEqual(p === turnOwner ? null : { [p!]: 'respond' });
      seen.phases.add(ctx.phase);
      if (ctx.activePlayers) seen.respond++;
      else seen.ownTurn++;

      const other = p === '0' ? '1' : '0';
      expect(enumerate(G, ctx, other)).toEqual([]);
      const options = enumerate(G, ctx, p!);
      expect(options.length).toBeGreaterThan(0);
      const choice = options[chooser.int(options.length)];
      play(client, p!, choice.move, choice.args);
      expect(master(client)._stateID, `move ${choice.move} refused at step ${step}`).toBe(_stateID + 1);
      if (master(client).ctx.currentPlayer !== ctx.currentPlayer) seen.turnChanges++;
      step++;
    }

    const { G, ctx } = master(client);
    // The Objective phase asks nothing: it begins and ends inside a move (boardgame.io logs its endPhase).
    seen.objectivePhases += (client.log ?? []).filter((e) => e.action.type === 'GAME_EVENT'
      && e.action.payload.type === 'endPhase' && e.phase === 'objective').length;
    expect(step).toBe(core.steps);
    expectSameState(G, JSON.stringify(core.final), 'final state');
    expect(core.final.winner).not.toBeNull();
    expect(ctx.gameover).toEqual({ winner: playerOf(core.final.winner!.faction), reason: core.final.winner!.reason });
  });

  it('covered every phase with decisions, turns of both seats and the respond stage', () => {
    expect([...seen.phases].sort()).toEqual(['operations', 'planning', 'refresh', 'setup']);
    expect(seen.respond).toBeGreaterThan(100);
    expect(seen.ownTurn).toBeGreaterThan(1000);
    expect(seen.turnChanges).toBeGreaterThan(1000);
    expect(seen.objectivePhases).toBeGreaterThan(50);
  });
});
