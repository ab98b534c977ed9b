// @vitest-environment happy-dom
/**
 * Issue 13 item 5: choices that are not available stay visible, disabled, with the rule that forbids them — a
 * fleet source under your own leader (R4.2.3 step 2), starfighters without an escort (step 5), a planned mission
 * with no legal target (R4.2.4), the base card at the deployment cap (R4.4.7). Before, they just disappeared.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISSIONS, type Faction, type LeaderId } from '../../src/game/content';
import { legalActions, missionTargets, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { stateAt } from './states';

afterEach(cleanup);

function renderBoard(state: GameState, seat: Faction) {
  const onAction = vi.fn<(a: Action) => void>();
  render(<Board view={viewFor(state, seat)} seat={seat} onAction={onAction} />);
  return { prompt: screen.getByTestId('prompt'), onAction };
}

/** Round 1, Operations, the given seat to move (Imperial fleet on Imperium and its starting planet). */
function turnState(seat: Faction): GameState {
  const s = stateAt('turn', 'why-ui');
  // every leader home, every plan back in hand
  for (const f of ['R', 'I'] as Faction[]) {
    for (const pm of s.planned[f]) s.hands[f].push(pm.card);
    s.planned[f] = [];
  }
  for (const l of Object.values(s.leaders)) { l.at = 'pool'; l.captured = false; }
  expect(s.round).toBe(1);
  s.pending = { kind: 'turn', seat };
  s.turn = seat;
  return s;
}

const disabled = (prompt: HTMLElement) => within(prompt).queryByTestId('unavailable');

describe('unavailable choices with their reason', () => {
  it('R4.2.3 step 2: a planet where your own leader stands is shown as a disabled source, naming the leader', () => {
    const s = turnState('I');
    s.leaders['LD-I3'].at = 'IMP';
    // a second free fleet, so that the source is asked (with one free source it is filled in: see the next test)
    const spare = s.grid.find((p) => p !== 'IMP' && p !== s.start.I && s.planets[p].R.f + s.planets[p].R.c === 0)!;
    s.planets[spare].I.c = 1;
    const { prompt } = renderBoard(s, 'I');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Move a fleet…' }));
    const list = disabled(prompt)!;
    const imp = within(list).getByRole('button', { name: 'Imperium' });
    expect((imp as HTMLButtonElement).disabled).toBe(true);
    expect(list.textContent).toContain('Your leader Agent Serrin Hale already stands on Imperium');
    expect(list.textContent).toContain('(R4.2.3)');
    // the other source is still offered, enabled
    expect((within(prompt).getAllByRole('button').find((b) => b.getAttribute('data-planet') === null && !b.hasAttribute('disabled')
      && b.textContent !== '← Back'))).toBeTruthy();
  });

  it('R4.2.3: with one free source filled in automatically, the blocked one is still shown with its reason', () => {
    const s = turnState('I');
    s.leaders['LD-I3'].at = 'IMP';
    const { prompt } = renderBoard(s, 'I');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Move a fleet…' }));
    expect(prompt.textContent).toContain('Choose an adjacent planet');
    expect(disabled(prompt)!.textContent).toContain('Your leader Agent Serrin Hale already stands on Imperium');
  });

  it('R4.2.3: "Move a fleet" stays visible, disabled, when your leader stands on every planet with your units', () => {
    const s = turnState('R');
    s.leaders['LD-R1'].at = s.start.R;
    const legal = legalActions(s, 'R');
    expect(legal.some((a) => a.type === 'moveFleet')).toBe(false);
    const { prompt } = renderBoard(s, 'R');
    const move = within(disabled(prompt)!).getByRole('button', { name: 'Move a fleet' });
    expect((move as HTMLButtonElement).disabled).toBe(true);
    expect(disabled(prompt)!.textContent).toMatch(/Your leader Envoy Nessa Quill already stands on .+, your only planet with units.*\(R4\.2\.3\)/);
  });

  it('R4.2.4: a planned mission with no legal target is shown disabled with its requirement', () => {
    const s = turnState('R');
    // Daring Rescue needs a captured leader; nobody is captured in round 1.
    s.hands.R = s.hands.R.filter((c) => c !== 'R-S3' && c !== 'R-S2');
    s.planned.R = [{ card: 'R-S3', leader: 'LD-R2' as LeaderId }, { card: 'R-S2', leader: 'LD-R3' as LeaderId }];
    s.leaders['LD-R2'].at = 'plan';
    s.leaders['LD-R3'].at = 'plan';
    expect(missionTargets(s, 'R-S3')).toEqual([]);
    expect(missionTargets(s, 'R-S2').length).toBeGreaterThan(1);
    const { prompt } = renderBoard(s, 'R');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Reveal a mission…' }));
    const list = disabled(prompt)!;
    expect((within(list).getByRole('button', { name: MISSIONS['R-S3'].name }) as HTMLButtonElement).disabled).toBe(true);
    expect(list.textContent).toContain('No planet meets the requirement of Daring Rescue right now');
    // and the planned card on the board says it has no target now
    const card = document.querySelector('[data-panel="R"] [data-card="R-S3"]')!;
    expect(card.textContent).toContain('no target now');
  });

  it('R4.4.7: the base card at the deployment cap stays in the list, disabled, with the cap', () => {
    const s = stateAt('deploy', 'why-deploy', undefined);
    const seat = s.pending!.seat;
    s.pending = { kind: 'deploy', seat: 'R' };
    s.base.revealed = false;
    s.arrivals.R = { f: 1, c: 0, s: 0 };
    s.placedThisRound.BASE = 2;
    void seat;
    const { prompt } = renderBoard(s, 'R');
    const list = disabled(prompt)!;
    expect((within(list).getByRole('button', { name: 'the base card' }) as HTMLButtonElement).disabled).toBe(true);
    expect(list.textContent).toContain('the base card already received 2 units this round: at most 2 per location');
  });

  it('R4.2.3 step 5: the unit picker says why starfighters alone cannot move', () => {
    const s = turnState('I');
    const { prompt } = renderBoard(s, 'I');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Move a fleet…' }));
    const from = legalActions(s, 'I').find((a) => a.type === 'moveFleet' && s.planets[a.from].I.f > 0) as Extract<Action, { type: 'moveFleet' }>;
    fireEvent.click(document.querySelector(`button[data-planet="${from.from}"]`)!);
    fireEvent.click(document.querySelector(`button[data-planet="${from.to}"]`)!);
    // take away every capital-class unit in the picker
    for (const name of ['One capital ship less', 'One Star Fortress less']) {
      const b = within(prompt).queryByRole('button', { name });
      while (b && !(b as HTMLButtonElement).disabled) fireEvent.click(b);
    }
    expect(within(prompt).getByRole('button', { name: 'Not a legal group' })).toBeTruthy();
    expect(within(prompt).getByTestId('units-reason').textContent).toContain('Starfighters need a capital ship or the Star Fortress moving with them');
  });
});
