/**
 * Take-backs in the browser (issue 9 item 3): in a hot-seat game the Rebel moves a fleet, the Imperial passes, the
 * Rebel moves another fleet — nothing hidden shown, no die, no decision of the Imperial since — and takes it back
 * with the Undo button. The units are back, the log says so, and the same decision is asked again. Before that
 * move, when the Imperial's pass was the last decision, no Undo is offered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ackMoments, info, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

const prompt = '[data-testid="prompt"]';

/** The seat changes: wait for the privacy cover hot-seat shows, lift it, wait for the new seat's decision. */
async function handOver(page: Page, to: 'R' | 'I'): Promise<void> {
  await page.waitForSelector(`[data-testid="privacy-cover"][data-seat="${to}"]`);
  await page.click('[data-choice="ready"]');
  await page.waitForSelector(`${prompt}[data-mine="true"]`);
  expect(await page.getAttribute('[data-seat]', 'data-seat')).toBe(to);
}

/** Units of `faction` on every planet, as the board shows them (title text of the unit groups). */
async function unitsOnBoard(page: Page, faction: 'R' | 'I'): Promise<Record<string, string>> {
  return page.evaluate((f) => {
    const out: Record<string, string> = {};
    document.querySelectorAll('[data-planet]').forEach((el) => {
      const g = el.querySelector(`[data-units="${f}"]`);
      if (g) out[el.getAttribute('data-planet')!] = g.getAttribute('title') ?? '';
    });
    return out;
  }, faction);
}

/**
 * Move a Rebel fleet by clicking the prompt's options: the first source and leader, a destination without Imperial
 * units (no combat: a die roll would end the take-back), one unit fewer than the picker proposes when that is a legal
 * group (so that units stay behind for a second move: a planet with a leader of its own is no starting point).
 */
async function moveFleetQuietly(page: Page): Promise<void> {
  await page.click(`${prompt} [data-type="moveFleet"]`);
  for (let i = 0; i < 8; i++) {
    const options = page.locator(`${prompt} [data-choice="option"]`);
    if (await options.count() === 0) break;
    const pick = await page.evaluate((sel) => {
      const opts = [...document.querySelectorAll<HTMLElement>(sel)];
      const quiet = opts.findIndex((o) => {
        const v = o.getAttribute('data-value');
        const planet = v && /^"[A-Z]+"$/.test(v) ? v.slice(1, -1) : null;
        return !planet || !document.querySelector(`[data-planet="${planet}"] [data-units="I"]`);
      });
      return Math.max(0, quiet);
    }, `${prompt} [data-choice="option"]`);
    const minus = page.locator(`${prompt} [data-choice="stepper"]:has-text("−"):not([disabled])`).first();
    if (await minus.count()) {
      await minus.click();
      if (await page.locator(`${prompt} button:has-text("Not a legal group")`).count()) {
        await page.locator(`${prompt} [data-choice="stepper"]:has-text("+"):not([disabled])`).first().click();
      }
    }
    const before = await page.locator(prompt).innerText();
    await options.nth(pick).click();
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent !== text, [prompt, before] as const);
    if ((await info(page)).pending !== 'turn' || await page.locator('[data-choice="undo"]').count()) break;
  }
}

describe.skipIf(!run)('take-backs in the browser', () => {
  const env = useServerAndBrowser();

  it('takes back a fleet move in a hot-seat game', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?seed=e2e-undo-1`);
    await page.click('[data-start="hotseat"]');

    // Set-up (R3.7, R3.9): the Imperial fleet, then the Rebel base.
    await handOver(page, 'I');
    await page.click(`${prompt} button:has-text("Imperium")`);
    await page.click(`${prompt} button:has-text("2 on Imperium")`);
    await handOver(page, 'R');
    const base = await page.getAttribute('button[data-planet]', 'data-planet');
    await page.click(`button[data-planet="${base}"]`);
    // Planning (R4.1): neither side plans. A new phase: nothing to take back.
    await page.waitForSelector(`${prompt}[data-pending="plan"] [data-type="endPlanning"]`);
    expect(await page.locator('[data-choice="undo"]').count()).toBe(0);
    await page.click(`${prompt} [data-type="endPlanning"]`);
    await handOver(page, 'I');
    await page.click(`${prompt} [data-type="endPlanning"]`);

    // Operations (R4.2): the Rebel moves, the Imperial passes, so the Rebel plays on.
    await handOver(page, 'R');
    expect((await info(page)).pending).toBe('turn');
    await moveFleetQuietly(page);
    await handOver(page, 'I');
    expect(await page.locator('[data-choice="undo"]').count()).toBe(0); // not the Imperial's move to take back
    await page.click(`${prompt} [data-type="pass"]`);
    await handOver(page, 'R');
    expect(await page.locator('[data-choice="undo"]').count()).toBe(0); // the Imperial's pass is the undo point

    const before = await unitsOnBoard(page, 'R');
    await moveFleetQuietly(page);
    const moved = await unitsOnBoard(page, 'R');
    expect(moved).not.toEqual(before);
    // That was the Rebel's last leader: the core passed for them (R4.2.2), a moment to acknowledge first.
    expect(await page.textContent('[data-testid="moment"]')).toContain('passed automatically');
    await ackMoments(page);
    const undo = page.locator('[data-choice="undo"]');
    await undo.waitFor();
    expect(await undo.innerText()).toContain('Undo a fleet move');
    await shot(page, 'undo-fleet-move');

    await undo.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="log"]')?.textContent?.includes('You took back a fleet move.'));
    expect(await unitsOnBoard(page, 'R')).toEqual(before);
    expect((await info(page)).pending).toBe('turn');
    expect(await page.locator('[data-choice="undo"]').count()).toBe(0); // only one move to take back
    expect(await page.locator(`${prompt} [data-type="moveFleet"]`).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
