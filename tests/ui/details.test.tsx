// @vitest-environment happy-dom
/**
 * Issue 13 item 1: every card, planet, leader, unit and marker opens a detail view (click or Enter/Space) with
 * its text from the content data; a face-down opponent card shows only what RULES §8 allows (that it exists,
 * the leader on it); the revealed mission is face up in the opposition prompt with its text and attribute;
 * leader chips and leader buttons carry attribute icons. Item 9: the legend is one click away.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEADERS, MISSIONS, OBJECTIVES, PLANETS, type Faction, type MissionId } from '../../src/game/content';
import { legalActions, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { describe as describeSubject } from '../../src/ui/board/details/describe';
import { stateAt } from './states';

afterEach(cleanup);

function renderBoard(state: GameState, seat: Faction) {
  const view = viewFor(state, seat);
  const onAction = vi.fn<(a: Action) => void>();
  const utils = render(<Board view={view} seat={seat} onAction={onAction} />);
  return { ...utils, view, onAction };
}

const dialog = () => screen.getByRole('dialog');
const REBEL_MISSIONS = Object.values(MISSIONS).filter((m) => m.faction === 'R');

/** A state in Operations where the Rebel has planned missions (the Imperial sees only backs). */
function withRebelPlans(): GameState {
  return stateAt('turn', 'details-plans', (a) => a.type === 'planMission');
}

