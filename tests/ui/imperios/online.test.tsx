// @vitest-environment happy-dom
/**
 * The online Imperios board (issue 23 item 7, src/ui/imperios/online): a seat's view from the server (the public
 * view, IM14.1) on the hot-seat board's components; the seat acts on its own decisions only, out of turn too (a block
 * offer, IM5.4); the strip says who decides and who holds each seat; a spectator, a reconnecting page and a seat the
 * bot holds get no choice; an away seat can be handed to the bot and one's own seat taken back (IM15.5); the end shows
 * the final scoring. And the lobby's create choices (4–7 seats, Epic 6–7, bot seats the last ones).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitedSeats, createGame, legalActions, publicView, type ImperiosState } from '../../../src/games/imperios/rules';
import { botSeats, createProblem } from '../../../src/ui/imperios/online/imperiosLobby';
import { ImperiosOnline, imperiosSender, ImperiosTable, type ImperiosTableProps } from '../../../src/ui/imperios/online/ImperiosOnline';
import { imperiosRoute } from '../../../src/ui/online/OnlineScreen';
import type { ChatLine } from '../../../src/ui/online/socketClient';
import type { TableSnapshot } from '../../../src/ui/online/socketClient';
import { randomGame, randomUntil } from './states';

afterEach(cleanup);

const PLAYERS = [
  { id: 0, name: 'Ana', isConnected: true },
  { id: 1, name: 'Bea', isConnected: true },
  { id: 2, name: 'Bot', isConnected: true, data: { bot: 'greedy' } },
  { id: 3, name: 'Bot', isConnected: true, data: { bot: 'greedy' } },
];

function table(extra: Partial<TableSnapshot['view']> = {}): TableSnapshot {
  return { view: { serverNow: 0, away: {}, abandonMs: 180_000, handovers: [], ...extra }, receivedAt: 0 } as TableSnapshot;
}

function show(props: Partial<ImperiosTableProps> & { view: ImperiosTableProps['view'] }) {
  return render(
    <ImperiosTable seat={0} players={PLAYERS} status="connected" table={null} onExit={() => {}} matchID="m1" {...props} />,
  );
}

/** Every choice the board offers: the prompt's buttons and the map's territories. */
const choices = (c: HTMLElement) => c.querySelectorAll('[data-testid="imp-prompt"] button[data-choice], [data-choice="territory"]').length;

