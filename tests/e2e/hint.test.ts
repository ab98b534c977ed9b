/**
 * The hint in the browser (issue 22 item 1): in a game against the bot, on the player's own Operations turn,
 * "Hint" runs the search in a Web Worker (progress shown), lists three choices with a chance and a reason, rings
 * each on the board with its rank, and the log says that the Rebel asked for a hint. Screenshot: hint.png.
 * On a phone (390×844, touch; a hot-seat save resumed at a Rebel turn of round 2): the panel stands between the top
 * of the screen and the prompt bar, covering none of the question's buttons; folded to one line, it leaves every
 * ringed planet in sight, its rank badge included, wherever the board is scrolled to show it. Screenshots
 * hint-phone.png, hint-phone-folded.png. Online hints: tests/e2e/hint-online.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { viewFor } from '../../src/game/rules/view';
import { momentsSince } from '../../src/ui/story/moments';
import { ackMoments, clickRandomChoice, info, rngFor, shot, useServerAndBrowser, watchErrors } from './harness';
import { PHONE, movesTo, resume } from './combatSaves';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

/** The search's ids (missions R-S1…, leaders LD-…, objectives O1-1…): a hint speaks in the board's names. */
const RAW_ID = /\b[RI]-(?:S\d|\d\d)\b|\bLD-[RI]\d\b|\bO\d-\d\b/;

interface Box { top: number; bottom: number; left: number; right: number }
const boxOf = (page: Page, sel: string): Promise<Box> => page.$eval(sel, (el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
});

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
    for (const t of texts) expect(t).not.toMatch(RAW_ID);
    // Each rank rings something on the board or in the prompt.
    const marked = await page.$$eval('[data-hint]', (els) => els.map((e) => e.getAttribute('data-hint') ?? ''));
    for (const r of ['1', '2', '3']) expect(marked.some((m) => m.split(' ').includes(r)), `rank ${r} highlighted`).toBe(true);
    expect(await page.textContent('[data-testid="log"]')).toContain('The Rebel asked for a hint.');
    await shot(page, 'hint');
    await page.click('[data-testid="hint-close"]');
    expect(await page.locator('[data-hint]').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('on a phone: the panel stands above the prompt bar, and folded it leaves every ringed planet in sight', async () => {
    const quiet = (st: Parameters<Parameters<typeof movesTo>[0]>[0], marks: Record<Faction, number>) =>
      momentsSince(viewFor(st, st.pending!.seat).log, marks[st.pending!.seat], st.pending!.seat).length === 0;
    const save = movesTo((st, marks) => st.pending?.kind === 'turn' && st.pending.seat === 'R' && st.round >= 2 && quiet(st, marks), 'e2e-hint-phone');
    const page = await resume(env.browser, `${env.server.url}/?hintIterations=300`, save, { ...PHONE, reducedMotion: 'reduce' });
    const errors = watchErrors(page);
    await ackMoments(page);
    if (await page.locator('[data-story="close-away"]').count()) await page.click('[data-story="close-away"]');
    await page.click('[data-testid="hint-button"]');
    await page.waitForSelector('[data-testid="hint-panel"][data-phase="shown"]', { timeout: 60_000 });
    const texts = await page.$$eval('[data-hint-rank]', (els) => els.map((e) => e.textContent ?? ''));
    expect(texts).toHaveLength(3);
    for (const t of texts) expect(t).not.toMatch(RAW_ID);

    // Open: inside the screen, wholly above the prompt bar; the question's ringed buttons and the Hint button are
    // not under it.
    const panel = await boxOf(page, '[data-testid="hint-panel"]');
    const prompt = await boxOf(page, '[data-testid="prompt"]');
    console.log(JSON.stringify({ panel, prompt }));
    expect(panel.top).toBeGreaterThanOrEqual(0);
    expect(panel.left).toBeGreaterThanOrEqual(0);
    expect(panel.right).toBeLessThanOrEqual(390);
    expect(panel.bottom, 'the panel ends above the prompt bar').toBeLessThanOrEqual(prompt.top);
    const promptCovered = await page.$$eval('[data-testid="prompt"] [data-hint], [data-testid="hint-button"]', (els) => els.filter((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !hit || !el.contains(hit);
    }).map((el) => el.outerHTML.slice(0, 80)));
    expect(promptCovered).toEqual([]);
    await shot(page, 'hint-phone');

    // Folded: one line, and each ringed planet, scrolled to stand just above the panel (the lowest place it could
    // hide), is seen at its centre and at its rank badge (inside its bottom-right corner).
    await page.click('[data-testid="hint-fold"]');
    await page.waitForSelector('[data-testid="hint-panel"][data-folded="true"]');
    expect(await page.getAttribute('[data-testid="hint-fold"]', 'aria-expanded')).toBe('false');
    const folded = await boxOf(page, '[data-testid="hint-panel"]');
    expect(folded.bottom - folded.top, 'the folded panel is one line').toBeLessThanOrEqual(64);
    expect(await page.textContent('[data-testid="hint-panel"]')).toMatch(/^Hint1 \d+%2 \d+%3 \d+%/);
    const planets = await page.$$eval('[data-planet][data-hint]', (els) => els.map((e) => e.getAttribute('data-planet')!));
    expect(planets.length, 'the hint rings planets').toBeGreaterThan(0);
    for (const p of planets) {
      const seen = await page.evaluate((p) => new Promise<{ centre: boolean; badge: boolean }>((done) => {
        const el = document.querySelector(`[data-planet="${p}"][data-hint]`)!;
        const panelTop = document.querySelector('[data-testid="hint-panel"]')!.getBoundingClientRect().top;
        window.scrollBy(0, el.getBoundingClientRect().bottom - (panelTop - 4));
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const r = el.getBoundingClientRect();
          const inside = (x: number, y: number) => { const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); };
          done({ centre: inside(r.left + r.width / 2, r.top + r.height / 2), badge: inside(r.right - 8, r.bottom - 8) });
        }));
      }), p);
      expect(seen, `ringed planet ${p}`).toEqual({ centre: true, badge: true });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'hint-phone-folded');
    await page.click('[data-testid="hint-fold"]');
    await page.waitForSelector('[data-testid="hint-panel"][data-folded="false"] [data-hint-rank="3"]');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
