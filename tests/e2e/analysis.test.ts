/**
 * The replay's computer analysis in Chromium (issue 22 item 2): open a short finished game's record file, press
 * "Analyse" at the quick depth, see the progress and then the win-chance curve (one point per judged decision,
 * as src/ai counts them; no axe-core WCAG 2.1 AA violation in the strip), jump the replay from a point, and find
 * the analysis kept when the file is opened again.
 * Screenshots: the running strip and the finished analysis (desktop), the kept analysis on a phone.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { decisionMoments } from '../../src/ai/analysis';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { e2eEnabled } from './enabled';
import { shot, useServerAndBrowser, watchErrors } from './harness';

const run = e2eEnabled();

describe.skipIf(!run)('the replay\'s computer analysis in the browser', () => {
  const env = useServerAndBrowser();

  it('analyses a finished game in a worker, draws the curve, jumps from a point, keeps the result', async () => {
    // A context of its own: axe-core's builder needs the page's context.
    const page = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = watchErrors(page);
    // A random game of 8 rounds: 125 real decisions.
    const rec = playRecordedGame('e2e-analysis-0').record;
    const moments = decisionMoments(rec);
    const judged = moments.length;
    // One mark where each round's decisions start after the first round judged (the setup is round 0).
    const roundStarts = new Set(moments.map((m) => m.round)).size - 1;
    const file = join(tmpdir(), `mint-analysis-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(rec));
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));

    await page.goto(env.server.url);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-testid="analysis"][data-status="idle"]');
    await page.selectOption('[data-analysis="depth"]', 'quick');
    await page.click('[data-analysis="start"]');
    await page.waitForFunction(() => /Decision [1-9]\d* of \d+/.test(document.querySelector('[data-testid="analysis-progress"]')?.textContent ?? ''));
    expect(await page.textContent('[data-testid="analysis-progress"]')).toContain(`of ${judged}`);
    await shot(page, 'analysis-running');
    expect(workers.some((u) => /analysis\.worker/.test(u))).toBe(true);

    await page.waitForSelector('[data-testid="win-curve"]', { timeout: 240_000 });
    expect(await page.$$eval('[data-testid="win-curve"] [data-point]', (els) => els.length)).toBe(judged);
    expect(await page.$$eval('[data-testid="round-marks"] [data-round]', (els) => els.length)).toBe(roundStarts);
    expect(await page.$$eval('[data-testid="win-curve"] [data-turn]', (els) => els.length)).toBeGreaterThan(0);
    expect(await page.$$eval('[data-testid="replay-log"] [data-turning]', (els) => els.length)).toBeGreaterThan(0);
    // A turning point in the chart takes the replay to the step after its move.
    const point = await page.$('[data-testid="win-curve"] [data-turn]');
    const action = Number(await point!.getAttribute('data-action'));
    await point!.click();
    expect(await page.getAttribute('[data-testid="replay-controls"]', 'data-step')).toBe(String(action + 1));
    await shot(page, 'analysis-curve');
    // WCAG 2.1 AA on the analysis (the chart's buttons, the lists, the colours on the strip's background).
    const axe = await new AxeBuilder({ page }).include('[data-testid="analysis"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.html.slice(0, 80)).join(' | ')}`)).toEqual([]);

    // Opened again: the analysis is shown at once (kept in this browser), nothing runs.
    await page.click('[data-replay="exit"]');
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-testid="analysis"][data-status="done"]');
    await page.waitForSelector('[data-testid="win-curve"]');
    // On a phone the report stacks under the strip.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await shot(page, 'analysis-phone');
    expect(errors).toEqual([]);
  }, 300_000);
});
