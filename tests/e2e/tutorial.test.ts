/**
 * "Learn to play" (issue 12 item 1) in Chromium, phone layout: start it from the start screen and do what the
 * coach asks — the action it highlights (its `data-coach-action`), clicked through the page like a player: the
 * prompt's buttons, glowing planets and cards, the unit picker — until the coach says the round is played. One
 * screenshot per lesson (tests/e2e/screenshots/tutorial-*.png). After a reload the start screen shows
 * "Learn to play ✓". No console error.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Action } from '../../src/game/rules';
import { FIELDS, valueKey } from '../../src/ui/prompt/choices';
import { shot, useServerAndBrowser, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

interface Target { planets: string[]; cards: string[]; options: string[]; units: { f: number; c: number; s: number } | null }

/** What the page shows for each field of the coach's action (planet ids, card ids, option keys, a unit set). */
function targetsOf(a: Action): Target {
  const t: Target = { planets: [], cards: [], options: [], units: null };
  for (const field of FIELDS[a.type]) {
    const v = field.get(a);
    if (field.kind === 'units') t.units = v as Target['units'];
    else t.options.push(valueKey(v));
    if ((field.kind === 'planet' || field.kind === 'dest') && typeof v === 'string') t.planets.push(v);
    if ((field.kind === 'mission' || field.kind === 'objective') && typeof v === 'string') t.cards.push(v);
  }
  return t;
}

/** One click toward the coach's action; returns what was clicked, or null when nothing fits yet. */
async function clickToward(page: Page, a: Action): Promise<string | null> {
  const target = await page.evaluate(({ type, t }) => {
    const prompt = document.querySelector('[data-testid="prompt"]');
    const visible = (el: Element | null | undefined): el is HTMLElement => !!el && (el as HTMLElement).getBoundingClientRect().width > 0
      && !(el as HTMLButtonElement).disabled;
    const candidates: (Element | null | undefined)[] = [
      prompt?.querySelector(`[data-choice="type"][data-type="${type}"]`),
      ...[...(prompt?.querySelectorAll('[data-choice="option"][data-value]') ?? [])].filter((el) => t.options.includes(el.getAttribute('data-value') ?? '')),
      ...t.planets.map((p) => document.querySelector(`[data-choice="planet"][data-planet="${p}"]`)),
      ...t.cards.map((c) => document.querySelector(`[data-testid="hand"] [data-choice="card"][data-card="${c}"], [data-choice="card"][data-card="${c}"]`)),
    ];
    let el: Element | null = candidates.find(visible) ?? null;
    if (!el && t.units && prompt) {
      // The unit picker starts at the largest legal group: step each type to the count asked, then confirm.
      for (const [u, name] of [['f', 'starfighter'], ['c', 'capital ship'], ['s', 'Star Fortress']] as const) {
        const box = prompt.querySelector(`[aria-label^="${name[0].toUpperCase()}${name.slice(1)}s:"], [aria-label^="${name}s:"]`);
        const now = box ? Number(box.getAttribute('aria-label')!.split(': ')[1]) : 0;
        if (now > t.units[u]) el = prompt.querySelector(`[aria-label="One ${name} less"]`);
        else if (now < t.units[u]) el = prompt.querySelector(`[aria-label="One ${name} more"]`);
        if (el) break;
      }
      el ??= [...prompt.querySelectorAll('[data-choice="option"]')].find((b) => /Confirm units/.test(b.textContent ?? '')) ?? null;
    }
    if (!visible(el)) return null;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, covered: !hit || !el.contains(hit), what: (el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 50) };
  }, { type: a.type, t: targetsOf(a) });
  if (!target || target.covered) return null;
  await page.mouse.click(target.x, target.y);
  return target.what;
}

describe.skipIf(!run)('the guided first game in the browser', () => {
  const env = useServerAndBrowser();

  it('is completed by following the coach, one screenshot per lesson, and remembered after a reload', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?botMs=8&botPause=150`);
    expect(await page.getAttribute('[data-start="tutorial"]', 'data-done')).toBeNull();
    await page.click('[data-start="tutorial"]');
    await page.waitForSelector('[data-testid="coach"]');
    const seen: string[] = [];
    const clicks: string[] = [];
    const t0 = Date.now();
    for (;;) {
      const c = await page.evaluate(() => {
        const el = document.querySelector('[data-testid="coach"]');
        return { step: el?.getAttribute('data-step') ?? '', action: el?.getAttribute('data-coach-action') ?? '', combat: !!document.querySelector('[data-combat]') };
      });
      if (c.step === 'done') break;
      // The picture of a lesson once its instruction is up.
      const summary = await page.locator('[data-story="close-combat"]').count() > 0;
      const lesson = c.step;
      // The combat lesson's picture: the combat sheet while the player assigns a hit (R5.8).
      const ready = lesson === 'combat' ? c.combat && /assignHit/.test(c.action)
        : lesson === 'objective' ? /"card":"O/.test(c.action) : !!c.action;
      if (ready && !seen.includes(lesson)) {
        seen.push(lesson);
        await page.evaluate(() => {
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(150); // let the highlight and the live region settle for the picture
        await shot(page, `tutorial-${seen.length}-${lesson}`);
      }
      // A combat summary stays until closed (src/ui/story): close it as a player would.
      if (summary) await page.click('[data-story="close-combat"]');
      const what = c.action ? await clickToward(page, JSON.parse(c.action) as Action) : null;
      if (what) clicks.push(`${c.step}: ${what}`);
      else await page.waitForTimeout(40);
      expect(Date.now() - t0, `stuck at ${c.step} after ${clicks.join(' | ')}`).toBeLessThan(60_000);
    }
    expect(seen).toEqual(['plan', 'move', 'oppose', 'reveal', 'combat', 'objective', 'refresh']);
    // Every lesson ticked, none skipped.
    const states = await page.$$eval('[data-testid="coach"] li', (li) => li.map((x) => x.getAttribute('data-state')));
    expect(states).toEqual(Array(7).fill('done'));
    await shot(page, 'tutorial-8-done');
    await page.click('[data-testid="leave-tutorial"]');
    await page.reload();
    await page.waitForSelector('[data-start="tutorial"]');
    expect(await page.getAttribute('[data-start="tutorial"]', 'data-done')).toBe('true');
    expect(await page.textContent('[data-start="tutorial"]')).toMatch(/Learn to play ✓/);
    expect(errors).toEqual([]);
    console.log(`tutorial followed in ${clicks.length} clicks, ${Date.now() - t0} ms`);
  });
});
