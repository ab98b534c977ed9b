/**
 * The board tells what just happened and keeps local games (issue 13 items 3, 4, 6, 7), in Chromium:
 * - a hot-seat game by clicks, reloaded mid-game and played on to the end: after the reload only the privacy
 *   cover is on screen (no secret of either seat in the DOM); after each cover "while you were away" lists only
 *   lines of that seat's own log; combat summaries stay until closed and reopen from the log; the last-move banner;
 * - a game against the bot on a phone (390×844), reloaded mid-game and played to the end: toasts for new log lines,
 *   the bot's last move in the banner, its pieces highlighted, the saved record not readable as text.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRandomChoice, info, rngFor, savedRecords, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

/** The secrets the current seat's board shows: its hand's card names, its base planet. */
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

async function expectNothingBehindCover(page: Page, secrets: Record<string, string[]>) {
  const html = await page.content();
  for (const seat of ['R', 'I']) {
    for (const secret of secrets[seat]) expect(html, `secret "${secret}" of ${seat} behind the cover`).not.toContain(secret);
  }
  expect(await page.locator('[data-planet], [data-panel], [data-testid="hand"], [data-testid="away-summary"]').count()).toBe(0);
}

/** Lines of the log panel (text without the "private" tag and the Summary button). */
async function logTexts(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="log"] li', (lis) => lis.map((li) => {
    const c = li.cloneNode(true) as HTMLElement;
    c.querySelectorAll('span, button').forEach((x) => x.remove());
    return c.textContent ?? '';
  }));
}

/** Close the open combat summary, then open it again from the log's Summary button (the last one). */
async function checkCombatSummary(page: Page): Promise<void> {
  const summary = page.locator('[data-testid="combat-summary"]');
  const text = (await summary.textContent()) ?? '';
  expect(text).toMatch(/Losses/);
  expect(text).toMatch(/Rebel:/);
  expect(text).toMatch(/Imperial:/);
  const winner = await summary.getAttribute('data-winner');
  if (winner === 'R' || winner === 'I') expect(text).toMatch(/Winner: (Rebel|Imperial)/);
  await page.click('[data-story="close-combat"]');
  expect(await summary.count(), 'the summary stays closed once dismissed').toBe(0);
  if (await page.locator('[data-story="close-away"]').count()) await page.click('[data-story="close-away"]');
  await page.locator('[data-story="open-combat"]').last().click();
  await page.waitForSelector('[data-testid="combat-summary"]');
  await page.click('[data-story="close-combat"]');
}

