/**
 * Issue 23 item 7: the replay the board runs (src/games/imperios/replay.ts, the core alone with boardgame.io's
 * Alea reproduced) gives exactly the states boardgame.io's own replay of the record gives (replayImperios), step by
 * step, hand-over notes (IM15.5) and a forfeit (G56) included; a record it cannot re-run says where it stopped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { alea, parseImperiosRecord, replayCore } from '../../../src/games/imperios/replay';
import { replayImperios, type ImperiosRecord } from '../../../src/games/imperios/record';
import { IMPERIOS_HOSTED } from '../../../server/games/imperios';
import { awaitedSeats, createGame, legalActions } from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { ACT, makeImperiosGame } from '../../../src/games/imperios/game';
import type { ImperiosState } from '../../../src/games/imperios/rules';

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

/** A record of `moves` random decisions of a 5-player Tutorial game, seat 2 with the bot for a stretch, then a forfeit. */
function recordOf(moves: number, seed: string): ImperiosRecord {
  const game = ProcessGameConfig(makeImperiosGame({ seed }));
  const reducer = CreateGameReducer({ game });
  const initialState = InitializeGame({ game, numPlayers: 5, setupData: { mode: 'tutorial' } }) as State<ImperiosState>;
  let state = initialState;
  const chooser = { rng: seedState(`${seed}-moves`) };
  const log: { action: { type: string; payload: unknown }; played?: unknown }[] = [];
  let botSince = -1;
  for (let i = 0; i < moves; i++) {
    const seat = awaitedSeats(state.G)[0];
    const legal = legalActions(state.G, seat);
    const args = [legal[randomInt(chooser, legal.length)]];
    const payload = { type: ACT, args, playerID: String(seat) };
    let next = reducer(state, { type: 'MAKE_MOVE', payload } as never) as State<ImperiosState>;
    let played: unknown;
    if (seat === 2 && i > 20 && botSince < 0) botSince = i;
    if (seat === 2 && botSince >= 0) {
      played = i === botSince ? { bot: true, handedOver: 'away' } : i < moves - 40 ? { bot: true } : undefined;
      if (played === undefined && botSince !== -2) {
        played = { takenBack: true };
        botSince = -2;
      }
      if (played) next = IMPERIOS_HOSTED.notePlayed!(state, next, String(seat), ACT, played as never);
    }
    state = next;
    log.push({ action: { type: 'MAKE_MOVE', payload }, ...(played ? { played } : {}) });
  }
  const over = IMPERIOS_HOSTED.forfeit(state, '4', 'forfeit');
  const r = IMPERIOS_HOSTED.record!({
    matchID: 'm',
    state: over,
    initialState,
    metadata: { gameName: 'imperios', players: {}, setupData: { mode: 'tutorial' } } as never,
    log: log as never,
  });
  if ('error' in r) throw new Error(r.error);
  return r.record as ImperiosRecord;
}

describe('IM14.1: the board replays a record exactly as boardgame.io does', () => {
  it("Alea is boardgame.io's: the same numbers from the same seed", () => {
    const game = ProcessGameConfig(makeImperiosGame({ seed: 'alea-check' }));
    const s = InitializeGame({ game, numPlayers: 4 }) as State<ImperiosState>;
    const next = alea('alea-check');
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
