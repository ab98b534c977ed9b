/**
 * Imperios Milenarios online in the browser (issue 23 item 7), through the real server: two browsers and three server
 * bots in a 5-seat Tutorial match. Ana creates it from "Play online" → Imperios (5 seats, 3 bots: seats 2–4) and
 * lands on the board as seat 0; Bea opens the invite link and takes seat 1. Both choose their Metropolis by clicks
 * when the board says it is their decision (the page title says so too), and each sees the other's on their own
 * board; Ana's chat line reaches Bea; then both make more
 * decisions (whatever the board offers) while the bots play, and each page reaches the state the other's move made.
 * A spectator follows by the spectator link and is offered no choice. No frame the pages receive holds the core's
 * generator (IM14.1); no console error, no server error; a screenshot of each player's board. Then (issue 23) Bea
 * leaves, ending the game (G56); Ana plays again into the rematch, and finds both matches under "My matches".
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import type { HostedGame } from '../../server/match/hosted-game';
import type { TerritoryId } from '../../src/games/imperios/content/map';
import { territoryName } from '../../src/ui/imperios/wording';
import { e2eEnabled } from './enabled';
import { shot, watchErrors } from './harness';
import { useRealServer } from './realServer';

const run = e2eEnabled();

/** The server's state number of the view a page shows. */
async function stateID(page: Page): Promise<number> {
  return Number(await page.getAttribute('[data-testid="imp-online-strip"]', 'data-state-id'));
}

