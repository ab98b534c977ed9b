/**
 * Issue 12 items 4 and 5 in the browser, against the real server (which serves dist/ and the lobby):
 * - a whole hot-seat game played with the keyboard only (Tab / Shift+Tab / Enter, Escape once; no mouse event),
 *   with an axe-core audit (WCAG 2.1 A/AA, colour contrast included) of the board in every phase met, the combat
 *   sheet, the rules sheet and the end screen: 0 serious or critical violations;
 * - the same audit on the start screen, the online lobby and the phone layout;
 * - the first load: the gzip size of the JS the page loads before the board is playable, and the time from
 *   navigation to a playable board (printed, and held to the issue's 200 kB / 1.5 s).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server';
import { e2eEnabled } from './enabled';
import { info, launch, rngFor, shot, watchErrors } from './harness';
import { countMouse, keyRandomChoice, mouseEvents } from './keyboard';

const run = e2eEnabled();
const DIST = resolve(__dirname, '../../dist');

/** Serious and critical axe violations on the page as it is now, as readable lines. */
async function audit(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 90)}`).join(' | ')}`);
}

describe.skipIf(!run)('keyboard play and accessibility audit', () => {
  let server: RunningServer;
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'mint-e2e-a11y-'));
    server = await startServer({
      port: 0, databaseUrl: join(tmp, 'a11y.sqlite'), staticDir: DIST, cleanupIntervalMs: 0, rateLimit: false,
      bots: { minDelayMs: 0, mcts: { budgetMs: 20 } },
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('plays a whole hot-seat game with the keyboard only; axe finds nothing serious in any phase', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = watchErrors(page);
    await countMouse(page);
    const violations: string[] = [];
    // Deterministic (a roll is spent only on a choice, tests/e2e/keyboard.ts): with these seeds the first game has a
    // combat with hits to assign, so the combat sheet and its dice are audited on every run. ('e2e-keys-choices'
    // played three games without one.)
    const rng = rngFor('e2e-keys-choices-2');
    const audited = new Set<string>();
    const kinds = new Set<string>();
    let presses = 0;
    let tabs = 0;
    let escaped = false;
    let rulesChecked = false;
    let mouse = 0;
    let games = 0;
    const t0 = Date.now();
    // Whole games until one has had a combat (a random game may end without one): at most 3.
    while (games < 3 && !(audited.has('combat') && kinds.has('assignHit'))) {
      if (games > 0) mouse += await mouseEvents(page);
      games++;
      // Since the prompt resets before the paint (useDecision), the seeded choices take the same path on every run;
      // the first game of this series has a combat with a hit to assign.
      await page.goto(`${server.url}/?seed=e2e-keys-b${games}`);
      if (games === 1) violations.push(...(await audit(page, 'start screen')));
      // The start screen by keyboard: Tab to "hot-seat", Enter.
      for (let i = 0; i < 40; i++) {
        if (await page.evaluate(() => document.activeElement?.getAttribute('data-start') === 'hotseat')) break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await playByKeyboard();
      if (games === 1) violations.push(...(await audit(page, 'end screen')));
    }
    mouse += await mouseEvents(page);

    async function playByKeyboard(): Promise<void> {
      for (;;) {
        const s = await info(page);
        if (s.end) break;
        if (s.cover) {
          // The cover's button has the focus: Enter is enough.
          // The cover focuses its button in an effect, which may run a task after the cover is painted.
          await page
            .waitForFunction(() => document.activeElement?.getAttribute('data-choice') === 'ready', undefined, { timeout: 3000 })
            .catch(() => undefined);
          expect(await page.evaluate(() => document.activeElement?.getAttribute('data-choice'))).toBe('ready');
          await page.keyboard.press('Enter');
          continue;
        }
        if (!s.mine) {
          await page.waitForTimeout(10);
          continue;
        }
        const key = s.combat ? 'combat' : s.phase || 'setup';
        if (!audited.has(key)) {
          audited.add(key);
          violations.push(...(await audit(page, `board, ${key}`)));
        }
        if (!rulesChecked && s.pending === 'turn') {
          // "why?" by keyboard: Tab to it, Enter opens the rule, Escape closes and gives the focus back.
          rulesChecked = true;
          for (let i = 0; i < 60; i++) {
            if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'why')) break;
            await page.keyboard.press('Shift+Tab');
          }
          await page.keyboard.press('Enter');
          await page.waitForSelector('[data-testid="rules"] [data-rule="R4.2.1"]');
          await page.waitForFunction(() => document.activeElement?.getAttribute('data-rule') === 'R4.2.1');
          violations.push(...(await audit(page, 'rules sheet')));
          await shot(page, 'a11y-rules-sheet');
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('[data-testid="rules"]'));
          // The focus returns on the next task after the sheet unmounts (RulesContext); on a loaded machine that task
          // can run after the sheet is gone, so wait for it (bounded) rather than read it once.
          await page
            .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'why', undefined, { timeout: 3000 })
            .catch(() => undefined);
          expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('why');
        }
        const back = await page.locator('[data-choice="back"]').count();
        if (back > 0 && !escaped) {
          // Escape goes back one step of the decision.
          escaped = true;
          const before = await page.locator('[data-testid="prompt"]').innerText();
          await page.keyboard.press('Escape');
          await page.waitForFunction((b) => document.querySelector<HTMLElement>('[data-testid="prompt"]')!.innerText !== b, before);
          continue;
        }
        kinds.add(s.pending);
        const chose = await keyRandomChoice(page, rng, 0.45);
        if (chose) {
          presses++;
          tabs += chose.tabs;
        } else await page.waitForTimeout(10);
        expect(Date.now() - t0, `game not over after ${presses} choices`).toBeLessThan(500_000);
      }
    }
    await shot(page, 'a11y-keyboard-end');
    console.log(`keyboard hot-seat games: ${games}, ${presses} choices by Enter, ${tabs} Tab presses, ${Date.now() - t0} ms; `
      + `decisions: ${[...kinds].sort().join(', ')}; audited: ${[...audited].join(', ')}`);
    expect(violations).toEqual([]);
    expect(mouse).toBe(0);
    expect(errors).toEqual([]);
    expect(escaped).toBe(true);
    expect(rulesChecked).toBe(true);
    for (const k of ['Planning', 'Operations', 'Refresh', 'combat']) expect([...audited], k).toContain(k);
    for (const k of ['imperialSetup', 'chooseBase', 'plan', 'turn', 'assignHit', 'deploy']) expect([...kinds], k).toContain(k);
  }, 600_000);

  it('the lobby, the phone board and the tutorial have no serious or critical axe violation', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?online`);
    await page.waitForSelector('[data-screen="lobby"]');
    const violations = await audit(page, 'lobby');
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    errors.push(...watchErrors(phone));
    await phone.goto(`${server.url}/?seed=e2e-keys-phone`);
    await phone.click('[data-start="hotseat"]');
    await phone.click('[data-choice="ready"]');
    await phone.waitForSelector('[data-layout="phone"]');
    violations.push(...(await audit(phone, 'phone board')));
    // The guided first game (src/ui/tutorial): the coach panel on the board, at its first lesson.
    const learn = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    errors.push(...watchErrors(learn));
    await learn.goto(`${server.url}/?botPause=40`);
    await learn.click('[data-start="tutorial"]');
    await learn.waitForSelector('[data-testid="coach"][data-step="plan"][data-coach-action*="planMission"]');
    violations.push(...(await audit(learn, 'tutorial')));
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('first load: JS before the board is playable ≤ 200 kB gzip, playable ≤ 1.5 s after navigation', async () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(initial.length).toBeGreaterThan(0);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const loaded: string[] = [];
    page.on('response', (r) => { if (r.url().endsWith('.js')) loaded.push(r.url()); });
    const t0 = Date.now();
    await page.goto(`${server.url}/?seed=e2e-keys-load`);
    await page.click('[data-start="hotseat"]');
    await page.click('[data-choice="ready"]');
    await page.waitForSelector('[data-testid="prompt"][data-mine="true"] [data-choice]');
    const ms = Date.now() - t0;
    // What counts: the page's own scripts (index.html) and every chunk the browser fetched until the board was
    // playable (a lazy chunk the start of a game pulls in counts too).
    const fetched = loaded.map((u) => new URL(u).pathname.replace(/^\//, '')).filter((f) => f.startsWith('assets/'));
    const gz = [...new Set([...initial, ...fetched])].map((f) => ({ f, kB: gzipSync(readFileSync(join(DIST, f))).length / 1024 }));
    const total = gz.reduce((a, b) => a + b.kB, 0);
    // The lazy chunks (rules reference, bot worker) are not loaded before the board is playable.
    expect(loaded.some((u) => u.includes('RulesPanel'))).toBe(false);
    // Nor the record module (built when a local game ends) nor src/ai (the board's bot plays in its worker).
    expect(fetched.filter((f) => /^assets\/(record|localCapture|ai)-[\w-]+\.js$/.test(f))).toEqual([]);
    console.log(`first load: ${gz.map((g) => `${g.f} ${g.kB.toFixed(1)} kB`).join(', ')}; total ${total.toFixed(1)} kB gzip; `
      + `board playable ${ms} ms after navigation`);
    // Issue 12: ≤ 200 kB. The lobby, replay, solo, spectator and two-bots screens, the record module (loaded when a
    // local game ends or a record file is opened) and the on-page bot's src/ai (the board's bot runs in a worker)
    // are lazy chunks (docs/BENCH.md "First load").
    expect(total).toBeLessThanOrEqual(200);
    // The time is held to 1.5 s only on a machine that is not overloaded (six test runs share two cores here).
    if (loadavg()[0] <= cpus().length) expect(ms).toBeLessThanOrEqual(1500);
    else console.warn(`[e2e] load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: 1.5 s bound not checked`);
  });
});