describe('online Imperios board', () => {
  it('on its decision a seat gets the listed choices, the strip says so, and a click sends the action', () => {
    const state = createGame({ players: 4, mode: 'normal', seed: 'ui-imp-online' });
    const seat = awaitedSeats(state)[0];
    const act = vi.fn();
    const { container } = show({ view: publicView(state), seat, act });
    expect(screen.getByTestId('imp-your-decision')).toBeTruthy();
    expect(container.querySelectorAll('[data-choice="territory"]').length).toBe(legalActions(state, seat).length);
    expect(choices(container)).toBeGreaterThan(0);
    const strip = screen.getByTestId('imp-online-strip');
    expect(strip.querySelector(`li[data-seat="${seat}"]`)!.getAttribute('data-awaited')).toBe('true');
    expect(strip.querySelector('li[data-seat="2"]')!.textContent).toContain('(server bot)');
    expect(strip.querySelector('li[data-seat="2"]')!.getAttribute('data-player')).toBe('bot');
    const first = legalActions(state, seat)[0] as { kind: 'chooseMetropolis'; territory: string };
    fireEvent.click(container.querySelector(`[data-choice="territory"][data-territory="${first.territory}"]`)!);
    expect(act).toHaveBeenCalledWith(first);
  });

  it("a seat that is not awaited gets no choice, and sees whose decision it is", () => {
    const state = createGame({ players: 4, mode: 'normal', seed: 'ui-imp-online' });
    const awaited = awaitedSeats(state);
    const other = [0, 1, 2, 3].find((s) => !awaited.includes(s))!;
    const act = vi.fn();
    const { container } = show({ view: publicView(state), seat: other, act });
    expect(choices(container)).toBe(0);
    expect(screen.queryByTestId('imp-your-decision')).toBeNull();
    expect(screen.getByTestId('imp-awaited').textContent).toContain('Decides');
    expect(screen.getByTestId('imp-online-strip').querySelector(`li[data-seat="${awaited[0]}"]`)!.textContent).toContain('to decide');
  });

  it('answers a block offer out of turn (IM5.4): the asked seat gets Block / Let it pass', () => {
    let state: ImperiosState | null = null;
    for (let i = 0; i < 6 && !state; i++) {
      const s = randomUntil(4, `ui-imp-block-${i}`, (x) => x.pending?.kind === 'block');
      if (s.pending?.kind === 'block') state = s;
    }
    expect(state, 'a block offer within six seeded games').not.toBeNull();
    const p = state!.pending as Extract<ImperiosState['pending'], { kind: 'block' }>;
    const asked = p.asked[0];
    expect(asked).not.toBe(p.seat);
    const act = vi.fn();
    show({ view: publicView(state!), seat: asked, act });
    const prompt = screen.getByTestId('imp-prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Block it' }));
    expect(act).toHaveBeenCalledWith({ kind: 'block' });
  });

  it('a spectator, a reconnecting page and a seat the bot holds get no choice', () => {
    const state = createGame({ players: 4, mode: 'normal', seed: 'ui-imp-online' });
    const seat = awaitedSeats(state)[0];
    const spectator = show({ view: publicView(state), seat: null });
    expect(choices(spectator.container)).toBe(0);
    expect(screen.getByTestId('imp-online-strip').textContent).toContain('Watching');
    cleanup();
    const reconnecting = show({ view: publicView(state), seat, status: 'reconnecting' });
    expect(choices(reconnecting.container)).toBe(0);
    // Still this seat's screen: its panel first, marked as the viewer's.
    expect(reconnecting.container.querySelector('[data-layout="imperios"]')!.getAttribute('data-seat')).toBe(String(seat));
    expect(reconnecting.container.querySelector('[data-civ]')!.getAttribute('data-civ')).toBe(String(seat));
    cleanup();
    const onTable = vi.fn(async () => {});
    const handed = show({
      view: publicView(state), seat, act: vi.fn(), onTable,
      table: table({ handovers: [{ seat: String(seat), at: 0, why: 'abandoned' }] as never }),
    });
    expect(choices(handed.container)).toBe(0);
    expect(screen.getByTestId('imp-online-strip').querySelector(`li[data-seat="${seat}"]`)!.textContent).toContain('played by the server bot');
    fireEvent.click(screen.getByRole('button', { name: 'Take my seat back' }));
    expect(onTable).toHaveBeenCalledWith('takeBack', undefined);
  });

  it('offers to hand an abandoned seat to the bot (IM15.5), and only that seat', () => {
    const state = createGame({ players: 4, mode: 'normal', seed: 'ui-imp-online' });
    const onTable = vi.fn(async () => {});
    const players = PLAYERS.map((p) => (p.id === 1 ? { ...p, isConnected: false } : p));
    show({ view: publicView(state), seat: 0, players, onTable, table: table({ abandoned: ['1'] as never }) });
    expect(screen.getByTestId('imp-online-strip').querySelector('li[data-seat="1"]')!.getAttribute('data-player')).toBe('away');
    const buttons = screen.getAllByRole('button', { name: 'Hand to the bot' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    expect(onTable).toHaveBeenCalledWith('handToBot', '1');
  });

  it('shows the final scoring at the end, and nobody to decide', () => {
    const { state } = randomGame({ players: 4, mode: 'tutorial', seed: 'ui-imp-online-end' });
    expect(state.phase).toBe('over');
    const { container } = show({ view: publicView(state), seat: 1, act: vi.fn() });
    expect(screen.getByTestId('imp-end').getAttribute('data-winner')).toBe(String(state.result!.winner));
    expect(screen.getByTestId('imp-score-sheet')).toBeTruthy();
    expect(container.querySelector('li[data-awaited="true"]')).toBeNull();
    expect(screen.queryByTestId('imp-your-decision')).toBeNull();
  });
});

