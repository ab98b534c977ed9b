/**
 * Imperios as the platform hosts it (server/games/imperios.ts) and its baseline bots (src/games/imperios/ai):
 * views without the generator (IM14.1) and with a bounded log, the envelope and legality filters, whose decision is
 * due, the G56 forfeit, a record that replays, and bots that only ever choose legal actions.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { afterAll, describe, expect, it } from 'vitest';
import {
  imperiosBots,
  IMPERIOS_BOTS,
  IMPERIOS_HOSTED,
  onlineView,
  VIEW_LOG_ROUNDS,
} from '../../../server/games/imperios';
import { estimate, greedyAction, randomAction } from '../../../src/games/imperios/ai/baseline';
import { ACT, makeImperiosGame } from '../../../src/games/imperios/game';
import { replayImperios, type ImperiosRecord } from '../../../src/games/imperios/record';
import {
  actionKey,
  applyAction,
  awaitedSeats,
  createGame,
  isRefusal,
  legalActions,
  publicView,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';

// boardgame.io's per-move serialisability check walks all of G (docs/bgio-notes.md): off, as on a real server.
const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

/** A boardgame.io state of a 4-player Tutorial game after `moves` random awaited decisions. */
function played(moves: number, seed = 'hosted') {
  const game = ProcessGameConfig(makeImperiosGame({ seed, mode: 'tutorial' }));
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game, numPlayers: 4 }) as State<ImperiosState>;
  const chooser = { rng: seedState(`${seed}-moves`) };
  const log: { playerID: string; args: unknown[] }[] = [];
  for (let i = 0; i < moves && state.ctx.gameover === undefined; i++) {
    const seat = awaitedSeats(state.G)[0];
    const legal = legalActions(state.G, seat);
    const args = [legal[randomInt(chooser, legal.length)]];
    state = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: ACT, args, playerID: String(seat) },
    } as never) as State<ImperiosState>;
    log.push({ playerID: String(seat), args });
  }
  return { state, log, game };
}

describe('IM14.1: what the platform sends of a state', () => {
  it('every audience gets the public view, never the generator nor the random plugin', () => {
    const { state } = played(40);
    for (const who of [null, '0', '3']) {
      const view = IMPERIOS_HOSTED.viewState(state, who);
      expect('rng' in view.G).toBe(false);
      expect(JSON.stringify(view)).not.toMatch(/"rng"|prngstate|"seed"/);
      expect(view.G).toEqual(onlineView(state.G, false));
      expect({ ...view.G, rng: state.G.rng, log: state.G.log }).toEqual(state.G);
    }
    expect('rng' in IMPERIOS_BOTS.view(state, '2')).toBe(false);
  });

  it(`carries the last ${VIEW_LOG_ROUNDS} rounds of the log while the game runs, all of it at the end`, () => {
    let G = createGame({ players: 4, mode: 'tutorial', seed: 'log' });
    const chooser = { rng: seedState('log-moves') };
    while (G.round < 5) {
      const seat = awaitedSeats(G)[0];
      const legal = legalActions(G, seat);
      G = applyAction(G, seat, legal[randomInt(chooser, legal.length)]) as ImperiosState;
    }
    const view = onlineView(G, false);
    expect(view.log).toHaveLength(G.log.length);
    expect(view.log.slice(-VIEW_LOG_ROUNDS)).toEqual(G.log.slice(-VIEW_LOG_ROUNDS));
    expect(view.log.slice(0, -VIEW_LOG_ROUNDS).every((r) => r.length === 0)).toBe(true);
    expect(onlineView(G, true).log).toEqual(G.log);
  });
});

describe('IM15: moves as the platform filters them', () => {
  it('accepts only act with one plain action, made as the socket seat', () => {
    const { state } = played(3);
    const seat = awaitedSeats(state.G)[0];
    const action = legalActions(state.G, seat)[0];
    const make = (type: unknown, args: unknown, playerID: unknown) => ({
      type: 'MAKE_MOVE',
      payload: { type, args, playerID },
    });
    const id = String(seat);
    expect(IMPERIOS_HOSTED.acceptClientAction(make(ACT, [action], id), id)).toBe(true);
    expect(IMPERIOS_HOSTED.acceptClientAction(make(ACT, [action], id), String((seat + 1) % 4))).toBe(false);
    for (const bad of [
      make('endTurn', [action], id),
      make(ACT, [], id),
      make(ACT, [action, action], id),
      make(ACT, ['x'], id),
      make(ACT, [[action]], id),
      make(ACT, [Object.assign(Object.create(null), { kind: 'x' })], id),
      make(ACT, [{ toString: 1 }], id),
      { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: id } },
      null,
    ]) {
      expect(IMPERIOS_HOSTED.acceptClientAction(bad, id), JSON.stringify(bad)).toBe(false);
    }
    expect(IMPERIOS_HOSTED.isLegalMove(state.G, id, ACT, [action])).toBe(true);
    expect(IMPERIOS_HOSTED.isLegalMove(state.G, String((seat + 1) % 4), ACT, [action])).toBe(false);
    expect(IMPERIOS_HOSTED.isLegalMove(state.G, id, ACT, [{ kind: 'endTurn' }])).toBe(false);
    expect(IMPERIOS_HOSTED.isLegalMove(state.G, id, 'other', [action])).toBe(false);
    expect(IMPERIOS_HOSTED.isLegalMove(state.G, '9', ACT, [action])).toBe(false);
    expect(IMPERIOS_HOSTED.nextToMove(state)).toBe(id);
    expect(IMPERIOS_HOSTED.awaiting!(state)).toEqual(awaitedSeats(state.G).map(String));
  });
});

