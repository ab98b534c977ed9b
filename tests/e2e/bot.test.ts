/**
 * Games against the board's bot (ismcts-easy, a tiny budget through `?botMs=`, a short `?botPause=`), played in
 * Chromium: the human seat clicks only what the page offers (seeded random), the bot answers from its own view in
 * a Web Worker. No console error. The "what the bot thinks" panel opens on both layouts; screenshots of each.
 * Also "watch two bots": the public view, both bots' thoughts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRandomChoice, info, rngFor, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();
const BOT_PARAMS = 'botMs=8&botPause=40';

/** Open the bot strip's panel, read it, optionally screenshot, close it again. */
async function readThoughts(page: Page, screenshot?: string) {
  await page.click('[data-bot-thoughts="toggle"]');
  await page.waitForSelector('[data-testid="thoughts-panel"]');
  const text = await page.textContent('[data-testid="thoughts-panel"]');
  const guesses = await page.$$eval('[data-testid="base-guess"]', (rows) => rows.map((r) => r.textContent ?? ''));
  if (screenshot) await shot(page, screenshot);
  await page.click('[data-bot-thoughts="toggle"]');
  return { text: text ?? '', guesses };
}

async function startAgainstBot(page: Page, url: string, difficulty: string, side: 'R' | 'I') {
  await page.goto(url);
  await page.click('[data-start="bot"]');
  await page.click(`[data-difficulty="${difficulty}"]`);
  await page.click(`[data-start="bot-${side}"]`);
}

describe.skipIf(!run)('games against the bot in the browser', () => {
  const env = useServerAndBrowser();

  it('plays the Rebel against the easy Imperial bot to the end screen, and reads what the bot thinks (desktop)', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await startAgainstBot(page, `${env.server.url}/?seed=e2e-bot-2&${BOT_PARAMS}`, 'easy', 'R');
    const rng = rngFor('e2e-bot-desktop-clicks');
    let clicks = 0;
    let thoughts: Awaited<ReturnType<typeof readThoughts>> | null = null;
    const t0 = Date.now();
    for (;;) {
      const s = await info(page);
      if (s.end) break;
      expect(s.cover, 'no privacy cover against the bot').toBeNull();
      if (s.mine) {
        // Once the bot has searched in Operations (not only planned), look at what it thinks.
        if (!thoughts && s.phase === 'Operations' && s.pending === 'turn'
          && await page.$('[data-bot-status="idle"]') && /: /.test(await page.textContent('[data-bot-status]') ?? '')) {
          thoughts = await readThoughts(page, 'bot-thoughts');
        }
        if (await clickRandomChoice(page, rng, 0.6)) { clicks++; continue; }
      }
      await page.waitForTimeout(25);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(120_000);
    }
    expect(thoughts, 'the panel was opened during Operations').not.toBeNull();
    expect(thoughts!.text).toMatch(/Imperial bot/);
    expect(thoughts!.text).toMatch(/looked at [\d,]+ possible futures? in |did not need to look ahead/); // issue 20 item 10
    // The Imperial bot guesses the hidden base: planet names and shares, never certainty while hidden.
    expect(thoughts!.guesses.length).toBeGreaterThan(0);
    for (const g of thoughts!.guesses) expect(g).toMatch(/^[A-Z][a-z' -]+.* \([A-N]\)\d+%$/);
    await shot(page, 'bot-desktop-end');
    expect(errors).toEqual([]);
    console.log(`desktop bot game over after ${clicks} human clicks, ${Date.now() - t0} ms`);
  });

  it('plays the Imperial against the easy Rebel bot to the end screen (phone)', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const errors = watchErrors(page);
    await startAgainstBot(page, `${env.server.url}/?seed=e2e-bot-1&${BOT_PARAMS}`, 'easy', 'I');
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
        if (s.phase === 'Operations' && !shots.has('thoughts') && await page.$('[data-bot-status="idle"]')) {
          shots.add('thoughts');
          const t = await readThoughts(page, 'bot-phone-thoughts');
          expect(t.text).toMatch(/Rebel bot/);
          expect(t.guesses, 'the Rebel bot has no base to guess').toEqual([]);
        }
        if (s.phase === 'Refresh' && !shots.has('refresh')) { shots.add('refresh'); await shot(page, 'bot-phone-refresh'); }
        // Layout sizes (offsetWidth/Height), not the painted rect: a card turning face up (src/ui/motion) is
        // narrow for a few frames only while its transform plays, the target itself stays its size.
        small = small.concat(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="prompt"] button, [role="tab"], [data-bot-thoughts]')]
          .filter((b) => b.offsetHeight > 0 && (b.offsetHeight < 44 || b.offsetWidth < 44))
          .map((b) => `${b.textContent} ${b.offsetWidth}×${b.offsetHeight}`)));
        if (await clickRandomChoice(page, rng, 0.6)) { clicks++; continue; }
      }
      await page.waitForTimeout(25);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(120_000);
    }
    await shot(page, 'bot-phone-end');
    expect(shots.has('thoughts')).toBe(true);
    expect(errors).toEqual([]);
    expect(small, 'touch targets under 44 px').toEqual([]);
    expect(clicks).toBeGreaterThan(10);
    console.log(`phone bot game over after ${clicks} human clicks, ${Date.now() - t0} ms`);
  });

  it('watches two bots play: the public view, both bots\' moves and thoughts', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-bots-1&${BOT_PARAMS}`);
    await page.click('[data-start="bots"]');
    await page.click('[name="rebel-bot"][data-difficulty="easy"]');
    await page.click('[name="imperial-bot"][data-difficulty="hard"]');
    await page.click('[data-start="bots-go"]');
    await page.waitForSelector('[data-seat="spectator"]');
    // Wait until both bots have moved in Operations.
    await page.waitForFunction(() => document.querySelector('[aria-current="step"]')?.textContent === 'Operations'
      && [...document.querySelectorAll('[data-bot-status]')].every((el) => /: /.test(el.textContent ?? '')), null, { timeout: 60_000 });
    const t = await readThoughts(page, 'bots-thoughts');
    expect(t.text).toMatch(/Rebel bot \(Easy\)/);
    expect(t.text).toMatch(/Imperial bot \(Hard\)/);
    // The board is the public view: no hand, no hidden base shown.
    expect(await page.$('[data-testid="hand"]')).toBeNull();
    expect(await page.textContent('body')).not.toMatch(/only you know/);
    expect(errors).toEqual([]);
  });
});
