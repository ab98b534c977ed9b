/**
 * E2E harness: a tiny static server for dist/, Chromium through playwright-core, and a player that clicks
 * only what the page offers (enabled choice buttons, glowing planets and cards), chosen with a seeded random.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seededRng } from '../../src/game/rules/rng';

export const SCREENSHOTS = resolve(__dirname, 'screenshots');
const DIST = resolve(__dirname, '../../dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.json': 'application/json', '.ico': 'image/x-icon',
};

export async function serveDist(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = join(DIST, path);
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) file = join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
}

/** Collects console errors and uncaught page errors; the tests fail if any. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return errors;
}

export interface PageInfo {
  cover: string | null; // seat on the privacy cover
  end: string | null; // winner on the end screen (or on its folded bar)
  pending: string; // data-pending of the prompt bar
  mine: boolean;
  phase: string; // current phase name in the header
  combat: boolean;
  layout: string;
}

export async function info(page: Page): Promise<PageInfo> {
  return page.evaluate(() => {
    const q = (s: string) => document.querySelector(s);
    const prompt = q('[data-testid="prompt"]');
    return {
      cover: q('[data-testid="privacy-cover"]')?.getAttribute('data-seat') ?? null,
      end: (q('[data-testid="end-screen"]') ?? q('[data-testid="end-bar"]'))?.getAttribute('data-winner') ?? null,
      pending: prompt?.getAttribute('data-pending') ?? '',
      mine: prompt?.getAttribute('data-mine') === 'true',
      phase: q('[aria-current="step"]')?.textContent ?? '',
      combat: !!q('[data-combat]'),
      layout: q('[data-layout]')?.getAttribute('data-layout') ?? '',
    };
  });
}

const unusedRoll = new WeakMap<object, number>();

/**
 * Click one offered choice: an enabled [data-choice] element (not Back / Undo / exit), preferring "ending" ones
 * (pass, done, decline, none) with probability `preferEnding` so random games finish. Returns a description,
 * or null when nothing is offered (e.g. waiting for the bot).
 */
export async function clickRandomChoice(page: Page, rng: { int(n: number): number }, preferEnding = 0.6): Promise<string | null> {
  // A click can land on a card instead of a choice when an update moves the layout between measuring and clicking
  // (online, the state arrives at any time); a card opens its details there (issue 13 item 1). Close them, as a
  // player would, and pick again.
  if (await page.locator('[data-testid="detail-backdrop"]').count()) {
    await page.keyboard.press('Escape');
    return 'closed a detail view';
  }
  // A roll is spent only on a click: when nothing is offered yet (an animation, the other seat's turn) it waits for
  // the next call, so the game a seed plays does not depend on how often the page was polled (on the load).
  const roll = unusedRoll.get(rng) ?? rng.int(1_000_000);
  unusedRoll.delete(rng);
  const target = await page.evaluate(({ roll, preferEnding }) => {
    const all = [...document.querySelectorAll<HTMLElement>('[data-choice]')].filter((el) => {
      const kind = el.getAttribute('data-choice');
      // Not game decisions: leaving, and folding or unfolding the end screen (a click that lands on "See the board"
      // as the end screen opens would hide the end from a test that waits for it: session 9's "stall").
      if (kind === 'back' || kind === 'undo' || kind === 'exit' || kind === 'watch-bots' || kind === 'end-fold' || kind === 'end-unfold') return false;
      if ((el as HTMLButtonElement).disabled) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
    if (all.length === 0) return null;
    const ending = all.filter((el) => el.getAttribute('data-ending') === 'true');
    // Steppers only change the unit picker; give them a small share so confirms happen.
    const main = all.filter((el) => el.getAttribute('data-choice') !== 'stepper');
    const steppers = all.filter((el) => el.getAttribute('data-choice') === 'stepper');
    const u = roll / 1_000_000;
    let pool = main.length ? main : all;
    // Glowing planets holding the other side's units lead to combats: prefer them half of the time.
    const me = document.querySelector('[data-seat]')?.getAttribute('data-seat');
    const enemy = me === 'R' ? 'I' : 'R';
    const hostile = main.filter((el) => el.getAttribute('data-choice') === 'planet' && el.querySelector(`[data-units="${enemy}"]`));
    if (hostile.length && u > 0.5) pool = hostile;
    if (ending.length && u < preferEnding) pool = ending;
    else if (steppers.length && u > 0.9) pool = steppers;
    const el = pool[Math.floor(((roll * 7919) % 1_000_000) / 1_000_000 * pool.length)];
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const covered = !hit || !el.contains(hit);
    return {
      x, y, covered: covered ? (hit?.outerHTML.slice(0, 120) ?? 'nothing') : null,
      what: `${el.getAttribute('data-choice')}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').slice(0, 60)}`,
    };
  }, { roll, preferEnding });
  if (!target) {
    unusedRoll.set(rng, roll);
    return null;
  }
  if (target.covered) throw new Error(`choice ${target.what} is covered by ${target.covered}`);
  await page.mouse.click(target.x, target.y);
  return target.what;
}

/** Issue 20 item 2: acknowledge the event cards up now (each holds the player's choices until OK). */
export async function ackMoments(page: Page): Promise<number> {
  let n = 0;
  while (await page.locator('[data-testid="moment"]').count()) {
    await page.click('[data-choice="moment-ok"]');
    n++;
  }
  return n;
}

/** Leave the game through the header's "Leave" and the page's own question (issue 20 item 10: no window.confirm). */
export async function leaveGame(page: Page): Promise<void> {
  await page.click('[data-testid="leave-button"]');
  await page.click('[data-testid="leave-dialog"] [data-dialog="confirm"]');
}

/** The saved local games in this page's storage, as stored (sealed): src/ui/saved keeps one key per game. */
export async function savedRecords(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mint-imperium-save:')).map((k) => localStorage.getItem(k) ?? ''));
}

export function rngFor(seed: string) {
  return seededRng(seed);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * The static server and the browser for one describe block: started in beforeAll, closed in afterAll. Read
 * `server.url` and `browser` inside the tests (they are set once beforeAll has run).
 */
export function useServerAndBrowser(): { server: { url: string }; readonly browser: Browser } {
  let served: Awaited<ReturnType<typeof serveDist>> | undefined;
  let browser: Browser | undefined;
  const handle = {
    server: { url: '' },
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not started yet (use it inside a test)');
      return browser;
    },
  };
  beforeAll(async () => {
    served = await serveDist();
    handle.server.url = served.url;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });
  return handle;
}
