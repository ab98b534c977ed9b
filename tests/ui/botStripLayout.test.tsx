// @vitest-environment happy-dom
/**
 * Issue 13 item 11: the "bot is thinking" strip must never cover the Leave button. The strip is its own block
 * after the header (not inside it, not positioned over it), in the desktop and the phone layout.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { BotStrip } from '../../src/ui/bot/BotStrip';
import { stateAt } from './states';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function phone(on: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: on, media: query, addEventListener() {}, removeEventListener() {},
  }));
}

/** The element and its ancestors inside `root`: none may be taken out of the flow (and so overlap others). */
function positioned(el: Element, root: Element): string[] {
  const out: string[] = [];
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    const pos = getComputedStyle(e).position;
    if (pos === 'absolute' || pos === 'fixed' || pos === 'sticky') out.push(`${e.tagName}:${pos}`);
  }
  return out;
}

describe.each([false, true])('bot strip and Leave (phone: %s)', (isPhone) => {
  it('sit in separate blocks, the strip after the header, neither positioned', () => {
    phone(isPhone);
    const s = stateAt('turn');
    const view = viewFor(s, 'R');
    const strip = <BotStrip view={view} viewer="R" bots={[{ seat: 'I', difficulty: 'Easy', status: { thinking: true, moves: 0, thoughts: null } }]} />;
    const { container } = render(<Board view={view} seat="R" onAction={() => {}} onExit={() => {}} extra={strip} />);
    expect(container.querySelector(`[data-layout="${isPhone ? 'phone' : 'desktop'}"]`)).not.toBeNull();
    const leave = screen.getByRole('button', { name: 'Leave' });
    const thinking = screen.getByText(/is thinking/);
    const header = leave.closest('header')!;
    const stripEl = screen.getByTestId('bot-strip');
    expect(header).not.toBeNull();
    expect(header.contains(thinking)).toBe(false);
    expect(stripEl.contains(leave)).toBe(false);
    expect(header.contains(stripEl)).toBe(false);
    // The strip follows the header in the flow: header first, then the strip.
    expect(header.compareDocumentPosition(stripEl) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(positioned(stripEl, container)).toEqual([]);
    expect(positioned(thinking, container)).toEqual([]);
    expect(positioned(leave, container)).toEqual([]);
  });
});
