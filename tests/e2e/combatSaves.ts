/**
 * Hot-seat saves at a chosen moment, for the browser tests of issue 20 items 2, 3, 5 and 9 (moments.test.ts,
 * dice.test.ts, phone.test.ts): seeded random moves through the core, replayed by the page from its storage.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DEFAULT_CONFIG, type Faction } from '../../src/game/content';
import { applyLegal, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState } from '../../src/game/rules';
import { copyJson } from '../../src/game/rules/json';
import { viewFor } from '../../src/game/rules/view';

export interface Save { seed: string; moves: { seat: Faction; action: Action }[]; state: GameState; marks: Record<Faction, number> }

/** The state after `action`, on copies (the generator too: the same seed advanced as far), phase boundaries run. */
export type Probe = (action: Action) => GameState;

/**
 * Seeded random moves (no take-backs) of games `${tag}-<g>` until `want` holds. `marks`: each seat's view's log
 * length before its last move — where the hot-seat board starts that seat's motion and moments. `probe` tells
 * what an answer would lead to, with the very dice the page will roll.
 */
export function movesTo(want: (s: GameState, marks: Record<Faction, number>, probe: Probe) => boolean, tag: string, games = 400): Save {
  for (let g = 0; g < games; g++) {
    const seed = `${tag}-${g}`;
    const rng = seededRng(seed);
    const chooser = seededRng(`${seed}-choices`);
    const s = createState(rng, DEFAULT_CONFIG);
    while (needsAdvance(s)) run(s, rng);
    const moves: { seat: Faction; action: Action }[] = [];
    const marks: Record<Faction, number> = { R: 0, I: 0 };
    const probe: Probe = (action) => {
      const c = copyJson(s);
      const r = seededRng(seed);
      for (let k = 0; k < rng.draws; k++) r.int(1);
      applyLegal(c, action, r);
      for (let k = 0; k < 50 && needsAdvance(c) && !c.winner; k++) run(c, r);
      return c;
    };
    for (let i = 0; i < 3000 && !s.winner; i++) {
      if (want(s, marks, probe)) return { seed, moves, state: s, marks: { ...marks } };
      const seat = s.pending!.seat;
      marks[seat] = viewFor(s, seat).log.length;
      const acts = legalActions(s, seat).filter((a) => a.type !== 'undo');
      const a = acts[chooser.int(acts.length)];
      applyLegal(s, a, rng);
      moves.push({ seat, action: a });
      while (needsAdvance(s)) run(s, rng);
    }
  }
  throw new Error(`no game for ${tag}`);
}

/** The planets of the dice rolled since `mark` in `seat`'s view of the log. */
export function diceSince(s: GameState, seat: Faction, mark: number): string[] {
  return viewFor(s, seat).log.slice(mark).filter((e) => e.e === 'diceRolled').map((e) => String(e.planet));
}

/** True when every legal answer of the pending seat ends the game (whatever the page clicks, the game ends). */
export function everyAnswerEnds(s: GameState, probe: Probe): boolean {
  const acts = legalActions(s, s.pending!.seat).filter((a) => a.type !== 'undo');
  return acts.length > 0 && acts.every((a) => !!probe(a).winner);
}

export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Opens the saved hot-seat game in a fresh context and lifts the privacy cover. */
export async function resume(browser: Browser, url: string, save: Save, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate((text) => {
    localStorage.setItem('mint-imperium-hotseat', text);
    sessionStorage.setItem('mint-imperium-open', 'hotseat');
  }, JSON.stringify({ seed: save.seed, setup: { mode: 'hotseat' }, moves: save.moves, config: DEFAULT_CONFIG }));
  await page.reload();
  await page.click('[data-choice="ready"]');
  await page.waitForSelector('[data-testid="prompt"]');
  return page;
}
