// @vitest-environment happy-dom
/**
 * The online chat panel (src/ui/online/ChatPanel.tsx, issue 10 item 1): lines are text, never HTML; quick phrases
 * send at once (phones); the spectators' channel can be hidden by a player; over 500 characters cannot be sent; a
 * refusal from the server is shown.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatDock, ChatPanel, CHAT_MAX, QUICK_PHRASES } from '../../src/ui/online/ChatPanel';
import type { ChatLine, OnlineSession } from '../../src/ui/online/socketClient';

afterEach(cleanup);

const line = (id: string, sender: string | null, text: string, channel: 'players' | 'spectators' = 'players', name?: string): ChatLine =>
  ({ id, sender, payload: { text, channel, at: 0, ...(name ? { name } : {}) } });

function panel(props: Partial<Parameters<typeof ChatPanel>[0]> = {}) {
  const onSend = vi.fn();
  const onShowSpectators = vi.fn();
  render(<ChatPanel lines={[]} seatID="0" error={null} onSend={onSend} onClose={() => {}} showSpectators
    onShowSpectators={onShowSpectators} {...props} />);
  return { onSend, onShowSpectators };
}

describe('chat panel', () => {
  it('shows HTML as literal text: no element is created from a line', () => {
    const html = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    panel({ lines: [line('a', '1', html, 'players', 'Imp')] });
    const lines = screen.getByTestId('chat-lines');
    expect(lines.querySelector('img')).toBeNull();
    expect(lines.querySelector('b')).toBeNull();
    expect(lines.querySelector('[data-chat-text]')!.textContent).toBe(html);
    expect(lines.textContent).toContain('Imp (Imperial):');
  });

  it('quick phrases send at once; the form sends the trimmed text and empties the field', () => {
    const { onSend } = panel();
    for (const p of QUICK_PHRASES) expect(screen.getByRole('button', { name: p })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Well played' }));
    expect(onSend).toHaveBeenLastCalledWith('Well played');
    const input = screen.getByLabelText('Chat message') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  see you  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith('see you');
    expect(input.value).toBe('');
  });

  it(`more than ${CHAT_MAX} characters: Send is disabled and the limit is said`, () => {
    const { onSend } = panel();
    fireEvent.change(screen.getByLabelText('Chat message'), { target: { value: 'x'.repeat(CHAT_MAX + 1) } });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('chat-error').textContent).toMatch(/At most 500/);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a player can hide the spectators\' channel; a spectator has no such switch', () => {
    const lines = [line('a', '0', 'mine'), line('b', null, 'from the stands', 'spectators')];
    const { onShowSpectators } = panel({ lines, showSpectators: false });
    expect(screen.getByTestId('chat-lines').textContent).not.toContain('from the stands');
    fireEvent.click(screen.getByLabelText(/Show the spectators/));
    expect(onShowSpectators).toHaveBeenCalledWith(true);
    cleanup();
    panel({ lines, seatID: null, showSpectators: false });
    expect(screen.queryByLabelText(/Show the spectators/)).toBeNull();
    expect(screen.getByTestId('chat-lines').textContent).toContain('Spectator: from the stands');
  });

  it('shows the server\'s refusal', () => {
    panel({ error: 'rate limited' });
    expect(screen.getByRole('alert').textContent).toBe('Not sent: rate limited.');
  });

  it('the dock: a player\'s spectators\' channel is closed until opened, and opening it asks the server for it (issue 19 item 3)', () => {
    const lines = [line('a', '0', 'mine'), line('b', null, 'from the stands', 'spectators')];
    const showSpectatorChat = vi.fn();
    const session = { chat: () => lines, chatError: () => null, sendChat: vi.fn(), showSpectatorChat } as unknown as OnlineSession;
    render(<ChatDock session={session} seatID="0" />);
    // The unread count holds the players' line only.
    expect(screen.getByRole('button', { name: 'Chat (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chat (1)' }));
    const box = screen.getByLabelText(/Show the spectators/) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('chat-lines').textContent).not.toContain('from the stands');
    expect(showSpectatorChat).not.toHaveBeenCalled();
    fireEvent.click(box);
    expect(showSpectatorChat).toHaveBeenLastCalledWith(true);
    expect(screen.getByTestId('chat-lines').textContent).toContain('from the stands');
    fireEvent.click(screen.getByLabelText(/Show the spectators/));
    expect(showSpectatorChat).toHaveBeenLastCalledWith(false);
  });

  it('issue 20 item 7: after a reload the count holds only lines newer than what was read in this browser', () => {
    localStorage.clear();
    const at = (l: ChatLine, t: number): ChatLine => ({ ...l, payload: { ...l.payload, at: t } });
    let lines = [at(line('a', '1', 'hello'), 1000), at(line('b', '1', 'ready?'), 2000)];
    const session = { chat: () => lines, chatError: () => null, sendChat: vi.fn(), showSpectatorChat: vi.fn() } as unknown as OnlineSession;
    render(<ChatDock session={session} seatID="0" matchID="m-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat (2)' })); // read both
    fireEvent.click(screen.getByRole('button', { name: 'Chat' })); // closed again
    cleanup();
    // The page reloads: the same two lines come back with the history, and one new one.
    lines = [...lines, at(line('c', '1', 'your turn'), 3000)];
    render(<ChatDock session={session} seatID="0" matchID="m-1" />);
    expect(screen.getByRole('button', { name: 'Chat (1)' })).toBeTruthy();
    cleanup();
    // Another match, or the other seat in this browser (hot-desk), has read nothing.
    render(<ChatDock session={session} seatID="1" matchID="m-1" />);
    expect(screen.getByRole('button', { name: 'Chat (3)' })).toBeTruthy();
  });
});
