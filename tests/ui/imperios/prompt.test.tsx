// @vitest-environment happy-dom
/**
 * The Imperios board's prompt (issue 23 item 5): it offers exactly the legal choices of each step (the map's
 * glowing territories are the listed targets), and a legal action composed by clicks reaches `act` unchanged.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionKey, legalActions, type Action, type MapAction } from '../../../src/games/imperios/rules';
import { ImperiosBoard } from '../../../src/ui/imperios/ImperiosBoard';
import { createGame } from '../../../src/games/imperios/rules';
import { routeOptions } from '../../../src/ui/imperios/choices';
import { turnWith } from './states';

afterEach(cleanup);

const glowing = (c: HTMLElement) => [...c.querySelectorAll('[data-choice="territory"]')].map((el) => el.getAttribute('data-territory')).sort();

describe('Imperios prompt', () => {
  it('offers exactly the Metropolises the core lists, and a click on the map sends that choice', () => {
    const state = createGame({ players: 4, mode: 'normal', seed: 'ui-imp-setup' });
    const seat = state.pending!.kind === 'metropolis' ? state.pending!.seat : -1;
    const act = vi.fn();
    const { container } = render(<ImperiosBoard view={state} seat={seat} act={act} />);
    const legal = legalActions(state, seat) as Extract<Action, { kind: 'chooseMetropolis' }>[];
    expect(glowing(container)).toEqual(legal.map((a) => a.territory).sort());
    expect(legal.length).toBeGreaterThan(1);
    // A territory that is not offered is not a button.
    expect(container.querySelector('[data-territory="golfoPersico"][data-choice]')).toBeNull();
    const target = legal[legal.length - 1].territory;
    fireEvent.click(container.querySelector(`[data-choice="territory"][data-territory="${target}"]`)!);
    expect(act).toHaveBeenCalledTimes(1);
    expect(act.mock.calls[0][0]).toEqual({ kind: 'chooseMetropolis', territory: target });
  });

  it('composes an Explore by clicks: kind, target on the map, route; act gets the listed action', () => {
    const state = turnWith(4, 'ui-imp-blue', 'blue', 'explore');
    const seat = state.pending!.kind === 'turn' ? state.pending!.seat : -1;
    const legal = legalActions(state, seat);
    const explores = legal.filter((a): a is Extract<MapAction, { kind: 'explore' }> => a.kind === 'explore');
    const act = vi.fn();
    const { container } = render(<ImperiosBoard view={state} seat={seat} act={act} />);
    const prompt = screen.getByTestId('imp-prompt');
    // Step 1: the kinds are exactly those listed.
    const kinds = [...prompt.querySelectorAll('[data-choice^="kind-"]')].map((b) => b.getAttribute('data-choice')!.slice(5));
    expect(kinds).toEqual([...new Set(legal.map((a) => a.kind))]);
    expect(glowing(container)).toEqual([]);
    fireEvent.click(within(prompt).getByRole('button', { name: /^Explore/ }));
    // Step 2: the glowing territories are the listed explore targets, and only those.
    expect(glowing(container)).toEqual(explores.map((a) => a.target).sort());
    const pick = explores[0];
    fireEvent.click(container.querySelector(`[data-choice="territory"][data-territory="${pick.target}"]`)!);
    // Step 3: the routes; the first is the proposed one, each is legal, and it is drawn on the map.
    const routes = [...prompt.querySelectorAll('[data-choice="route"]')].map((b) => b.getAttribute('data-route'));
    expect(routes[0]).toBe(pick.route.join('>'));
    expect(routes).toEqual(routeOptions(state, seat, pick).map((r) => r.join('>')));
    expect(container.querySelector(`[data-testid="imp-map"] [data-route="${pick.route.join('>')}"]`)).not.toBeNull();
    fireEvent.click(prompt.querySelector('[data-choice="route"]')!);
    expect(act).toHaveBeenCalledTimes(1);
    expect(actionKey(act.mock.calls[0][0])).toBe(actionKey(pick));
  });

  it('goes back a step with Escape and offers nothing to a seat the game is not waiting for', () => {
    const state = turnWith(4, 'ui-imp-blue', 'blue', 'explore');
    const seat = state.pending!.kind === 'turn' ? state.pending!.seat : -1;
    const { container, rerender } = render(<ImperiosBoard view={state} seat={seat} act={() => {}} />);
    const prompt = screen.getByTestId('imp-prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: /^Explore/ }));
    expect(glowing(container).length).toBeGreaterThan(0);
    fireEvent.keyDown(prompt, { key: 'Escape' });
    expect(glowing(container)).toEqual([]);
    expect(prompt.querySelector('[data-choice^="kind-"]')).not.toBeNull();
    const other = (seat + 1) % 4;
    rerender(<ImperiosBoard view={state} seat={other} act={() => {}} />);
    expect(screen.getByTestId('imp-prompt').querySelectorAll('[data-choice]').length).toBe(0);
    expect(screen.getByTestId('imp-prompt').textContent).toContain('Waiting for');
  });
});
