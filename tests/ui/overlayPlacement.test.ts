/**
 * Issue 20 items 5 and 9, the arithmetic (src/ui/placement.ts) on the rectangles of the two board sizes the issue
 * names (desktop 1280×800: prompt and hand in the bottom row; phone 390×844: the prompt bar fixed at the bottom):
 * the dice strip goes over its planet and never over the prompt or the hand; a hit mark is cut clear of them; the
 * phone's toasts find a spot covering none of the planets the prompt offers. And the motion queue ends each step
 * (src/ui/motion/queue.ts `onEnd`): what a step drew does not outlive it.
 */
import { describe, expect, it } from 'vitest';
import { clipAway, dockedInset, intersects, placeBox, toastTop, type Rect } from '../../src/ui/placement';
import { createMotionQueue, type Playing } from '../../src/ui/motion/queue';

const desktop: Rect = { left: 0, top: 0, width: 1280, height: 800 };
const deskPrompt: Rect = { left: 0, top: 640, width: 690, height: 160 };
const deskHand: Rect = { left: 690, top: 640, width: 590, height: 160 };
const phone: Rect = { left: 0, top: 0, width: 390, height: 844 };
const phonePrompt: Rect = { left: 0, top: 490, width: 390, height: 354 };
const strip = { width: 180, height: 26 };

const boxAt = (p: { left: number; top: number }, s = strip): Rect => ({ ...p, ...s });
const inside = (a: Rect, b: Rect) => a.left >= b.left && a.top >= b.top && a.left + a.width <= b.left + b.width && a.top + a.height <= b.top + b.height;

describe('the dice strip over its planet (issue 20 item 5)', () => {
  it('desktop: centred over a planet in the middle of the board', () => {
    const planet: Rect = { left: 500, top: 200, width: 190, height: 120 };
    const box = boxAt(placeBox(strip, planet, [deskPrompt, deskHand], desktop));
    expect(intersects(box, planet)).toBe(true);
    expect(box.left + box.width / 2).toBeCloseTo(595);
    expect(box.top + box.height / 2).toBeCloseTo(260);
  });

  it('desktop: a planet at the foot of the board, just above the hand, keeps the strip off the hand and the prompt', () => {
    const planet: Rect = { left: 900, top: 610, width: 190, height: 30 }; // its visible part above the bottom row
    const box = boxAt(placeBox(strip, planet, [deskPrompt, deskHand], desktop));
    expect(intersects(box, planet)).toBe(true);
    expect(intersects(box, deskHand)).toBe(false);
    expect(intersects(box, deskPrompt)).toBe(false);
  });

  it('phone: a planet half under the fixed prompt bar: the strip sits on its visible part, above the bar', () => {
    const planet: Rect = { left: 158, top: 470, width: 74, height: 20 }; // 20 px of it above the bar
    const tall = { width: 112, height: 48 }; // two lines of dice on a narrow planet
    const box = boxAt(placeBox(tall, planet, [phonePrompt], phone), tall);
    expect(intersects(box, phonePrompt)).toBe(false);
    expect(intersects(box, planet)).toBe(true);
    expect(inside(box, phone)).toBe(true);
  });

  it('phone: a planet at the screen edge keeps the strip on screen, and below a reserved top', () => {
    const bounds: Rect = { left: 0, top: 120, width: 390, height: 724 }; // the tutorial's coach above 120 px
    const planet: Rect = { left: 2, top: 100, width: 74, height: 90 };
    const box = boxAt(placeBox(strip, planet, [phonePrompt], bounds));
    expect(inside(box, bounds)).toBe(true);
    expect(intersects(box, planet)).toBe(true);
  });

  it('with no free spot at all, the strip takes the one that covers the least', () => {
    const full: Rect = { left: 0, top: 0, width: 390, height: 800 };
    const box = boxAt(placeBox(strip, { left: 100, top: 300, width: 74, height: 90 }, [full], phone));
    expect(box.top).toBeGreaterThanOrEqual(800);
  });
});

describe('a hit mark (issue 20 item 5)', () => {
  it('is cut clear of the prompt bar; a chip wholly under it gets no mark', () => {
    expect(clipAway({ left: 10, top: 470, width: 40, height: 40 }, [phonePrompt])).toEqual({ left: 10, top: 470, width: 40, height: 20 });
    expect(clipAway({ left: 10, top: 500, width: 40, height: 40 }, [phonePrompt])).toBeNull();
    expect(clipAway({ left: 10, top: 100, width: 40, height: 40 }, [phonePrompt])).toEqual({ left: 10, top: 100, width: 40, height: 40 });
  });
});

describe('the overlay ends above what is docked at the foot of the screen (issue 20 item 5)', () => {
  it('the phone\'s fixed prompt bar, the desktop\'s bottom row; not a hand strip in the page\'s flow', () => {
    expect(dockedInset([phonePrompt], 844)).toBe(354);
    expect(dockedInset([deskPrompt, deskHand], 800)).toBe(160);
    expect(dockedInset([{ left: 4, top: 300, width: 382, height: 150 }], 844)).toBe(0); // the phone's Hand tab
    expect(dockedInset([], 844)).toBe(0);
  });
});

describe('the phone toasts (issue 20 item 9)', () => {
  const band = { top: 0, bottom: 490 }; // above the prompt bar
  const row = (top: number): Rect => ({ left: 3, top, width: 384, height: 100 });

  it('sit just above the prompt bar when no offered planet is there', () => {
    expect(toastTop(80, band, [row(150)])).toBe(490 - 80 - 4);
  });

  it('move above the offered planets of the bottom rows, into the first gap that is tall enough', () => {
    const planets = [row(250), row(355)]; // rows 2 and 3 offered; free above 250
    const top = toastTop(80, band, planets)!;
    expect(top).not.toBeNull();
    for (const p of planets) expect(intersects({ left: 6, top, width: 378, height: 80 }, p)).toBe(false);
    expect(top + 80).toBeLessThanOrEqual(250);
  });

  it('say so (null) when every spot would cover an offered planet', () => {
    expect(toastTop(80, band, [row(0), row(100), row(200), row(300), row(400)])).toBeNull();
  });
});

describe('the motion queue ends each step (issue 20 item 5)', () => {
  it('a step whose cap ran out (a hidden or busy tab) is ended before the next plays: its drawings are cancelled', async () => {
    const ended: string[][] = [];
    const started: string[] = [];
    const forever = (name: string): Playing & { name: string } => ({ name, finished: new Promise(() => {}), cancel() {} });
    const q = createMotionQueue<string>({
      play: (s) => { started.push(s); return [forever(s)]; },
      onEnd: (playing) => ended.push(playing.map((p) => (p as Playing & { name: string }).name)),
      reduced: () => false, stepCapMs: 20, max: 10,
    });
    q.enqueue(['dice', 'hits']);
    await q.idle();
    expect(started).toEqual(['dice', 'hits']);
    expect(ended).toEqual([['dice'], ['hits']]);
  });
});
