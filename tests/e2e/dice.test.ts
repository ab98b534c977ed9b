/**
 * Issue 20 item 5 in Chromium, on a desktop (1280×800) and a phone (390×844, touch), from hot-seat games resumed at
 * a chosen combat moment (tests/e2e/combatSaves.ts). The board mounted after the privacy cover replays what
 * happened since the seat's last decision (src/ui/motion), so the roll that made the pending hit is drawn again:
 * - the dice strip lies over the combat's planet, and covers neither the prompt bar nor the player's hand; it is
 *   gone once its step is over, while the hit question is still up; the hit then lands on the planet too;
 * - a strip still on screen when the game ends (animations paused: a stalled tab) is gone once the end screen shows.
 * Motion is on (what is tested); every wait is on a condition.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ackMoments, clickRandomChoice, info, rngFor, shot, useServerAndBrowser, watchErrors } from './harness';
import { DESKTOP, PHONE, diceSince, everyAnswerEnds, movesTo, resume } from './combatSaves';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

type Box = { left: number; top: number; width: number; height: number };
const meets = (a: Box, b: Box) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/**
 * Waits for the overlay's animation `id` ('motion-dice-fade': a dice strip; 'motion-hit-mark': the hit marks) and
 * measures what it draws with the combat's planet, the prompt bar and the hand. Found by the animation, not by a
 * marker of the new code, so the same test ran on the code before the fix.
 */
async function catchMotion(page: Page, id: string, planet: string, pause: boolean) {
  const handle = await page.waitForFunction(({ id, planet, pause }) => {
    const drawn = document.getAnimations().filter((a) => a.id === id)
      .map((a) => (a.effect as KeyframeEffect | null)?.target).filter((t): t is Element => !!t && t.isConnected);
    if (drawn.length === 0) return null;
    if (pause) document.getAnimations().forEach((a) => a.pause());
    const box = (e: Element | null) => {
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    };
    return {
      drawn: drawn.map((e) => box(e)!), on: box(document.querySelector(`[data-planet="${planet}"]`)),
      prompt: box(document.querySelector('[data-testid="prompt"]')),
      hands: [...document.querySelectorAll('[data-testid="hand"]')].map(box).filter((r) => r && r.width > 0 && r.height > 0) as Box[],
    };
  }, { id, planet, pause }, { timeout: 20_000 });
  return (await handle.jsonValue())!;
}

/** Sets the paused animations to `ms` after their start, for a frame worth showing, and waits for its paint. */
const seek = (page: Page, ms: number) => page.evaluate((t) => new Promise<void>((r) => {
  document.getAnimations().forEach((a) => { if (a.playState === 'paused') a.currentTime = t; });
  requestAnimationFrame(() => requestAnimationFrame(() => r()));
}), ms);

/**
 * The most the overlay held in any of the next 60 frames (about a second: the steps a jump queues would have
 * started by then; motion is queued on the frame after a change of the view, src/ui/motion/useMotion.ts).
 */