describe.skipIf(!run)('what just happened, and local games that survive a reload', () => {
  const env = useServerAndBrowser();

  it('hot-seat: reload mid-game behind the cover, "while you were away" after covers, combat summaries; played to the end', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-story-hotseat`);
    await page.click('[data-start="hotseat"]');
    const rng = rngFor('e2e-story-hotseat-clicks');
    const secrets: Record<string, string[]> = { R: [], I: [] };
    const decided = { R: false, I: false };
    let covers = 0;
    let clicks = 0;
    let aways = 0;
    let summaries = 0;
    let reloaded = false;
    let justCovered = false;
    const shots = new Set<string>();
    const t0 = Date.now();
    for (;;) {
      const s = await info(page);
      if (s.end) break;
      if (s.cover) {
        covers++;
        if (covers <= 20 || covers % 5 === 0) await expectNothingBehindCover(page, secrets);
        if (!reloaded && clicks >= 40) {
          // Saved, sealed: the seed and the moves (the base planet among them) are not in plain text.
          const saved = await savedRecords(page);
          expect(saved).toHaveLength(1);
          const raw = saved[0];
          expect(raw.startsWith('sealed:')).toBe(true);
          expect(raw).not.toContain('e2e-story-hotseat');
          await page.reload();
          await page.waitForSelector('[data-testid="privacy-cover"]', { timeout: 30000 });
          // Resumed behind the cover: nothing of either seat in the page.
          await expectNothingBehindCover(page, secrets);
          reloaded = true;
        }
        await page.click('[data-choice="ready"]');
        justCovered = true;
        continue;
      }
      if (!s.mine) { await page.waitForTimeout(10); continue; }
      const seat = (await page.getAttribute('[data-seat]', 'data-seat')) as 'R' | 'I';
      if (justCovered) secrets[seat] = [...new Set([...secrets[seat], ...(await secretsOnScreen(page))])];
      if (justCovered) {
        justCovered = false;
        const away = page.locator('[data-testid="away-summary"]');
        if (decided[seat]) {
          expect(await away.count(), `"while you were away" after the cover for ${seat}`).toBe(1);
          aways++;
        }
        if (decided[seat] && aways <= 12) {
          // Only lines of this seat's own log.
          // A run of identical lines is folded into one "… ×N" (src/ui/log/sentences.ts): the summary starts at the
          // seat's last decision, maybe inside a run the log folds whole, so lines are compared without the count.
          const bare = (t: string) => t.replace(/ ×\d+$/, '');
          const log = new Set((await logTexts(page)).map(bare));
          const lines = await away.locator('li').evaluateAll((lis) => lis.map((li) => {
            const c = li.cloneNode(true) as HTMLElement;
            c.querySelectorAll('span').forEach((x) => x.remove());
            return c.textContent ?? '';
          }));
          expect(lines.length).toBeGreaterThan(0);
          for (const l of lines) expect(log.has(bare(l)), `away line "${l}" is in ${seat}'s log`).toBe(true);
          if (!shots.has('away') && lines.length >= 3) { shots.add('away'); await shot(page, 'story-while-you-were-away'); }
        }
      }
      // One round trip for what this loop looks at.
      const seen = await page.evaluate(() => ({
        summary: !!document.querySelector('[data-testid="combat-summary"]'),
        fresh: !!document.querySelector('[data-testid="last-move"][data-fresh="true"]'),
        outlined: !!document.querySelector('[data-testid="recent-highlights"]'),
      }));
      if (summaries < 3 && seen.summary && !s.combat) {
        summaries++;
        if (!shots.has('combat')) { shots.add('combat'); await shot(page, 'story-combat-summary'); }
        await checkCombatSummary(page);
      }
      if (!shots.has('banner') && seen.fresh && seen.outlined && covers > 6) {
        shots.add('banner');
        await shot(page, 'story-last-move');
      }
      const what = await clickRandomChoice(page, rng, 0.6);
      if (what) { clicks++; decided[seat] = true; } else await page.waitForTimeout(10);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(320_000);
    }
    expect(reloaded).toBe(true);
    expect(aways).toBeGreaterThan(5);
    expect(summaries, 'a combat summary showed').toBeGreaterThan(0);
    expect(errors).toEqual([]);
    // A finished game is not offered for resuming.
    expect(await savedRecords(page)).toEqual([]);
    console.log(`hot-seat story game over after ${clicks} clicks, ${covers} covers, ${aways} away summaries, ${summaries} combat summaries, ${Date.now() - t0} ms`);
  }, 360_000);

  it('against the bot on a phone: toasts and the last-move banner, a sealed save, reload mid-game and on to the end', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-story-bot&botMs=8&botPause=40`);
    await page.click('[data-start="bot"]');
    await page.click('[data-difficulty="easy"]');
    await page.click('[data-start="bot-I"]');
    const rng = rngFor('e2e-story-bot-clicks');
    let clicks = 0;
    let toasts = 0;
    let banners = 0;
    let outlined = 0;
    let reloaded = false;
    let shotToast = false;
    const t0 = Date.now();
    for (;;) {
      const s = await info(page);
      if (s.end) break;
      expect(s.cover).toBeNull();
      if (s.layout) expect(s.layout).toBe('phone');
      toasts = Math.max(toasts, await page.locator('[data-testid="toast"]').count());
      if (s.mine && await page.locator('[data-testid="last-move"][data-fresh="true"][data-by="R"]').count() > 0) banners++;
      if (s.mine && await page.locator('[data-testid="recent-highlights"]').count() > 0) outlined++;
      if (!shotToast && s.mine && await page.locator('[data-testid="toast"]').count() >= 2 && s.phase === 'Operations') {
        shotToast = true;
        await shot(page, 'story-phone-toasts');
      }
      if (await page.locator('[data-testid="combat-summary"]').count() > 0 && !s.combat && s.mine) {
        await page.click('[data-story="close-combat"]');
        continue;
      }
      if (!reloaded && clicks >= 15 && s.mine) {
        const saved = await savedRecords(page);
        expect(saved).toHaveLength(1);
        const raw = saved[0];
        // Sealed: the bot's moves (its base, its plans) and the seed are not readable in the storage.
        expect(raw.startsWith('sealed:')).toBe(true);
        expect(raw).not.toContain('e2e-story-bot');
        expect(raw).not.toContain('chooseBase');
        await page.click('[role="tab"]:has-text("Log")');
        const before = await logTexts(page);
        await page.reload();
        await page.waitForFunction(() => document.querySelector('[data-testid="prompt"]')?.getAttribute('data-mine') === 'true', null, { timeout: 30000 });
        await page.click('[role="tab"]:has-text("Log")');
        expect(await logTexts(page), 'the resumed game has the same log').toEqual(before);
        await page.click('[role="tab"]:has-text("Hand")');
        reloaded = true;
        continue;
      }
      if (s.mine) {
        if (await clickRandomChoice(page, rng, 0.6)) { clicks++; continue; }
      }
      await page.waitForTimeout(25);
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(200_000);
    }
    expect(reloaded).toBe(true);
    expect(toasts, 'toasts for new log lines on the phone').toBeGreaterThan(0);
    expect(banners, "the bot's moves in the last-move banner").toBeGreaterThan(0);
    expect(outlined, "planets the bot's pieces moved to or from outlined").toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(await savedRecords(page)).toEqual([]);
  }, 260_000);
  // The start screen's saved games (leave, resume, delete) are tests/e2e/saves.test.ts (issue 20 item 4).
});
