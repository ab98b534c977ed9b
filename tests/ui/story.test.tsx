// @vitest-environment happy-dom
/**
 * The board's story (issue 13 items 3, 4, 7) on a real game's view: a finished combat's summary opens by itself,
 * stays until closed and reopens from the log; the "last move" banner names the opponent's latest act; planets
 * their pieces touched since the viewer's mark are outlined; "while you were away" lists the seat's own lines.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { Board } from '../../src/ui/board/Board';
import { describeLog } from '../../src/ui/log/sentences';
import { combatStories } from '../../src/ui/story/combats';
import { actsSince } from '../../src/ui/story/recent';
import { Toasts } from '../../src/ui/story/Toasts';

afterEach(cleanup);

function gameWithCombats() {
  for (let g = 0; ; g++) {
    const { state } = randomGameFromSeed(`story-ui-${g}`);
    const view = viewFor(state, 'R');
    if (combatStories(view.log).filter((s) => s.kind === 'combat').length >= 2) return view;
  }
}

describe('the board tells what just happened', () => {
  it('issue 13 item 3: a combat summary stays until closed and reopens from the log', async () => {
    const view = gameWithCombats();
    const stories = combatStories(view.log);
    const { container } = render(<Board view={view} seat="R" since={0} />);
    const summary = () => container.querySelector('[data-testid="combat-summary"]');
    const last = stories[stories.length - 1];
    expect(summary()?.getAttribute('data-planet-summary')).toBe(last.planet);
    expect(summary()?.textContent).toMatch(/Losses/);
    await act(async () => { fireEvent.click(container.querySelector('[data-story="close-combat"]')!); });
    expect(summary()).toBeNull();
    const buttons = container.querySelectorAll('[data-story="open-combat"]');
    expect(buttons.length).toBe(stories.length);
    await act(async () => { fireEvent.click(buttons[0]); });
    expect(summary()?.getAttribute('data-planet-summary')).toBe(stories[0].planet);
  });

  it('issue 13 items 4 and 7: the banner, the outlined planets and "while you were away" follow the mark', () => {
    const view = gameWithCombats();
    const mark = Math.max(0, view.log.length - 12);
    const { container } = render(<Board view={view} seat="R" since={mark} away />);
    const acts = actsSince(view.log, 0, 'R');
    const banner = container.querySelector('[data-testid="last-move"]');
    expect(banner?.textContent).toContain(acts[acts.length - 1].text);
    expect(banner?.getAttribute('data-fresh')).toBe(acts[acts.length - 1].index >= mark ? 'true' : 'false');
    const away = container.querySelector('[data-testid="away-summary"]');
    const lines = describeLog(view.log.slice(mark), 'R').map((l) => l.text);
    expect(away?.getAttribute('data-lines')).toBe(String(lines.length));
    for (const li of away?.querySelectorAll('li') ?? []) expect(lines.some((l) => li.textContent?.endsWith(l))).toBe(true);
    // With the mark at the end, nothing is new: no away card, the banner muted, no outlined planet.
    cleanup();
    const after = render(<Board view={view} seat="R" since={view.log.length} away />);
    expect(after.container.querySelector('[data-testid="away-summary"]')).toBeNull();
    expect(after.container.querySelector('[data-testid="last-move"]')?.getAttribute('data-fresh')).toBe('false');
    expect(after.container.querySelector('[data-testid="recent-highlights"]')).toBeNull();
  });

  it('issue 13 item 4 (phone): each new log line shows as a toast; lines already there do not; a burst is counted', async () => {
    const view = gameWithCombats();
    const at = 40;
    const partial = { ...view, log: view.log.slice(0, at) };
    const { container, rerender } = render(<Toasts view={partial} seat="R" />);
    expect(container.querySelectorAll('[data-testid="toast"]').length).toBe(0);
    const one = view.log.slice(0, at + 1);
    const next = describeLog(one, 'R').length > describeLog(partial.log, 'R').length ? one : view.log.slice(0, at + 3);
    await act(async () => { rerender(<Toasts view={{ ...view, log: next }} seat="R" />); });
    const added = describeLog(next, 'R').slice(describeLog(partial.log, 'R').length).map((l) => l.text);
    const shown = [...container.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent);
    expect(shown.slice(-added.length)).toEqual(added.slice(-3));
    await act(async () => { rerender(<Toasts view={view} seat="R" />); });
    const texts = [...container.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent ?? '');
    expect(texts.length).toBe(3);
    expect(texts[0]).toMatch(/^\d+ more new lines before these: see the Log tab\.$/);
    const all = describeLog(view.log, 'R');
    expect(texts.slice(1)).toEqual(all.slice(-2).map((l) => l.text));
  });
});
