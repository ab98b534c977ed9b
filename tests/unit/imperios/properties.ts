/**
 * The property checks over seeded random games (docs/imperios/RULES.md; issue 23 item 3), shared by the unit tests
 * (properties-*.test.ts, a few dozen games per player count) and the long run (property-run.ts). Set
 * IMPERIOS_PROPERTY_GAMES to play that many games per player count in the unit tests.
 */
import { describe, expect, it } from 'vitest';
import type { ModeId } from '../../../src/games/imperios/content/modes';
import { actionKey, applyAction, createGame, isRefusal, legalActions } from '../../../src/games/imperios/rules';
import { randomGame, type GameRun } from './randomGame';

/**
 * Games per player count: 8 unless IMPERIOS_PROPERTY_GAMES says otherwise. A random Tutorial game takes about
 * 2,000–5,000 moves and 0.5–1 s on a free core, with every state checked (and several times that on a busy machine:
 * 20 per count took over 2 minutes a file beside a balance study), so 8 keep `npm run test:unit` fast; the long run
 * (property-run.ts) plays 1,000 per count in every mode.
 */
export const GAMES = Number(process.env.IMPERIOS_PROPERTY_GAMES ?? 8);

/** The unit tests play the Tutorial mode (the shortest games); the long run mixes the modes (property-run.ts). */
export function unitMode(): ModeId {
  return 'tutorial';
}

/** Every listed action of every seat is accepted, in a sample of a game's states (replaying its moves). */
export function everyListedActionApplies(players: number, mode: ModeId, seed: string, every = 25): number {
  const run = randomGame({ players, mode, seed });
  let state = createGame({ players, mode, seed });
  let checked = 0;
  for (let i = 0; i < run.moves.length; i++) {
    if (i % every === 0) {
      for (let seat = 0; seat < players; seat++) {
        for (const action of legalActions(state, seat)) {
          const next = applyAction(state, seat, action);
          expect(isRefusal(next), `${seed} step ${i} seat ${seat} ${actionKey(action)}`).toBe(false);
          checked++;
        }
      }
    }
    const [seat, text] = splitMove(run.moves[i]);
    const next = applyAction(state, seat, JSON.parse(text));
    if (isRefusal(next)) throw new Error(next.error);
    state = next;
  }
  return checked;
}

export function splitMove(move: string): [number, string] {
  const colon = move.indexOf(':');
  return [Number(move.slice(0, colon)), move.slice(colon + 1)];
}

/** Play `games` random games and check the properties each must hold. */
export function playMany(players: number, games: number, prefix: string): GameRun[] {
  const runs: GameRun[] = [];
  for (let i = 0; i < games; i++) {
    const run = randomGame({ players, mode: unitMode(), seed: `${prefix}-${players}-${i}`, check: true });
    expect(run.state.phase).toBe('over');
    expect(run.state.result!.ranking).toHaveLength(players);
    runs.push(run);
  }
  return runs;
}

const TIMEOUT = Math.max(120_000, GAMES * 20_000);

/** The unit tests' checks for these player counts (one describe; each properties-*.test.ts file runs some counts). */
export function describeProperties(counts: readonly number[]): void {
  describe(`IM4–IM13 properties of random games, ${counts.join(' and ')} players`, () => {
    for (const players of counts) {
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
}
