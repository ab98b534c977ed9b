/**
 * The lobby's Statistics page (issue 22 item 3) in Chromium against the real server (temporary SQLite, built dist/):
 * with no finished game it says so and still shows the bots' figures; after real games (random clients over sockets:
 * people against each other and against the random server bot, and one match abandoned at once) it says how many
 * games it rests on and draws the charts. Screenshots: tests/e2e/screenshots/stats-*.png.
 */
import { describe, expect, it } from 'vitest';
import { useRealServer } from './realServer';
import { shot, watchErrors } from './harness';
import { e2eEnabled } from './enabled';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import { api, createMatch, GAME, joinMatch, matchWithPlayers, randomPlayer } from '../integration/server-helpers';

const run = e2eEnabled();

describe.skipIf(!run)('the Statistics page', () => {
  // The random clients move flat out: the socket and lobby budgets (which would refuse them) are off, as in the
  // server tests.
  const env = useRealServer('stats', { statsCacheMs: 0, socketLimits: UNLIMITED_SOCKETS, lobbyLimits: false, tableLimit: false, maxBotMatchesPerAddress: 0 });

  /** A whole game of two random clients over sockets. */
  async function playBetweenPeople(): Promise<void> {
    const { matchID, creds } = await matchWithPlayers(env.server.url);
    const players = [randomPlayer(env.server.url, matchID, 'R', creds['0']), randomPlayer(env.server.url, matchID, 'I', creds['1'])];
    await Promise.all(players.map((p) => p.finished)).finally(() => players.forEach((p) => p.stop()));
  }

  async function playAgainstRandomBot(human: 'R' | 'I'): Promise<void> {
    const matchID = await createMatch(env.server.url, { bot: human === 'R' ? 'I' : 'R', botKind: 'random' });
    const id = human === 'R' ? '0' : '1';
    const p = randomPlayer(env.server.url, matchID, human, await joinMatch(env.server.url, matchID, id, 'Person'));
    await p.finished.finally(() => p.stop());
  }

  it('without a finished game: says so, and shows the bots\' figures', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?online`);
    await page.click('[data-online="stats"]');
    await page.waitForSelector('[data-testid="stats-basis"]');
    expect(await page.textContent('[data-testid="stats-basis"]')).toMatch(/No finished game on this server yet/);
    expect(new URL(page.url()).searchParams.get('stats')).toBe('1');
    expect(await page.$$('[data-chart="share"] [data-row]')).toHaveLength(4);
    expect(await page.textContent('[data-chart="share"]')).toMatch(/Rebel 41%/);
    await shot(page, 'stats-empty');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('after real games: how many games, who wins, length, reasons, bots, cards', async () => {
    for (let i = 0; i < 8; i++) await playBetweenPeople();
    for (const side of ['R', 'I', 'R', 'I', 'R'] as const) await playAgainstRandomBot(side);
    const abandoned = await matchWithPlayers(env.server.url);
    await api(env.server.url, `/games/${GAME}/${abandoned.matchID}/leave`, { playerID: '0', credentials: abandoned.creds['0'] });
    const figures = (await api(env.server.url, '/stats')).json;
    expect(figures.games).toBe(13);

    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/?stats=1`);
    await page.waitForSelector('[data-section="cards"]');
    expect(await page.textContent('[data-testid="stats-basis"]')).toMatch(/Based on 13 finished games played on this server with the standard rules/);
    expect(await page.textContent('[data-screen="stats"]')).toMatch(/1 match abandoned before round 2/);
    expect(await page.$$('[data-chart="rounds"] rect')).not.toHaveLength(0);
    expect(await page.textContent('[data-table="bots"]')).toMatch(/Random bot/);
    expect(await page.$$('[data-table="reasons"] tbody tr')).not.toHaveLength(0);
    await shot(page, 'stats-desktop');
    await page.screenshot({ path: `${__dirname}/screenshots/stats-desktop-full.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // The charts are drawn at their box's width: wait until they were redrawn for the phone (labels above the bars).
    await page.waitForFunction(() => Number(document.querySelector('[data-chart="share"]')?.getAttribute('viewBox')?.split(' ')[2]) < 400);
    await shot(page, 'stats-phone');
    await page.screenshot({ path: `${__dirname}/screenshots/stats-phone-full.png`, fullPage: true });
    await page.click('[data-online="stats-back"]');
    await page.waitForSelector('[data-screen="lobby"]');
    expect(errors).toEqual([]);
    expect(env.serverErrors).toEqual([]);
    await ctx.close();
  });
});
