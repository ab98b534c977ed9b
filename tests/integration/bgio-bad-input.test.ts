/**
 * "Bad input": every move, called through a boardgame.io Client with wrong types, unknown ids, out-of-range
 * numbers, extra or missing keys, by the wrong player or in the wrong phase, leaves the state (G, ctx, the
 * random generator's state) unchanged and throws nothing. The calls are made at a state for every kind of
 * pending decision of the core, reached by replaying seeded core games through the Client.
 */
import type { State } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { MOVE_NAMES, acceptClientAction, makeMintImperium } from '../../src/game';
import {
  applyLegal, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState,
} from '../../src/game/rules';
import { makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated, type TestClient } from './bgio-helpers';

quietBoardgameIo();

type Args = unknown[];
const without = ({ type: _t, ...rest }: Action) => rest as Record<string, unknown>;

/** Legal argument samples per move (from core games) and, per pending kind, one game and step where it occurs. */
function catalog() {
  const samples: Record<string, Record<string, unknown>[]> = {};
  const seen = new Set<string>();
  const where: Record<string, { seed: string; step: number }> = {};
  for (let g = 0; g < 250; g++) {
    const seed = `bad-${g}`;
    const rng = seededRng(seed);
    const chooser = seededRng(`choices-${seed}`);
    const s = createState(rng);
    let step = 0;
    while (!s.winner) {
      if (needsAdvance(s)) { run(s, rng); continue; }
      const p = s.pending!;
      where[p.kind] ??= { seed, step };
      const acts = legalActions(s, p.seat);
      for (const a of acts) {
        const key = JSON.stringify(a);
        const list = (samples[a.type] ??= []);
        if (list.length < 3 && !seen.has(key)) { seen.add(key); list.push(without(a)); }
      }
      applyLegal(s, acts[chooser.int(acts.length)], rng);
      step++;
    }
  }
  // The take-back (issue 9) is never legal here: applyLegal keeps no undo stack. It has no field, so its sample is
  // the empty argument, refused at every state of the battery.
  samples.undo ??= [{}];
  return { samples, where };
}

const BIG = Object.fromEntries(Array.from({ length: 50000 }, (_, i) => [`k${i}`, i]));
function deep(n: number): unknown {
  let x: unknown = { f: 1 };
  for (let i = 0; i < n; i++) x = { f: x, c: 0, s: 0 };
  return x;
}

/** Argument lists that are wrong for every move (or, for moves without fields, merely equivalent to none). */
const JUNK: Args[] = [
  [], [undefined], [null], [{}], [5], [-1], [Number.NaN], ['pass'], [''], [true], [[]], [[{}]], [{ junk: 1 }],
  [JSON.parse('{"__proto__": {"polluted": true}}')], [{ constructor: { prototype: { polluted: true } } }],
  [Object.create(null)], [{ type: 'pass' }], [{ type: 'chooseBase', planet: 'A' }], [deep(2000)],
  [{}, {}], [undefined, 1], [new Date(0)], [new Map()],
  // Arguments boardgame.io cannot print in its "invalid move" message (it would throw): refused via the guard.
  [JSON.parse('{"toString": 1}')], [{ toString: 1, valueOf: 1 }], [[Object.create(null)]], [{}, Object.create(null)],
];

const BAD_VALUES: unknown[] = [null, undefined, -1, 0.5, 1e9, Number.POSITIVE_INFINITY, 'ZZZ', '', true, {}, [], ['A']];

