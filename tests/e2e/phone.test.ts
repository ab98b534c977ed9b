/**
 * Issue 20 item 9 in Chromium on a phone (390×844, touch), from hot-seat games resumed at a chosen decision
 * (tests/e2e/combatSaves.ts):
 * - during an opposition the prompt bar folds (its toggle, by keyboard) to at most a quarter of the screen, still
 *   saying what is asked and that it is the player's decision, and opens again with its choices;
 * - while the player deploys, the toasts of the new log lines cover none of the planets the prompt offers, also
 *   when the board is scrolled so that those planets sit just above the prompt bar (where the toasts used to be).
 * Reduced motion: the toasts' slide-in and the motion layer are not what is tested.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { legalActions, type Action } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { momentsSince } from '../../src/ui/story/moments';
import { ackMoments, shot, useServerAndBrowser, watchErrors } from './harness';
import { PHONE, movesTo, resume } from './combatSaves';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();
const CALM = { ...PHONE, reducedMotion: 'reduce' as const };

const quiet = (s: Parameters<Parameters<typeof movesTo>[0]>[0], marks: Record<Faction, number>) =>
  momentsSince(viewFor(s, s.pending!.seat).log, marks[s.pending!.seat], s.pending!.seat).length === 0;

const promptBox = (page: Page) => page.$eval('[data-testid="prompt"]', (el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top, height: r.height };
});

/** Clicks the deployment's first steps (the type, then the arriving unit) until the board offers planets. */
async function toPlanets(page: Page): Promise<void> {
  for (let i = 0; i < 4 && !(await page.locator('[data-choice="planet"]').count()); i++) {
    const next = page.locator('[data-choice="type"][data-type="deployUnit"], [data-testid="prompt"] [data-choice="option"]').first();
    await next.click();
  }
  await page.waitForSelector('[data-choice="planet"]');
}

/**
 * With the board at the top, then scrolled so that each offered planet sits just above the prompt bar (where the
 * toasts used to be): whether a toast is on screen and which offered planets a
 * toast covers, measured two frames after each scroll. Stops when the toasts' few seconds are over.
 */
async function toastChecks(page: Page, screenshot: string) {
  const offered = await page.$$eval('[data-choice="planet"]', (els) => els.map((e) => e.getAttribute('data-planet')!));
  const checks: { shown: boolean; covers: string[] }[] = [];
  for (const target of [null, ...offered]) {
    if (!(await page.locator('[data-testid="toast"]').count())) break;
    const seen = await page.evaluate((target) => new Promise<{ shown: boolean; covers: string[] }>((r) => {
      if (target === null) window.scrollTo(0, 0);
      else {
        const bar = document.querySelector('[data-testid="prompt"]')!.getBoundingClientRect();
        const p = document.querySelector(`[data-planet="${target}"]`)!.getBoundingClientRect();
        window.scrollBy(0, p.bottom - (bar.top - 8));
      }
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const box = document.querySelector('[data-testid="toasts"]')!;
        const toasts = [...box.querySelectorAll('[data-testid="toast"]')].map((t) => t.getBoundingClientRect());
        const planets = [...document.querySelectorAll('[data-choice="planet"]')];
        const covers = planets.filter((p) => {
          const b = p.getBoundingClientRect();
          return toasts.some((t) => t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom);
        }).map((p) => p.getAttribute('data-planet')!);
        r({ shown: toasts.some((t) => t.bottom > 0 && t.top < window.innerHeight), covers });
      }));
    }), target);
    checks.push(seen);
    if (seen.shown && checks.filter((c) => c.shown).length === 1) await shot(page, screenshot);
  }
  return { offered, checks };
}

