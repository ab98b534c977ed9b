// @vitest-environment happy-dom
/**
 * Imperios online, issue 23 (src/ui/imperios/online/ImperiosHeld.tsx, ImperiosLobbyView.tsx), with `fetch` mocked
 * (the routes themselves: tests/integration/imperios-rematch.test.ts): "My matches" lists this browser's Imperios
 * seats only (never Mint's, never an answer of another game), with the place of a finished one (IM13) and its replay,
 * forgets gone seats and opens a seat in one click; "Play again" makes the rematch, becomes "Join the rematch" once
 * another player made it, lands on this player's own seat, and shows a refusal; the open matches show their clock.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, publicView } from '../../../src/games/imperios/rules';
import { ImperiosMyMatches, ImperiosRematch } from '../../../src/ui/imperios/online/ImperiosHeld';
import { ImperiosLobby, loadImperiosSeat, saveImperiosSeat } from '../../../src/ui/imperios/online/imperiosLobby';
import { OpenMatches } from '../../../src/ui/imperios/online/ImperiosLobbyView';
import { ImperiosTable } from '../../../src/ui/imperios/online/ImperiosOnline';
import type { MyMatch, PublicMatch } from '../../../src/ui/online/lobbyApi';
import { loadSeat, saveSeat } from '../../../src/ui/online/seats';
import { randomGame } from './states';

const SERVER = 'http://mint.test';
type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[];
let respond: (c: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const c: Call = {
      url: String(url),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(c);
    const r = respond(c);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));
const seat = (matchID: string, playerID = '0') => ({ matchID, playerID, credentials: `c-${matchID}`, name: 'Ana' });

describe('Imperios "My matches"', () => {
  it('lists the Imperios seats only, with the place of a finished one, forgets gone seats and opens a seat', async () => {
    for (const id of ['i1', 'i2', 'i3', 'i4', 'i5']) saveImperiosSeat(seat(id, id === 'i2' ? '3' : '0'));
    saveSeat(seat('mint1')); // Mint's seat: never sent from here, never listed, never forgotten
    const answer: MyMatch[] = [
      { matchID: 'i1', playerID: '0', gameName: 'imperios', status: 'playing', yourTurn: false, opponent: 'Bea, Bot, Bot', opponentKind: 'human' },
      { matchID: 'i2', playerID: '3', gameName: 'imperios', status: 'playing', yourTurn: true, opponent: 'Bea, Cid, Bot, Bot', opponentKind: 'human' },
      { matchID: 'i3', playerID: '0', gameName: 'imperios', status: 'finished', won: false, place: 3, rematch: true, opponent: 'Bea, Bot, Bot, Bot', opponentKind: 'human' },
      { matchID: 'i4', playerID: '0', gameName: 'mint-imperium', status: 'playing' }, // another game's: not this board's
      { matchID: 'i5', playerID: '0', gameName: 'imperios', status: 'gone' },
    ];
    respond = () => ({ status: 200, body: { matches: answer } });
    const onOpen = vi.fn();
    render(<ImperiosMyMatches lobby={new ImperiosLobby(SERVER)} onOpen={onOpen} />);
    await screen.findByTestId('my-matches');
    expect(calls[0].url).toBe(`${SERVER}/my-matches`);
    const sent = (calls[0].body as { seats: { matchID: string; credentials: string }[] }).seats;
    expect(sent.map((s) => s.matchID).sort()).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
    expect(sent.map((s) => s.credentials)).not.toContain('c-mint1');
    const list = screen.getByTestId('my-matches');
    const rows = (g: string) => [...list.querySelectorAll(`[data-my-group="${g}"] [data-my-match]`)].map((r) => r.getAttribute('data-my-match'));
    expect(rows('playing')).toEqual(['i2', 'i1']); // your decision first
    expect(rows('finished')).toEqual(['i3']);
    expect(list.querySelector('[data-my-match="i4"]')).toBeNull();
    const row = (id: string) => list.querySelector(`[data-my-match="${id}"]`) as HTMLElement;
    expect(row('i2').textContent).toContain('Ana as Player 4');
    expect(row('i2').textContent).toContain('with Bea, Cid, Bot, Bot');
    expect(row('i2').textContent).toContain('Your turn');
    expect(row('i1').textContent).toContain('Others’ decision');
    expect(within(row('i3')).getByTestId('my-result').textContent).toBe('You finished 3rd');
    expect(within(row('i3')).getByTestId('rematch-offered').textContent).toBe('Rematch offered');
    expect(within(row('i1')).queryByTestId('rematch-offered')).toBeNull();
    expect(row('i3').querySelector('[data-online="replay-mine"]')!.getAttribute('href')).toBe('/replay/imperios/i3');
    expect(loadImperiosSeat('i5')).toBeNull();
    expect(loadImperiosSeat('i4')).not.toBeNull();
    expect(loadSeat('mint1')).not.toBeNull();
    fireEvent.click(within(row('i2')).getByRole('button', { name: 'Open' }));
    expect(onOpen).toHaveBeenCalledWith({ matchID: 'i2', playerID: '3', credentials: 'c-i2', name: 'Ana' });
    fireEvent.click(within(row('i3')).getByRole('button', { name: 'View' }));
    expect(onOpen).toHaveBeenLastCalledWith(seat('i3'));
  });

  it('shows nothing and asks nothing while this browser holds no Imperios seat (Mint seats are not its)', async () => {
    saveSeat(seat('mint1'));
    respond = () => ({ status: 200, body: { matches: [] } });
    render(<ImperiosMyMatches lobby={new ImperiosLobby(SERVER)} onOpen={() => {}} />);
    await tick();
    expect(screen.queryByTestId('my-matches')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('Imperios "Play again"', () => {
  it('offers the rematch another player made, and lands on this player\u2019s own seat in it', async () => {
    let offered = false;
    respond = (c) => {
      if (c.method === 'GET') return { status: 200, body: { matchID: 'm1', players: [], createdAt: 0, updatedAt: 0, ...(offered ? { nextMatchID: 'm2' } : {}) } };
      return { status: 200, body: { nextMatchID: 'm2', playerID: '2', playerCredentials: 'new-2' } };
    };
    const onRematch = vi.fn();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      render(<ImperiosRematch lobby={new ImperiosLobby(SERVER)} joined={seat('m1', '2')} onRematch={onRematch} />);
      await waitFor(() => expect(calls).toHaveLength(1));
      // The seat asks with its credentials in headers (never in the URL): only a seat holder learns the rematch.
      expect(calls[0]).toMatchObject({ url: `${SERVER}/games/imperios/m1`, method: 'GET', headers: { 'X-Player-ID': '2', 'X-Player-Credentials': 'c-m1' } });
      expect(calls[0].url).not.toContain('c-m1');
      expect(screen.getByRole('button').textContent).toBe('Play again');
      expect(screen.queryByTestId('imp-rematch-offer')).toBeNull();
      offered = true;
      await act(async () => { vi.advanceTimersByTime(3000); });
      expect((await screen.findByTestId('imp-rematch-offer')).textContent).toContain('rematch is offered');
      fireEvent.click(screen.getByRole('button', { name: 'Join the rematch' }));
      await waitFor(() => expect(onRematch).toHaveBeenCalled());
    } finally {
      vi.useRealTimers();
    }
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`${SERVER}/games/imperios/m1/playAgain`);
    expect(post.body).toEqual({ playerID: '2', credentials: 'c-m1' });
    expect(onRematch).toHaveBeenCalledWith({ matchID: 'm2', playerID: '2', credentials: 'new-2', name: 'Ana' });
  });

  it('says what the server refused, and goes nowhere', async () => {
    respond = (c) => (c.method === 'GET'
      ? { status: 200, body: { matchID: 'm1', players: [], createdAt: 0, updatedAt: 0 } }
      : { status: 403, body: { error: 'invalid credentials' } });
    const onRematch = vi.fn();
    render(<ImperiosRematch lobby={new ImperiosLobby(SERVER)} joined={seat('m1')} onRematch={onRematch} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('invalid credentials');
    expect(onRematch).not.toHaveBeenCalled();
  });

  it('the board shows it only once the game is over', () => {
    const props = { seat: 1, players: [], status: 'connected' as const, table: null, onExit: () => {}, matchID: 'm1', endActions: <span data-testid="end-actions" /> };
    render(<ImperiosTable {...props} view={publicView(createGame({ players: 4, mode: 'tutorial', seed: 'ui-imp-held' }))} />);
    expect(screen.queryByTestId('end-actions')).toBeNull();
    cleanup();
    const { state } = randomGame({ players: 4, mode: 'tutorial', seed: 'ui-imp-online-end' });
    render(<ImperiosTable {...props} view={publicView(state)} />);
    expect(screen.getByTestId('end-actions')).toBeTruthy();
  });
});

describe('Imperios open matches', () => {
  it('show whether a match has a clock, and which (G59)', async () => {
    const base = { createdAt: 1, updatedAt: 1, players: [{ id: 0, name: 'Ana' }, { id: 1 }, { id: 2 }, { id: 3 }] };
    const matches: PublicMatch[] = [
      { ...base, matchID: 'live', clock: { kind: 'live', bankMs: 600_000, incrementMs: 20_000 } },
      { ...base, matchID: 'days', clock: { kind: 'turn', perDecisionMs: 86_400_000 } },
      { ...base, matchID: 'none' },
    ];
    respond = () => ({ status: 200, body: { matches } });
    render(<OpenMatches lobby={new ImperiosLobby(SERVER)} onJoin={() => {}} onWatch={() => {}} />);
    await waitFor(() => expect(document.querySelector('[data-imp-match="live"]')).not.toBeNull());
    const clock = (id: string) => document.querySelector(`[data-imp-match="${id}"] [data-testid="imp-match-clock"]`)!;
    expect([clock('live').textContent, clock('live').getAttribute('data-clock')]).toEqual(['Live clock: 10 min each, + 20 s per turn', 'live']);
    expect(clock('days').textContent).toBe('Clock over days: 24 h per turn');
    expect([clock('none').textContent, clock('none').getAttribute('data-clock')]).toEqual(['No clock', 'none']);
  });
});