describe('G56: a leaver ends the game, ranked last', () => {
  it('scores everyone as at the end, the leaver last; the record replays it', () => {
    const { state, log } = played(60);
    const over = IMPERIOS_HOSTED.forfeit(state, '1', 'forfeit');
    expect(over._stateID).toBe(state._stateID + 1);
    expect(over.G.phase).toBe('over');
    expect(over.G.pending).toBeNull();
    expect(over.G.result!.ranking[3]).toBe(1);
    expect(over.ctx.gameover).toMatchObject({ forfeit: { playerID: '1', reason: 'forfeit' }, reasons: ['forfeit'] });
    expect(over.ctx.gameover.ranking[3]).toBe('1');
    expect(IMPERIOS_HOSTED.nextToMove(over)).toBeNull();
    expect(() => IMPERIOS_HOSTED.forfeit(state, '7', 'forfeit')).toThrow();
    const r = IMPERIOS_HOSTED.record!({
      matchID: 'm',
      state: over,
      initialState: played(0).state,
      metadata: { gameName: 'imperios', players: {}, setupData: { mode: 'tutorial' } } as never,
      log: log.map((m) => ({ action: { type: 'MAKE_MOVE', payload: { type: ACT, ...m } } })) as never,
    });
    if ('error' in r) throw new Error(r.error);
    const record = r.record as ImperiosRecord;
    expect(record.moves).toHaveLength(60);
    const replay = replayImperios(record);
    if ('error' in replay) throw new Error(replay.error);
    expect(replay.states[replay.states.length - 1].G).toEqual(over.G);
    // A record whose moves were changed does not replay.
    const forged = { ...record, moves: record.moves.slice(1) };
    expect(replayImperios(forged)).toHaveProperty('error');
  });
});

describe('The baseline bots', () => {
  it('choose only legal actions, from a view without the generator', () => {
    let G = createGame({ players: 5, mode: 'tutorial', seed: 'bots' });
    const chooser = { rng: seedState('bots-rnd') };
    const rnd = () => randomInt(chooser, 1 << 30) / (1 << 30);
    for (let i = 0; i < 300 && G.phase !== 'over'; i++) {
      const seat = awaitedSeats(G)[0];
      const view = publicView(G);
      const action = (i % 2 === 0 ? greedyAction : randomAction)(view, seat, rnd)!;
      const keys = legalActions(G, seat).map(actionKey);
      expect(keys).toContain(actionKey(action));
      const next = applyAction(G, seat, action);
      expect(isRefusal(next)).toBe(false);
      G = next as ImperiosState;
    }
    expect(randomAction(publicView(G), (awaitedSeats(G)[0] + 1) % 5, rnd)).toBeNull();
    expect(typeof estimate(G, 0)).toBe('number');
  });
});

describe('The server bots (IMPERIOS_BOTS)', () => {
  it('every kind, the search bot that takes handed-over seats included, answers a legal act from the view', async () => {
    expect(Object.keys(IMPERIOS_BOTS.kinds)).toEqual(['greedy', 'random', 'search', 'search-normal', 'search-hard']);
    expect(IMPERIOS_BOTS.handoverKind).toBe('search');
    // The search levels in a worker thread, with short budgets here (the server's are 150 ms, 600 ms, 3 s).
    const players = imperiosBots({ budgetMs: { easy: 20, normal: 20, hard: 20 } }).start();
    const { state } = played(30, 'server-bots');
    for (const kind of Object.keys(IMPERIOS_BOTS.kinds)) {
      const seat = awaitedSeats(state.G)[0];
      const choice = await players.choose(kind, IMPERIOS_BOTS.view(state, String(seat)), String(seat), {
        matchID: 'm',
      });
      expect(choice.move).toBe(ACT);
      expect(legalActions(state.G, seat).map(actionKey), kind).toContain(actionKey(choice.args[0] as never));
    }
    await players.close();
  });
});
