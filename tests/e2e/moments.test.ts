/**
 * Issue 20 items 2 and 3 in Chromium, from hot-seat games resumed at a chosen moment (a save of seeded moves put
 * into the page's storage, as the game itself keeps them: src/ui/saved/localSave.ts):
 * - item 2: an event that changed the game (a mission's roll) stops the player's choices until acknowledged; the
 *   card is large, above the board, not over the prompt or the hand, on a desktop and on a phone;
 * - item 3: an opposition that ends the player's round is marked and explained before it is chosen.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Faction } from '../../src/game/content';
import {
  applyLegal, createState, legalActions, needsAdvance, roundEndsAfter, run, seededRng, type Action, type GameState,
} from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { momentsSince } from '../../src/ui/story/moments';
import { shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run_ = e2eEnabled();

/**
 * Seeded random moves (no take-backs) of game `seed` until `want` holds; the moves a save replays. `marks`: each
 * seat's view's log length before its last move — where the hot-seat board starts that seat's moments
 * (src/ui/screens/HotSeatScreen.tsx, useSavedMatch's onSend).
 */
function movesTo(want: (s: GameState, marks: Record<Faction, number>) => boolean, tag: string): { seed: string; moves: { seat: Faction; action: Action }[]; state: GameState } {
  for (let g = 0; g < 300; g++) {
    const seed = `${tag}-${g}`;
    const rng = seededRng(seed);
    const chooser = seededRng(`${seed}-choices`);
    const s = createState(rng, DEFAULT_CONFIG);
    while (needsAdvance(s)) run(s, rng);
    const moves: { seat: Faction; action: Action }[] = [];
    const marks: Record<Faction, number> = { R: 0, I: 0 };
    for (let i = 0; i < 3000 && !s.winner; i++) {
      if (want(s, marks)) return { seed, moves, state: s };
      const seat = s.pending!.seat;
      marks[seat] = viewFor(s, seat).log.length;
      const acts = legalActions(s, seat).filter((a) => a.type !== 'undo');
      const a = acts[chooser.int(acts.length)];
      applyLegal(s, a, rng);
      moves.push({ seat, action: a });
      while (needsAdvance(s)) run(s, rng);
    }
  }
  throw new Error(`no game for ${tag}`);
}

/** Opens the saved hot-seat game in a fresh page and lifts the privacy cover. */
async function resume(browser: Browser, url: string, save: { seed: string; moves: unknown[] }, viewport: { width: number; height: number }, mobile = false): Promise<Page> {
  const page = await browser.newPage({ viewport, ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}) });
  await page.goto(url);
  await page.evaluate((text) => {
    localStorage.setItem('mint-imperium-hotseat', text);
    sessionStorage.setItem('mint-imperium-open', 'hotseat');
  }, JSON.stringify({ seed: save.seed, setup: { mode: 'hotseat' }, moves: save.moves, config: DEFAULT_CONFIG }));
  await page.reload();
  await page.click('[data-choice="ready"]');
  await page.waitForSelector('[data-testid="prompt"]');
  return page;
}

describe.skipIf(!run_)('the moments that matter, in the browser', () => {
  const env = useServerAndBrowser();

  // A decision of a seat whose opponent's mission was rolled since its last act.
  const rolled = movesTo((s, marks) => {
    if (s.pending?.kind !== 'turn') return false;
    const seat = s.pending.seat;
    const m = momentsSince(viewFor(s, seat).log, marks[seat], seat);
    return m.length >= 1 && m[0].kind === 'mission';
  }, 'e2e-moment');

  for (const layout of ['desktop', 'phone'] as const) {
    it(`item 2 (${layout}): a mission roll stops the player's choices until OK, shown large and uncovered`, async () => {
      const page = await resume(env.browser, env.server.url, rolled, layout === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 }, layout === 'phone');
      const errors = watchErrors(page);
      const card = page.locator('[data-testid="moment"]');
      await card.waitFor();
      expect(await card.getAttribute('data-moment-kind')).toBe('mission');
      expect(await page.textContent('[data-testid="moment"] h2')).toMatch(/mission (succeeds|fails)$/);
      // Nothing else to choose meanwhile; the card covers neither the prompt bar nor the hand.
      expect(await page.locator('[data-choice="type"]').count()).toBe(0);
      const overlap = await page.evaluate(() => {
        const c = document.querySelector('[data-testid="moment"]')!.getBoundingClientRect();
        const hits = (sel: string) => [...document.querySelectorAll(sel)].some((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
        });
        return { prompt: hits('[data-testid="prompt"]'), hand: hits('[data-testid="hand"]'), big: c.width >= Math.min(360, window.innerWidth - 30) };
      });
      expect(overlap).toEqual({ prompt: false, hand: false, big: true });
      await shot(page, `moment-${layout}`);
      // Enter on the focused OK acknowledges it; then (after any others) the choices come back.
      await page.keyboard.press('Enter');
      while (await card.count()) await page.click('[data-choice="moment-ok"]');
      await page.waitForSelector('[data-choice="type"]');
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('item 3: an opposition that ends the round is marked and explained before it is chosen', async () => {
    const save = movesTo((s, marks) => {
      if (s.pending?.kind !== 'oppose') return false;
      const seat = s.pending.seat;
      const m = momentsSince(viewFor(s, seat).log, marks[seat], seat);
      return m.length === 0 && legalActions(s, seat).some((a) => a.type === 'oppose' && roundEndsAfter(s, seat, a));
    }, 'e2e-round-end');
    const page = await resume(env.browser, env.server.url, save, { width: 1280, height: 800 });
    const errors = watchErrors(page);
    // Before anything is clicked, or once "Oppose…" asks which leader: the round-ending choices are marked.
    const warning = page.locator('[data-testid="round-end-warning"]');
    if (!(await page.locator('[data-type="oppose"][data-ends-round="true"]').count())) await page.click('[data-type="oppose"]');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/ends your round: .* pass automatically/);
    expect(await page.locator('[data-ends-round="true"]').count()).toBeGreaterThan(0);
    const uncovered = await warning.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(uncovered).toBe(true);
    await shot(page, 'round-end-warning');
    expect(errors).toEqual([]);
    await page.close();
  });
});
