/**
 * RULES §9 on the board: a complete solo game by clicks against each rival faction (desktop size). The human
 * clicks only what the page offers (seeded random); the rival's steps are narrated by the rival panel (deck count,
 * skipped row, discard, one step at a time) while the prompt waits. Mid-game the page is reloaded: the game must
 * resume where it was (local storage). No console error; screenshots in tests/e2e/screenshots/.
 *
 * Issue 20 item 8: the set-up on the start screen (phone size) keeps its "Solo against the rival deck" title at
 * both steps, has a visible, uncovered Back button at each, and its difficulties say what the rival does in plain
 * words (no "default move").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRandomChoice, info, rngFor, savedRecords, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

async function logLines(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('[data-testid="log"] li, [data-testid="log"] p').length);
}

describe.skipIf(!run)('solo against the rival deck in the browser', () => {
  const env = useServerAndBrowser();

  it('keeps its title and a Back button through the set-up, in plain words', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(env.server.url);
    const setup = page.locator('[data-testid="solo-setup"]');
    const title = setup.getByRole('heading', { name: 'Solo against the rival deck' });
    const back = setup.locator('[data-start="solo-back"]');
    /** The Back button is on screen and nothing covers it (elementFromPoint at its centre). */
    const backUncovered = () => back.evaluate((el) => {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.width > 0 && !!hit && el.contains(hit);
    });
    await page.click('[data-start="solo"]');
    expect(await title.isVisible()).toBe(true);
    expect(await setup.getAttribute('data-step')).toBe('side');
    expect(await backUncovered()).toBe(true);
    await setup.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'solo-setup-1-side');
    await page.click('[data-start="solo-I"]');
    expect(await setup.getAttribute('data-step')).toBe('difficulty');
    expect(await title.isVisible()).toBe(true);
    expect(await backUncovered()).toBe(true);
    const words = await setup.innerText();
    expect(words).toMatch(/You play the Rebel against the Imperial rival deck/);
    expect(words).toMatch(/hunting for your base/);
    expect(words).not.toMatch(/default move|default action|at setup/);
    await setup.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'solo-setup-2-difficulty');
    // Back: to the side, then closed; the entry is there again.
    await back.click();
    expect(await setup.getAttribute('data-step')).toBe('side');
    await back.click();
    expect(await setup.count()).toBe(0);
    expect(await page.locator('[data-start="solo"]').isVisible()).toBe(true);
    // And forward again to a game.
    await page.click('[data-start="solo"]');
    await page.click('[data-start="solo-R"]');
    await page.click('[data-start="solo-easy"]');
    await page.waitForSelector('[data-testid="rival"][data-bot="R"]');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Session 10's Hard level starts the objective token on 14 (R9.11 imperialTimeBonus): two dashed spaces beyond the
  // printed 12. On a phone the whole track must still fit the screen, the tokens readable, nothing scrolled sideways.
  it('Hard against the Imperial rival on a phone: the 14-space time track fits the screen with both tokens', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-solo-hard-phone&soloMs=20`);
    await page.click('[data-start="solo"]');
    await page.click('[data-start="solo-I"]');
    await page.click('[data-start="solo-hard"]');
    await page.waitForSelector('[data-testid="rival"][data-bot="I"]');
    await page.waitForSelector('[data-space="14"] [data-token="objective"]');
    const track = await page.evaluate(() => {
      const spaces = [...document.querySelectorAll('[data-space]')].map((el) => {
        const r = el.getBoundingClientRect();
        return { n: Number(el.getAttribute('data-space')), left: r.left, right: r.right, width: r.width };
      });
      const objective = document.querySelector('[data-space="14"] [data-token="objective"]')!.getBoundingClientRect();
      return { spaces, objective: { left: objective.left, right: objective.right, width: objective.width },
        pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
    });
    expect(track.spaces.map((sp) => sp.n)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(track.pageWidth, 'nothing scrolls sideways').toBeLessThanOrEqual(track.viewport);
    for (const sp of track.spaces) {
      expect(sp.left, `space ${sp.n} on screen`).toBeGreaterThanOrEqual(0);
      expect(sp.right, `space ${sp.n} on screen`).toBeLessThanOrEqual(track.viewport);
      expect(sp.width, `space ${sp.n} wide enough to tap and read`).toBeGreaterThanOrEqual(18);
    }
    expect(track.objective.width).toBeGreaterThan(0);
    expect(track.objective.right).toBeLessThanOrEqual(track.viewport);
    await page.locator('[data-space="1"]').evaluate((el) => el.parentElement!.scrollIntoView({ block: 'center' }));
    await shot(page, 'solo-hard-phone-time-track');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const bot of ['I', 'R'] as const) {
    it(`plays a whole game against the ${bot === 'I' ? 'Imperial' : 'Rebel'} rival, surviving a reload`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const url = `${env.server.url}/?seed=e2e-solo-${bot}&soloMs=20`;
      await page.goto(url);
      await page.click('[data-start="solo"]');
      await page.click(`[data-start="solo-${bot}"]`);
      await page.click('[data-start="solo-normal"]');
      await page.waitForSelector(`[data-testid="rival"][data-bot="${bot}"]`);
      const rng = rngFor(`e2e-solo-clicks-${bot}`);
      let clicks = 0;
      let reloaded = false;
      let sawRivalStep = false;
      const t0 = Date.now();
      for (;;) {
        const s = await info(page);
        if (s.end) break;
        expect(s.cover).toBeNull();
        if (!sawRivalStep && await page.locator('[data-testid="rival-feed"] li').count() > 0) {
          sawRivalStep = true;
          await shot(page, `solo-${bot}-rival-step`);
        }
        // Early: since Normal's informant (R9.11) a game against the Imperial rival can end within a dozen clicks.
        if (!reloaded && clicks >= 4 && s.mine) {
          const before = await logLines(page);
          await shot(page, `solo-${bot}-before-reload`);
          await page.reload();
          await page.waitForSelector(`[data-testid="rival"][data-bot="${bot}"]`, { timeout: 20000 });
          await page.waitForFunction(() => document.querySelector('[data-testid="prompt"]')?.getAttribute('data-mine') === 'true', null, { timeout: 20000 });
          expect(await logLines(page), 'the resumed game has the same log').toBe(before);
          reloaded = true;
          continue;
        }
        if (s.mine) {
          const what = await clickRandomChoice(page, rng, 0.6);
          if (what) { clicks++; continue; }
        }
        await page.waitForTimeout(20);
        expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(140_000);
      }
      await shot(page, `solo-${bot}-end`);
      expect(reloaded).toBe(true);
      expect(sawRivalStep).toBe(true);
      expect(errors).toEqual([]);
      // The finished game is not offered for resuming.
      expect(await savedRecords(page)).toEqual([]);
      await context.close();
    });
  }
});
