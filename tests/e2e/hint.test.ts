/**
 * The hint in the browser (issue 22 item 1): in a game against the bot, on the player's own Operations turn,
 * "Hint" runs the search in a Web Worker (progress shown), lists three choices with a chance and a reason, rings
 * each on the board with its rank, and the log says that the Rebel asked for a hint. Screenshot: hint.png.
 */
import { describe, expect, it } from 'vitest';
import { ackMoments, clickRandomChoice, info, rngFor, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('the hint in the browser', () => {
  const env = useServerAndBrowser();

  it('asks for a hint on a local turn and sees three ranked, highlighted choices', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-hint-1&botMs=8&botPause=40&hintIterations=300`);
    await page.click('[data-start="bot"]');
    await page.click('[data-difficulty="easy"]');
    await page.click('[data-start="bot-R"]');
    const rng = rngFor('e2e-hint-clicks');
    const t0 = Date.now();
    // Play (seeded random clicks) to the Rebel's first Operations turn.
    for (;;) {
      const s = await info(page);
      expect(s.end, 'the game ended before an Operations turn').toBeFalsy();
      if (s.mine && s.phase === 'Operations' && s.pending === 'turn') break;
      if (s.mine && await clickRandomChoice(page, rng, 0.2)) continue;
      await page.waitForTimeout(25);
      expect(Date.now() - t0).toBeLessThan(60_000);
    }
    await ackMoments(page);
    await page.click('[data-testid="hint-button"]');
    await page.waitForSelector('[data-testid="hint-panel"][data-phase="shown"]', { timeout: 60_000 });
    const ranks = await page.$$eval('[data-hint-rank]', (els) => els.map((e) => e.getAttribute('data-hint-rank')));
    expect(ranks).toEqual(['1', '2', '3']);
    const texts = await page.$$eval('[data-hint-rank]', (els) => els.map((e) => e.textContent ?? ''));
    for (const t of texts) expect(t).toMatch(/\d+% to win/);
    // Each rank rings something on the board or in the prompt.
    const marked = await page.$$eval('[data-hint]', (els) => els.map((e) => e.getAttribute('data-hint') ?? ''));
    for (const r of ['1', '2', '3']) expect(marked.some((m) => m.split(' ').includes(r)), `rank ${r} highlighted`).toBe(true);
    expect(await page.textContent('[data-testid="log"]')).toContain('The Rebel asked for a hint.');
    await shot(page, 'hint');
    await page.click('[data-testid="hint-close"]');
    expect(await page.locator('[data-hint]').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
