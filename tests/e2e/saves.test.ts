/**
 * Issue 20 item 4 in Chromium: starting a new game never silently deletes a saved one. A hot-seat game with a few
 * moves is left (through the page's own "Leave this game?", item 10); "Play hot-seat" then asks in the page's own dialog (no browser dialog), and keeping it starts a new
 * game beside it; both are listed with their round and moves (and survive a reload); the first resumes where it
 * was; deleting one asks first (Escape keeps it), and the start dialog's "Discard…" asks a second time too.
 * Screenshots: the start screen's list, the question on a desktop and on a phone, the delete confirmation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickRandomChoice, info, leaveGame, rngFor, savedRecords, shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

/** Plays `n` decisions of a hot-seat game by clicking what the page offers (passing the cover as it comes). */
async function play(page: Page, rng: ReturnType<typeof rngFor>, n: number): Promise<void> {
  const t0 = Date.now();
  for (let clicks = 0; clicks < n;) {
    const s = await info(page);
    if (s.cover) { await page.click('[data-choice="ready"]'); continue; }
    if (s.mine && await clickRandomChoice(page, rng, 0.3)) { clicks++; continue; }
    await page.waitForTimeout(20);
    expect(Date.now() - t0, `${clicks} of ${n} clicks`).toBeLessThan(30_000);
  }
  // Wait for the last decision to be saved and the next one asked (a cover, or a prompt for the acting seat).
  await page.waitForFunction(() => !!document.querySelector('[data-testid="privacy-cover"], [data-testid="prompt"][data-mine="true"]'));
}

