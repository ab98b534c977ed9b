/**
 * The simulate CLI's function (src/sim/simulate.ts): the core and boardgame.io routes play the same games for
 * the same seed, errors are counted instead of aborting the run, and the summary adds up.
 */
import { describe, expect, it } from 'vitest';
import { makeMintImperium } from '../../src/game';
import { makeConfig } from '../../src/game/content';
import { progress, progressLine } from '../../src/cli/progress';
import { parseSimulateArgs } from '../../src/cli/simulate';
import { simulate, summarize, type GameOutcome } from '../../src/sim/simulate';

const GAMES = 20;
const perGame = (o: GameOutcome) => ({
  seed: o.seed, winner: o.winner, reason: o.reason, rounds: o.rounds, steps: o.steps, fingerprint: o.fingerprint, error: o.error,
});

describe('simulate: core and boardgame.io routes', () => {
  it(`plays the same ${GAMES} games by both routes for the same seed`, async () => {
    const core = await simulate({ games: GAMES, seed: 'same-games', via: 'core', fingerprints: true });
    const bgio = await simulate({ games: GAMES, seed: 'same-games', via: 'bgio', fingerprints: true });
    expect(core.summary.errors).toBe(0);
    expect(bgio.summary.errors).toBe(0);
    // Winners, reasons, rounds and step counts game by game, and even the final states (fingerprints).
    expect(bgio.outcomes.map(perGame)).toEqual(core.outcomes.map(perGame));
    expect({ ...bgio.summary, via: 'core' }).toEqual(core.summary);
    expect(bgio.summary.via).toBe('bgio');
  });

  it('passes a config to both routes', async () => {
    const config = makeConfig({ objectiveStart: 8, handLimit: 5 });
    const core = await simulate({ games: 3, seed: 'cfg', via: 'core', config, fingerprints: true });
    const bgio = await simulate({ games: 3, seed: 'cfg', via: 'bgio', config, fingerprints: true });
    const plain = await simulate({ games: 3, seed: 'cfg', via: 'core', fingerprints: true });
    expect(bgio.outcomes.map(perGame)).toEqual(core.outcomes.map(perGame));
    expect(core.outcomes.map((o) => o.fingerprint)).not.toEqual(plain.outcomes.map((o) => o.fingerprint));
  });
});

describe('simulate: summary and errors', () => {
  it('counts a failing game as an error and goes on', async () => {
    const seen: number[] = [];
    const res = await simulate({
      games: 4,
      seed: 'err',
      via: 'bgio',
      makeGame: (o) => {
        if (o.seed === 'err-1') throw new Error('boom');
        return makeMintImperium(o);
      },
      onGame: (_o, done) => seen.push(done),
    });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(res.summary.errors).toBe(1);
    expect(res.summary.games).toBe(4);
    expect(res.summary.rebelWins + res.summary.imperialWins).toBe(3);
    expect(res.outcomes[1].error).toBe('boom');
    expect(res.outcomes[1].stack).toContain('boom');
  });

  it('counts games that run too long as errors, keeping the first stacks only', async () => {
    const res = await simulate({ games: 7, seed: 'long', via: 'core', maxSteps: 3, keepStacks: 2 });
    expect(res.summary.errors).toBe(7);
    expect(res.summary.rounds).toEqual({ median: 0, min: 0, max: 0 });
    expect(res.outcomes.filter((o) => o.stack).length).toBe(2);
  });

  it('summarises winners, reasons and rounds', () => {
    const o = (winner: 'R' | 'I', reason: 'objectives' | 'occupation', rounds: number): GameOutcome =>
      ({ index: 0, seed: 's', winner, reason, rounds, steps: 1 });
    const s = summarize([o('R', 'objectives', 9), o('I', 'occupation', 4), o('R', 'objectives', 11),
      o('R', 'objectives', 10), { index: 4, seed: 's', winner: null, reason: null, rounds: 0, steps: 0, error: 'x' }],
    'core', 'S');
    expect(s).toEqual({
      games: 5, rebelWins: 3, imperialWins: 1, winReasons: { objectives: 3, occupation: 1 },
      rounds: { median: 9.5, min: 4, max: 11 }, errors: 1, via: 'core', seed: 'S',
    });
  });
});

describe('simulate CLI pieces', () => {
  it('parses its arguments', () => {
    expect(parseSimulateArgs(['--games', '12', '--seed', 'abc', '--via', 'bgio'])).toEqual(
      { games: 12, seed: 'abc', via: 'bgio', config: undefined },
    );
    expect(() => parseSimulateArgs(['--games', 'x'])).toThrow(/games/);
    expect(() => parseSimulateArgs(['--via', 'server'])).toThrow(/via/);
  });

  it('formats a progress line and stays silent off a TTY', () => {
    expect(progressLine('sim', 50, 200, 1000, 10)).toBe('sim [###-------]  25% 50/200  50.0/s  ETA 3.0s');
    expect(progressLine('', 200, 200, 500, 4)).toBe('[####] 100% 200/200  400/s  ETA 0.0s');
    const writes: string[] = [];
    const fake = { isTTY: false, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream;
    const bar = progress(10, { stream: fake });
    bar.update(5);
    bar.done();
    expect(writes).toEqual([]);
    const tty = { isTTY: true, columns: 80, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream;
    const shown = progress(10, { stream: tty, enabled: true, intervalMs: 0 });
    shown.update(5);
    shown.done();
    expect(writes.join('')).toContain('5/10');
    expect(writes[writes.length - 1]).toBe('\n');
  });
});
