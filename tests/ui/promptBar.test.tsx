// @vitest-environment happy-dom
/**
 * The prompt bar and the board offer exactly the legal choices of the pending decision, step by step, and a
 * completed choice sends exactly one legal action.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANETS, type Faction, type LeaderId } from '../../src/game/content';
import { actionKey, legalActions, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { planetLabel } from '../../src/ui/format';
import { optionLabel } from '../../src/ui/prompt/wording';
import { stateAt } from './states';

afterEach(cleanup);

function renderBoard(state: GameState, seat: Faction) {
  const view = viewFor(state, seat);
  const onAction = vi.fn<(a: Action) => void>();
  const utils = render(<Board view={view} seat={seat} onAction={onAction} />);
  const prompt = screen.getByTestId('prompt');
  return { ...utils, view, onAction, prompt };
}

/**
 * The offered choice buttons (data-choice). Not counted: unavailable choices, shown disabled with their reason
 * (tests/ui/unavailable.test.tsx), "Details" of a revealed mission (tests/ui/details.test.tsx), and the "why?"
 * link to the rule (issue 12 item 2), which has no data-choice.
 */
const buttonNames = (el: HTMLElement) => within(el).queryAllByRole('button')
  .filter((b) => b.hasAttribute('data-choice') && !(b as HTMLButtonElement).disabled).map((b) => b.textContent?.trim());