/** Near misses of a legal argument object: every key missing, replaced by a bad value, nested keys too, extras. */
function mutations(arg: Record<string, unknown>): Args[] {
  const out: Args[] = [];
  for (const k of Object.keys(arg)) {
    const { [k]: _drop, ...rest } = arg;
    out.push([rest]);
    for (const v of BAD_VALUES) out.push([{ ...arg, [k]: v }]);
    const inner = arg[k];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      for (const ik of Object.keys(inner)) {
        for (const v of [-1, 99, 'f', null]) out.push([{ ...arg, [k]: { ...inner, [ik]: v } }]);
        const { [ik]: _d, ...innerRest } = inner as Record<string, unknown>;
        out.push([{ ...arg, [k]: innerRest }]);
      }
      out.push([{ ...arg, [k]: { ...inner, extra: 0 } }]);
    }
    if (Array.isArray(inner)) {
      out.push([{ ...arg, [k]: [...inner, 0] }], [{ ...arg, [k]: inner.slice(1) }], [{ ...arg, [k]: inner.map(() => -1) }]);
    }
  }
  out.push([{ ...arg, extra: 1 }], [{ ...arg, type: 'x' }], [{ ...arg, __proto__: { polluted: true } }], [arg, arg]);
  return out;
}

const canon = (x: unknown): string => JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));

/** True when this call is one of the legal moves now (then it is not bad input and is skipped). */
function isLegalCall(legal: Enumerated[], pid: string, pending: string, move: string, args: Args): boolean {
  if (pid !== pending || args.length > 1) return false;
  const a = args[0] ?? {};
  if (typeof a !== 'object' || Array.isArray(a)) return false;
  // A move without fields is enumerated with no argument (src/protocol/moves.ts): the same call as an empty one.
  return legal.some((m) => m.move === move && canon(m.args[0] ?? {}) === canon(a));
}

let calls = 0;

/** Make the call and check that nothing threw and nothing changed. */
function expectRefused(client: TestClient, pid: string, move: string, args: Args, label: string): void {
  const before = master(client);
  const random = JSON.stringify(before.plugins.random?.data);
  expect(() => play(client, pid, move, args), label).not.toThrow();
  const after = master(client);
  expect(after.G, label).toBe(before.G);
  expect(after.ctx, label).toBe(before.ctx);
  expect(after._stateID, label).toBe(before._stateID);
  expect(JSON.stringify(after.plugins.random?.data), label).toBe(random);
  expect(({} as Record<string, unknown>).polluted, label).toBeUndefined();
  calls++;
}

/** Every bad call at the client's current state. */
function battery(client: TestClient, enumerate: (G: GameState, ctx: unknown, id: string) => Enumerated[],
  samples: Record<string, Record<string, unknown>[]>, label: string, first: boolean): void {
  const { G, ctx } = master(client);
  const pending = pendingPlayer(G)!;
  const other = pending === '0' ? '1' : '0';
  const legal = enumerate(G, ctx, pending);
  const tryCall = (pid: string, move: string, args: Args, what: string) => {
    if (isLegalCall(legal, pid, pending, move, args)) return;
    expectRefused(client, pid, move, args, `${label}: ${move} ${what} by ${pid}`);
  };

  const byType = new Map<string, Enumerated[]>();
  for (const m of legal) byType.set(m.move, [...(byType.get(m.move) ?? []), m]);
  for (const move of MOVE_NAMES) {
    // Junk is refused on its shape, whatever the state: every move at the first state, then the moves legal now.
    if (first || byType.has(move)) JUNK.forEach((args, i) => tryCall(pending, move, args, `junk #${i}`));
    // A 50 000-key object costs tens of ms to refuse (V8 enumerates its keys): only at the first state.
    if (first) tryCall(pending, move, [BIG], 'huge object');
    // Legal somewhere in some game: wrong phase, wrong decision, stale ids.
    for (const s of samples[move] ?? []) tryCall(pending, move, [s], `sample ${JSON.stringify(s)}`);
  }
  // Near misses of the legal moves now (first and last of each type).
  for (const [move, list] of byType) {
    for (const m of new Set([list[0], list[list.length - 1]])) {
      mutations((m.args[0] ?? {}) as Record<string, unknown>).forEach((args, i) => tryCall(pending, move, args, `mutation #${i}`));
    }
  }
  // The legal moves, by the wrong player or by no seat.
  for (const m of [...legal.slice(0, 5), ...legal.slice(-5)]) {
    for (const pid of [other, '2', 'x', '']) tryCall(pid, m.move, m.args, 'legal args, wrong player');
  }
}

