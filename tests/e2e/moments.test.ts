/**
 * Issue 20 items 2 and 3 in Chromium, from hot-seat games resumed at a chosen moment (a save of seeded moves put
 * into the page's storage, as the game itself keeps them: src/ui/saved/localSave.ts):
 * - item 2: an event that changed the game (a mission's roll) stops the player's choices until acknowledged; the
 *   card is large, above the board, not over the prompt or the hand, on a desktop and on a phone;
 * - item 3: an opposition that ends the player's round is marked and explained before it is chosen.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, roundEndsAfter } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { momentsSince } from '../../src/ui/story/moments';
import { DESKTOP, PHONE, movesTo, resume } from './combatSaves';
import { shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run_ = e2eEnabled();

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
      const page = await resume(env.browser, env.server.url, rolled, layout === 'phone' ? PHONE : DESKTOP);
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
      await page.context().close();
    });
  }

  it('item 3: an opposition that ends the round is marked and explained before it is chosen', async () => {
    const save = movesTo((s, marks) => {
      if (s.pending?.kind !== 'oppose') return false;
      const seat = s.pending.seat;
      const m = momentsSince(viewFor(s, seat).log, marks[seat], seat);
      return m.length === 0 && legalActions(s, seat).some((a) => a.type === 'oppose' && roundEndsAfter(s, seat, a));
    }, 'e2e-round-end');
    const page = await resume(env.browser, env.server.url, save, DESKTOP);
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
    await page.context().close();
  });
});
