/**
 * Log deltas (src/protocol/log-delta.ts, server/match/log-delta.ts) without sockets: over whole seeded games with
 * take-backs (which drop log entries) and the end of the game (which shows everyone the whole log), the state a
 * client rebuilds from each delta (sent as JSON) is byte for byte the audience's whole view; a delta never carries
 * an entry the audience's view does not hold, nor a part of the view the move left alone; and what does not
 * follow the state held is refused, not guessed.
 */
import type { State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { describe, expect, it } from 'vitest';
import { makeMintImperium, playerOf } from '../../src/game';
import { filterState, filterStateShared } from '../../src/game/filter';
import { legalActions, seededRng, type GameState } from '../../src/game/rules';
import { VIEW_FIELDS } from '../../src/game/rules/view';
import { addedEntries, applyLogDelta, moveOf, type LogDeltaUpdate } from '../../src/protocol';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { keptView, unknownCtx } from '../../server/match/delta-base';
import { logDeltaUpdate } from '../../server/match/log-delta';

type Enumerated = { move: string; args: unknown[] };

/** Every object of `x` frozen: a write into it then throws (modules are strict). */
function deepFreeze<T>(x: T): T {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return x;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
  return x;
}

/** Every master state of one seeded game to its end, random legal moves, a take-back now and then. */
function gameStates(seed: string): { states: State<GameState>[]; takeBacks: number } {
  const game = makeMintImperium({ seed });
  const client = Client({ game, numPlayers: 2, debug: false });
  client.start();
  const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];
  const rng = seededRng(`${seed}/picks`);
  const states = [client.store.getState() as State<GameState>];
  let takeBacks = 0;
  for (let step = 0; step < 5000; step++) {
    const s = states.at(-1)!;
    if (s.G.winner || !s.G.pending) break;
    const p = playerOf(s.G.pending.seat);
    client.updatePlayerID(p);
    const undo = legalActions(s.G, s.G.pending.seat).some((a) => a.type === 'undo') && rng.int(4) === 0;
    const pick = undo ? moveOf({ type: 'undo' }) : ((o) => o[rng.int(o.length)])(enumerate(s.G, s.ctx, p));
    if (undo) takeBacks++;
    (client.moves as Record<string, (...a: unknown[]) => void>)[pick.move](...pick.args);
    const next = client.store.getState() as State<GameState>;
    if (next._stateID !== s._stateID) states.push(next);
  }
  client.stop();
  return { states, takeBacks };
}