describe.skipIf(!run)('the phone: a prompt that folds, toasts clear of the offered planets (issue 20 item 9)', () => {
  const env = useServerAndBrowser();

  it('an opposition: the prompt folds to its question (under a quarter of the screen) and opens again, by keyboard', async () => {
    const save = movesTo((s, marks) => s.pending?.kind === 'oppose' && quiet(s, marks), 'e2e-fold');
    const page = await resume(env.browser, env.server.url, save, CALM);
    const errors = watchErrors(page);
    const open = await promptBox(page);
    const question = await page.textContent('[data-testid="prompt-sentence"]');
    expect(question).toMatch(/oppose/i);
    await shot(page, 'phone-prompt-open');

    const toggle = page.locator('[data-testid="prompt-fold"]');
    expect(await toggle.count(), 'a toggle that folds the prompt').toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="prompt"][data-folded="true"]');
    const folded = await promptBox(page);
    console.log(JSON.stringify({ open, folded }));
    expect(folded.height, 'the folded prompt takes at most a quarter of the screen').toBeLessThanOrEqual(844 * 0.25);
    expect(folded.height).toBeLessThan(open.height);
    expect(await page.isVisible('[data-testid="prompt-sentence"]')).toBe(true);
    expect(await page.textContent('[data-testid="prompt-sentence"]')).toBe(question);
    expect(await page.isVisible('[data-testid="prompt-pending"]')).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-testid="prompt"] [data-choice]:visible').count()).toBe(0);
    await shot(page, 'phone-prompt-folded');

    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid="prompt"][data-folded="false"]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('[data-testid="prompt"] [data-choice="type"]:visible').count()).toBeGreaterThan(0);
    expect((await promptBox(page)).height).toBeCloseTo(open.height, 0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('deploying: the toasts of new log lines never cover the planets the prompt offers, wherever the board is scrolled', async () => {
    // Two arrivals or more to deploy, to at least two planets: after the first, the same player deploys again.
    const save = movesTo((s, marks) => {
      if (s.pending?.kind !== 'deploy' || !quiet(s, marks)) return false;
      const a = s.arrivals[s.pending.seat];
      const to = new Set(legalActions(s, s.pending.seat).map((x) => (x.type === 'deployUnit' ? x.to : 'BASE')));
      to.delete('BASE');
      return a.f + a.c + a.s >= 3 && to.size >= 3;
    }, 'e2e-toasts');
    const page = await resume(env.browser, env.server.url, save, CALM);
    const errors = watchErrors(page);
    await ackMoments(page);
    await toPlanets(page);
    await page.click('[data-choice="planet"]');
    await page.waitForSelector('[data-testid="toast"]');
    await toPlanets(page);

    const { offered, checks } = await toastChecks(page, 'phone-toasts-deploy');
    console.log(JSON.stringify({ deploy: { offered, checks } }));
    expect(checks.length).toBeGreaterThan(1);
    expect(checks.some((c) => c.shown), 'a toast was on screen at least once').toBe(true);
    for (const c of checks) expect(c.covers, 'toasts covering offered planets').toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a revealed mission that asks its player again at once: the toasts of the reveal cover none of the planets offered next', async () => {
    // A reveal whose next question is the same player's (a slipstream, a patrol, a pursuit): no privacy cover in
    // between, so the reveal's toasts are still up when the board offers planets again.
    let reveal: Action | null = null;
    const save = movesTo((s, marks, probe) => {
      if (s.pending?.kind !== 'turn' || !quiet(s, marks)) return false;
      const seat = s.pending.seat;
      reveal = legalActions(s, seat).find((a) => {
        if (a.type !== 'revealMission') return false;
        const next = probe(a).pending;
        return next?.seat === seat && ['patrol', 'pursuit', 'slipstream'].includes(next.kind);
      }) ?? null;
      return reveal !== null;
    }, 'e2e-same-seat');
    const a = reveal as unknown as Extract<Action, { type: 'revealMission' }>;
    const page = await resume(env.browser, env.server.url, save, CALM);
    const errors = watchErrors(page);
    await ackMoments(page);
    await page.click('[data-choice="type"][data-type="revealMission"]');
    await page.click(`[data-testid="prompt"] [data-value='${JSON.stringify(a.card)}']`);
    await page.click(`[data-testid="prompt"] [data-value='${JSON.stringify(a.target)}']`);
    await page.waitForSelector('[data-testid="toast"]');
    await ackMoments(page);
    await page.waitForSelector('[data-choice="planet"]');
    const { offered, checks } = await toastChecks(page, 'phone-toasts-reveal');
    console.log(JSON.stringify({ reveal: { pending: await page.getAttribute('[data-testid="prompt"]', 'data-pending'), offered, checks } }));
    expect(checks.length).toBeGreaterThan(0);
    for (const c of checks) expect(c.covers, 'toasts covering offered planets').toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