/** Serious and critical axe violations (WCAG 2.1 A/AA) on the page as it is now, as readable lines. */
async function audit(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 90)).join(' | ')}`);
}

/** Collects every socket frame the page receives, to look for the generator. */
function frames(page: Page): string[] {
  const got: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { if (typeof f.payload === 'string') got.push(f.payload); }));
  return got;
}

/**
 * One decision by clicks, once the board says it is this seat's: an ending choice if offered (end the turn, let it
 * pass…), else the prompt's first choice, else the first territory the map offers. Returns once the page shows a
 * newer state than before, i.e. the server took the decision (a click on a view that just went stale is refused and
 * the page syncs: it tries again on the new view).
 */
async function decide(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="imp-your-decision"]', { timeout: 60_000 });
  const before = await stateID(page);
  for (let i = 0; i < 40; i++) {
    if ((await stateID(page)) > before) return;
    const target = (await page.$('[data-testid="imp-prompt"] button[data-ending="true"]:not(:disabled)'))
      ?? (await page.$('[data-testid="imp-prompt"] button[data-choice]:not([data-choice="back"]):not(:disabled)'))
      ?? (await page.$('[data-choice="territory"]'));
    if (target) await target.click({ timeout: 2000 }).catch(() => {});
    await page.waitForFunction((n) => {
      const id = Number(document.querySelector('[data-testid="imp-online-strip"]')?.getAttribute('data-state-id'));
      return id > n || !document.querySelector('[data-testid="imp-your-decision"]');
    }, before, { timeout: 2000 }).catch(() => {});
  }
  expect(await stateID(page), 'the server took the decision').toBeGreaterThan(before);
}

describe.skipIf(!run)('Imperios online: two browsers and three server bots', () => {
  const env = useRealServer('imperios-online', { games: [IMPERIOS_HOSTED as HostedGame] });

  it('both players choose and play by clicks, each sees the other, a spectator watches', async () => {
    const opts = { viewport: { width: 1280, height: 800 } };
    const a = await (await env.browser.newContext(opts)).newPage();
    const b = await (await env.browser.newContext(opts)).newPage();
    const errors = [...watchErrors(a), ...watchErrors(b)];
    const received = [...[a, b].map(frames)];

    // Ana: start screen → Play online → Imperios → a 5-seat Tutorial match with 3 server bots.
    await a.goto(`${env.server.url}/`);
    await a.click('[data-start="online"]');
    await a.click('[data-online="imperios"]');
    await a.waitForSelector('[data-screen="imp-lobby"]');
    await a.fill('[data-imp-online="name"]', 'Ana');
    await a.check('[data-imp-players="5"]');
    await a.check('[data-imp-mode="tutorial"]');
    await a.selectOption('[data-imp-online="bots"]', '3');
    const violations = await audit(a, 'Imperios lobby');
    await a.click('[data-imp-online="create"]');
    await a.waitForSelector('[data-layout="imperios"][data-seat="0"]');
    await a.waitForSelector('[data-connection="connected"]');
    const invite = await a.inputValue('[data-testid="imp-invite-link"]');
    expect(invite).toMatch(/\?match=[A-Za-z0-9_-]+&game=imperios$/);
    const strip = (p: Page, seat: number) => p.locator(`[data-testid="imp-online-strip"] li[data-seat="${seat}"]`);
    for (const seat of [2, 3, 4]) expect(await strip(a, seat).getAttribute('data-player')).toBe('bot');
    expect(await strip(a, 1).getAttribute('data-player')).toBe('free');

    // Bea: the invite link, her name, the free seat (1).
    await b.goto(invite);
    await b.waitForSelector('[data-screen="imp-match-entry"]');
    await b.fill('[data-imp-online="join-name"]', 'Bea');
    await b.click('[data-imp-online="join"]');
    await b.waitForSelector('[data-layout="imperios"][data-seat="1"]');
    await b.waitForSelector('[data-connection="connected"]');
    await a.waitForFunction(() => document.querySelector('[data-testid="imp-online-strip"] li[data-seat="1"]')?.textContent?.includes('Bea'));

    // Set-up (IM3.2): each chooses a Metropolis on the map when the board says so; the other's board shows it.
    const hidden: string[] = [];
    const metropolis = async (p: Page, seat: number): Promise<TerritoryId> => {
      await p.waitForSelector('[data-testid="imp-your-decision"]', { timeout: 60_000 });
      expect(await p.getAttribute('[data-layout="imperios"]', 'data-phase')).toBe('setup');
      await p.waitForFunction(() => document.title.startsWith('● Your turn'));
      // The first offered Metropolis that shows on the map (a click as a player's).
      let t: TerritoryId | null = null;
      for (const el of await p.$$('[data-choice="territory"]')) {
        if (await el.isVisible()) {
          t = (await el.getAttribute('data-territory')) as TerritoryId;
          break;
        }
        hidden.push((await el.getAttribute('data-territory')) ?? '?');
      }
      expect(t, 'an offered Metropolis on the map').not.toBeNull();
      const sel = `[data-choice="territory"][data-territory="${t}"]`;
      // A real click, islands too (Minos lies over the Eastern Mediterranean's cell: drawn above it, MapView.tsx).
      await p.click(sel);
      await p.waitForFunction(([s, name]) => document.querySelector(`[data-civ="${s}"]`)?.textContent?.includes(name), [seat, territoryName(t!)] as const);
      return t!;
    };
    const [ta, tb] = await Promise.all([metropolis(a, 0), metropolis(b, 1)]);
    expect(ta).not.toBe(tb);
    if (hidden.length > 0) console.log(`offered but not visible on the map: ${hidden.join(', ')}`);
    await b.waitForFunction((name) => document.querySelector('[data-civ="0"]')?.textContent?.includes(name), territoryName(ta));
    await a.waitForFunction((name) => document.querySelector('[data-civ="1"]')?.textContent?.includes(name), territoryName(tb));

    // The players' chat (negotiation, RULES IM5.4): Ana's line reaches Bea, named by her seat.
    await a.click('[data-chat="toggle"]');
    await a.fill('[data-chat="input"]', 'Let me pass through Tracia?');
    await a.click('[data-chat="send"]');
    await b.click('[data-chat="toggle"]');
    const line = b.locator('[data-chat-line="players"][data-sender="0"]');
    await line.waitFor();
    expect(await line.textContent()).toContain('Let me pass through Tracia?');
    expect(await line.textContent()).toContain('Ana (Player 1)');
    await a.click('[data-chat="close"]');
    await b.click('[data-chat="close"]');

    // More decisions by clicks while the bots play, each page on its own (the game may wait for either first), until
    // both made three; then each page reaches every state the other's decisions made.
    const made: [number[], number[]] = [[], []];
    const keepOn = () => made[0].length < 3 || made[1].length < 3;
    const play = async (p: Page, mine: number[]) => {
      while (keepOn()) {
        if (!(await p.$('[data-testid="imp-your-decision"]'))) {
          await p.waitForSelector('[data-testid="imp-your-decision"]', { timeout: 500 }).catch(() => {});
          continue;
        }
        await decide(p);
        mine.push(await stateID(p));
      }
    };
    await Promise.all([play(a, made[0]), play(b, made[1])]);
    const reaches = (p: Page, n: number) => p.waitForFunction((m) => Number(document.querySelector('[data-testid="imp-online-strip"]')?.getAttribute('data-state-id')) >= m, n, { timeout: 30_000 });
    await reaches(b, Math.max(...made[0]));
    await reaches(a, Math.max(...made[1]));

    // A spectator by the spectator link: the same public view, no choice.
    const watchLink = await a.inputValue('[data-testid="imp-watch-link"]');
    expect(watchLink).toMatch(/&watch=1$/);
    const c = await (await env.browser.newContext(opts)).newPage();
    errors.push(...watchErrors(c));
    await c.goto(watchLink);
    await c.waitForSelector('[data-layout="imperios"][data-seat="spectator"]');
    expect(await c.textContent('[data-testid="imp-online-strip"]')).toContain('Watching');
    expect(await c.$$('[data-choice="territory"], [data-testid="imp-prompt"] button[data-choice]')).toHaveLength(0);
    for (const [seat, name] of [[0, ta], [1, tb]] as const) expect(await c.textContent(`[data-civ="${seat}"]`)).toContain(territoryName(name));

    violations.push(...(await audit(b, 'Imperios online board')));
    expect(violations).toEqual([]);
    await shot(a, 'imperios-online-a');
    await shot(b, 'imperios-online-b');

    // Issue 23: Bea leaves (G56, after the page's question) and the game ends; Ana plays again and lands on her own
    // seat of the rematch (the bots in theirs, Bea's seat free); her lobby's "My matches" holds both matches, and the
    // finished one's board offers to join that rematch.
    const first = new URL(invite).searchParams.get('match')!;
    await b.click('button[data-choice="exit"]');
    await b.click('[data-testid="leave-dialog"] button:has-text("Leave")');
    await b.waitForSelector('[data-screen="imp-lobby"]');
    await a.waitForSelector('[data-testid="imp-end"]', { timeout: 30_000 });
    await a.click('[data-imp-online="play-again"]');
    await a.waitForFunction((old) => !['', old].includes(new URL(location.href).searchParams.get('match') ?? ''), first);
    const next = new URL(a.url()).searchParams.get('match')!;
    await a.waitForSelector('[data-layout="imperios"][data-seat="0"]');
    await a.waitForSelector('[data-connection="connected"]');
    expect(await a.getAttribute('[data-testid="imp-online-strip"]', 'data-match')).toBe(next);
    for (const seat of [2, 3, 4]) expect(await strip(a, seat).getAttribute('data-player')).toBe('bot');
    expect(await strip(a, 1).getAttribute('data-player')).toBe('free');
    await a.goto(`${env.server.url}/?online=1&game=imperios`);
    const mine = (group: string, id: string) => `[data-testid="my-matches"] [data-my-group="${group}"] [data-my-match="${id}"]`;
    await a.waitForSelector(mine('waiting', next));
    await a.waitForSelector(mine('finished', first));
    expect(await a.textContent(`${mine('finished', first)} [data-testid="my-result"]`)).toMatch(/^You (won|finished \d(st|nd|rd|th))$/);
    await shot(a, 'imperios-my-matches');
    await a.click(`${mine('finished', first)} [data-online="open-mine"]`);
    await a.waitForSelector('[data-testid="imp-end"]');
    await a.waitForSelector('[data-testid="imp-rematch-offer"]');
    await a.click('[data-imp-online="play-again"]:has-text("Join the rematch")');
    await a.waitForFunction((id) => new URL(location.href).searchParams.get('match') === id, next);
    await a.waitForSelector('[data-layout="imperios"][data-seat="0"]');
    // IM14.1: the generator never reaches a page.
    for (const got of received) {
      expect(got.length).toBeGreaterThan(0);
      expect(got.some((f) => f.includes('"civs"'))).toBe(true);
      expect(got.filter((f) => f.includes('"rng"'))).toEqual([]);
    }
    expect(errors).toEqual([]);
    expect(env.serverErrors).toEqual([]);
  });
});
