/**
 * The balance study (issue 23 item 8; src/games/imperios/sim/balance.ts, docs/imperios/BALANCE.md): self-play games
 * counted by seat, by seniority (IM3.2) and by the Metropolis chosen (IM3.4).
 */
import { describe, expect, it } from 'vitest';
import { metropolisesFor } from '../../../src/games/imperios/content/map';
import { playBalanceGame, summarizeBalance, type BalanceGame } from '../../../src/games/imperios/sim/balance';

const game = (places: number[], seniority: number[], metropolises: string[]): BalanceGame => ({
  seed: 's',
  bot: 'greedy',
  players: places.length,
  mode: 'tutorial',
  places,
  scores: places.map(() => 0),
  metropolises,
  seniority,
  rounds: 10,
  reasons: ['poolOut'],
  randomMetropolis: false,
});

describe('IM3.2, IM3.4 balance by seat, seniority and Metropolis', () => {
  it('counts each win for its seat, its place in the order of choosing and its Metropolis', () => {
    const s = summarizeBalance([
      // Seat 2 wins; it chose second (seniority 1, 2, 0, 3), from Saba.
      game([3, 2, 1, 4], [1, 2, 0, 3], ['india', 'partia', 'saba', 'dravida']),
      // Seat 0 wins; it chose first, from India.
      game([1, 4, 2, 3], [0, 3, 1, 2], ['india', 'saba', 'partia', 'dravida']),
    ]);
    expect(s.games).toBe(2);
    expect(s.even).toBe(0.25);
    expect(s.bySeat.map((x) => x.wins)).toEqual([1, 0, 1, 0]);
    expect(s.bySeat[0].meanPlace).toBe(2);
    expect(s.bySeniority.map((x) => x.wins)).toEqual([1, 1, 0, 0]);
    expect(s.bySeniority[0].games).toBe(2);
    expect(s.byMetropolis.india).toMatchObject({ games: 2, wins: 1, share: 0.5, meanPlace: 2 });
    expect(s.byMetropolis.saba).toMatchObject({ games: 2, wins: 1, meanPlace: 2.5 });
    expect(s.byMetropolis.dravida.wins).toBe(0);
    expect(s.bySeat[1].ci95[0]).toBe(0);
    expect(s.bySeat[1].ci95[1]).toBeGreaterThan(0.5);
    expect(s.endReasons).toEqual({ poolOut: 2 });
  });

  it('refuses to mix player counts', () => {
    expect(() =>
      summarizeBalance([
        game([1, 2, 3, 4], [0, 1, 2, 3], ['a', 'b', 'c', 'd']),
        game([1, 2, 3, 4, 5], [0, 1, 2, 3, 4], ['a', 'b', 'c', 'd', 'e']),
      ]),
    ).toThrow(/one player count/);
  });

  it("plays a whole game, the same again from its seed; drawn Metropolises are legal and differ from the bot's", () => {
    const a = playBalanceGame('prior', 4, 'tutorial', 't', 0, true);
    expect([...a.places].sort()).toEqual([1, 2, 3, 4]);
    expect([...a.seniority].sort()).toEqual([0, 1, 2, 3]);
    const allowed = new Set<string>(metropolisesFor(4));
    for (const m of a.metropolises) expect(allowed.has(m), m).toBe(true);
    expect(new Set(a.metropolises).size).toBe(4);
    expect(playBalanceGame('prior', 4, 'tutorial', 't', 0, true)).toEqual(a);
    // Over a few seeds the drawn Metropolises are not always the ones the bot itself picks.
    const drawn = [0, 1, 2].map((i) => playBalanceGame('prior', 4, 'tutorial', 'd', i, true).metropolises.join());
    const chosen = [0, 1, 2].map((i) => playBalanceGame('prior', 4, 'tutorial', 'd', i, false).metropolises.join());
    expect(drawn).not.toEqual(chosen);
  }, 60_000);
});
