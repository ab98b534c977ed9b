// @vitest-environment happy-dom
/**
 * The rematch shared by the games' boards (src/ui/online/rematch.ts, issue 23), here with Mint's lobby client (its
 * "Play again", src/ui/online/OnlineGame.tsx; Imperios': tests/ui/imperios/held.test.tsx), `fetch` mocked: nothing is
 * asked before the game is over; then the seat asks with its credentials in headers, learns of the rematch another
 * player made, and `start` lands on its own seat of it; a refusal is shown and goes nowhere.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lobby } from '../../src/ui/online/lobbyApi';
import { useRematch } from '../../src/ui/online/rematch';

const SERVER = 'http://mint.test';
type Call = { url: string; method: string; headers: Headers };
let calls: Call[];
let respond: (c: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const c = { url: String(url), method: init?.method ?? 'GET', headers: new Headers(init?.headers) };
    calls.push(c);
    const r = respond(c);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => vi.unstubAllGlobals());

const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));
const joined = { matchID: 'm1', playerID: '1', credentials: 'c1', name: 'Bob' };

describe('useRematch with Mint\u2019s lobby', () => {
  it('asks nothing before the end; then sees the offer and lands on its own seat of the rematch', async () => {
    respond = (c) => (c.method === 'GET'
      ? { status: 200, body: { matchID: 'm1', players: [], createdAt: 0, updatedAt: 0, nextMatchID: 'm2' } }
      : { status: 200, body: { nextMatchID: 'm2', playerID: '1', playerCredentials: 'new-1' } });
    const onRematch = vi.fn();
    const { result, rerender } = renderHook(({ over }) => useRematch(new Lobby(SERVER), joined, over, onRematch), { initialProps: { over: false } });
    await tick();
    expect(calls).toEqual([]);
    rerender({ over: true });
    await waitFor(() => expect(result.current.offered).toBe(true));
    expect(calls[0].url).toBe(`${SERVER}/games/mint-imperium/m1`);
    expect([calls[0].headers.get('X-Player-ID'), calls[0].headers.get('X-Player-Credentials')]).toEqual(['1', 'c1']);
    expect(result.current.offered).toBe(true);
    await act(() => result.current.start());
    expect(calls.at(-1)!.url).toBe(`${SERVER}/games/mint-imperium/m1/playAgain`);
    expect(onRematch).toHaveBeenCalledWith({ matchID: 'm2', playerID: '1', credentials: 'new-1', name: 'Bob' });
  });

  it('shows a refusal and goes nowhere', async () => {
    respond = (c) => (c.method === 'GET'
      ? { status: 200, body: { matchID: 'm1', players: [], createdAt: 0, updatedAt: 0 } }
      : { status: 409, body: { error: 'the game is not over' } });
    const onRematch = vi.fn();
    const { result } = renderHook(() => useRematch(new Lobby(SERVER), joined, true, onRematch));
    await waitFor(() => expect(calls).toHaveLength(1)); // asked, and told of no rematch
    await tick();
    expect(result.current.offered).toBe(false);
    await act(() => result.current.start());
    expect(result.current.error).toBe('the game is not over');
    expect(result.current.busy).toBe(false);
    expect(onRematch).not.toHaveBeenCalled();
  });
});
