/**
 * A keyboard-only player for the browser tests (issue 12 item 4): it picks one offered choice like the clicking
 * player (harness.ts clickRandomChoice), then reaches it with Tab / Shift+Tab from wherever the focus is and
 * presses Enter. No mouse event is ever sent; `countMouse` installs a counter the test asserts to be 0.
 */
import type { Page } from 'playwright-core';

/** Counts trusted mouse and pointer presses in the page (keyboard activation sends none). */
export async function countMouse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __mouse: number };
    w.__mouse = 0;
    for (const type of ['mousedown', 'pointerdown', 'mouseup']) {
      window.addEventListener(type, (ev) => { if (ev.isTrusted) w.__mouse++; }, true);
    }
  });
}

export async function mouseEvents(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __mouse: number }).__mouse);
}

/**
 * Mark one offered choice with data-kbd-target (same preferences as the clicking player: ending choices with
 * probability `preferEnding`, hostile planets half of the time, steppers rarely). Returns its description.
 */
async function markTarget(page: Page, roll: number, preferEnding: number): Promise<string | null> {
  return page.evaluate(({ roll, preferEnding }) => {
    document.querySelectorAll('[data-kbd-target]').forEach((el) => el.removeAttribute('data-kbd-target'));
    const all = [...document.querySelectorAll<HTMLElement>('[data-choice]')].filter((el) => {
      const kind = el.getAttribute('data-choice');
      if (kind === 'back' || kind === 'exit' || kind === 'watch-bots') return false;
      if ((el as HTMLButtonElement).disabled) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
    if (all.length === 0) return null;
    const ending = all.filter((el) => el.getAttribute('data-ending') === 'true');
    const main = all.filter((el) => el.getAttribute('data-choice') !== 'stepper');
    const steppers = all.filter((el) => el.getAttribute('data-choice') === 'stepper');
    const u = roll / 1_000_000;
    let pool = main.length ? main : all;
    const me = document.querySelector('[data-seat]')?.getAttribute('data-seat');
    const enemy = me === 'R' ? 'I' : 'R';
    const hostile = main.filter((el) => el.getAttribute('data-choice') === 'planet' && el.querySelector(`[data-units="${enemy}"]`));
    if (hostile.length && u > 0.5) pool = hostile;
    if (ending.length && u < preferEnding) pool = ending;
    else if (steppers.length && u > 0.9) pool = steppers;
    const el = pool[Math.floor(((roll * 7919) % 1_000_000) / 1_000_000 * pool.length)];
    el.setAttribute('data-kbd-target', '1');
    return `${el.getAttribute('data-choice')}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 60)}`;
  }, { roll, preferEnding });
}

/** Where the focus is relative to the marked target: 'here', or the key that moves toward it. */
async function direction(page: Page): Promise<'here' | 'Tab' | 'Shift+Tab'> {
  return page.evaluate(() => {
    const target = document.querySelector('[data-kbd-target]');
    const active = document.activeElement;
    if (!target) throw new Error('target gone');
    if (active === target) return 'here';
    if (!active || active === document.body) return 'Tab';
    return target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'Shift+Tab' : 'Tab';
  });
}

/**
 * Choose one offered choice with the keyboard only. Returns its description and how many Tab presses it took,
 * or null when nothing is offered.
 */
const unusedRoll = new WeakMap<object, number>();

export async function keyRandomChoice(page: Page, rng: { int(n: number): number }, preferEnding = 0.6):
  Promise<{ what: string; tabs: number } | null> {
  // As in harness.ts: a roll is spent only on a choice, so the game a seed plays does not depend on how often the
  // page was polled while nothing was offered (the load).
  const roll = unusedRoll.get(rng) ?? rng.int(1_000_000);
  unusedRoll.delete(rng);
  const what = await markTarget(page, roll, preferEnding);
  if (!what) {
    unusedRoll.set(rng, roll);
    return null;
  }
  let tabs = 0;
  for (;;) {
    const d = await direction(page);
    if (d === 'here') break;
    if (++tabs > 120) throw new Error(`could not reach ${what} with Tab`);
    await page.keyboard.press(d);
  }
  await page.keyboard.press('Enter');
  return { what, tabs };
}
