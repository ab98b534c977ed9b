// @vitest-environment happy-dom
/**
 * Imperios hot-seat (issue 23 item 7): the cover names the seat the game waits for and passes the screen on each
 * change; the board's choices are accepted by the boardgame.io Game (localMatch.ts, ImperiosGame's one move `act`)
 * as by the core alone (session.ts).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { afterEach, describe, expect, it } from 'vitest';
import { HotSeat } from '../../../src/ui/imperios/HotSeat';
import { bgioSession } from '../../../src/ui/imperios/localMatch';
import { coreSession, type ImperiosSession } from '../../../src/ui/imperios/session';

afterEach(cleanup);

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));

async function chooseThreeMetropolises(session: ImperiosSession) {
  render(<HotSeat session={session} onExit={() => {}} />);
  await tick();
  const seen: string[] = [];
  for (let i = 0; i < 3; i++) {
    const cover = await screen.findByTestId('imp-cover');
    const seat = cover.getAttribute('data-seat')!;
    seen.push(seat);
    expect(cover.textContent).toContain(`Pass the device to Player ${Number(seat) + 1}`);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`I am Player ${Number(seat) + 1}`) }));
    await tick();
    expect(screen.queryByTestId('imp-cover')).toBeNull();
    expect(document.querySelector('[data-layout="imperios"]')!.getAttribute('data-seat')).toBe(seat);
    const first = document.querySelector<HTMLElement>('[data-choice="territory"]')!;
    const chosen = first.getAttribute('data-territory')!;
    fireEvent.click(first);
    await tick();
    // Two totems of that seat in its Metropolis (IM3.4.3): a doubled marker on the map.
    expect((session.getState()!.board as Record<string, number[]>)[chosen][Number(seat)]).toBe(2);
  }
  expect(new Set(seen).size).toBe(3);
}

describe('Imperios hot-seat', () => {
  it('passes the screen between seats on the core session', async () => {
    await chooseThreeMetropolises(coreSession({ players: 4, mode: 'normal', seed: 'ui-imp-hot' }));
  });

  it('plays the same clicks through boardgame.io (ImperiosGame on a Local master)', async () => {
    const session = bgioSession({ players: 4, mode: 'normal', seed: 'ui-imp-hot-bgio' }, { Client, Local });
    await chooseThreeMetropolises(session);
  });
});
