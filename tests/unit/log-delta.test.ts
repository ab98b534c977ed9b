/**
 * Log deltas (src/protocol/log-delta.ts, server/match/log-delta.ts) without sockets: over whole seeded games with
 * take-backs (which drop log entries) and the end of the game (which shows everyone the whole log), the state a
 * client rebuilds from each delta (sent as JSON) is byte for byte the audience's whole view; a delta never carries
 * an entry the audience's view does not hold; and what does not follow the state held is refused, not guessed.
 */
import type { State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { describe, expect, it } from 'vitest';
import { makeMintImperium, playerOf } from '../../src/game';
import { filterState } from '../../src/game/filter';
import { legalActions, seededRng, type GameState } from '../../src/game/rules';
import { applyLogDelta, moveOf, type LogDeltaUpdate } from '../../src/protocol';
import { logDeltaUpdate } from '../../server/match/log-delta';

type Enumerated = { move: string; args: unknown[] };

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

describe('log deltas', () => {
  it('rebuild every audience\'s whole view exactly, through take-backs and the end of the game', () => {
    let shrunk = 0;
    let ends = 0;
    let partial = 0;
    for (const seed of ['delta-a', 'delta-b']) {
      const { states, takeBacks } = gameStates(seed);
      expect(takeBacks).toBeGreaterThan(3);
      if (states.at(-1)!.G.winner) ends++;
      for (const playerID of ['0', '1', null]) {
        let held = filterState(states[0], playerID);
        for (let i = 1; i < states.length; i++) {
          const view = filterState(states[i], playerID);
          const update = logDeltaUpdate(states[i - 1], states[i], view, playerID);
          // Only entries of the audience's view, and only after the ones it keeps.
          expect(update.entries).toEqual(view.G.log.slice(update.keep));
          if (update.keep < held.G.log.length) shrunk++;
          if (update.kept?.some((k) => k.startsWith('planets.'))) partial++;
          const rebuilt = applyLogDelta(held, JSON.parse(JSON.stringify(update)));
          expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(view));
          held = rebuilt!;
        }
      }
    }
    expect(shrunk).toBeGreaterThan(0);
    expect(ends).toBeGreaterThan(0);
    expect(partial).toBeGreaterThan(100); // planets the move left alone were not sent
  });

  it('refuses a delta that does not follow the state held, or is malformed, and changes nothing', () => {
    const { states } = gameStates('delta-c');
    const held = filterState(states[40], '0');
    const heldJson = JSON.stringify(held);
    const good = JSON.parse(JSON.stringify(logDeltaUpdate(states[40], states[41], filterState(states[41], '0'), '0'))) as LogDeltaUpdate;
    expect(applyLogDelta(held, good)).not.toBeNull();
    const bad: unknown[] = [
      null, 'x', { ...good, base: good.base - 1 }, { ...good, keep: held.G.log.length + 1 }, { ...good, keep: -1 },
      { ...good, keep: 1.5 }, { ...good, entries: 'x' }, { ...good, state: null }, { ...good, kept: ['log'] },
      { ...good, kept: ['__proto__'] }, { ...good, kept: ['nope'] }, { ...good, kept: 'config' }, { ...good, kept: [7] },
      { ...good, kept: ['planets.__proto__'] }, { ...good, kept: ['planets.nope'] }, { ...good, kept: ['log.0'] },
      { ...good, kept: ['__proto__.x'] }, { ...good, kept: ['round.x'] },
    ];
    for (const u of bad) expect(applyLogDelta(held, u), JSON.stringify(u)?.slice(0, 80)).toBeNull();
    expect(applyLogDelta(null, good)).toBeNull();
    expect(JSON.stringify(held)).toBe(heldJson);
  });
});
