/**
 * Issue 23 item 7: the replay the board runs (src/games/imperios/replay.ts, the core alone with boardgame.io's
 * Alea reproduced) gives exactly the states boardgame.io's own replay of the record gives (replayImperios), step by
 * step, hand-over notes (IM15.5) and a forfeit (G56) included; a record it cannot re-run says where it stopped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseImperiosRecord, replayCore } from '../../../src/games/imperios/replay';
import { alea } from '../../../src/platform/alea';
import { replayImperios } from '../../../src/games/imperios/record';
import { createGame } from '../../../src/games/imperios/rules';
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { recordOf } from './records';
import type { State } from 'boardgame.io';
import { makeImperiosGame } from '../../../src/games/imperios/game';
import type { ImperiosState } from '../../../src/games/imperios/rules';

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

describe('IM14.1: the board replays a record exactly as boardgame.io does', () => {
  it("Alea is boardgame.io's: the same numbers from the same seed", () => {
    const game = ProcessGameConfig(makeImperiosGame({ seed: 'alea-check' }));
    const s = InitializeGame({ game, numPlayers: 4 }) as State<ImperiosState>;
    const gen = alea('alea-check');
    const next = () => gen.next();
    // The set-up drew two numbers: the core's seed is made of them (./game.ts).
    const fresh = () => (Math.floor(next() * 4294967296) >>> 0).toString(16);
    expect(createGame({ players: 4, mode: 'normal', seed: `${fresh()}-${fresh()}` })).toEqual(s.G);
  });

  it('every step of a game with a hand-over and a forfeit is the state boardgame.io replays', () => {
    const record = recordOf(400, 'replay-core');
    expect(record.moves.some((m) => m.played?.handedOver)).toBe(true);
    expect(record.moves.some((m) => m.played?.takenBack)).toBe(true);
    const bgio = replayImperios(record);
    if ('error' in bgio) throw new Error(bgio.error);
    const core = replayCore(record);
    expect(core.error).toBeUndefined();
    expect(core.exact).toBe(true);
    expect(core.states).toHaveLength(bgio.states.length);
    for (let k = 0; k < core.states.length; k++) {
      expect(JSON.stringify(core.states[k]), `step ${k}`).toBe(JSON.stringify(bgio.states[k].G));
    }
    expect(core.movers.at(-1)).toBeNull();
    expect(core.movers[0]).toBe(Number(record.moves[0].playerID));
    expect(parseImperiosRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });

  it('a record whose moves were changed stops where the core refuses, and is not exact', () => {
    const record = recordOf(60, 'replay-forged');
    const forged = { ...record, moves: record.moves.slice(1) };
    const r = replayCore(forged);
    expect(r.exact).toBe(false);
    expect(r.error).toMatch(/^move 1 /);
    expect(r.states).toHaveLength(1);
    expect(replayCore({ ...record, seed: 'other' }).exact).toBe(false);
    for (const bad of [
      null,
      {},
      { ...record, game: 'mint-imperium' },
      { ...record, players: ['a'] },
      { ...record, moves: [{ playerID: '9', action: {} }] },
      { ...record, result: undefined },
    ]) {
      expect(parseImperiosRecord(bad)).toHaveProperty('error');
    }
  });
});
