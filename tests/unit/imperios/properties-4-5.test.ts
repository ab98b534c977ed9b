/**
 * Properties over seeded random games with 4 and 5 players (docs/imperios/RULES.md IM2.2.1, IM2.3.1, IM10.1, IM12):
 * picking uniformly among every seat's legal actions, every game ends; chits and totems are conserved; the census
 * stays in its range; no listed action is refused; the same seed gives the same game. The other player counts are in
 * the sibling file, so that the two run side by side.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, everyListedActionApplies, playMany, unitMode } from './properties';
import { randomGame } from './randomGame';

const TIMEOUT = Math.max(120_000, GAMES * 20_000);

describe('IM4–IM13 properties of random games, 4 and 5 players', () => {
  for (const players of [4, 5]) {
    it(
      `IM12.2, IM2.2.1, IM10.1, IM2.3.1 ${GAMES} games of ${players} end, conserving chits and totems`,
      () => {
        const runs = playMany(players, GAMES, 'prop');
        expect(runs.every((r) => r.state.result !== null)).toBe(true);
      },
      TIMEOUT,
    );

    it(
      `the same seed gives the same game (${players} players)`,
      () => {
        const a = randomGame({ players, mode: unitMode(), seed: `same-${players}` });
        const b = randomGame({ players, mode: unitMode(), seed: `same-${players}` });
        expect(b.moves).toEqual(a.moves);
        expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
        const c = randomGame({ players, mode: unitMode(), seed: `other-${players}` });
        expect(c.moves).not.toEqual(a.moves);
      },
      TIMEOUT,
    );

    it(
      `every action legalActions lists is accepted by applyAction (${players} players, sampled states)`,
      () => {
        expect(everyListedActionApplies(players, unitMode(), `all-${players}`)).toBeGreaterThan(100);
      },
      TIMEOUT,
    );
  }
});
