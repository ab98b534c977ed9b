// @vitest-environment happy-dom
/**
 * The Imperios online board's time limits and clocks (IM15.1, IM15.2, G58, G59; docs/imperios/ONLINE.md): the
 * countdown of an open timed question from `mint:table`'s `answers` (and its single announcement), the log sentence of
 * an answer the time limit made, the clock choice of the create form (refused with bot seats), each seat's bank or
 * decision limit in the strip, and "Claim the win" over a seat out of time.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, publicView, type LogEvent } from '../../../src/games/imperios/rules';
import { LogList, sentence } from '../../../src/ui/imperios/LogList';
import { createProblem, ImperiosLobby } from '../../../src/ui/imperios/online/imperiosLobby';
import { ImperiosOnline, ImperiosTable, type ImperiosTableProps } from '../../../src/ui/imperios/online/ImperiosOnline';
import type { TableSnapshot } from '../../../src/ui/online/socketClient';

const PLAYERS = [0, 1, 2, 3].map((id) => ({ id, name: ['Ana', 'Bea', 'Cy', 'Dan'][id], isConnected: true }));
const view = () => publicView(createGame({ players: 4, mode: 'normal', seed: 'ui-imp-time' }));

/** A table snapshot received at this page's time `at`, when the server's time was `serverNow`. */
function table(extra: Partial<TableSnapshot['view']>, at = Date.now(), serverNow = 1_000_000): TableSnapshot {
  return { view: { serverNow, away: {}, abandonMs: 180_000, handovers: [], ...extra }, receivedAt: at } as TableSnapshot;
}

function props(extra: Partial<ImperiosTableProps>): ImperiosTableProps {
  return { view: view(), seat: 0, players: PLAYERS, status: 'connected', table: null, onExit: () => {}, matchID: 'm1', ...extra };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the countdown of an open timed question (IM15.1, IM15.2)', () => {
  it('shows who owes an answer and the seconds left, counts down, is announced once, and goes when it closes', () => {
    const open = table({ answers: { kind: 'block', until: 1_060_000, seats: ['0', '2'] } });
    const r = render(<ImperiosTable {...props({ table: open })} />);
    const countdown = () => screen.getByTestId('imp-answers-countdown');
    expect(countdown().textContent).toContain('Block offer (IM15.1)');
    expect(countdown().textContent).toContain('Player 1, Player 3 to answer');
    expect(countdown().textContent).toContain('1:00 left');
    const announce = screen.getByTestId('imp-answers-announce');
    expect(announce.getAttribute('role')).toBe('status');
    const said = announce.textContent;
    expect(said).toContain('within 60 seconds (IM15.1). You must answer.');
    act(() => { vi.advanceTimersByTime(15_000); });
    expect(countdown().textContent).toContain('0:45 left');
    expect(countdown().getAttribute('data-seconds')).toBe('45');
    // The announcement does not change with the seconds (read once), only the visible count.
    expect(screen.getByTestId('imp-answers-announce').textContent).toBe(said);
    act(() => { vi.advanceTimersByTime(50_000); });
    expect(countdown().textContent).toContain('0:00 left');
    r.rerender(<ImperiosTable {...props({ table: table({}) })} />);
    expect(screen.queryByTestId('imp-answers-countdown')).toBeNull();
    expect(screen.getByTestId('imp-answers-announce').textContent).toBe('');
  });

  it("counts from the server's time, not the page's (a page clock 10 s ahead), and names a defence question", () => {
    const snap = table({ answers: { kind: 'defend', until: 1_045_000, seats: ['1'] } }, Date.now() + 10_000);
    render(<ImperiosTable {...props({ table: snap })} />);
    // Received "10 s from now" by this page's clock: now is 10 s before it on the server, 55 s before the deadline.
    expect(screen.getByTestId('imp-answers-countdown').textContent).toContain('Defence question (IM15.2): Player 2 to answer — 0:55 left');
    expect(screen.getByTestId('imp-answers-announce').textContent).not.toContain('You must answer');
  });
});

