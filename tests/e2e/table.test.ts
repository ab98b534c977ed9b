/**
 * The online table (issue 10) in Chromium through the real server: A creates a live-clock match, B joins by the
 * invite link; both pages show both clocks; they chat (a quick phrase, and HTML typed by B that A sees as literal
 * text); then the lobby's "My matches" lists a match in progress (B: "Your turn"), one waiting for an opponent
 * and one finished; then B closes its page and, once B has been away past the limit (2 s here), A hands B's seat to
 * the server bot, which plays on, and the log says so (the hand-over line, the bot's lines marked). No console error in any page, no server error; screenshots of the chat and of
 * My matches.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRealServer } from './realServer';
import { shot, watchErrors } from './harness';
import { e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('online table: chat, clocks, my matches', () => {
  const env = useRealServer('table', { events: false, abandonMs: 2000 });
  const { serverErrors } = env;

  it('two players chat during a live-clock game; My matches lists in progress, waiting and finished', async () => {
    const opts = { viewport: { width: 1280, height: 800 } };
    const ctxA: BrowserContext = await env.browser.newContext(opts);
    const ctxB: BrowserContext = await env.browser.newContext(opts);
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const errors = [...watchErrors(a), ...watchErrors(b)];

    await a.goto(`${env.server.url}/?online`);
    await a.fill('#create-name', 'Alice');
    await a.check('[data-side="R"]');
    await a.check('[data-opponent="friend"]');
    await a.check('[data-clock="live"]');
    await a.click('[data-online="create"]');
    await a.waitForSelector('[data-seat="R"]');
    const invite = await a.inputValue('[data-testid="invite-link"]');
    const live = new URL(invite).searchParams.get('match')!;
    await b.goto(invite);
    await b.waitForSelector('[data-form="join"]');
    // Issue 20 item 7: the join screen says the match has a live clock before B takes the seat.
    expect(await b.getAttribute('[data-testid="match-clock"]', 'data-clock')).toBe('live');
    expect(await b.textContent('[data-testid="match-clock"]')).toBe('Live clock: 10 min each, + 20 s per turn. Running out of time loses the game.');
    await b.fill('#join-name', 'Bob');
    await b.click('[data-online="join"]');
    await b.waitForSelector('[data-seat="I"]');
    await a.waitForSelector('[data-opponent-status="online"]');

    // Both clocks on both boards, the running one marked, counting from 10 minutes.
    for (const p of [a, b]) {
      await p.waitForSelector('[data-testid="table-bar"] [data-clock-seat="1"]');
      expect(await p.locator('[data-testid="table-bar"] [data-clock-seat]').count()).toBe(2);
      expect(await p.locator('[data-clock-active="yes"]').count()).toBe(1);
      expect(await p.textContent('[data-clock-seat="0"] [data-clock-time]')).toMatch(/^(10:00|9:5\d)$/);
    }

    // Chat: a quick phrase from A, HTML typed by B (shown to A as text, no element made from it).
    await a.click('[data-chat="toggle"]');
    await a.click('[data-chat-quick="Good luck!"]');
    await a.waitForSelector('[data-chat-line="players"][data-sender="0"]');
    await b.waitForSelector('[data-chat="toggle"]:has-text("Chat (1)")');
    await b.click('[data-chat="toggle"]');
    expect(await b.textContent('[data-testid="chat-lines"]')).toContain('Alice (Rebel): Good luck!');
    const html = '<b>hi</b><img src=x onerror="window.hacked=1">';
    await b.fill('[data-chat="input"]', html);
    await b.press('[data-chat="input"]', 'Enter');
    await a.waitForSelector('[data-chat-line="players"][data-sender="1"]');
    expect(await a.textContent('[data-chat-line="players"][data-sender="1"] [data-chat-text]')).toBe(html);
    expect(await a.locator('[data-testid="chat-lines"] b, [data-testid="chat-lines"] img').count()).toBe(0);
    expect(await a.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await shot(a, 'online-chat-clock');
    // A reload brings the history back (stored with the match).
    await b.reload();
    await b.waitForSelector('[data-seat="I"]');
    await b.click('[data-chat="toggle"]');
    await b.waitForFunction(() => document.querySelectorAll('[data-chat-line]').length === 2);

    // A second match waiting for an opponent, and a finished one (created and ended through the API, its seat put
    // into A's browser as the lobby would have).
    await a.goto(`${env.server.url}/?online`);
    await a.fill('#create-name', 'Alice');
    await a.check('[data-opponent="friend"]');
    await a.check('[data-clock="none"]');
    await a.click('[data-online="create"]');
    await a.waitForSelector('[data-seat="R"]');
    const waiting = new URL(a.url()).searchParams.get('match')!;
    const post = async (path: string, body: unknown) => (await fetch(`${env.server.url}/games/mint-imperium${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    })).json();
    const { matchID: done } = await post('/create', {});
    const c0 = (await post(`/${done}/join`, { playerID: '0', playerName: 'Alice' })).playerCredentials;
    const c1 = (await post(`/${done}/join`, { playerID: '1', playerName: 'Carol' })).playerCredentials;
    await post(`/${done}/leave`, { playerID: '1', credentials: c1 });
    await a.evaluate(([m, c]) => localStorage.setItem(`mint-imperium:seat:${m}`,
      JSON.stringify({ matchID: m, playerID: '0', credentials: c, name: 'Alice', savedAt: 1 })), [done, c0]);

    await a.goto(`${env.server.url}/?online`);
    await a.waitForSelector('[data-my-group="finished"]');
    const status = async (id: string) => a.getAttribute(`[data-my-match="${id}"]`, 'data-status');
    expect(await status(live)).toBe('playing');
    expect(await status(waiting)).toBe('waiting');
    expect(await status(done)).toBe('finished');
    expect(await a.textContent(`[data-my-match="${done}"]`)).toContain('You won');
    expect(await a.getAttribute(`[data-my-match="${done}"] [data-online="replay-mine"]`, 'href')).toBe(`/replay/${done}`);
    await shot(a, 'online-my-matches');
    // B's lobby: the live match, marked "Your turn" when the game waits for the Imperial.
    await b.goto(`${env.server.url}/?online`);
    await b.waitForSelector(`[data-my-match="${live}"]`);
    const pending = (await env.server.db.fetch(live, { state: true })).state as { G: { pending: { seat: string } | null } };
    expect(await b.getAttribute(`[data-my-match="${live}"]`, 'data-your-turn')).toBe(pending.G.pending?.seat === 'I' ? 'yes' : 'no');
    await b.click(`[data-my-match="${live}"] [data-online="open-mine"]`);
    await b.waitForSelector('[data-seat="I"]');
    if (pending.G.pending?.seat === 'I') expect(await b.title()).toMatch(/^● Your turn/);

    // B walks away; after the limit A hands B's seat to the server bot, which plays the Imperial's decision.
    await ctxB.close();
    await a.click(`[data-my-match="${live}"] [data-online="open-mine"]`);
    await a.waitForSelector('[data-seat="R"]');
    await a.waitForSelector('[data-table-action="handToBot"]', { timeout: 15_000 });
    await a.click('[data-table-action="handToBot"]');
    await a.waitForSelector('[data-testid="bot-plays"]');
    expect(await a.textContent('[data-testid="bot-plays"]')).toContain('Imperial seat');
    await a.waitForSelector('[data-testid="prompt"][data-mine="true"]', { timeout: 20_000 });
    // The log says who played: the hand-over line, then the bot's decision marked "bot".
    await a.waitForSelector('[data-testid="log"] li[data-by="bot"]');
    expect(await a.textContent('[data-testid="log"]')).toContain('The bot plays for the Imperial from here (they were away too long).');
    const md = (await env.server.db.fetch(live, { metadata: true })).metadata as unknown as { handovers: { seat: string; why: string }[] };
    expect(md.handovers).toEqual([expect.objectContaining({ seat: '1', why: 'away' })]);

    expect(errors).toEqual([]);
    expect(serverErrors).toEqual([]);
    await ctxA.close();
  }, 120_000);
});
