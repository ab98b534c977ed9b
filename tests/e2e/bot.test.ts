/**
 * A complete game against the bot, on a phone-sized screen (390×844, touch): the human seat clicks only what
 * the page offers (seeded random), the bot answers from its own view in a Web Worker. No console error;
 * touch targets of the choices are at least 44 px; screenshots of the phone layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { clickRandomChoice, info, launch, rngFor, serveDist, shot, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('game against the bot in the browser (phone)', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let browser: Browser;
  beforeAll(async () => {
    server = await serveDist();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('plays the Imperial against the Rebel bot to the end screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?seed=e2e-bot-1&botMs=120`);
    await page.click('[data-start="bot"]');
    await page.click('[data-start="bot-I"]');
    const rng = rngFor('e2e-bot-clicks');
    const shots = new Set<string>();
    let clicks = 0;
    let small: string[] = [];
    const t0 = Date.now();
    for (;;) {
      const s = await info(page);
      if (s.end) break;
      expect(s.cover, 'no privacy cover against the bot').toBeNull();
      if (s.layout) expect(s.layout).toBe('phone');
      if (s.mine) {
        if (s.pending === 'plan' && !shots.has('planning')) { shots.add('planning'); await shot(page, 'bot-phone-planning'); }
        if (s.combat && !shots.has('combat')) {
          shots.add('combat');
          await page.waitForTimeout(400); // let the dice finish their tumble
          await shot(page, 'bot-phone-combat');
        }
        if (s.phase === 'Refresh' && !shots.has('refresh')) { shots.add('refresh'); await shot(page, 'bot-phone-refresh'); }
        small = small.concat(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="prompt"] button, [role="tab"]')]
          .filter((b) => { const r = b.getBoundingClientRect(); return r.height > 0 && (r.height < 44 || r.width < 44); })
          .map((b) => `${b.textContent} ${Math.round(b.getBoundingClientRect().width)}×${Math.round(b.getBoundingClientRect().height)}`)));
        const what = await clickRandomChoice(page, rng, 0.6);
        if (what) { clicks++; continue; }
      }
      await page.waitForTimeout(25);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(140_000);
    }
    await shot(page, 'bot-phone-end');
    expect(errors).toEqual([]);
    expect(small, 'touch targets under 44 px').toEqual([]);
    expect(clicks).toBeGreaterThan(10);
    console.log(`bot game over after ${clicks} human clicks, ${Date.now() - t0} ms`);
  });
});
