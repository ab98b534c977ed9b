// @vitest-environment happy-dom
/**
 * The online lobby's forms at component level, with `fetch` mocked (the real server is exercised by
 * tests/e2e/online.test.ts): name validation with the server's rules (nothing is sent for a bad name), the
 * create call (side, bot seat, or solo against the rival deck) followed by the join call, the join form of an invite link, the server's error
 * shown, the match list with its free seats, and seats kept in localStorage per match.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateForm, JoinForm } from '../../src/ui/online/forms';
import { freeSeat, Lobby, nameProblem, type Joined, type PublicMatch } from '../../src/ui/online/lobbyApi';
import { OnlineScreen, routeFromLocation } from '../../src/ui/online/OnlineScreen';
import { forgetSeat, loadSeat, saveSeat } from '../../src/ui/online/seats';

const SERVER = 'http://mint.test';

interface Call { url: string; method: string; body: unknown }
let calls: Call[];
let answer: (c: Call) => { status: number; json: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ status: 404, json: { error: 'not found' } });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const c: Call = { url: String(url), method: (init?.method ?? 'GET').toUpperCase(), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(c);
    const { status, json } = answer(c);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  }));
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));

describe('name rules (the server\'s: 1–32 printable characters after trimming)', () => {
  it('accepts ordinary names and refuses empty, long and control-character names', () => {
    expect(nameProblem('Alice')).toBeNull();
    expect(nameProblem('  Zoë 🚀  ')).toBeNull();
    expect(nameProblem('x'.repeat(32))).toBeNull();
    expect(nameProblem('')).toMatch(/Enter a name/);
    expect(nameProblem('   ')).toMatch(/Enter a name/);
    expect(nameProblem('x'.repeat(33))).toMatch(/At most 32/);
    expect(nameProblem('a\u0007b')).toMatch(/Printable/);
    expect(nameProblem('a\nb')).toMatch(/Printable/);
    expect(nameProblem('a\u200bb')).toMatch(/Printable/);
  });
});

describe('create form', () => {
  it('shows the name error and sends nothing until the name is valid', async () => {
    const onJoined = vi.fn();
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="" onJoined={onJoined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(screen.getByRole('alert').textContent).toMatch(/Enter a name/);
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'x'.repeat(40) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(screen.getByRole('alert').textContent).toMatch(/At most 32/);
    expect(calls).toEqual([]);
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('creates a match against the bot as the Imperial (normal by default), then joins seat 1 with the trimmed name', async () => {
    answer = (c) => c.url.endsWith('/create')
      ? { status: 200, json: { matchID: 'm1' } }
      : { status: 200, json: { playerID: '1', playerCredentials: 'secret' } };
    const onJoined = vi.fn();
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="" onJoined={onJoined} />);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '  Imp  ' } });
    fireEvent.click(screen.getByLabelText('Imperial'));
    fireEvent.click(screen.getByLabelText('The server bot'));
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls).toEqual([
      { url: `${SERVER}/games/mint-imperium/create`, method: 'POST', body: { numPlayers: 2, bot: 'R', botKind: 'ismcts-normal' } },
      { url: `${SERVER}/games/mint-imperium/m1/join`, method: 'POST', body: { playerID: '1', playerName: 'Imp' } },
    ]);
    expect(onJoined).toHaveBeenCalledWith({ matchID: 'm1', playerID: '1', credentials: 'secret', name: 'Imp' } satisfies Joined);
  });

  it('offers the bot difficulty only against the server bot, and sends the chosen one', async () => {
    answer = (c) => c.url.endsWith('/create')
      ? { status: 200, json: { matchID: 'm3' } }
      : { status: 200, json: { playerID: '0', playerCredentials: 'secret' } };
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="Reb" onJoined={vi.fn()} />);
    expect(screen.queryByRole('radio', { name: /Hard/ })).toBeNull();
    fireEvent.click(screen.getByLabelText('The server bot'));
    expect((screen.getByRole('radio', { name: /Normal/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Hard/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls[0].body).toEqual({ numPlayers: 2, bot: 'I', botKind: 'ismcts-hard' });
  });

  it('creates a match for a friend as the Rebel (no bot field) and shows a server error', async () => {
    answer = (c) => c.url.endsWith('/create')
      ? { status: 200, json: { matchID: 'm2' } }
      : { status: 409, json: { error: 'player 0 is not available' } };
    const onJoined = vi.fn();
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="Reb" onJoined={onJoined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls.map((c) => c.body)).toEqual([{ numPlayers: 2 }, { playerID: '0', playerName: 'Reb' }]);
    expect(screen.getByRole('alert').textContent).toBe('player 0 is not available');
    expect(onJoined).not.toHaveBeenCalled();
  });
});

describe('create form: solo against the rival deck (RULES §9)', () => {
  it('creates a one-seat solo match (rival on the other side, chosen difficulty), then joins your side', async () => {
    answer = (c) => c.url.endsWith('/create')
      ? { status: 200, json: { matchID: 's1' } }
      : { status: 200, json: { playerID: '0', playerCredentials: 'secret' } };
    const onJoined = vi.fn();
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="Solo" onJoined={onJoined} />);
    expect(screen.queryByRole('group', { name: 'Rival difficulty' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Solo against the rival deck'));
    expect(screen.getByRole('group', { name: 'Rival difficulty' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Bot difficulty' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Hard/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls).toEqual([
      { url: `${SERVER}/games/mint-imperium/create`, method: 'POST', body: { numPlayers: 2, solo: { bot: 'I', difficulty: 'hard' } } },
      { url: `${SERVER}/games/mint-imperium/s1/join`, method: 'POST', body: { playerID: '0', playerName: 'Solo' } },
    ]);
    expect(onJoined).toHaveBeenCalledWith({ matchID: 's1', playerID: '0', credentials: 'secret', name: 'Solo' } satisfies Joined);
  });

  it('as the Imperial the rival is the Rebel (normal by default); the rival\'s name is refused before sending', async () => {
    answer = (c) => c.url.endsWith('/create')
      ? { status: 200, json: { matchID: 's2' } }
      : { status: 200, json: { playerID: '1', playerCredentials: 'secret' } };
    render(<CreateForm lobby={new Lobby(SERVER)} initialName="Rival  Deck" onJoined={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Imperial'));
    fireEvent.click(screen.getByLabelText('Solo against the rival deck'));
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toMatch(/rival deck/);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Imp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create match' }));
    await tick();
    expect(calls.map((c) => c.body)).toEqual([{ numPlayers: 2, solo: { bot: 'R', difficulty: 'normal' } }, { playerID: '1', playerName: 'Imp' }]);
  });

  it('a listed solo match offers no seat to join (the rival\'s is closed) but can be watched', async () => {
    const solo: PublicMatch = {
      matchID: 'solo1', createdAt: 1, updatedAt: 1, solo: { bot: 'R', difficulty: 'easy' },
      players: [{ id: 0, name: 'Rival deck', data: { rival: true } }, { id: 1, name: 'Imp', isConnected: true }],
    };
    expect(freeSeat(solo)).toBeNull();
    answer = (c) => (c.url.includes('/games/mint-imperium?') ? { status: 200, json: { matches: [solo] } } : { status: 404, json: { error: 'not found' } });
    render(<OnlineScreen lobby={new Lobby(SERVER)} onExit={() => {}} />);
    await tick();
    const row = screen.getByRole('region', { name: 'Open matches' }).querySelector('[data-match="solo1"]') as HTMLElement;
    expect(row.textContent).toContain('Rival deck (solo, easy)');
    expect(within(row).queryByRole('button', { name: /Join/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Watch' })).toBeTruthy();
  });
});

describe('join form (invite link)', () => {
  it('validates, then joins the given seat', async () => {
    answer = () => ({ status: 200, json: { playerID: '1', playerCredentials: 'c1' } });
    const onJoined = vi.fn();
    render(<JoinForm lobby={new Lobby(SERVER)} matchID="abc" seat="I" opponent="Alice" initialName="" onJoined={onJoined} />);
    expect(screen.getByRole('heading').textContent).toBe('Join as the Imperial against Alice');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Bo\tb' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Printable/);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await tick();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Bob' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await tick();
    expect(calls).toEqual([{ url: `${SERVER}/games/mint-imperium/abc/join`, method: 'POST', body: { playerID: '1', playerName: 'Bob' } }]);
    expect(onJoined).toHaveBeenCalledWith({ matchID: 'abc', playerID: '1', credentials: 'c1', name: 'Bob' });
  });
});

describe('lobby screen', () => {
  const match = (id: string, players: PublicMatch['players']): PublicMatch => ({ matchID: id, players, createdAt: 1, updatedAt: 1 });

  it('lists open matches with their free seat, refreshes, and opens the join form of a listed match', async () => {
    const open: PublicMatch = { ...match('open1', [{ id: 0, name: 'Alice', isConnected: true }, { id: 1 }]), clock: { kind: 'turn', perDecisionMs: 86_400_000 } };
    const full = match('full1', [{ id: 0, name: 'Bot', data: { bot: 'mcts' } }, { id: 1, name: 'Carl' }]);
    let listed = [open];
    answer = (c) => {
      if (c.url.includes('/games/mint-imperium?')) return { status: 200, json: { matches: listed } };
      if (c.url.endsWith('/games/mint-imperium/open1')) return { status: 200, json: open };
      return { status: 404, json: { error: 'not found' } };
    };
    render(<OnlineScreen lobby={new Lobby(SERVER)} onExit={() => {}} />);
    await tick();
    expect(calls[0].url).toBe(`${SERVER}/games/mint-imperium?isGameover=false`);
    let rows = screen.getByRole('region', { name: 'Open matches' }).querySelectorAll('[data-match]');
    expect(rows.length).toBe(1);
    listed = [open, full];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await tick();
    rows = screen.getByRole('region', { name: 'Open matches' }).querySelectorAll('[data-match]');
    expect(rows.length).toBe(2);
    const fullRow = [...rows].find((r) => r.getAttribute('data-match') === 'full1') as HTMLElement;
    expect(within(fullRow).queryByRole('button', { name: /Join/ })).toBeNull();
    expect(fullRow.textContent).toContain('(bot)');
    // Issue 23: every row says whether the match has a clock, and which (a listing, whatever the seats).
    expect([within(fullRow).getByTestId('match-clock').textContent, within(fullRow).getByTestId('match-clock').getAttribute('data-clock')]).toEqual(['No clock', 'none']);
    const openRow = [...rows].find((r) => r.getAttribute('data-match') === 'open1') as HTMLElement;
    expect(within(openRow).getByTestId('match-clock').textContent).toBe('Clock over days: 24 h per turn');
    fireEvent.click(within(openRow).getByRole('button', { name: 'Join as Imperial' }));
    await tick();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Join as the Imperial against Alice');
    expect(location.search).toBe('?match=open1');
  });

  it('the free seat of a match; seats kept per match in localStorage; routes from the address', () => {
    expect(freeSeat(match('a', [{ id: 0, name: 'A' }, { id: 1 }]))).toBe('I');
    expect(freeSeat(match('b', [{ id: 0 }, { id: 1, name: 'Bot', data: { bot: 'mcts' } }]))).toBe('R');
    expect(freeSeat(match('c', [{ id: 0, name: 'A' }, { id: 1, name: 'B' }]))).toBeNull();
    const j: Joined = { matchID: 'xyz', playerID: '0', credentials: 'cr', name: 'Al' };
    expect(routeFromLocation('?match=xyz')).toEqual({ kind: 'match', matchID: 'xyz' });
    saveSeat(j);
    expect(loadSeat('xyz')).toEqual(j);
    expect(routeFromLocation('?match=xyz')).toEqual({ kind: 'play', joined: j });
    expect(routeFromLocation('?match=xyz&watch=1')).toEqual({ kind: 'watch', matchID: 'xyz' });
    expect(routeFromLocation('?online')).toEqual({ kind: 'lobby' });
    expect(routeFromLocation('?match=bad%20id')).toBeNull();
    expect(routeFromLocation('')).toBeNull();
    forgetSeat('xyz');
    expect(loadSeat('xyz')).toBeNull();
  });
});