describe('bad input to every move through a Client', () => {
  const { samples, where } = catalog();

  it('the catalog covers every move and every pending kind', () => {
    expect(Object.keys(samples).sort()).toEqual([...MOVE_NAMES].sort());
    expect(Object.keys(where).length).toBeGreaterThanOrEqual(20);
  });

  it('changes nothing and throws nothing, at a state of every pending kind', () => {
    const todo = new Map<string, Set<number>>();
    for (const [kind, w] of Object.entries(where)) {
      if (!todo.has(w.seed)) todo.set(w.seed, new Set());
      todo.get(w.seed)!.add(w.step);
      void kind;
    }
    const done = new Set<string>();
    for (const [seed, steps] of todo) {
      const { game, client } = makeClient(seed);
      const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];
      const chooser = seededRng(`choices-${seed}`);
      const last = Math.max(...steps);
      for (let step = 0; step <= last; step++) {
        const { G, ctx } = master(client);
        expect(ctx.gameover).toBeUndefined();
        if (steps.has(step)) {
          battery(client, enumerate, samples, `${seed} step ${step} (${G.pending!.kind}, phase ${ctx.phase})`,
            done.size === 0);
          done.add(G.pending!.kind);
        }
        const p = pendingPlayer(G)!;
        const options = enumerate(G, ctx, p);
        const c = options[chooser.int(options.length)];
        play(client, p, c.move, c.args);
      }
    }
    expect([...done].sort()).toEqual(Object.keys(where).sort());
    expect(calls).toBeGreaterThan(4000);
  });

  it('after the game is over, every move is refused', () => {
    const { game, client } = makeClient('bad-over');
    const enumerate = game.ai!.enumerate as (G: GameState, ctx: unknown, id: string) => Enumerated[];
    const chooser = seededRng('choices-bad-over');
    let last: { move: string; args: Args } | null = null;
    while (master(client).ctx.gameover === undefined) {
      const { G, ctx } = master(client);
      const p = pendingPlayer(G)!;
      const options = enumerate(G, ctx, p);
      last = options[chooser.int(options.length)];
      play(client, p, last.move, last.args);
    }
    for (const pid of ['0', '1']) {
      expect(enumerate(master(client).G, master(client).ctx, pid)).toEqual([]);
      for (const move of MOVE_NAMES) expectRefused(client, pid, move, [{}], `after gameover: ${move}`);
      expectRefused(client, pid, last!.move, last!.args, 'after gameover: the last move again');
    }
  });

  it('raw actions: unknown move names (Object.prototype ones too) change nothing', () => {
    const { client } = makeClient('bad-raw');
    for (const type of ['nope', 'toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf']) {
      for (const playerID of ['0', '1']) {
        const before = master(client);
        expect(() => client.store.dispatch({
          type: 'MAKE_MOVE', payload: { type, args: [{}], playerID, credentials: '' },
        } as never)).not.toThrow();
        const after = master(client);
        expect(after.G).toBe(before.G);
        expect(after.ctx).toBe(before.ctx);
        expect(after._stateID).toBe(before._stateID);
      }
    }
  });

  it('the move functions themselves refuse a legal action for the wrong seat, and odd arguments, without throwing', () => {
    const game = makeMintImperium({ seed: 'bad-direct' });
    const { client } = makeClient('bad-direct');
    const { G, ctx } = master(client);
    const moves = game.moves as Record<string, { move: (...a: unknown[]) => unknown }>;
    const random = { Die: () => { throw new Error('no randomness expected'); } };
    const throwing = new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } });
    const getter = Object.defineProperty({}, 'planet', { enumerable: true, get() { throw new Error('getter'); } });
    const legal = legalActions(G, G.pending!.seat);
    for (const a of legal) {
      const copy = structuredClone(G) as GameState;
      // '1' is the pending seat at setup (Imperial): the Rebel, a spectator and junk ids may not act.
      for (const playerID of ['0', '2', null, undefined, '__proto__']) {
        expect(moves[a.type].move({ G: copy, ctx, playerID, random }, without(a))).toBe('INVALID_MOVE');
      }
      expect(copy).toEqual(G);
    }
    for (const type of MOVE_NAMES) {
      const copy = structuredClone(G) as GameState;
      for (const arg of [throwing, getter, deep(5000)]) {
        expect(() => moves[type].move({ G: copy, ctx, playerID: '1', random }, arg)).not.toThrow();
        expect(moves[type].move({ G: copy, ctx, playerID: '1', random }, arg)).toBe('INVALID_MOVE');
      }
      expect(copy).toEqual(G);
    }
  });

  it('acceptClientAction lets only our moves through (no events, undo, redo, plugin actions)', () => {
    const move = (type: unknown, extra: object = {}) => ({ type: 'MAKE_MOVE', payload: { type, args: [{}], playerID: '0', ...extra } });
    for (const name of MOVE_NAMES) expect(acceptClientAction(move(name))).toBe(true);
    expect(acceptClientAction({ type: 'MAKE_MOVE', payload: { type: 'pass', playerID: '0' } })).toBe(true);
    expect(acceptClientAction(move('pass'), '0')).toBe(true);
    expect(acceptClientAction(move('pass'), '1')).toBe(false); // spoofing the other seat (STACK.md hole 2)
    expect(acceptClientAction(move('pass', { args: [JSON.parse('{"toString": 1}')] }))).toBe(false);
    expect(acceptClientAction(move('pass', { args: [Object.create(null)] }))).toBe(false);
    expect(acceptClientAction(move({ toString: 1 }))).toBe(false);
    for (const bad of [
      move('toString'), move('__proto__'), move('nope'), move(5), move('pass', { args: 'x' }), move('pass', { playerID: 0 }),
      { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: '0' } },
      { type: 'GAME_EVENT', payload: { type: 'toString', args: [], playerID: '0' } },
      { type: 'UNDO', payload: { type: null, args: null, playerID: '0' } },
      { type: 'PLUGIN', payload: { type: 'x', args: [], playerID: '0' } },
      null, undefined, 'MAKE_MOVE', [], { type: 'MAKE_MOVE' }, { type: 'MAKE_MOVE', payload: null },
    ]) expect(acceptClientAction(bad)).toBe(false);
  });

  it('raw GAME_EVENTs cannot end the game, change seats or stages; the others leave G and the derived flow intact', () => {
    const { client } = makeClient('bad-events');
    const send = (type: string, args: unknown[], playerID: string) => client.store.dispatch({
      type: 'GAME_EVENT', payload: { type, args, playerID, credentials: '' },
    } as never);
    // Refused outright by the 'mint-guard' plugin: ctx unchanged.
    for (const [type, args] of [
      ['endGame', [{ winner: '1' }]], ['setActivePlayers', [{ all: 'respond' }]], ['setActivePlayers', [['0', '1']]],
      ['pass', [{ remove: true }]], ['endTurn', [{ next: '0' }]], ['setStage', ['respond']], ['endStage', []],
    ] as [string, unknown[]][]) {
      const before = master(client);
      send(type, args, before.ctx.currentPlayer);
      const after = master(client);
      expect(after.G, type).toBe(before.G);
      expect(after.ctx.gameover, type).toBeUndefined();
      expect(after.ctx.currentPlayer, type).toBe(before.ctx.currentPlayer);
      expect(after.ctx.activePlayers, type).toEqual(before.ctx.activePlayers);
      expect(after.ctx.playOrder, type).toEqual(['0', '1']);
    }
    // setPhase / endPhase / endTurn are undone by the derivation itself (the phase ends again and `next` is G.phase).
    for (const [type, args] of [['setPhase', ['operations']], ['endPhase', []], ['endTurn', []]] as [string, unknown[]][]) {
      const before = master(client);
      send(type, args, before.ctx.currentPlayer);
      const after = master(client) as State<GameState>;
      expect(after.G, type).toBe(before.G);
      expect(after.ctx.phase, type).toBe(after.G.phase);
      expect(after.ctx.currentPlayer, type).toBe(before.ctx.currentPlayer);
    }
  });
});