/** Serious and critical axe violations (WCAG 2.1 A/AA) on the page as it is now, as in tests/e2e/a11y.test.ts. */
async function audit(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 90)).join(' | ')}`);
}

/** The start screen's saved games: id, mode and the progress line ("Round 1 · 9 moves played · last played …"). */
async function listed(page: Page): Promise<{ id: string; mode: string; progress: string }[]> {
  return page.$$eval('[data-testid="saved-games"] [data-save-id]', (rows) => rows.map((r) => ({
    id: r.getAttribute('data-save-id') ?? '',
    mode: r.getAttribute('data-saved') ?? '',
    progress: r.querySelector('[data-testid="saved-progress"]')?.textContent ?? '',
  })));
}

describe.skipIf(!run)('saved local games in the browser (issue 20 item 4)', () => {
  const env = useServerAndBrowser();

  it('"Play hot-seat" over a saved game asks first, keeps it beside the new one, resumes it; deleting asks too', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    let browserDialogs = 0;
    page.on('dialog', (d) => { browserDialogs++; void d.dismiss(); });
    await page.goto(`${env.server.url}/?seed=e2e-saves`);

    // A first hot-seat game: a few decisions, then "Leave" (the page's own question).
    await page.click('[data-start="hotseat"]');
    await play(page, rngFor('e2e-saves-first'), 6);
    if (await page.$('[data-testid="privacy-cover"]')) await page.click('[data-choice="ready"]'); // to read where it is
    await page.waitForSelector('[data-testid="prompt"][data-mine="true"]');
    const where = { pending: await page.getAttribute('[data-testid="prompt"]', 'data-pending'), seat: await page.getAttribute('[data-seat]', 'data-seat') };
    await page.click('[data-testid="leave-button"]');
    await page.waitForSelector('[data-testid="leave-dialog"][role="alertdialog"]');
    await shot(page, 'saves-leave-dialog');
    const a11y = await audit(page, 'leave dialog');
    await page.click('[data-testid="leave-dialog"] [data-dialog="confirm"]');
    await page.waitForSelector('[data-testid="saved-games"]');
    const [first] = await listed(page);
    expect(first.mode).toBe('hotseat');
    const moves = Number(/(\d+) moves played/.exec(first.progress)?.[1]);
    expect(moves).toBeGreaterThan(1);
    expect(first.progress).toMatch(/^(Set-up|Round \d+) · \d+ moves played · last played /);

    // "Play hot-seat" again: a question, not a new game — and the saved one is untouched while it is asked.
    await page.click('[data-start="hotseat"]');
    const dialog = page.locator('[data-testid="new-game-dialog"][role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.locator('h2').textContent()).toBe('You have a saved hot-seat game');
    expect(await dialog.locator('[data-testid="saved-progress"]').textContent()).toBe(first.progress);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"]'))).toBe(true);
    await shot(page, 'saves-new-game-dialog');
    a11y.push(...await audit(page, 'new-game dialog'));
    expect(await savedRecords(page)).toHaveLength(1);

    // "Discard…" asks a second time; "Back", then Escape, leave everything as it was.
    await dialog.locator('[data-new="discard"]').click();
    await page.waitForSelector('[data-new="confirm-drop"]');
    await shot(page, 'saves-discard-confirm');
    await page.click('[data-testid="new-game-dialog"] [data-dialog="cancel"]');
    await page.waitForSelector('[data-new="keep"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="new-game-dialog"]', { state: 'detached' });
    expect((await listed(page)).map((s) => s.id)).toEqual([first.id]);

    // Keep it and start a new game: one decision in the new game, then leave it too.
    await page.click('[data-start="hotseat"]');
    await page.click('[data-new="keep"]');
    await play(page, rngFor('e2e-saves-second'), 3);
    await leaveGame(page);
    await page.waitForSelector('[data-testid="saved-games"]');
    let rows = await listed(page);
    expect(rows).toHaveLength(2);
    expect(rows[0].id).not.toBe(first.id); // the newest first
    expect(rows[0].progress).toMatch(/^(Set-up|Round 1) · \d+ moves? played/);
    expect(rows[1]).toEqual(first);
    await shot(page, 'saves-start-list');
    a11y.push(...await audit(page, 'start screen with saved games'));

    // Both survive a reload (the start screen stays: no game is on screen), and the first resumes where it was.
    await page.reload();
    await page.waitForSelector('[data-testid="saved-games"]');
    expect(await listed(page)).toEqual(rows);
    await page.click(`[data-save-id="${first.id}"] [data-start="resume-hotseat"]`);
    await page.waitForSelector('[data-testid="privacy-cover"]', { timeout: 30_000 });
    expect(await page.getAttribute('[data-testid="privacy-cover"]', 'data-seat')).toBe(where.seat);
    await page.click('[data-choice="ready"]');
    await page.waitForSelector('[data-testid="prompt"][data-mine="true"]');
    expect(await page.getAttribute('[data-testid="prompt"]', 'data-pending')).toBe(where.pending);
    await leaveGame(page);
    await page.waitForSelector('[data-testid="saved-games"]');

    // Deleting asks first: Escape keeps the game; "Delete it" deletes that one only.
    const newer = rows[0].id;
    await page.click(`[data-save-id="${newer}"] [data-start="delete-hotseat"]`);
    await page.waitForSelector('[data-testid="delete-dialog"][role="alertdialog"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await shot(page, 'saves-delete-dialog');
    a11y.push(...await audit(page, 'delete dialog'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="delete-dialog"]', { state: 'detached' });
    expect(await listed(page)).toHaveLength(2);
    await page.click(`[data-save-id="${newer}"] [data-start="delete-hotseat"]`);
    await page.click('[data-testid="delete-dialog"] [data-dialog="confirm"]');
    await page.waitForSelector(`[data-save-id="${newer}"]`, { state: 'detached' });
    rows = await listed(page);
    expect(rows.map((s) => s.id)).toEqual([first.id]);
    expect(await savedRecords(page)).toHaveLength(1);

    // On a phone the question sits at the bottom, every button reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('[data-start="hotseat"]');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    for (const b of await dialog.locator('button').all()) expect(await b.isVisible()).toBe(true);
    await shot(page, 'saves-new-game-dialog-phone');
    await page.keyboard.press('Escape');

    expect(browserDialogs, 'no window.confirm / alert').toBe(0);
    expect(a11y).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