describe('prompt bar', () => {
  it('imperialSetup: asks for the capital ship planet, then the split; sends the chosen setup', () => {
    const s = stateAt('imperialSetup');
    const { prompt, onAction } = renderBoard(s, 'I');
    expect(prompt.textContent).toContain('Imperial: set up your fleet');
    expect(buttonNames(prompt)).toEqual(['Imperium', planetLabel(s.start.I)]);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Imperium' }));
    expect(buttonNames(prompt)).toEqual([...[0, 1, 2, 3, 4, 5].map((n) => `${n} on Imperium`), '← Back']);
    fireEvent.click(within(prompt).getByRole('button', { name: '3 on Imperium' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0][0]).toEqual({ type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 });
  });

  it('plan: "Plan a mission…" then a card and a leader; "Done planning" sends endPlanning', () => {
    const s = stateAt('plan');
    const seat = s.pending!.seat;
    const { prompt, onAction } = renderBoard(s, seat);
    expect(buttonNames(prompt)).toEqual(['Plan a mission…', 'Done planning']);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Plan a mission…' }));
    const cards = buttonNames(prompt).filter((n) => n !== '← Back');
    expect(cards.length).toBe(s.hands[seat].length);
    fireEvent.click(within(prompt).getAllByRole('button', { name: /^(?!why)/i })[0]);
    fireEvent.click(within(prompt).getAllByRole('button', { name: /^(?!why)/i })[0]);
    const sent = onAction.mock.calls[0][0];
    expect(sent.type).toBe('planMission');
    expect(legalActions(s, seat).map(actionKey)).toContain(actionKey(sent));
    cleanup();
    const again = renderBoard(s, seat);
    fireEvent.click(within(again.prompt).getByRole('button', { name: 'Done planning' }));
    expect(again.onAction.mock.calls[0][0]).toEqual({ type: 'endPlanning' });
  });

  it('oppose: one button per opposing leader plus "Don\'t oppose"', () => {
    const s = stateAt('oppose', 'ui-oppose', (a) => a.type === 'revealMission');
    const seat = s.pending!.seat;
    const legal = legalActions(s, seat);
    const { prompt, onAction } = renderBoard(s, seat);
    expect(prompt.textContent).toContain('Send a leader to oppose it?');
    // A single type (oppose) with one field is asked directly; "Don't oppose" is its own type.
    const names = buttonNames(prompt);
    expect(names).toContain("Don't oppose");
    const leaders = legal.filter((a) => a.type === 'oppose').map((a) => (a as { leader: LeaderId }).leader);
    if (leaders.length > 0) {
      // "Oppose…" first, then one button per leader.
      fireEvent.click(within(prompt).getByRole('button', { name: 'Oppose…' }));
      const shown = buttonNames(prompt).filter((n) => n !== '← Back');
      expect(shown).toEqual(leaders.map((l) => optionLabel('leader', l, viewFor(s, seat), seat)));
      fireEvent.click(within(prompt).getByRole('button', { name: /^Back/ }));
    }
    fireEvent.click(within(prompt).getByRole('button', { name: "Don't oppose" }));
    expect(onAction.mock.calls[0][0]).toEqual({ type: 'declineOpposition' });
    expect(legal.some((a) => a.type === 'declineOpposition')).toBe(true);
  });

  it('turn: a fleet move is built by clicking glowing planets and always ends in a legal action', () => {
    const s = stateAt('turn', 'ui-turn', (a) => a.type !== 'pass');
    const seat = s.pending!.seat;
    const legal = legalActions(s, seat);
    const { container, prompt, onAction } = renderBoard(s, seat);
    expect(buttonNames(prompt)).toContain('Pass');
    const moves = legal.filter((a) => a.type === 'moveFleet') as Extract<Action, { type: 'moveFleet' }>[];
    expect(moves.length).toBeGreaterThan(0);
    const sources = new Set(moves.map((m) => m.from));
    const clickable = [...container.querySelectorAll('[data-planet][data-clickable]')].map((el) => el.getAttribute('data-planet'));
    expect(new Set(clickable)).toEqual(sources);
    const from = moves[0].from;
    fireEvent.click(container.querySelector(`[data-planet="${from}"]`)!);
    const dests = new Set(moves.filter((m) => m.from === from).map((m) => m.to));
    const nowClickable = [...container.querySelectorAll('[data-planet][data-clickable]')].map((el) => el.getAttribute('data-planet'));
    expect(new Set(nowClickable)).toEqual(dests);
    fireEvent.click(container.querySelector(`[data-planet="${moves[0].to}"]`)!);
    // Units: the picker starts at the largest legal group; confirm, then answer any remaining step.
    for (let i = 0; i < 4 && onAction.mock.calls.length === 0; i++) {
      const confirm = within(prompt).queryByRole('button', { name: 'Confirm units' });
      if (confirm) fireEvent.click(confirm);
      else fireEvent.click(within(prompt).getAllByRole('button').find((b) => !b.textContent?.includes('Back') && b.dataset.testid !== 'why')!);
    }
    expect(onAction).toHaveBeenCalledTimes(1);
    const sent = onAction.mock.calls[0][0];
    expect(sent.type).toBe('moveFleet');
    expect(legal.map(actionKey)).toContain(actionKey(sent));
  });

  it('deploy: asks where each arrival lands among the legal locations only', () => {
    const s = stateAt('deploy');
    const seat = s.pending!.seat;
    const legal = legalActions(s, seat) as Extract<Action, { type: 'deployUnit' }>[];
    const { prompt, container } = renderBoard(s, seat);
    expect(prompt.textContent).toContain('deploy your arrivals');
    const types = new Set(legal.map((a) => a.unit));
    if (types.size > 1) fireEvent.click(within(prompt).getAllByRole('button')[0]);
    const unit = types.size > 1 ? legal[0].unit : [...types][0];
    const dests = legal.filter((a) => a.unit === unit).map((a) => a.to);
    const labels = buttonNames(prompt).filter((n) => n !== '← Back');
    expect(labels.sort()).toEqual(dests.map((d) => planetLabel(d)).sort());
    const glowing = [...container.querySelectorAll('[data-planet][data-clickable]')].map((el) => el.getAttribute('data-planet'));
    expect(glowing.sort()).toEqual(dests.filter((d) => d !== 'BASE').sort());
  });

  it('waiting: the other seat sees a waiting sentence and no buttons', () => {
    const s = stateAt('plan');
    const other: Faction = s.pending!.seat === 'R' ? 'I' : 'R';
    const { prompt } = renderBoard(s, other);
    expect(prompt.textContent).toMatch(/waiting/);
    expect(buttonNames(prompt)).toHaveLength(0); // only the "why?" link
  });
});

describe('planets', () => {
  it('chooseBase: only the legal planets are buttons; the others cannot be clicked', () => {
    const s = stateAt('chooseBase');
    const legal = legalActions(s, 'R').map((a) => (a as { planet: string }).planet);
    const { container, onAction } = renderBoard(s, 'R');
    const buttons = [...container.querySelectorAll('button[data-planet]')].map((el) => el.getAttribute('data-planet'));
    expect(buttons.sort()).toEqual([...legal].sort());
    for (const illegal of ['IMP', s.start.I]) {
      const el = container.querySelector(`[data-planet="${illegal}"]`)!;
      expect(el.tagName).not.toBe('BUTTON');
      expect(el.hasAttribute('data-clickable')).toBe(false);
      fireEvent.click(el);
    }
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(container.querySelector(`[data-planet="${legal[0]}"]`)!);
    expect(onAction.mock.calls[0][0]).toEqual({ type: 'chooseBase', planet: legal[0] });
  });

  it('show units as labelled shapes and the Imperial probe marks only in the Imperial view', () => {
    const s = stateAt('plan');
    const probed = s.probes.hand[0];
    const imp = renderBoard(s, 'I');
    const card = imp.container.querySelector(`[data-planet="${probed}"]`)!;
    expect(card.textContent).toContain('Probed');
    expect(imp.container.querySelector('[data-planet="IMP"] [data-units="I"]')).not.toBeNull();
    cleanup();
    const reb = renderBoard(s, 'R');
    expect(reb.container.querySelector(`[data-planet="${probed}"]`)!.textContent).not.toContain('Probed');
    expect(PLANETS[probed].name.length).toBeGreaterThan(0);
  });
});
