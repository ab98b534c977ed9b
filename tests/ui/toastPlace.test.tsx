// @vitest-environment happy-dom
/**
 * Issue 20 item 9 — the phone toasts never cover the planets the prompt is about. happy-dom lays nothing out, so
 * the rectangles of a 390×844 phone during an opposition are given by hand: the fixed prompt bar from 490 px
 * (42 % of the screen), the offered planets of the board's third row just above it. The toasts' box must lie in
 * the screen above the bar and cover none of them; with no free spot it moves off screen (still a live region).
 * Chromium checks the same on a real board (tests/e2e/phone.test.ts).
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { describeLog } from '../../src/ui/log/sentences';
import { Toasts } from '../../src/ui/story/Toasts';

type Box = { top: number; height: number };
const TOAST_BOX_HEIGHT = 60;
const SCREEN = 844;
const rects = new Map<Element, Box>();
const restore: (() => void)[] = [];

beforeEach(() => {
  const proto = HTMLElement.prototype;
  const rect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect')!;
  const offset = Object.getOwnPropertyDescriptor(proto, 'offsetHeight');
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const b = rects.get(this) ?? { top: 0, height: 0 };
    return { left: 0, right: 390, width: 390, top: b.top, bottom: b.top + b.height, height: b.height, x: 0, y: b.top, toJSON() {} } as DOMRect;
  };
  Object.defineProperty(proto, 'offsetHeight', {
    configurable: true, get(this: HTMLElement) { return this.dataset.testid === 'toasts' ? TOAST_BOX_HEIGHT : 0; },
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: SCREEN });
  restore.push(() => {
    Object.defineProperty(Element.prototype, 'getBoundingClientRect', rect);
    if (offset) Object.defineProperty(proto, 'offsetHeight', offset);
    else delete (proto as { offsetHeight?: number }).offsetHeight;
  });
});

afterEach(() => {
  cleanup();
  rects.clear();
  restore.splice(0).forEach((f) => f());
  document.body.replaceChildren();
});

/** The board's parts that matter here: the fixed prompt bar and planets offered as choices, at given heights. */
function page(planetTops: number[]) {
  const bar = document.createElement('section');
  bar.dataset.testid = 'prompt';
  bar.style.position = 'fixed';
  document.body.appendChild(bar);
  rects.set(bar, { top: 490, height: SCREEN - 490 });
  planetTops.forEach((top, i) => {
    const p = document.createElement('button');
    p.dataset.choice = 'planet';
    p.dataset.planet = 'ABCDEFGHIJKLMN'[i];
    document.body.appendChild(p);
    rects.set(p, { top, height: 100 });
  });
  return planetTops.map((top) => ({ top, height: 100 }));
}

/** A real game's view and a later one with new log lines (toasts are only for lines new since the mount). */
function views(): [GameState, GameState] {
  const { state } = randomGameFromSeed('toast-place');
  const view = viewFor(state, 'R');
  let at = 30;
  while (describeLog(view.log.slice(0, at + 2), 'R').length <= describeLog(view.log.slice(0, at), 'R').length) at++;
  return [{ ...view, log: view.log.slice(0, at) }, { ...view, log: view.log.slice(0, at + 2) }];
}

/** Where the toasts' box is: from its top style, or (the code before the fix) its bottom style. */
function toastBand(box: HTMLElement): Box {
  if (box.style.top) return { top: parseFloat(box.style.top), height: TOAST_BOX_HEIGHT };
  const bottom = parseFloat(box.style.bottom);
  return { top: SCREEN - bottom - TOAST_BOX_HEIGHT, height: TOAST_BOX_HEIGHT };
}

const meet = (a: Box, b: Box) => a.top < b.top + b.height && b.top < a.top + a.height;

describe('phone toasts and the offered planets (issue 20 item 9)', () => {
  it('offered planets just above the prompt bar: the toasts go above them, still on screen and above the bar', async () => {
    const planets = page([410]); // the third row, its foot 20 px above the bar
    const [before, after] = views();
    const { getByTestId, rerender } = render(<Toasts view={before} seat="R" />);
    await act(async () => { rerender(<Toasts view={after} seat="R" />); });
    const box = getByTestId('toasts');
    expect(box.querySelectorAll('[data-testid="toast"]').length).toBeGreaterThan(0);
    const band = toastBand(box);
    for (const p of planets) expect(meet(band, p), `toasts at ${band.top}–${band.top + band.height} over a planet at ${p.top}`).toBe(false);
    expect(band.top).toBeGreaterThanOrEqual(0);
    expect(band.top + band.height).toBeLessThanOrEqual(490);
  });

  it('no free spot between the top of the screen and the bar: off screen, still the live region', async () => {
    page([0, 100, 200, 300, 400]);
    const [before, after] = views();
    const { getByTestId, rerender } = render(<Toasts view={before} seat="R" />);
    await act(async () => { rerender(<Toasts view={after} seat="R" />); });
    const box = getByTestId('toasts');
    expect(box.getAttribute('data-placed')).toBe('off-screen');
    expect(toastBand(box).top + TOAST_BOX_HEIGHT).toBeLessThan(0);
    expect(box.getAttribute('aria-live')).toBe('polite');
    expect(box.querySelectorAll('[data-testid="toast"]').length).toBeGreaterThan(0);
  });
});
