// @vitest-environment happy-dom
/**
 * The table bar of an online match (src/ui/online/TableBar.tsx, issue 10 items 2 and 3): both clocks from the
 * server's snapshot, counting down on the running decision only; claim / hand-over buttons only once the opponent
 * is out of time or away past the limit; take-back for one's own seat; spectators get clocks and no buttons.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botOfferIn, formatClock, remaining, TableBar, tableOptions } from '../../src/ui/online/TableBar';
import type { TableSnapshot, TableView } from '../../src/ui/online/socketClient';

afterEach(cleanup);
const MIN = 60_000;

function snap(view: Partial<TableView>, receivedAt = Date.now()): TableSnapshot {
  return { view: { serverNow: 1_000_000, away: {}, abandonMs: 3 * MIN, handovers: [], ...view }, receivedAt };
}
const live = (running: '0' | '1', sinceAgo: number, banks = { '0': 10 * MIN, '1': 10 * MIN }) =>
  ({ kind: 'live' as const, bankMs: 10 * MIN, incrementMs: 20_000, banks, running: { seat: running, since: 1_000_000 - sinceAgo }, serverNow: 1_000_000 });

describe('clock arithmetic', () => {
  it('formats and counts down the running seat only', () => {
    expect(formatClock(10 * MIN)).toBe('10:00');
    expect(formatClock(61_500)).toBe('1:02');
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(25 * 60 * MIN)).toBe('25 h 00 min');
    const s = snap({ clock: live('0', 30_000) }, 5000);
    expect(remaining(s, '0', 5000)).toBe(10 * MIN - 30_000);
    expect(remaining(s, '0', 15_000)).toBe(10 * MIN - 40_000); // 10 s later on this page
    expect(remaining(s, '1', 15_000)).toBe(10 * MIN); // the waiting seat's bank does not move
    const turn = snap({ clock: { kind: 'turn', perDecisionMs: 24 * 60 * MIN, running: { seat: '1', since: 1_000_000 - MIN }, serverNow: 1_000_000 } }, 0);
    expect(remaining(turn, '1', 0)).toBe(24 * 60 * MIN - MIN);
    expect(remaining(turn, '0', 0)).toBe(Infinity);
  });

  it('offers the claim only when the opponent is out of time, the hand-over also past the absence limit', () => {
    const t0 = 1000;
    const inTime = snap({ clock: live('1', 9 * MIN) }, t0);
    expect(tableOptions(inTime.view, inTime, '0', t0)).toEqual([]);
    expect(tableOptions(inTime.view, inTime, '0', t0 + MIN + 1)).toEqual(['claimWin', 'handToBot']);
    expect(tableOptions(inTime.view, inTime, '1', t0 + MIN + 1)).toEqual([]); // the late seat itself
    expect(tableOptions(inTime.view, inTime, null, t0 + MIN + 1)).toEqual([]); // spectator
    const away = snap({ away: { '1': 1_000_000 - 2 * MIN } }, t0);
    expect(tableOptions(away.view, away, '0', t0)).toEqual([]);
    expect(tableOptions(away.view, away, '0', t0 + MIN)).toEqual(['handToBot']);
    const handed = snap({ handovers: [{ seat: '0', from: 3, why: 'away' }] }, t0);
    expect(tableOptions(handed.view, handed, '0', t0)).toEqual(['takeBack']);
    expect(tableOptions(handed.view, handed, '1', t0)).toEqual([]);
  });

  it('takes the server\'s word when it pushes an expiry or an abandoned seat (server/table-timer.ts), whatever this page counted', () => {
    const t0 = 1000;
    const expired = snap({ clock: { ...live('1', 0), expired: '1' } }, t0);
    expect(tableOptions(expired.view, expired, '0', t0)).toEqual(['claimWin', 'handToBot']);
    const gone = snap({ away: { '1': 1_000_000 - 1000 }, abandoned: ['1'] }, t0);
    expect(tableOptions(gone.view, gone, '0', t0)).toEqual(['handToBot']);
    expect(tableOptions(gone.view, gone, '1', t0)).toEqual([]);
    render(<TableBar snap={gone} me="0" over={false} onAction={async () => {}} />);
    expect(screen.getByTestId('opponent-abandoned').textContent).toContain('away for too long');
    expect(screen.getByRole('button', { name: 'Hand their seat to the bot' })).toBeTruthy();
  });
});

describe('table bar', () => {
  it('shows both clocks, marks the running one, and sends the chosen action', async () => {
    const onAction = vi.fn(async () => {});
    const s = snap({ clock: live('1', 10 * MIN + 1000) });
    render(<TableBar snap={s} me="0" over={false} onAction={onAction} />);
    const bar = screen.getByTestId('table-bar');
    expect(bar.querySelector('[data-clock-seat="0"]')!.textContent).toContain('Rebel (you): 10:00');
    expect(bar.querySelector('[data-clock-seat="1"]')!.getAttribute('data-clock-active')).toBe('yes');
    expect(bar.querySelector('[data-clock-seat="1"]')!.textContent).toContain('out of time');
    fireEvent.click(screen.getByRole('button', { name: 'Claim the win' }));
    expect(onAction).toHaveBeenCalledWith('claimWin');
    expect(screen.getByRole('button', { name: 'Hand their seat to the bot' })).toBeTruthy();
  });

  it('a spectator sees the clocks and no buttons; a plain match shows nothing', () => {
    render(<TableBar snap={snap({ clock: live('1', 11 * MIN) })} me={null} over={false} />);
    expect(screen.getByTestId('table-bar').querySelectorAll('[data-clock-seat]')).toHaveLength(2);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    cleanup();
    render(<TableBar snap={null} me="0" over={false} onAction={async () => {}} />);
    expect(screen.queryByTestId('table-bar')).toBeNull();
  });

  it('issue 20 item 7: while the opponent is away, a count-down to the bot offer (not just "offline")', () => {
    const t0 = 1000;
    const away = snap({ away: { '1': 1_000_000 - 30_000 } }, t0); // away for 30 s of the 3 min limit
    expect(botOfferIn(away.view, away, '0', t0)).toBe(2.5 * MIN);
    expect(botOfferIn(away.view, away, '0', t0 + MIN)).toBe(1.5 * MIN);
    expect(botOfferIn(away.view, away, '0', t0 + 2.5 * MIN)).toBeNull(); // the offer itself is up now
    expect(botOfferIn(away.view, away, '1', t0)).toBeNull(); // the away seat itself
    expect(botOfferIn(away.view, away, null, t0)).toBeNull(); // spectators
    const handed = snap({ away: { '1': 1_000_000 - 30_000 }, handovers: [{ seat: '1', from: 3, why: 'away' }] }, t0);
    expect(botOfferIn(handed.view, handed, '0', t0)).toBeNull(); // already with the bot
    vi.useFakeTimers({ now: 50_000 }); // the page's clock stands still: the count-down reads exactly
    try {
      render(<TableBar snap={snap({ away: { '1': 1_000_000 - 30_000 } }, 50_000)} me="0" over={false} onAction={async () => {}} />);
      expect(screen.getByTestId('bot-offer-countdown').textContent)
        .toBe('Your opponent is away. If they are not back in 2:30, you can hand their seat to the bot.');
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('button', { name: 'Hand their seat to the bot' })).toBeNull();
  });
});

describe('issue 20 item 7: a match\'s clock in words (lobby rows, the join screen)', () => {
  it('names the kind, the bank, the increment and the stake', async () => {
    const { clockText } = await import('../../src/ui/online/lobbyApi');
    expect(clockText(undefined)).toBe('No clock');
    expect(clockText({ kind: 'live', bankMs: 10 * MIN, incrementMs: 20_000 })).toBe('Live clock: 10 min each, + 20 s per turn. Running out of time loses the game.');
    expect(clockText({ kind: 'live', bankMs: 2 * 60 * MIN, incrementMs: 0 })).toBe('Live clock: 2 h each. Running out of time loses the game.');
    expect(clockText({ kind: 'turn', perDecisionMs: 24 * 60 * MIN })).toBe('Clock over days: 24 h per turn. Running out of time loses the game.');
  });
});
