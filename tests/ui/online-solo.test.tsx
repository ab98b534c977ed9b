// @vitest-environment happy-dom
/**
 * The online game screen of a solo match (RULES §9), with the socket session mocked: the human's board and the
 * spectator's both show the rival panel (src/ui/solo/RivalPanel.tsx) and name the opponent as the rival deck;
 * a 2-player match shows no rival panel.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/game/content';
import { createState, needsAdvance, run, seededRng, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import type { PublicPlayer } from '../../src/ui/online/lobbyApi';
import { Lobby } from '../../src/ui/online/lobbyApi';

const session = vi.hoisted(() => ({ G: null as unknown, players: [] as unknown[] }));
vi.mock('../../src/ui/online/socketClient', async (orig) => ({
  ...(await orig<typeof import('../../src/ui/online/socketClient')>()),
  useOnlineSession: () => ({
    session: { client: { getState: () => null }, chat: () => [], chatError: () => null, sendChat: () => {}, table: () => null },
    state: { G: session.G, ctx: {}, _stateID: 1 },
    status: 'connected',
    players: session.players,
    fatal: null,
  }),
}));

const { PlayOnline, WatchOnline } = await import('../../src/ui/online/OnlineGame');

afterEach(cleanup);

function state(solo: boolean): GameState {
  const rng = seededRng('online-solo-ui');
  const s = createState(rng, DEFAULT_CONFIG, solo ? { bot: 'R', difficulty: 'hard' } : null);
  while (needsAdvance(s)) run(s, rng);
  return s;
}

const rivalPlayers: PublicPlayer[] = [{ id: 0, name: 'Rival deck', data: { rival: true } }, { id: 1, name: 'Imp', isConnected: true }];
const joined = { matchID: 'm', playerID: '1', credentials: 'c', name: 'Imp' };

describe('online solo board', () => {
  it('the human sees the rival panel and the rival deck as the opponent, and no invite link', () => {
    const s = state(true);
    session.G = viewFor(s, 'I');
    session.players = rivalPlayers;
    render(<PlayOnline lobby={new Lobby('http://x.test')} joined={joined} onLobby={vi.fn()} onRematch={vi.fn()} onSeatLost={vi.fn()} />);
    const panel = screen.getByTestId('rival');
    expect(panel.getAttribute('data-bot')).toBe('R');
    expect(screen.getByTestId('rival-deck').textContent).toContain(`Deck: ${s.solo!.deck.length} cards`);
    expect(document.querySelector('[data-opponent-status="rival"]')).toBeTruthy();
    expect(screen.queryByTestId('invite-link')).toBeNull();
  });

  it('a spectator sees the rival panel too; a 2-player match has none', () => {
    session.G = viewFor(state(true), null);
    session.players = rivalPlayers;
    render(<WatchOnline lobby={new Lobby('http://x.test')} matchID="m" onLobby={vi.fn()} />);
    expect(screen.getByTestId('rival').getAttribute('data-bot')).toBe('R');
    cleanup();
    session.G = viewFor(state(false), null);
    session.players = [{ id: 0, name: 'A' }, { id: 1, name: 'B' }];
    render(<WatchOnline lobby={new Lobby('http://x.test')} matchID="m" onLobby={vi.fn()} />);
    expect(screen.queryByTestId('rival')).toBeNull();
    expect(screen.getByTestId('online-strip')).toBeTruthy();
  });
});