describe('R8.2/R8.3 log deltas: each audience rebuilds its own view and nothing more', () => {
  it('rebuild every audience\'s whole view exactly, through take-backs and the end of the game', () => {
    let shrunk = 0;
    let ends = 0;
    let partial = 0;
    let handsLeft = 0;
    let updates = 0;
    let revealed = 0;
    for (const seed of ['delta-a', 'delta-b']) {
      const { states, takeBacks } = gameStates(seed);
      expect(takeBacks).toBeGreaterThan(3);
      if (states.at(-1)!.G.winner) ends++;
      for (const playerID of ['0', '1', null]) {
        let held = filterState(states[0], playerID);
        for (let i = 1; i < states.length; i++) {
          const view = filterState(states[i], playerID);
          // The server's views share the state's public objects: the same JSON as the copies.
          expect(JSON.stringify(filterStateShared(states[i], playerID))).toBe(JSON.stringify(view));
          const update = logDeltaUpdate(states[i - 1], filterStateShared(states[i - 1], playerID), filterStateShared(states[i], playerID));
          // Only entries of the audience's view (at the end, only those that were hidden from it: below).
          const added = addedEntries(update);
          for (const e of added) expect(view.G.log.includes(e)).toBe(true);
          const taken = update.log.reduce<number>((n, run) => n + (typeof run === 'number' ? run : 0), 0);
          if (taken < held.G.log.length) shrunk++;
          if (states[i].G.winner && !states[i - 1].G.winner && playerID !== '0') {
            expect(taken, 'the end keeps the log held').toBe(held.G.log.length);
            expect(added.length).toBe(view.G.log.length - held.G.log.length);
            revealed++;
          }
          // Nothing the move left alone: every part sent differs from the part held.
          const paths = Object.keys(update.patch.set);
          for (const path of paths) {
            const at = (s: unknown) => path.split('.').reduce((o, k) => (o as Record<string, unknown> | undefined)?.[k], s);
            expect(JSON.stringify(at(held)), path).not.toBe(JSON.stringify(at(view)));
          }
          if (paths.some((p) => p.startsWith('G.planets.'))) partial++;
          if (!paths.some((p) => p.startsWith('G.hands'))) handsLeft++;
          updates++;
          const rebuilt = applyLogDelta(held, JSON.parse(JSON.stringify(update)));
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(view));
          held = rebuilt!;
        }
      }
    }
    expect(shrunk).toBeGreaterThan(0);
    expect(ends).toBeGreaterThan(0);
    expect(revealed).toBe(ends * 2); // the Imperial and the spectator were sent only what was hidden from them
    expect(partial).toBeGreaterThan(100); // planets the move left alone were not sent
    expect(handsLeft).toBeGreaterThan(updates / 2); // nor the (cut) hands when the move did not change them
  });

  it('rebuild the views through boardgame.io\'s reducer, which changes the state before a move in place', () => {
    // As on the server: the master states come from the reducer (each G frozen before its views are cut), and the
    // base of each delta is the view the broadcaster kept (keptView) before the move, or, every fifth move, the view
    // cut again after it (unknownCtx: a base not kept). A base sharing ctx with the state before would miss
    // `_activePlayersNumMoves`.
    const game = ProcessGameConfig(makeMintImperium({ seed: 'delta-reducer' }));
    const reducer = CreateGameReducer({ game });
    const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];
    const rng = seededRng('delta-reducer/picks');
    let st = InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
    const audiences = ['0', '1', null] as const;
    const held = new Map(audiences.map((p) => [p, filterState(st, p)]));
    let moves = 0;
    for (let step = 0; step < 3000 && st.ctx.gameover === undefined && st.G.pending; step++) {
      const playerID = playerOf(st.G.pending.seat);
      // The server's views hold the state's own public objects: cutting them, keeping them and diffing them must
      // never write into the state (frozen here, as the reducer leaves what it shares untouched).
      deepFreeze(st.G);
      // Exactly the public fields are shared (RULES §8: every cut field is the view's own, cut for its audience).
      const shared = filterStateShared(st, '1').G as unknown as Record<string, unknown>;
      for (const [k, how] of Object.entries(VIEW_FIELDS)) {
        const v = (st.G as unknown as Record<string, unknown>)[k];
        if (typeof v === 'object' && v !== null && k !== 'log') expect(shared[k] === v, `${k} (${how})`).toBe(how === 'public');
      }
      const kept = new Map(audiences.map((p) => [p, keptView(filterStateShared(st, p))]));
      const options = enumerate(st.G, st.ctx, playerID);
      const { move, args } = options[rng.int(options.length)]!;
      const next = reducer(st, { type: 'MAKE_MOVE', payload: { type: move, args, playerID } } as never) as State<GameState>;
      if (next._stateID === st._stateID) continue;
      moves++;
      for (const p of audiences) {
        const base = moves % 5 === 0 ? unknownCtx(filterStateShared(st, p)) : kept.get(p)!;
        const view = filterState(next, p);
        const update = logDeltaUpdate(st, base, filterStateShared(next, p));
        const rebuilt = applyLogDelta(held.get(p)!, JSON.parse(JSON.stringify(update)));
        expect(JSON.stringify(rebuilt), `move ${moves}, audience ${p}`).toBe(JSON.stringify(view));
        held.set(p, rebuilt!);
      }
      st = next;
    }
    expect(moves).toBeGreaterThan(100);
  });

  it('refuses a delta that does not follow the state held, or is malformed, and changes nothing', () => {
    const { states } = gameStates('delta-c');
    const held = filterState(states[40], '0');
    const heldJson = JSON.stringify(held);
    const good = JSON.parse(JSON.stringify(logDeltaUpdate(states[40], held, filterState(states[41], '0')))) as LogDeltaUpdate;
    expect(applyLogDelta(held, good)).not.toBeNull();
    const set = (s: Record<string, unknown>) => ({ ...good, patch: { ...good.patch, set: { ...good.patch.set, ...s } } });
    const drop = (d: unknown) => ({ ...good, patch: { ...good.patch, drop: d } });
    const bad: unknown[] = [
      null, 'x', { ...good, base: good.base - 1 }, { ...good, log: [held.G.log.length + 1] }, { ...good, log: [-1] },
      { ...good, log: [1.5] }, { ...good, log: 'x' }, { ...good, log: [3, {}] }, { ...good, log: [held.G.log.length, [], 1] },
      { ...good, log: null }, { ...good, patch: null }, { ...good, patch: { set: 'x' } },
      set({ 'G.log': [] }), set({ 'G.log.0': {} }), set({ '__proto__.x': 1 }), set({ 'G.__proto__': {} }),
      set({ 'G.planets.constructor': 1 }), set({ 'G.round.x': 1 }), set({ 'G..x': 1 }), set({ '': 1 }),
      set({ 'G.nope.x': 1 }), set({ G: 7 }), drop(['G.nope']), drop(['G.planets.A.nope']), drop('G.round'),
      drop([7]), drop(['G.log']), drop(['__proto__']),
    ];
    for (const u of bad) expect(applyLogDelta(held, u), JSON.stringify(u)?.slice(0, 80)).toBeNull();
    expect(applyLogDelta(null, good)).toBeNull();
    expect(JSON.stringify(held)).toBe(heldJson);
  });
});
