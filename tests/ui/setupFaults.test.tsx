// @vitest-environment happy-dom
/**
 * Issue 12, the two faults a new player sees first:
 * 1. R3.9 — before the Rebel chooses a base there is none: the core keeps it absent (null, no placeholder planet),
 *    and the board says "not chosen yet" instead of naming a planet, and no planet card says "Your base".
 * 2. R3.7 — the setup log line says where the Imperial units went, not "0 starfighters on Imperium".
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LETTERS, PLANETS } from '../../src/game/content';
import { apply, createState, seededRng, type GameState } from '../../src/game/rules';
import { invariantErrors } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import { BaseCard } from '../../src/ui/board/FactionPanel';
import { PlanetCard } from '../../src/ui/board/PlanetCard';
import { describeEvent } from '../../src/ui/log/sentences';

afterEach(cleanup);

function afterImperialSetup(seed: string, capitalOnImperium: boolean, fightersOnImperium: number): GameState {
  const rng = seededRng(seed);
  const s = createState(rng);
  const capitalOn = capitalOnImperium ? 'IMP' : s.start.I;
  expect(apply(s, 'I', { type: 'imperialSetup', capitalOn, fightersOnImperium }, rng)).toBe(true);
  return s;
}

describe('R3.9: the base before the Rebel chooses it', () => {
  it('is absent in the core state and every view, and the state stays consistent', () => {
    const s = afterImperialSetup('faults-1', true, 0);
    expect(s.pending).toEqual({ kind: 'chooseBase', seat: 'R' });
    expect(s.base.planet).toBeNull();
    expect(createState(seededRng('faults-2')).base.planet).toBeNull();
    for (const seat of ['R', 'I', null] as const) expect(viewFor(s, seat).base.planet).toBeNull();
    expect(invariantErrors(s)).toEqual([]);
    const rng = seededRng('faults-1b');
    expect(apply(s, 'R', { type: 'chooseBase', planet: 'B' }, rng)).toBe(true);
    expect(s.base.planet).toBe('B');
    expect(viewFor(s, 'I').base.planet).toBe('HIDDEN');
  });

  it('the Rebel board says "not chosen yet" and no planet says "Your base"', () => {
    const s = afterImperialSetup('faults-3', true, 2);
    const view = viewFor(s, 'R');
    const base = render(<BaseCard view={view} viewer="R" />);
    const text = base.container.textContent ?? '';
    expect(text).toContain('not chosen yet');
    expect(text).not.toContain('Hidden on');
    for (const p of Object.values(PLANETS)) expect(text).not.toContain(p.name);
    base.unmount();
    for (const id of LETTERS) {
      const card = render(<PlanetCard view={view} seat="R" id={id} clickable={false} />);
      expect(card.container.textContent).not.toContain('Your base');
      card.unmount();
    }
  });

  it('once chosen, the Rebel board names the base planet and only that card says "Your base"', () => {
    const s = afterImperialSetup('faults-4', true, 2);
    apply(s, 'R', { type: 'chooseBase', planet: 'N' }, seededRng('x'));
    const view = viewFor(s, 'R');
    const base = render(<BaseCard view={view} viewer="R" />);
    expect(base.container.textContent).toContain(`Hidden on ${PLANETS.N.name}`);
    base.unmount();
    const n = render(<PlanetCard view={view} seat="R" id="N" clickable={false} />);
    expect(n.container.textContent).toContain('Your base');
  });
});

describe('R3.7: the Imperial setup sentence says where the units went', () => {
  const sentence = (s: GameState) => describeEvent(s.log.find((e) => e.e === 'imperialSetup')!, 'R')!;

  it('all five starfighters with the Star Fortress: named on its planet, never "0 starfighters"', () => {
    const s = afterImperialSetup('faults-5', true, 0);
    const text = sentence(s);
    const start = PLANETS[s.start.I].name;
    expect(text).not.toMatch(/\b0 starfighters/);
    expect(text).toContain(`the Star Fortress and 5 starfighters on ${start}`);
    expect(text).toContain('the capital ship on Imperium');
  });

  it('a split names both planets with their starfighters', () => {
    const s = afterImperialSetup('faults-6', false, 3);
    const text = sentence(s);
    const start = PLANETS[s.start.I].name;
    expect(text).toContain('the Star Fortress and 3 starfighters on Imperium');
    expect(text).toContain(`the capital ship and 2 starfighters on ${start}`);
  });
});