describe('card-detail view', () => {
  it('a planet opens by click and by Enter, with name, sector, type and production from the content data; Escape closes', () => {
    const s = stateAt('plan', 'details-planet');
    const { container } = renderBoard(s, 'R');
    const planet = container.querySelector('[data-planet="IMP"]') as HTMLElement;
    fireEvent.click(planet);
    expect(dialog().textContent).toContain('Imperium');
    expect(dialog().textContent).toContain('Sector 1');
    expect(dialog().textContent).toContain('1 starfighter → build-queue spot 1; 1 capital ship → build-queue spot 2');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(planet, { key: 'Enter' });
    expect(dialog().getAttribute('data-subject')).toBe('planet');
    expect(dialog().getAttribute('data-rule')).toBe(PLANETS.IMP.ruleId);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close details' }));
    fireEvent.keyDown(planet, { key: ' ' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a planet\'s units and leaders open their own details; Back returns', () => {
    const s = stateAt('plan', 'details-planet');
    const { container } = renderBoard(s, 'I');
    fireEvent.click(container.querySelector('[data-planet="IMP"]')!);
    fireEvent.click(within(dialog()).getAllByRole('button').find((b) => b.getAttribute('data-detail-link') === 'unit')!);
    expect(dialog().textContent).toMatch(/HP/);
    expect(dialog().textContent).toMatch(/per combat roll/);
    fireEvent.click(within(dialog()).getByRole('button', { name: '← Back' }));
    expect(dialog().getAttribute('data-subject')).toBe('planet');
  });

  it('a mission card in hand opens with its name, attribute and full text; a leader chip with its icons and place', () => {
    const s = stateAt('plan', 'details-hand');
    const seat = s.pending!.seat;
    const { container } = renderBoard(s, seat);
    const card = s.hands[seat][0] as MissionId;
    // the hand card is a choice (plan it): its "i" opens the details
    fireEvent.click(container.querySelector(`[data-testid="hand"] [data-detail="mission"]`)!);
    const d = MISSIONS[s.hands[seat][0] as MissionId];
    expect(dialog().textContent).toContain(d.name);
    expect(within(dialog()).getByTestId('detail-text').textContent).toBe(d.text);
    void card;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close details' }));
    const chip = container.querySelector(`[data-panel="${seat}"] [data-leader][data-detail="leader"]`) as HTMLElement;
    const id = chip.getAttribute('data-leader') as keyof typeof LEADERS;
    expect(chip.querySelector('[data-icons]')!.getAttribute('data-icons')).toBe(LEADERS[id].icons.join(''));
    fireEvent.click(chip);
    expect(dialog().textContent).toContain(LEADERS[id].name);
    expect(dialog().textContent).toContain('In the leader pool');
  });

  it('R8.2: a face-down Rebel plan seen by the Imperial shows its leader and nothing of the card', () => {
    const s = withRebelPlans();
    expect(s.planned.R.length).toBeGreaterThan(0);
    const { container } = renderBoard(s, 'I');
    const back = container.querySelector('[data-panel="R"] [data-card="hidden"]') as HTMLElement;
    fireEvent.click(back);
    const text = dialog().textContent ?? '';
    expect(text).toContain('Face-down mission');
    expect(text).toContain(LEADERS[s.planned.R[0].leader].name);
    expect(text).toContain('Only its owner knows this card');
    for (const m of REBEL_MISSIONS) {
      expect(text).not.toContain(m.name);
      expect(text).not.toContain(m.text);
    }
    // the pure description agrees, for every hidden card the Imperial's view holds
    const view = viewFor(s, 'I');
    for (const pm of view.planned.R) {
      const d = describeSubject(view, 'I', { k: 'mission', card: pm.card, leader: pm.leader, where: 'planned' });
      expect(JSON.stringify(d)).not.toMatch(new RegExp(REBEL_MISSIONS.map((m) => m.name).join('|')));
    }
  });

  it('R8.2: the Rebel objective hand seen by the Imperial shows no objective', () => {
    const s = stateAt('plan', 'details-obj');
    const view = viewFor(s, 'I');
    for (const c of view.objectives.hand) {
      const d = JSON.stringify(describeSubject(view, 'I', { k: 'objective', card: c }));
      for (const o of Object.values(OBJECTIVES)) if (o.id !== 'O1-8' || !view.known.secretPlansShown) expect(d).not.toContain(o.name);
    }
  });

  it('R4.2.5: the opposition prompt shows the revealed mission face up with its text and attribute; leader buttons carry icons', () => {
    const s = stateAt('oppose', 'details-oppose', (a) => a.type === 'revealMission' || a.type === 'planMission');
    const seat = s.pending!.seat;
    const m = MISSIONS[s.mission!.card];
    const { container } = renderBoard(s, seat);
    const prompt = screen.getByTestId('prompt');
    const card = within(prompt).getByTestId('revealed-mission');
    expect(card.textContent).toContain(m.name);
    expect(within(card).getByTestId('revealed-text').textContent).toBe(m.text);
    expect(card.textContent).toContain(m.attribute === 'D' ? 'Diplomacy' : m.attribute === 'I' ? 'Intel' : 'Force');
    const leaders = legalActions(s, seat).filter((a) => a.type === 'oppose');
    if (leaders.length > 0) {
      fireEvent.click(within(prompt).getByRole('button', { name: 'Oppose…' }));
      const buttons = [...prompt.querySelectorAll('[data-choice="option"]')];
      expect(buttons.length).toBe(leaders.length);
      for (const b of buttons) expect(b.querySelector('[data-icons]')).not.toBeNull();
    }
    void container;
  });

  it('probe cards and the base card open too; the base planet only in the Rebel\'s own view (R8.3 item 1)', () => {
    const s = stateAt('plan', 'details-probe');
    const imp = renderBoard(s, 'I');
    fireEvent.click(imp.container.querySelector('[data-panel="I"] [data-detail="probe"]')!);
    expect(dialog().textContent).toContain(`The Rebel base is not on ${PLANETS[s.start.I].name}`);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close details' }));
    fireEvent.click(imp.container.querySelector('[data-detail="base"]')!);
    expect(dialog().textContent).toContain('Hidden on one of the lettered planets');
    expect(dialog().textContent).not.toContain(PLANETS[s.base.planet!].name);
    cleanup();
    const reb = renderBoard(s, 'R');
    fireEvent.click(reb.container.querySelector('[data-detail="base"]')!);
    expect(dialog().textContent).toContain(`Hidden on ${PLANETS[s.base.planet!].name}`);
  });

  it('R8.2: a discard pile (public) opens with its cards, each opening face up', () => {
    const s = stateAt('plan', 'details-discard');
    s.discards.I = ['I-05'];
    const { container } = renderBoard(s, 'R');
    fireEvent.click(container.querySelector('[data-panel="I"] [data-detail="discard"]')!);
    fireEvent.click(within(dialog()).getByRole('button', { name: MISSIONS['I-05'].name }));
    expect(within(dialog()).getByTestId('detail-text').textContent).toBe(MISSIONS['I-05'].text);
  });

  it('item 9: the legend explains production tabs, sectors, unit shapes and every marker', async () => {
    const s = stateAt('plan', 'details-legend');
    renderBoard(s, 'R');
    fireEvent.click(screen.getByRole('button', { name: /^Legend/ }));
    await screen.findByTestId('legend', {}, { timeout: 15_000 }); // a chunk of its own (not in the first load): loaded on first open
    const text = dialog().textContent ?? '';
    for (const words of ['onto build-queue spot 1', 'Sector 1, 2 or 3', 'square = starfighter', 'octagon = capital ship',
      'star = Star Fortress', 'Loyalty marker', 'Disrupt token', 'Destroyed planet', 'Probe mark', '"No base" mark', 'Intel']) {
      expect(text).toContain(words);
    }
    fireEvent.click(within(dialog()).getAllByRole('button').find((b) => b.getAttribute('data-marker') === 'disrupt')!);
    expect(dialog().textContent).toContain('produces nothing for either side');
    expect(dialog().getAttribute('data-rule')).toBe('R6.3');
  });
});
