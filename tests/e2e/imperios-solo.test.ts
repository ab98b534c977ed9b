/**
 * Imperios Milenarios against bots in the browser (issue 23): from the start screen, a 4-player Tutorial game (the
 * shortest mode) against three Quick bots thinking in a Web Worker, the player's seat played by clicking only what the
 * page offers — the prompt's buttons (mostly the cheap ones: end the turn, let it pass) and the territories glowing on
 * the map, where the map draws them — until the game is over and the final scoring sheet shows. Screenshots of the
 * board and of the final sheet; no console error; an axe check of the board. `?botPause=0`: the bots' moves follow
 * each other at once, so the test is about the game, not the pauses a player gets.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnabled } from './enabled';
import { rngFor, shot, useServerAndBrowser, watchErrors } from './harness';

const run = e2eEnabled();
const HUMAN = '0';

/** Click a glowing territory where the map draws it (its bounding box's centre). */
async function clickTerritoryOnMap(page: Page, roll: number): Promise<string | null> {
  const at = await page.evaluate((roll) => {
    const all = [...document.querySelectorAll<SVGGElement>('[data-testid="imp-map"] [data-choice="territory"]')];
    if (all.length === 0) return null;
    const g = all[roll % all.length];
    const box = g.getBoundingClientRect();
    return { id: g.getAttribute('data-territory')!, x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, roll);
  if (!at) return null;
  await page.mouse.click(at.x, at.y);
  return at.id;
}

/** Click one of the prompt's enabled choices: an ending one (end the turn, let it pass) with probability `ending`. */
async function clickPromptChoice(page: Page, roll: number, ending: number): Promise<string> {
  const picked = await page.evaluate(({ roll, ending }) => {
    const all = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="imp-prompt"] [data-choice]')].filter(
      (b) => !b.disabled && b.getAttribute('data-choice') !== 'back',
    );
    const ends = all.filter((b) => b.getAttribute('data-ending') === 'true');
    const pool = ends.length > 0 && (roll % 1000) / 1000 < ending ? ends : all;
    const b = pool[Math.floor(roll / 1000) % pool.length];
    b.setAttribute('data-pick', 'now');
    return b.getAttribute('data-choice')!;
  }, { roll, ending });
  await page.click('[data-pick="now"]');
  await page.evaluate(() => document.querySelector('[data-pick]')?.removeAttribute('data-pick'));
  return picked;
}

describe.skipIf(!run)('Imperios Milenarios against bots in the browser', () => {
  const env = useServerAndBrowser();

  it('a whole 4-player Tutorial game against three bots, by clicks, to the final scoring sheet', async () => {
    const started = Date.now();
    const page = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-imp-solo&botPause=0`);
    await page.click('[data-start="imperios"]');
    await page.click('[data-start="imperios-solo"]');
    await page.click('[data-solo-players="4"]');
    await page.click('[data-solo-mode="tutorial"]');
    await page.selectOption('[data-solo-seat]', HUMAN);
    await page.click('[data-solo-level="greedy"]');
    await page.click('[data-start="imperios-solo-go"]');
    await page.waitForSelector('[data-testid="imp-solo"][data-bot-runner="worker"]');
    const rng = rngFor('e2e-imp-solo-clicks');
    const kinds = new Map<string, number>();
    let clicks = 0;
    let shotBoard = false;
    for (;;) {
      // Wait until the game is over, or it waits for the player alone (the bots have answered everything they owe).
      const state = await page.waitForFunction((seat) => {
        if (document.querySelector('[data-testid="imp-end"]')) return 'over';
        const strip = document.querySelector('[data-testid="imp-solo"]');
        // The board is drawn deferred: it must show the state the game is in.
        if (strip?.getAttribute('data-state') !== document.querySelector('[data-testid="imp-solo-board"]')?.getAttribute('data-state')) return false;
        const offered = document.querySelectorAll('[data-testid="imp-prompt"] [data-choice]:not([data-choice="back"]):not(:disabled)').length;
        return strip?.getAttribute('data-awaited') === seat && offered > 0 ? 'mine' : false;
      }, HUMAN, { polling: 'raf', timeout: 60_000 }).then((h) => h.jsonValue());
      if (state === 'over') break;
      const phase = (await page.getAttribute('[data-layout="imperios"]', 'data-phase'))!;
      if (!shotBoard && phase === 'yellow') {
        shotBoard = true;
        await shot(page, 'imperios-solo-desktop');
      }
      const roll = rng.int(1_000_000);
      const onMap = await page.locator('[data-testid="imp-map"] [data-choice="territory"]').count();
      const what = onMap > 0 && roll % 2 === 0 ? `map:${await clickTerritoryOnMap(page, roll)}` : await clickPromptChoice(page, roll, 0.9);
      const kind = what.split(':')[0];
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      clicks++;
    }
    expect(shotBoard).toBe(true);
    const sheet = page.locator('[data-testid="imp-end"]');
    await expect(sheet.locator('[data-testid="imp-score-sheet"] tbody tr').count()).resolves.toBeGreaterThan(0);
    await shot(page, 'imperios-solo-final');
    // WCAG 2.1 AA on the board with its final sheet: nothing serious or critical.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 2).map((n) => n.html.slice(0, 80)).join(' | ')}`)).toEqual([]);
    const botMoves = Number(await page.getAttribute('[data-testid="imp-solo"]', 'data-bot-moves'));
    expect(botMoves).toBeGreaterThan(clicks);
    expect(errors).toEqual([]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`imperios solo e2e: ${clicks} clicks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${botMoves} bot moves, ${seconds} s`);
  });
});
