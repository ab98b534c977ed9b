/**
 * Replays in Chromium (issue 9 item 2): finish a game (two fast bots), open its replay from the end screen, go to
 * round 2 and step back, switch to the other seat's view, jump through a log line, reach the end again; the
 * record is kept in this browser (start screen, reload) and a record file opens from the start screen.
 * Screenshots: the replay in a seat's view (desktop) and "everything" (phone).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

async function controls(page: Page) {
  return page.$eval('[data-testid="replay-controls"]', (el) => ({
    step: Number(el.getAttribute('data-step')), length: Number(el.getAttribute('data-length')),
    viewpoint: el.getAttribute('data-viewpoint'),
  }));
}

const headerRound = (page: Page) => page.$eval('[aria-label="Round and phase"] li', (el) => el.textContent ?? '');

describe.skipIf(!run)('replays in the browser', () => {
  const env = useServerAndBrowser();

  it('finishes a game, opens its replay, steps back to round 2, switches seats, jumps via a log line', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-replay-1&botMs=1&botPause=0`);
    await page.click('[data-start="bots"]');
    await page.click('[name="rebel-bot"][data-difficulty="easy"]');
    await page.click('[name="imperial-bot"][data-difficulty="easy"]');
    await page.click('[data-start="bots-go"]');
    // Two bots on a busy 2-core machine may take two minutes for a game.
    await page.waitForSelector('[data-testid="end-screen"]', { timeout: 250_000 });
    const winner = await page.getAttribute('[data-testid="end-screen"]', 'data-winner');

    // Issue 20 item 1: the end screen names the base's planet and the board marks it ("See the board" folds the
    // end screen away); the story's lines link into the replay at their moment once the record is kept.
    const base = await page.getAttribute('[data-testid="end-base"]', 'data-planet');
    expect(base).toMatch(/^[A-N]$/);
    expect(await page.textContent('[data-testid="end-base"]')).toContain(`(${base})`);
    await shot(page, 'end-screen-story');
    await page.click('[data-choice="end-fold"]');
    expect(await page.$(`[data-planet="${base}"] [data-base-mark]`)).not.toBeNull();
    await shot(page, 'end-board-base');
    await page.click('[data-choice="end-unfold"]');
    await page.waitForSelector('[data-testid="end-story"] a[data-moment]');
    const momentHref = await page.getAttribute('[data-testid="end-story"] a[data-moment="hidden"]', 'href');
    expect(momentHref).toMatch(/^\/\?record=[0-9a-f]+&event=\d+$/);

    // The end screen offers the replay once the record is saved.
    await page.click('[data-replay="watch"]');
    await page.waitForSelector('[data-screen="replay"]');
    expect(page.url()).toMatch(/\?record=[0-9a-f]+$/);
    expect(await page.textContent('[data-testid="replay-verified"]')).toMatch(/re-runs exactly/);
    expect(await page.textContent('[data-testid="replay-result"]')).toContain(winner === 'R' ? 'Rebel' : 'Imperial');
    // A local game's replay offers the computer analysis (issue 22 item 2; run in tests/e2e/analysis.test.ts).
    expect(await page.textContent('[data-testid="analysis"][data-status="idle"] [data-analysis="start"]')).toBe('Analyse');
    let c = await controls(page);
    expect(c.step).toBe(0);
    expect(c.length).toBeGreaterThan(20);

    // To the end: the end screen, over which the controls still work.
    await page.click('[data-replay="last"]');
    await page.waitForSelector('[data-testid="end-screen"]');
    expect((await controls(page)).step).toBe(c.length);

    // Back to round 2 with the round picker, then one step back into round 1 and forward again.
    await page.selectOption('[data-replay="round"]', '2');
    c = await controls(page);
    expect(await headerRound(page)).toBe('Round 2');
    expect(await page.$('[data-testid="end-screen"]')).toBeNull();
    const round2 = c.step;
    await page.click('[data-replay="back"]');
    expect((await controls(page)).step).toBe(round2 - 1);
    expect(await headerRound(page)).toBe('Round 1');
    await page.keyboard.press('ArrowRight');
    expect((await controls(page)).step).toBe(round2);
    for (let i = 0; i < 4; i++) await page.click('[data-replay="forward"]');
    expect((await controls(page)).step).toBe(round2 + 4);

    // The spectator sees no hand; the Rebel's view and then the other seat's view show that seat's hand.
    expect(await page.$('[data-testid="hand"]')).toBeNull();
    await page.click('[data-view="R"]');
    expect(await page.getAttribute('[data-seat]', 'data-seat')).toBe('R');
    const rebelHand = await page.$$eval('[data-testid="hand"] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')));
    await page.click('[data-view="I"]');
    expect(await page.getAttribute('[data-seat]', 'data-seat')).toBe('I');
    const imperialHand = await page.$$eval('[data-testid="hand"] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')));
    expect(imperialHand.length).toBeGreaterThan(0);
    expect(imperialHand.every((c) => c && c !== 'hidden')).toBe(true);
    expect(imperialHand).not.toEqual(rebelHand);
    expect((await controls(page)).step).toBe(round2 + 4);
    await shot(page, 'replay-imperial-view');

    // A log line of a later round: a click goes to its moment.
    const line = await page.$$eval('[data-testid="replay-log"] button[data-step]', (els) => {
      // One action can write several lines of one step; the log marks the last of them as the current moment
      // (src/ui/replay/ReplayLog.tsx), so pick a line that ends its step.
      const stepOf = (e: Element | undefined) => Number(e?.getAttribute('data-step'));
      // A line after the base is chosen (steps 1 and 2 are the Imperial set-up and the base) with steps left to play.
      const last = stepOf(els[els.length - 1]);
      const ends = els.filter((e, i) => stepOf(e) > 2 && stepOf(e) < last - 4 && stepOf(els[i + 1]) !== stepOf(e));
      const later = ends.filter((e) => /Round 3|fleet|moved/i.test(e.textContent ?? ''));
      const pool = later.length ? later : ends;
      const el = pool[Math.floor(pool.length / 2)] ?? els[Math.floor(els.length / 2)];
      return { step: Number(el.getAttribute('data-step')), text: el.textContent ?? '', index: Number(el.getAttribute('data-line')) };
    });
    await page.click(`[data-testid="replay-log"] [data-line="${line.index}"]`);
    expect((await controls(page)).step).toBe(line.step);
    expect(await page.getAttribute(`[data-testid="replay-log"] [data-line="${line.index}"]`, 'aria-current')).toBe('true');

    // Everything: the base and both hands.
    await page.click('[data-view="all"]');
    expect(await page.textContent('[data-secret="base"]')).toMatch(/(hidden|revealed) on /);

    // Play a few steps at 8×, then pause.
    await page.selectOption('[data-replay="speed"]', '100');
    const before = (await controls(page)).step;
    await page.click('[data-replay="play"]');
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid="replay-controls"]')!.getAttribute('data-step')) >= b + 3, before);
    await page.click('[data-replay="play"]');
    const paused = (await controls(page)).step;
    await page.waitForTimeout(400);
    expect((await controls(page)).step).toBe(paused);

    // The address reopens the replay; the start screen lists the game.
    await page.reload();
    await page.waitForSelector('[data-screen="replay"]');
    expect((await controls(page)).step).toBe(0);
    await page.click('[data-replay="exit"]');
    await page.waitForSelector('[data-testid="local-records"]');
    expect(await page.$$('[data-testid="local-records"] [data-record]')).toHaveLength(1);

    // The end screen's link to the moment the base was hidden opens the replay there, seeing everything.
    await page.goto(`${env.server.url}${momentHref}`);
    await page.waitForSelector('[data-screen="replay"]');
    c = await controls(page);
    expect(c.step).toBeGreaterThan(0);
    expect(c.step).toBeLessThan(10);
    expect(c.viewpoint).toBe('all');
    expect(await page.textContent('[data-secret="base"]')).toContain(`on `);
    expect(errors).toEqual([]);
  }, 300_000);

  it('opens a record file from the start screen (phone), in the "everything" view', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const errors = watchErrors(page);
    const rec = playRecordedGame('e2e-replay-file').record;
    const file = join(tmpdir(), `mint-replay-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(rec));
    await page.goto(env.server.url);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await page.waitForSelector('[data-screen="replay"]');
    expect((await controls(page)).length).toBe(rec.actions.length);
    await page.selectOption('[data-replay="round"]', '2');
    await page.click('[data-view="all"]');
    expect(await page.textContent('[data-testid="secrets"]')).toContain('Rebel hand');
    await shot(page, 'replay-phone-everything');
    // A broken file: the start screen says why.
    writeFileSync(file, JSON.stringify({ ...rec, version: 9 }));
    await page.click('[data-replay="exit"]');
    await page.setInputFiles('[data-testid="record-file"]', file);
    expect(await page.textContent('[role="alert"]')).toMatch(/version 9/);
    expect(errors).toEqual([]);
  });
});