describe('G56: leaving a running online match', () => {
  it('asks first in the page dialog (Stay keeps the match), and only "Leave" leaves; a finished match just exits', () => {
    const state = createGame({ players: 4, mode: 'tutorial', seed: 'ui-imp-online-leave' });
    const onLeave = vi.fn();
    const onExit = vi.fn();
    show({ view: publicView(state), seat: 0, act: vi.fn(), onExit, onLeave });
    const leaveButton = () => document.querySelector('button[data-choice="exit"]') as HTMLButtonElement;
    fireEvent.click(leaveButton());
    const dialog = screen.getByTestId('leave-dialog');
    expect(dialog.textContent).toContain('G56');
    fireEvent.click(within(dialog).getByText('Stay'));
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.click(leaveButton());
    fireEvent.click(within(screen.getByTestId('leave-dialog')).getByText('Leave'));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(onExit).not.toHaveBeenCalled();
    cleanup();
    const { state: over } = randomGame({ players: 4, mode: 'tutorial', seed: 'ui-imp-online-end' });
    show({ view: publicView(over), seat: 1, act: vi.fn(), onExit, onLeave });
    fireEvent.click(leaveButton());
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});

describe('Imperios online lobby choices', () => {
  const base = { players: 5, mode: 'normal' as const, bots: 3, botKind: 'greedy' as const };
  it('takes 4–7 seats, Epic with 6–7 only, and leaves a seat for the creator', () => {
    expect(createProblem(base)).toBeNull();
    expect(createProblem({ ...base, players: 3 })).not.toBeNull();
    expect(createProblem({ ...base, players: 8 })).not.toBeNull();
    expect(createProblem({ ...base, mode: 'epic' })).not.toBeNull();
    expect(createProblem({ ...base, mode: 'epic', players: 6 })).toBeNull();
    expect(createProblem({ ...base, bots: 5 })).not.toBeNull();
    expect(createProblem({ ...base, bots: 4 })).toBeNull();
  });
  it("offers the search bot's three levels and sends the chosen one as the bots' kind", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/create') ? new Response(JSON.stringify({ matchID: 'm9' }), { status: 200 })
        : url.endsWith('/join') ? new Response(JSON.stringify({ error: 'stop here' }), { status: 409 })
          : new Response(JSON.stringify({ matches: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      const { container } = render(<ImperiosOnline server="http://srv" onExit={() => {}} />);
      const kinds = container.querySelector('[data-imp-online="bot-kind"]') as HTMLSelectElement;
      expect([...kinds.options].map((o) => o.value)).toEqual(['greedy', 'random', 'search', 'search-normal', 'search-hard']);
      fireEvent.change(container.querySelector('[data-imp-online="name"]')!, { target: { value: 'Ana' } });
      fireEvent.change(kinds, { target: { value: 'search-hard' } });
      fireEvent.click(container.querySelector('[data-imp-online="create"]')!);
      await screen.findByText('stop here');
      const call = fetch.mock.calls.find(([u]) => String(u).endsWith('/create'))!;
      expect(JSON.parse(String((call as unknown as [string, RequestInit])[1].body))).toEqual({
        numPlayers: 5, mode: 'normal', bot: ['2', '3', '4'], botKind: 'search-hard',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('gives the bots the last seats', () => {
    expect(botSeats(5, 3)).toEqual(['2', '3', '4']);
    expect(botSeats(4, 0)).toEqual([]);
  });
});

describe('Imperios online addresses and chat names', () => {
  it("tells an Imperios address apart from Mint's (game=imperios), and leaves Mint's alone", () => {
    const q = '?match=abc&game=imperios';
    expect(imperiosRoute({ kind: 'match', matchID: 'abc' }, q)).toEqual({ kind: 'imperios', matchID: 'abc', watch: false });
    expect(imperiosRoute({ kind: 'watch', matchID: 'abc' }, `${q}&watch=1`)).toEqual({ kind: 'imperios', matchID: 'abc', watch: true });
    expect(imperiosRoute({ kind: 'lobby' }, '?online=1&game=imperios')).toEqual({ kind: 'imperios' });
    expect(imperiosRoute({ kind: 'match', matchID: 'abc' }, '?match=abc')).toEqual({ kind: 'match', matchID: 'abc' });
    expect(imperiosRoute({ kind: 'lobby' }, '?online=1')).toEqual({ kind: 'lobby' });
  });
  it("names a chat line's sender by name and seat, a spectator as such", () => {
    const line = (sender: string | null, name?: string) =>
      ({ id: 'x', sender, payload: { text: 'hi', channel: 'players', at: 1, ...(name ? { name } : {}) } }) as unknown as ChatLine;
    expect(imperiosSender(line('4', 'Eva')).label).toBe('Eva (Player 5)');
    expect(imperiosSender(line('2')).label).toBe('Player 3');
    expect(imperiosSender(line(null)).label).toBe('Spectator');
  });
});
