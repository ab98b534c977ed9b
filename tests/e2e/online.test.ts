/**
 * Online play through the real server (server/index.ts startServer: ephemeral port, temporary SQLite file,
 * serving the built dist/), two browser contexts: A creates a match as the Rebel in the lobby UI and copies the
 * invite link, B opens it and joins as the Imperial; both click seeded-random offered choices until both show the
 * end screen. Midway B reloads the page and must get its seat back (credentials in localStorage). Then both ask
 * for a rematch and land in the same new match; a spectator follows through the spectator link. A second test
 * plays the server bot, drops the connection (offline) and reconnects, then leaves. No console error in either page, no server error; screenshots
 * of the lobby and of the online game.
 */
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealServer } from './realServer';
import { ackMoments, clickRandomChoice, info, leaveGame, rngFor, shot, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('online game through the lobby and the real server', () => {
  const env = useRealServer('online');
  const { serverErrors } = env;

  // On again since session 9 (E2E_ONLINE=0 turns them off). Sessions 7 and 8 saw both tests stall after the other
  // browser files: the game ended on A's page, B never got the final state, and the next test's page never got its
  // turn. Session 9 found two causes. (1) The test's own random click could land on "See the board" as B's end
  // screen opened, folding it into a bar the test did not count as the end (seen, with screenshots: B had the final
  // state all along); random clicks now skip the end screen's buttons and the bar counts as the end. (2) A socket
  // the server closes (unread output over its bound on a loaded machine; both pages share 127.0.0.1 and its
  // budgets) was never reconnected, since socket.io does not retry a server-side disconnect, and a connection
  // refused for the address was taken as fatal: the likely cause of the next test's stall, now fixed
  // (src/ui/online/socketClient.ts; tests/integration/online-reconnect.test.ts). docs/TESTING.md.
  const ONLINE = process.env.E2E_ONLINE !== '0';
  it.runIf(ONLINE)('A creates as Rebel, B joins by the invite link as Imperial, both play to the end, then rematch', async () => {
    const opts = { viewport: { width: 1280, height: 800 } };
    const ctxA: BrowserContext = await env.browser.newContext(opts);
    const ctxB: BrowserContext = await env.browser.newContext(opts);
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const errors = [...watchErrors(a), ...watchErrors(b)];

    // A: start screen → lobby → create as Rebel against a friend.
    await a.goto(`${env.server.url}/`);
    await a.click('[data-start="online"]');
    await a.waitForSelector('[data-screen="lobby"]');
    await a.fill('#create-name', 'Alice');
    await a.check('[data-side="R"]');
    await a.check('[data-opponent="friend"]');
    await shot(a, 'online-lobby');
    await a.click('[data-online="create"]');
    await a.waitForSelector('[data-seat="R"]');
    await a.waitForSelector('[data-connection="connected"]');
    await a.click('[data-online="copy-invite-link"]');
    const invite = await a.inputValue('[data-testid="invite-link"]');
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(invite);
    expect(invite).toMatch(/\?match=[A-Za-z0-9_-]+$/);

    // B: the invite link opens the join form for the free seat.
    await b.goto(invite);
    await b.waitForSelector('[data-form="join"]');
    expect(await b.textContent('[data-form="join"] h2')).toContain('Imperial');
    await b.fill('#join-name', '   ');
    await b.click('[data-online="join"]');
    await b.waitForSelector('#join-name-error');
    await b.fill('#join-name', 'Bob');
    await b.click('[data-online="join"]');
    await b.waitForSelector('[data-seat="I"]');
    await a.waitForSelector('[data-opponent-status="online"]');

    // A spectator (third browser) follows the public view through the spectator link.
    const ctxS = await env.browser.newContext(opts);
    const watcher = await ctxS.newPage();
    errors.push(...watchErrors(watcher));
    const watchLink = await a.inputValue('[data-testid="watch-link"]');
    expect(watchLink).toMatch(/\?match=[A-Za-z0-9_-]+&watch=1$/);
    await watcher.goto(watchLink);
    await watcher.waitForSelector('[data-seat="spectator"]');
    await watcher.waitForSelector('[data-connection="connected"]');
    expect(await watcher.locator('[data-testid="hand"]').count()).toBe(0);

    const pages: [string, Page][] = [['A', a], ['B', b]];
    const rngs = { A: rngFor('e2e-online-A'), B: rngFor('e2e-online-B') };
    let clicks = 0;
    let reloaded = false;
    let gameShot = false;
    const t0 = Date.now();
    // Open bug (session 8 note): now and then one page shows the end screen and the other never gets the final
    // state (it has no decision and no end: it waits for ever). Seen twice after the other browser files, never
    // alone. After 15 s the test records both pages (screenshots online-stall-*.png and their state in the output),
    // then reloads the lagging page, as its player would: the reload must bring the end screen (sync), once at most.
    let oneEndedAt: number | null = null;
    let reloadsForEnd = 0;
    for (;;) {
      const [sa, sb] = await Promise.all([info(a), info(b)]);
      if (sa.end && sb.end) {
        expect(sa.end).toBe(sb.end);
        break;
      }
      if ((sa.end === null) !== (sb.end === null)) {
        oneEndedAt ??= Date.now();
        if (Date.now() - oneEndedAt > 15_000) {
          const [lagging, name] = sa.end === null ? [a, 'A'] : [b, 'B'];
          await shot(a, 'online-stall-A');
          await shot(b, 'online-stall-B');
          const badge = await lagging.getAttribute('[data-connection]', 'data-connection').catch(() => null);
          console.warn(`[online.test] ${name} missed the final state for 15 s: ${JSON.stringify({ A: sa, B: sb, connection: badge })}`);
          expect(++reloadsForEnd, 'the lagging page missed the end again after a reload').toBe(1);
          await lagging.reload();
          await lagging.waitForSelector('[data-testid="end-screen"]', { timeout: 30_000 });
          oneEndedAt = null;
          continue;
        }
      } else oneEndedAt = null;
      if (!gameShot && sa.mine && sa.phase === 'Operations') {
        gameShot = true;
        await shot(a, 'online-game');
      }
      // Both seats act at once when both have a decision (e.g. planning), as two real players would. An event card
      // (issue 20 item 2) is acknowledged whoever's turn it is: the last one of the game stands before the end screen
      // of a seat with no decision left, and waiting for a decision there would wait for ever.
      const done = await Promise.all(pages.map(async ([who, page]) => {
        const s = who === 'A' ? sa : sb;
        if (!s.end && await ackMoments(page) > 0) return 'acknowledged an event';
        return s.end || !s.mine ? null : clickRandomChoice(page, rngs[who as 'A' | 'B'], 0.85);
      }));
      const acted = done.some((w) => w !== null);
      clicks += done.filter((w) => w !== null).length;
      if (!reloaded && clicks >= 25) {
        // A reload keeps the seat: the credentials are in this browser's localStorage.
        reloaded = true;
        await b.reload();
        await b.waitForSelector('[data-seat="I"]');
        await b.waitForSelector('[data-connection="connected"]');
        await a.waitForSelector('[data-opponent-status="online"]');
        // The spectator has followed the game so far with the public view only; close it (less load).
        await watcher.waitForFunction(() => document.querySelector('[data-testid="log"]')?.textContent?.includes('The Rebel hides their base'));
        expect(await watcher.locator('[data-testid="hand"]').count()).toBe(0);
        expect(await watcher.content()).not.toContain('(only you know)');
        await ctxS.close();
      }
      if (!acted) await a.waitForTimeout(20);
      // Two pages on a shared 2-core machine; the event cards (issue 20 item 2) add a click for each big event.
      expect(Date.now() - t0, `game not over after ${clicks} clicks`).toBeLessThan(300_000);
    }
    expect(reloaded).toBe(true);
    if (!gameShot) await shot(a, 'online-game');
    console.log(`online game over after ${clicks} clicks, ${Date.now() - t0} ms`);

    // Rematch: both ask, both land in the same new match, in the same seats.
    const firstMatch = new URL(a.url()).searchParams.get('match');
    await a.click('[data-online="play-again"]');
    await a.waitForFunction((m) => new URL(location.href).searchParams.get('match') !== m, firstMatch);
    await a.waitForSelector('[data-seat="R"]');
    await b.waitForSelector('[data-testid="rematch-offer"]');
    await b.click('[data-online="play-again"]');
    await b.waitForSelector('[data-seat="I"]');
    expect(new URL(b.url()).searchParams.get('match')).toBe(new URL(a.url()).searchParams.get('match'));
    await a.waitForSelector('[data-opponent-status="online"]');

    expect(errors).toEqual([]);
    expect(serverErrors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 360_000);

  it.runIf(ONLINE)('plays the server bot: create as Rebel against the easy bot, drop the connection and reconnect, then leave', async () => {
    // The server deals a random game, and about 1 in 30 ends in round 1 (the bot occupies the base): then this
    // scenario, which needs a game still running after its clicks, starts again in a new match (at most 4 tries).
    for (let attempt = 1; ; attempt++) {
      const outcome = await playBotScenario(attempt);
      if (outcome === 'done') break;
      console.log(`server-bot scenario, try ${attempt}: the game ended early; again in a new match`);
      expect(attempt, 'every try of the server-bot scenario ended in round 1').toBeLessThan(4);
    }
  }, 300_000);

  /** The scenario of the test above; 'ended early' when the game ended before its last click (the page is closed). */
  async function playBotScenario(attempt: number): Promise<'done' | 'ended early'> {
    const first = attempt === 1;
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    let dropped = false;
    const sockets: WebSocketRoute[] = [];
    await ctx.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (dropped) {
        void ws.close();
        return;
      }
      ws.connectToServer();
      sockets.push(ws);
    });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    // My decision, or the end of the game (then the scenario gives up on this match).
    const myTurn = async (timeout: number): Promise<boolean> => {
      await page.waitForSelector('[data-testid="prompt"][data-mine="true"], [data-testid="end-screen"], [data-testid="end-bar"]', { timeout });
      if (await page.locator('[data-testid="prompt"][data-mine="true"]').count()) return true;
      expect(errors).toEqual([]);
      await ctx.close();
      return false;
    };
    await page.goto(`${env.server.url}/?online`);
    await page.fill('#create-name', 'Solo');
    await page.check('[data-opponent="bot"]');
    await page.check('[name="server-bot-difficulty"][data-difficulty="easy"]');
    if (first) await shot(page, 'online-lobby-bot');
    await page.click('[data-online="create"]');
    await page.waitForSelector('[data-seat="R"]');
    await page.waitForSelector('[data-opponent-status="bot"]');
    expect(await page.textContent('[data-opponent-status="bot"]')).toMatch(/Bot \(easy\)/);
    // The Imperial (bot) sets up first; then the Rebel must hide the base.
    await page.waitForSelector('[data-testid="prompt"][data-mine="true"]', { timeout: 20_000 });
    // Each try clicks its own way: with one seed for all, every try hid the base on the same planet (the choices
    // are listed in the same order whatever the deal), so a weak spot lost round 1 in all three tries of a CI run.
    const rng = rngFor(first ? 'e2e-online-bot' : `e2e-online-bot-${attempt}`);
    for (let i = 0; i < 4; i++) {
      // The server bot thinks in worker threads: beside another browser test on two cores, a turn can take long.
      if (!await myTurn(60_000)) return 'ended early';
      expect(await clickRandomChoice(page, rng, 0.7)).not.toBeNull();
      await page.waitForTimeout(50);
    }
    // A dropped connection: the badge says so, socket.io reconnects, the seat syncs again and play goes on.
    // (The page's socket.io websockets go through a route that this test closes; meanwhile new socket.io
    // connections, websocket or long-polling, are refused, so the page stays disconnected for a while.)
    if (!await myTurn(60_000)) return 'ended early';
    const before = errors.length;
    dropped = true;
    await ctx.route(/\/socket\.io\//, (r) => r.abort());
    for (const ws of sockets.splice(0)) await ws.close();
    await page.waitForSelector('[data-connection="reconnecting"]', { timeout: 15_000 });
    expect(await page.locator('[data-testid="prompt"] [data-choice]:not([disabled])').count()).toBe(0);
    await page.waitForTimeout(1500);
    dropped = false;
    await ctx.unroute(/\/socket\.io\//);
    await page.waitForSelector('[data-connection="connected"]', { timeout: 15_000 });
    // The browser's own reports of the refused reconnection attempts are expected.
    const offline = errors.splice(before).filter((e) => !/ERR_FAILED|ERR_INTERNET_DISCONNECTED|WebSocket connection to|socket\.io/.test(e));
    expect(offline).toEqual([]);
    await page.waitForSelector('[data-testid="prompt"][data-mine="true"]', { timeout: 20_000 });
    expect(await clickRandomChoice(page, rng, 0.7)).not.toBeNull();
    const matchID = new URL(page.url()).searchParams.get('match')!;
    // Leave on my decision: a bot's answer that ends the game would take the Leave button away under the click.
    if (!await myTurn(60_000)) return 'ended early';
    await leaveGame(page);
    await page.waitForSelector('[data-screen="lobby"]');
    expect(await page.evaluate((m) => localStorage.getItem(`mint-imperium:seat:${m}`), matchID)).toBeNull();
    expect(await page.locator(`[data-match="${matchID}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(serverErrors).toEqual([]);
    await ctx.close();
    return 'done';
  }
});