describe('the log of an answer made by the time limit', () => {
  const base = { round: 1, rule: 'IM5.4' };
  it('says the time limit answered, and leaves the other answers as they were', () => {
    expect(sentence({ ...base, e: 'blockAnswer', seat: 2, block: false, timeLimit: 'IM15.1' } as LogEvent)).toBe('Player 3 lets the action pass (time limit, IM15.1).');
    expect(sentence({ ...base, e: 'defend', seat: 1, defended: false, timeLimit: 'IM15.2' } as unknown as LogEvent)).toBe('Player 2 does not defend (time limit, IM15.2).');
    expect(sentence({ ...base, e: 'blockAnswer', seat: 2, block: false } as LogEvent)).toBe('Player 3 lets it pass.');
  });

  it('the board log prints it', () => {
    const v = view();
    const timed = { round: 1, rule: 'IM15.1', e: 'blockAnswer', seat: 3, block: false, timeLimit: 'IM15.1' } as LogEvent;
    render(<LogList view={{ ...v, log: [...v.log, [timed]] }} />);
    expect(screen.getByTestId('imp-log').textContent).toContain('Player 4 lets the action pass (time limit, IM15.1).');
  });
});

describe('clocks (G59)', () => {
  function server(): ReturnType<typeof vi.fn> {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/create')) return new Response(JSON.stringify({ matchID: 'm9' }), { status: 200 });
      if (url.endsWith('/join')) return new Response(JSON.stringify({ error: 'stop here' }), { status: 409 });
      if (url.endsWith('/table')) return new Response('{}', { status: 200 });
      void init;
      return new Response(JSON.stringify({ matches: [] }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const bodyOf = (fetch: ReturnType<typeof vi.fn>, tail: string) => {
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith(tail));
    return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
  };

  it('the create form sends the chosen clock without bot seats, and offers none with bot seats', async () => {
    vi.useRealTimers();
    const fetch = server();
    const { container } = render(<ImperiosOnline server="http://srv" onExit={() => {}} />);
    fireEvent.change(container.querySelector('[data-imp-online="name"]')!, { target: { value: 'Ana' } });
    expect(container.querySelector('[data-imp-clock]')).toBeNull(); // three bot seats by default
    expect(screen.getByTestId('imp-no-clock')).toBeTruthy();
    fireEvent.change(container.querySelector('[data-imp-online="bots"]')!, { target: { value: '0' } });
    fireEvent.click(container.querySelector('[data-imp-clock="live"]')!);
    fireEvent.click(container.querySelector('[data-imp-online="create"]')!);
    await screen.findByText('stop here');
    expect(bodyOf(fetch, '/create')).toEqual({ numPlayers: 5, mode: 'normal', clock: { kind: 'live', bankMs: 600_000, incrementMs: 20_000 } });
    // Back to a bot seat: the clock choice goes, and the body has none.
    fetch.mockClear();
    fireEvent.change(container.querySelector('[data-imp-online="bots"]')!, { target: { value: '1' } });
    expect(container.querySelector('[data-imp-clock]')).toBeNull();
    fireEvent.click(container.querySelector('[data-imp-online="create"]')!);
    await vi.waitFor(() => expect(bodyOf(fetch, '/create')).toBeDefined());
    expect(bodyOf(fetch, '/create').clock).toBeUndefined();
  });

  it('the lobby refuses a clock with bot seats before asking the server', async () => {
    const fetch = server();
    const o = { players: 4, mode: 'normal' as const, bots: 1, botKind: 'greedy' as const, clock: 'turn' as const };
    expect(createProblem(o)).toMatch(/between players only/);
    await expect(new ImperiosLobby('http://srv').create(o)).rejects.toThrow(/between players only/);
    expect(fetch).not.toHaveBeenCalled();
    expect(createProblem({ ...o, bots: 0 })).toBeNull();
  });

  it("shows each seat's bank on a live clock, counting the running one down and marking it", () => {
    const clock = { kind: 'live', bankMs: 600_000, incrementMs: 20_000, banks: { 0: 600_000, 1: 300_000, 2: 65_000, 3: 600_000 }, running: { seat: '1', since: 1_000_000 }, serverNow: 1_000_000 };
    const { container } = render(<ImperiosTable {...props({ table: table({ clock } as never) })} />);
    const seat = (id: string) => container.querySelector(`[data-clock-seat="${id}"]`)!;
    expect(seat('0').textContent).toContain('10:00');
    expect(seat('2').textContent).toContain('1:05');
    expect(seat('1').getAttribute('data-clock-active')).toBe('yes');
    expect(seat('0').getAttribute('data-clock-active')).toBe('no');
    act(() => { vi.advanceTimersByTime(30_000); });
    expect(seat('1').textContent).toContain('4:30');
    expect(seat('0').textContent).toContain('10:00');
    expect(screen.getByTestId('imp-clock').textContent).toContain('Live clock: + 0:20 per decision');
  });

  it('shows the decision limit of a turn clock on the running seat only', () => {
    const clock = { kind: 'turn', perDecisionMs: 86_400_000, running: { seat: '3', since: 1_000_000 }, serverNow: 1_000_000 };
    const { container } = render(<ImperiosTable {...props({ table: table({ clock } as never) })} />);
    expect(container.querySelectorAll('[data-clock-seat]')).toHaveLength(1);
    expect(container.querySelector('[data-clock-seat="3"]')!.textContent).toContain('24 h 00 min');
    expect(screen.getByTestId('imp-clock').textContent).toContain('24 h 00 min per decision');
  });

  it('counts down every seat the game waits for at once (G59), each from its own start; each seat out of time is marked', () => {
    const clock = {
      kind: 'live', bankMs: 600_000, incrementMs: 0, banks: { 0: 600_000, 1: 300_000, 2: 120_000, 3: 600_000 },
      running: { seat: '1', since: 1_000_000 }, alsoRunning: [{ seat: '2', since: 990_000 }], serverNow: 1_000_000,
    };
    const { container, rerender } = render(<ImperiosTable {...props({ table: table({ clock } as never) })} />);
    const seat = (id: string) => container.querySelector(`[data-clock-seat="${id}"]`)!;
    expect(['0', '1', '2', '3'].map((id) => seat(id).getAttribute('data-clock-active'))).toEqual(['no', 'yes', 'yes', 'no']);
    expect(seat('2').textContent).toContain('⏱ 1:50');
    act(() => { vi.advanceTimersByTime(30_000); });
    expect(seat('1').textContent).toContain('⏱ 4:30');
    expect(seat('2').textContent).toContain('⏱ 1:20');
    expect(seat('0').textContent).toContain('10:00');
    // Both out of time: each is marked, and each gets its own claim.
    const late = { ...clock, banks: { ...clock.banks, 1: 0, 2: 0 }, expired: '1', alsoExpired: ['2'] };
    rerender(<ImperiosTable {...props({ table: table({ clock: late } as never), onTable: async () => {} })} />);
    expect(screen.getByTestId('imp-out-of-time-1')).toBeTruthy();
    expect(screen.getByTestId('imp-out-of-time-2')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Claim the win' })).toHaveLength(2);
  });

  it('a turn clock shows the decision limit of every running seat', () => {
    const clock = { kind: 'turn', perDecisionMs: 86_400_000, running: { seat: '3', since: 1_000_000 }, alsoRunning: [{ seat: '0', since: 1_000_000 - 3_600_000 }], serverNow: 1_000_000 };
    const { container } = render(<ImperiosTable {...props({ table: table({ clock } as never) })} />);
    expect(container.querySelectorAll('[data-clock-seat]')).toHaveLength(2);
    expect(container.querySelector('[data-clock-seat="0"]')!.textContent).toContain('23 h 00 min');
  });

  it('a seat out of time: the others get "Claim the win" beside "Hand to the bot", which posts claimWin naming it', async () => {
    vi.useRealTimers();
    const fetch = server();
    const lobby = new ImperiosLobby('http://srv');
    const joined = { matchID: 'm1', playerID: '0', credentials: 'c0', name: 'Ana' };
    const clock = { kind: 'live', bankMs: 600_000, incrementMs: 0, banks: { 0: 600_000, 1: 600_000, 2: 0, 3: 600_000 }, running: { seat: '2', since: 1_000_000 }, expired: '2', serverNow: 1_000_000 };
    const onTable: ImperiosTableProps['onTable'] = (a, s) => lobby.tableAction(joined, a, s);
    const r = render(<ImperiosTable {...props({ table: table({ clock } as never), onTable })} />);
    expect(screen.getByTestId('imp-out-of-time-2')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Claim the win' })).toHaveLength(1);
    expect(r.container.querySelector('[data-online="hand-to-bot-2"]')).toBeTruthy();
    fireEvent.click(r.container.querySelector('[data-online="claim-win-2"]')!);
    await vi.waitFor(() => expect(bodyOf(fetch, '/table')).toBeDefined());
    expect(fetch.mock.calls.find(([u]) => String(u).endsWith('/table'))![0]).toBe('http://srv/games/imperios/m1/table');
    expect(bodyOf(fetch, '/table')).toEqual({ playerID: '0', credentials: 'c0', action: 'claimWin', seat: '2' });
    // The seat out of time itself gets no claim.
    r.rerender(<ImperiosTable {...props({ seat: 2, table: table({ clock } as never), onTable })} />);
    expect(screen.queryByRole('button', { name: 'Claim the win' })).toBeNull();
  });
});
