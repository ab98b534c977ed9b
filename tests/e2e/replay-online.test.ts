/**
 * Replays of online matches through the real server (startServer: ephemeral port, temporary SQLite file, the
 * built dist/): while a match runs its replay link says it is not over and shows nothing of it (the record and
 * seed stay on the server, RULES R8.3 item 9); once a player leaves (a forfeit ends the match), the lobby's
 * finished matches list it and its `/replay/<matchID>` link replays it from the server's record, exactly, and its
 * computer analysis (issue 22 item 2) runs on that record: one curve point per real decision of it.
 */
import { describe, expect, it } from 'vitest';
import { decisionMoments } from '../../src/ai/analysis';
import { parseRecordText } from '../../src/game/record';
import { useRealServer } from './realServer';
import { clickRandomChoice, leaveGame, rngFor, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('replays of online matches', () => {
  const env = useRealServer('replay-online');
  const { serverErrors } = env;

  it('a running match has no replay; after a forfeit the lobby lists it and /replay/<matchID> replays it', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ctxB = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const b = await ctxB.newPage();
    const errors = [...watchErrors(page), ...watchErrors(b)];
    // A creates as the Rebel against a friend; B joins by the invite link; both play a few decisions.
    await page.goto(`${env.server.url}/?online`);
    await page.fill('#create-name', 'Replayer');
    await page.check('[data-side="R"]');
    await page.check('[data-opponent="friend"]');
    await page.click('[data-online="create"]');
    await page.waitForSelector('[data-seat="R"]');
    const invite = await page.inputValue('[data-testid="invite-link"]');
    await b.goto(invite);
    await b.fill('#join-name', 'Opponent');
    await b.click('[data-online="join"]');
    await b.waitForSelector('[data-seat="I"]');
    const rngs = [rngFor('e2e-replay-online-A'), rngFor('e2e-replay-online-B')];
    for (let clicks = 0; clicks < 8;) {
      let moved = false;
      for (const [i, p] of [page, b].entries()) {
        if (await p.$('[data-testid="prompt"][data-mine="true"]') && await clickRandomChoice(p, rngs[i], 0.7)) { clicks++; moved = true; }
      }
      await page.waitForTimeout(moved ? 60 : 120);
    }
    const matchID = new URL(page.url()).searchParams.get('match')!;

    // While it runs: another tab's replay link refuses, showing nothing of the game.
    const spy = await ctx.newPage();
    const spyErrors = watchErrors(spy);
    await spy.goto(`${env.server.url}/replay/${matchID}`);
    await spy.waitForSelector('[data-screen="replay-error"]');
    expect(await spy.textContent('[role="alert"]')).toMatch(/not over yet/);
    expect(await spy.$('[data-planet]')).toBeNull();
    await spy.close();

    // A leaves: the server ends the match as a forfeit, B (the Imperial) wins.
    await leaveGame(page);
    await page.waitForSelector('[data-screen="lobby"]');
    await page.click('[data-online="finished"]');
    await page.waitForSelector(`[data-finished="${matchID}"]`);
    expect(await page.textContent(`[data-finished="${matchID}"]`)).toMatch(/Replayer.*Opponent.*the Imperial won/);
    await page.click(`[data-finished="${matchID}"] [data-replay="watch"]`);
    await page.waitForSelector('[data-screen="replay"]');
    expect(new URL(page.url()).pathname).toBe(`/replay/${matchID}`);
    expect(await page.textContent('[data-testid="replay-verified"]')).toMatch(/re-runs exactly/);
    expect(await page.textContent('[data-testid="replay-result"]')).toMatch(/Imperial won/);
    const length = Number(await page.getAttribute('[data-testid="replay-controls"]', 'data-length'));
    expect(length).toBeGreaterThanOrEqual(3); // both seats' decisions (8 clicks), and the forfeit's own step
    await page.click('[data-replay="last"]');
    await page.waitForSelector('[data-testid="end-screen"][data-winner="I"]');
    // Everything of the finished match is open now: the Rebel's base among it.
    await page.click('[data-view="all"]');
    expect(await page.textContent('[data-secret="base"]')).toMatch(/(hidden|revealed) on /);
    // The online record can be analysed like a local one: the curve has a point per real decision of the server's
    // record (src/ai counts them on the record the server sends).
    const served = parseRecordText(await (await fetch(`${env.server.url}/games/mint-imperium/${matchID}/record`)).text());
    if ('error' in served) throw new Error(served.error);
    const judged = decisionMoments(served).length;
    expect(judged).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid="analysis"][data-status="idle"]');
    await page.selectOption('[data-analysis="depth"]', 'quick');
    await page.click('[data-analysis="start"]');
    await page.waitForSelector('[data-testid="win-curve"]', { timeout: 120_000 });
    expect(await page.$$eval('[data-testid="win-curve"] [data-point]', (els) => els.length)).toBe(judged);
    expect(errors).toEqual([]);
    expect(spyErrors.filter((e) => !/409/.test(e))).toEqual([]);
    expect(serverErrors).toEqual([]);
    await ctx.close();
    await ctxB.close();
  });
});
