// @vitest-environment happy-dom
/**
 * Hot-seat privacy: whenever the seat to act changes, only the cover is rendered — the DOM holds no planet,
 * no panel, no card of either seat — until the next player clicks. Played through real boardgame.io clients
 * (Local multiplayer), clicking like a player.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MISSIONS, PLANETS } from '../../src/game/content';
import { HotSeatScreen } from '../../src/ui/screens/HotSeatScreen';

afterEach(cleanup);

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 20)));

describe('hot-seat privacy cover', () => {
  it('covers every seat change and shows nothing of either seat behind it', async () => {
    const { container } = render(<HotSeatScreen seed="ui-hotseat" onExit={() => {}} />);
    await tick();
    // 1. The Imperial sets up first: cover in the Imperial's name, nothing else in the DOM.
    let cover = await screen.findByTestId('privacy-cover');
    expect(cover.getAttribute('data-seat')).toBe('I');
    expect(cover.textContent).toContain('Pass the device to the Imperial player');
    expect(container.querySelectorAll('[data-planet], [data-panel], [data-card]').length).toBe(0);
    const html0 = container.innerHTML;
    for (const m of Object.values(MISSIONS)) expect(html0).not.toContain(m.name);
    for (const p of Object.values(PLANETS)) expect(html0).not.toContain(p.name);

    // 2. The Imperial's board: their own hand is visible.
    fireEvent.click(within(cover).getByRole('button'));
    await tick();
    const impHand = [...screen.getByTestId('hand').querySelectorAll('[data-card]')].map((el) => el.getAttribute('data-card'));
    expect(impHand.length).toBe(4);
    const prompt = screen.getByTestId('prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Imperium' }));
    fireEvent.click(within(prompt).getByRole('button', { name: '2 on Imperium' }));
    await tick();

    // 3. The Rebel must choose a base: cover again, with none of the Imperial's cards or probe planet behind it.
    cover = await screen.findByTestId('privacy-cover');
    expect(cover.getAttribute('data-seat')).toBe('R');
    const html1 = container.innerHTML;
    for (const id of impHand) expect(html1).not.toContain(MISSIONS[id as keyof typeof MISSIONS].name);
    for (const p of Object.values(PLANETS)) expect(html1).not.toContain(p.name);
    expect(container.querySelectorAll('[data-planet], [data-panel], [data-card]').length).toBe(0);

    // 4. The Rebel hides the base; the next cover (Rebel planning) hides the base planet too.
    fireEvent.click(within(cover).getByRole('button'));
    await tick();
    const firstLegal = container.querySelector('button[data-planet]')!;
    const base = firstLegal.getAttribute('data-planet')!;
    fireEvent.click(firstLegal);
    await tick();
    // The Rebel plans next: same seat, so no cover; the board says where the base hides.
    expect(screen.queryByTestId('privacy-cover')).toBeNull();
    expect(container.querySelector('[data-base="hidden"]')!.textContent).toContain(PLANETS[base as keyof typeof PLANETS].name);
    fireEvent.click(within(screen.getByTestId('prompt')).getByRole('button', { name: 'Done planning' }));
    await tick();
    cover = await screen.findByTestId('privacy-cover');
    expect(cover.getAttribute('data-seat')).toBe('I');
    expect(container.innerHTML).not.toContain(PLANETS[base as keyof typeof PLANETS].name);
    expect(container.querySelectorAll('[data-planet], [data-panel], [data-card]').length).toBe(0);

    // 5. The Imperial's board never shows the hidden base.
    fireEvent.click(within(cover).getByRole('button'));
    await tick();
    expect(container.querySelector('[data-base="hidden"]')!.textContent).toContain('Hidden somewhere');
    expect(container.innerHTML).not.toContain('Your base');
  });
});
