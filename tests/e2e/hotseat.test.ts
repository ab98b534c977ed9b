/**
 * A complete hot-seat game played by clicking only (seeded random choices among what the page offers), with
 * screenshots at planning, a combat, refresh and the end screen, no console error, and the privacy check: while
 * the cover is up the DOM holds no secret of either seat (hand card names, base planet, probe cards).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRandomChoice, info, rngFor, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

/** The secrets the current seat's board shows: its hand's card names, its base planet, its probe planets. */
async function secretsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    document.querySelectorAll('[data-testid="hand"] [data-card]').forEach((el) => {
      const name = el.querySelector('span')?.textContent;
      if (name && el.getAttribute('data-card') !== 'hidden') out.push(name);
    });
    const base = document.querySelector('[data-base="hidden"] span')?.textContent ?? '';
    const m = /Hidden on (.+) \(only you know\)/.exec(base);
    if (m) out.push(m[1].replace(/ \([A-N]\)$/, ''));
    return out;
  });
}

describe.skipIf(!run)('hot-seat game in the browser', () => {
  const env = useServerAndBrowser();

  it('plays a whole game to the end screen by clicking, keeping each seat\'s secrets behind the cover', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    // The game seed and the click seed play one game, whatever the load: the clicker spends a roll only on a click and
    // the page never paints a frame with stale choices (src/ui/prompt/useDecision.ts), so the same clicks are made
    // every run. This pair reaches a combat (the event cards of issue 20 item 2 changed the clicks: new click seed).
    await page.goto(`${env.server.url}/?seed=e2e-hotseat-3`);
    await page.click('[data-start="hotseat"]');
    const rng = rngFor('e2e-hotseat-clicks-4');
    const secrets: Record<string, string[]> = { R: [], I: [] };
    const shots = new Set<string>();
    let covers = 0;
    let clicks = 0;
    const roundEndWarnings: { text: string; uncovered: boolean; marked: number }[] = [];
    const t0 = Date.now();
    for (;;) {
      const s = await info(page);
      if (s.end) break;
      if (s.cover) {
        covers++;
        const html = await page.content();
        for (const seat of ['R', 'I']) {
          for (const secret of secrets[seat]) expect(html, `secret "${secret}" of ${seat} behind the cover`).not.toContain(secret);
        }
        expect(await page.locator('[data-planet], [data-panel], [data-testid="hand"]').count()).toBe(0);
        await page.click('[data-choice="ready"]');
        continue;
      }
      if (!s.mine) {
        await page.waitForTimeout(10);
        continue;
      }
      const seat = (await page.getAttribute('[data-seat]', 'data-seat')) as 'R' | 'I';
      secrets[seat] = [...new Set([...secrets[seat], ...(await secretsOnScreen(page))])];
      if (s.pending === 'plan' && !shots.has('planning')) { shots.add('planning'); await shot(page, 'hotseat-planning'); }
      if (s.combat && !shots.has('combat')) {
        shots.add('combat');
        await page.waitForTimeout(400); // let the dice finish their tumble
        await shot(page, 'hotseat-operations-combat');
      }
      if (s.phase === 'Refresh' && !shots.has('refresh')) { shots.add('refresh'); await shot(page, 'hotseat-refresh'); }
      // Issue 20 item 3: an opposition or reveal that would end the seat's round is marked and explained, in view.
      const warning = await page.$('[data-testid="round-end-warning"]');
      if (warning) {
        const seen = await warning.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { text: el.textContent ?? '', uncovered: !!hit && el.contains(hit), marked: document.querySelectorAll('[data-ends-round="true"]').length };
        });
        roundEndWarnings.push(seen);
        if (roundEndWarnings.length === 1) await shot(page, 'hotseat-round-end-warning');
      }
      const what = await clickRandomChoice(page, rng, 0.6);
      if (what) clicks++;
      else await page.waitForTimeout(10);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(130_000);
    }
    await shot(page, 'hotseat-end');
    // Whatever warning this game meets is well-formed and in view (tests/e2e/moments.test.ts meets one for sure).
    for (const w of roundEndWarnings) {
      expect(w.text).toMatch(/ends your round: .*pass automatically/);
      expect(w.uncovered).toBe(true);
    }
    expect(errors).toEqual([]);
    expect(covers).toBeGreaterThan(10);
    expect(secrets.R.length).toBeGreaterThan(0);
    expect(secrets.I.length).toBeGreaterThan(0);
    expect([...shots].sort(), 'no combat: the rules, the page or the clicker changed the game these seeds play; pick seeds that reach one')
      .toEqual(['combat', 'planning', 'refresh']);
    console.log(`hot-seat game over after ${clicks} clicks, ${covers} covers, ${Date.now() - t0} ms`);
  });

  it('a spectator tab follows the hot-seat game with the public view only', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const game = await context.newPage();
    const watcher = await context.newPage();
    const errors = [...watchErrors(game), ...watchErrors(watcher)];
    await game.goto(`${env.server.url}/?seed=e2e-spectate`);
    await game.click('[data-start="hotseat"]');
    await watcher.goto(`${env.server.url}/`);
    await watcher.click('[data-start="spectate"]');
    await watcher.waitForSelector('[data-seat="spectator"]');
    // Imperial setup, then the Rebel hides the base.
    await game.click('[data-choice="ready"]');
    await game.click('[data-testid="prompt"] button:has-text("Imperium")');
    await game.click('[data-testid="prompt"] button:has-text("2 on Imperium")');
    await game.click('[data-choice="ready"]');
    const base = await game.getAttribute('button[data-planet]', 'data-planet');
    await game.click(`button[data-planet="${base}"]`);
    await watcher.waitForFunction(() => document.querySelector('[data-testid="log"]')?.textContent?.includes('The Rebel hides their base'));
    const rebelHand = await game.$$eval('[data-testid="hand"] [data-card]', (els) => els.map((e) => e.querySelector('span')?.textContent ?? ''));
    const html = await watcher.content();
    expect(await watcher.locator('[data-testid="hand"]').count()).toBe(0);
    expect(html).not.toContain('Your base');
    expect(html).not.toContain('(only you know)');
    for (const name of rebelHand) expect(html).not.toContain(`>${name}<`);
    await shot(watcher, 'spectator');
    expect(errors).toEqual([]);
    await context.close();
  });
});