const drawnOverFrames = (page: Page) => page.evaluate(() => new Promise<number>((r) => {
  let most = 0;
  let frames = 0;
  const look = () => {
    most = Math.max(most, document.querySelectorAll('[data-motion-layer] *').length);
    if (++frames >= 60) r(most);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}));

describe.skipIf(!run)('combat dice and hits over their planet (issue 20 item 5)', () => {
  const env = useServerAndBrowser();

  // The seat to decide assigns a hit of a roll made since its last decision (the sheet is open with that roll).
  const hitPending = movesTo((s, marks) => {
    if (s.pending?.kind !== 'assignHit' || !s.combat) return false;
    const seat = s.pending.seat;
    return diceSince(s, seat, marks[seat]).includes(s.combat.planet);
  }, 'e2e-dice-sheet');
  // Dice rolled since the seat's last decision, and whatever it answers now ends the game.
  const lastAnswer = movesTo((s, marks, probe) => {
    const seat = s.pending!.seat;
    return diceSince(s, seat, marks[seat]).length > 0 && everyAnswerEnds(s, probe);
  }, 'e2e-dice-end');

  for (const [layout, options] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`${layout}: the dice strip lies over its planet, clear of the prompt and the hand, and leaves with its step`, async () => {
      const page = await resume(env.browser, env.server.url, hitPending, options);
      const errors = watchErrors(page);
      const combat = hitPending.state.combat!.planet;
      const m = await catchMotion(page, 'motion-dice-fade', combat, true);
      console.log(JSON.stringify({ layout, dice: m }));
      expect(m.on, 'the planet is on the page').not.toBeNull();
      expect(m.drawn.length).toBe(1);
      const strip = m.drawn[0];
      expect(meets(strip, m.on!), 'the strip lies over its planet').toBe(true);
      expect(meets(strip, m.prompt!), 'the strip covers the prompt bar').toBe(false);
      for (const h of m.hands) expect(meets(strip, h), 'the strip covers the hand').toBe(false);
      await seek(page, 600); // every die has landed, the strip not yet fading
      await shot(page, `dice-${layout}-strip`);
      await page.evaluate(() => document.getAnimations().forEach((a) => a.play()));
      // Gone when its step is over, while the question it led to is still asked.
      await page.waitForFunction(() => !document.getAnimations().some((a) => a.id === 'motion-dice-fade') && !document.querySelector('[data-motion-layer] *'),
        undefined, { timeout: 20_000 });
      const s = await info(page);
      expect([s.pending, s.mine]).toEqual(['assignHit', true]);
      // The hit lands on the planet as well as on the sheet's unit, clear of the prompt and the hand (drawn on this
      // board, or, when the other seat decides next, on its board after the cover: it replays what it missed).
      await ackMoments(page);
      await page.click('[data-choice="hit"]');
      await page.waitForFunction(() => !!document.querySelector('[data-testid="privacy-cover"]') || document.getAnimations().some((a) => a.id === 'motion-hit-mark'));
      if (await page.locator('[data-testid="privacy-cover"]').count()) await page.click('[data-choice="ready"]');
      const h = await catchMotion(page, 'motion-hit-mark', combat, true);
      console.log(JSON.stringify({ layout, hits: h }));
      expect(h.drawn.some((mark) => meets(mark, h.on!)), 'a hit mark lies over its planet').toBe(true);
      for (const mark of h.drawn) {
        expect(meets(mark, h.prompt!), 'a hit mark covers the prompt bar').toBe(false);
        for (const hand of h.hands) expect(meets(mark, hand), 'a hit mark covers the hand').toBe(false);
      }
      await seek(page, 150);
      await shot(page, `dice-${layout}-hit`);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it(`${layout}: a strip still on screen when the game ends is gone once the end screen shows`, async () => {
      const page = await resume(env.browser, env.server.url, lastAnswer, options);
      const seat = lastAnswer.state.pending!.seat;
      const errors = watchErrors(page);
      // Paused: the strip stays, as on a stalled tab.
      const m = await catchMotion(page, 'motion-dice-fade', diceSince(lastAnswer.state, seat, lastAnswer.marks[seat])[0], true);
      expect(m.drawn.length).toBe(1);
      await ackMoments(page);
      const rng = rngFor('e2e-dice-end-clicks');
      for (let i = 0; i < 20 && !(await info(page)).end; i++) {
        if (await page.locator('[data-testid="moment"]').count()) { await ackMoments(page); continue; }
        if (await page.locator('[data-testid="privacy-cover"]').count()) { await page.click('[data-choice="ready"]'); continue; }
        if (!(await clickRandomChoice(page, rng, 0.5))) await page.waitForSelector('[data-choice], [data-testid="end-screen"]');
      }
      await page.waitForSelector('[data-testid="end-screen"]');
      expect(await drawnOverFrames(page), 'motion drawn once the end screen shows').toBe(0);
      // The same game's replay: from the start of its last round, "Last step" jumps over the final combat's dice to
      // the end screen; none of that combat is drawn over or under it.
      await page.click('[data-replay="watch"]');
      await page.waitForSelector('[data-screen="replay"]');
      const rounds = await page.$$eval('[data-replay="round"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
      await page.selectOption('[data-replay="round"]', rounds[rounds.length - 1]);
      await page.waitForFunction(() => !document.querySelector('[data-testid="end-screen"]'));
      await page.click('[data-replay="last"]');
      await page.waitForSelector('[data-testid="end-screen"]');
      expect(await drawnOverFrames(page), 'motion drawn over the replay\'s end screen').toBe(0);
      await shot(page, `dice-${layout}-replay-end`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
