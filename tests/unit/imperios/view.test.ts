/**
 * What each player sees (docs/imperios/RULES.md IM14.1, G48).
 */
import { describe, expect, it } from 'vitest';
import { createGame, publicView } from '../../../src/games/imperios/rules';

describe('IM14 what each player sees', () => {
  it('IM14.1, G48 everything is public but what would reveal the coming draws', () => {
    const s = createGame({ players: 4, seed: 'view' });
    const view = publicView(s);
    expect('rng' in view).toBe(false);
    expect(view.civs[0].cup).toEqual(s.civs[0].cup);
    expect(view.seniority).toEqual(s.seniority);
    expect(s.rng).toBeTypeOf('number'); // the state itself keeps it
  });
});
