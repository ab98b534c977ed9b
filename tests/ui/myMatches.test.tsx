// @vitest-environment happy-dom
/**
 * "My matches" in the lobby (src/ui/online/MyMatches.tsx, issue 10 item 4), with `fetch` mocked (the route itself:
 * tests/integration/server-my-matches.test.ts): the seats in localStorage are sent once, in progress / waiting /
 * finished are listed in their groups with "Your turn" marked, a seat the server calls gone is forgotten, Open goes
 * to the match; and the page title while it is your turn (src/ui/online/turnAlert.ts).
 */
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lobby, type MyMatch } from '../../src/ui/online/lobbyApi';
import { MyMatches } from '../../src/ui/online/MyMatches';
import { allSeats, loadSeat, saveSeat } from '../../src/ui/online/seats';
import { TURN_TITLE_PREFIX, useTurnAlert } from '../../src/ui/online/turnAlert';

const SERVER = 'http://mint.test';
let bodies: unknown[];
let answer: MyMatch[];

beforeEach(() => {
  bodies = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    expect(String(url)).toBe(`${SERVER}/my-matches`);
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ matches: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));

describe('my matches', () => {
  it('lists the three kinds, marks your turn, forgets gone seats and opens a match', async () => {
    for (const id of ['m1', 'm2', 'm3', 'm4', 'm5']) saveSeat({ matchID: id, playerID: id === 'm2' ? '1' : '0', credentials: `c-${id}`, name: 'Ann' });
    answer = [
      { matchID: 'm1', playerID: '0', status: 'playing', yourTurn: false, opponent: 'Bob', opponentKind: 'human' },
      { matchID: 'm2', playerID: '1', status: 'playing', yourTurn: true, opponent: 'Cy', opponentKind: 'human' },
      { matchID: 'm3', playerID: '0', status: 'waiting' },
      { matchID: 'm4', playerID: '0', status: 'finished', won: true, opponent: 'Bot (normal)', opponentKind: 'bot' },
      { matchID: 'm5', playerID: '0', status: 'gone' },
    ];
    const onOpen = vi.fn();
    render(<MyMatches lobby={new Lobby(SERVER)} onOpen={onOpen} />);
    await tick();
    // Credentials go in the body, for every held seat.
    expect((bodies[0] as { seats: { matchID: string; credentials: string }[] }).seats.map((s) => s.credentials).sort())
      .toEqual(['c-m1', 'c-m2', 'c-m3', 'c-m4', 'c-m5']);
    const group = (s: string) => screen.getByTestId('my-matches').querySelector(`[data-my-group="${s}"]`) as HTMLElement;
    const rows = (s: string) => [...group(s).querySelectorAll('[data-my-match]')].map((r) => r.getAttribute('data-my-match'));
    expect(rows('playing')).toEqual(['m2', 'm1']); // your turn first
    expect(rows('waiting')).toEqual(['m3']);
    expect(rows('finished')).toEqual(['m4']);
    expect(within(group('playing')).getAllByTestId('your-turn')).toHaveLength(1);
    expect(group('playing').querySelector('[data-my-match="m2"]')!.textContent).toContain('Your turn');
    expect(group('finished').textContent).toContain('You won');
    expect(group('finished').textContent).toContain('Bot (normal) (bot)');
    // A finished match links to its replay (src/ui/replay: /replay/<matchID>); the others do not.
    expect(group('finished').querySelector('[data-online="replay-mine"]')!.getAttribute('href')).toBe('/replay/m4');
    expect(group('playing').querySelector('[data-online="replay-mine"]')).toBeNull();
    expect(loadSeat('m5')).toBeNull();
    expect(allSeats().map((s) => s.matchID).sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
    fireEvent.click(within(group('playing').querySelector('[data-my-match="m2"]') as HTMLElement).getByRole('button', { name: 'Open' }));
    expect(onOpen).toHaveBeenCalledWith({ matchID: 'm2', playerID: '1', credentials: 'c-m2', name: 'Ann' });
  });

  it('shows nothing and asks nothing without held seats', async () => {
    answer = [];
    render(<MyMatches lobby={new Lobby(SERVER)} onOpen={() => {}} />);
    await tick();
    expect(screen.queryByTestId('my-matches')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('the page title says "Your turn" while it is, and comes back after', () => {
    document.title = 'Mint Imperium';
    const { rerender, unmount } = renderHook(({ turn }) => useTurnAlert(turn), { initialProps: { turn: false } });
    expect(document.title).toBe('Mint Imperium');
    rerender({ turn: true });
    expect(document.title).toBe(`${TURN_TITLE_PREFIX}Mint Imperium`);
    rerender({ turn: false });
    expect(document.title).toBe('Mint Imperium');
    rerender({ turn: true });
    unmount();
    expect(document.title).toBe('Mint Imperium');
  });

  it('a browser notification says "Your turn" when it becomes yours while the page is hidden, only if permitted', () => {
    const shown: { title: string; body?: string }[] = [];
    let permission = 'granted';
    class FakeNotification {
      static get permission() { return permission; }
      constructor(title: string, o?: { body?: string }) { shown.push({ title, body: o?.body }); }
    }
    vi.stubGlobal('Notification', FakeNotification);
    let hidden = true;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    try {
      const { rerender, unmount } = renderHook(({ turn }) => useTurnAlert(turn), { initialProps: { turn: false } });
      rerender({ turn: true });
      expect(shown).toEqual([{ title: 'Mint Imperium', body: 'Your turn' }]);
      rerender({ turn: true }); // still the same turn: no second one
      rerender({ turn: false });
      hidden = false;
      rerender({ turn: true }); // the page is in view: the title says it, no notification
      rerender({ turn: false });
      hidden = true;
      permission = 'denied';
      rerender({ turn: true });
      expect(shown).toHaveLength(1);
      unmount();
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
  });
});
