/**
 * Imperios Milenarios replays in the browser (issue 23 item 7), through the real server: a 4-seat Tutorial match,
 * two random bots and scripted seats 0 and 1 over sockets, which play for a while; then seat 0 leaves (G56 ends the
 * match). From the Imperios start screen the finished game is listed and its link opens
 * `/replay/imperios/<matchID>`: the record re-runs exactly, the board steps forward and back by clicks and keys,
 * and the end shows the final scoring of the recorded winner. A screenshot; no console error.
 */
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import type { HostedGame } from '../../server/match/hosted-game';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { awaitedSeats, legalActions, type ImperiosState } from '../../src/games/imperios/rules';
import { e2eEnabled } from './enabled';
import { shot, watchErrors } from './harness';
import { useRealServer } from './realServer';

const run = e2eEnabled();

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

describe.skipIf(!run)('Imperios replays', () => {
  const env = useRealServer('imperios-replay', { games: [IMPERIOS_HOSTED as HostedGame] });

  it('a finished match is listed on the Imperios screen and replays step by step to its recorded end', async () => {
    const base = env.server.url;
    const { matchID } = (await post(`${base}/games/${IMPERIOS_NAME}/create`, {
      numPlayers: 4, mode: 'tutorial', bot: ['2', '3'], botKind: 'random',
    })) as { matchID: string };
    const creds: string[] = [];
    for (const [id, playerName] of [['0', 'Ana'], ['1', 'Bea']]) {
      const joined = (await post(`${base}/games/${IMPERIOS_NAME}/${matchID}/join`, { playerID: id, playerName })) as { playerCredentials: string };
      creds.push(joined.playerCredentials);
    }
    // Seats 0 and 1 play their first listed action whenever the game awaits them, until they made 12 decisions.
    const sockets = [0, 1].map(() => io(`${base}/${IMPERIOS_NAME}`, { transports: ['websocket'], reconnection: false, forceNew: true }));
    let made = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`seats 0 and 1 made ${made} decisions`)), 60_000);
      for (const seat of [0, 1]) {
        const socket = sockets[seat];
        let sentOn = -1;
        const onState = (s: { G: ImperiosState; _stateID: number } | undefined) => {
          if (!s || s._stateID <= sentOn || !awaitedSeats(s.G).includes(seat)) return;
          if (made >= 12) {
            clearTimeout(timer);
            resolve();
            return;
          }
          sentOn = s._stateID;
          made++;
          const action = legalActions(s.G, seat)[0];
          const payload = { type: 'act', args: [action], playerID: String(seat), credentials: creds[seat] };
          socket.emit('update', { type: 'MAKE_MOVE', payload }, s._stateID, matchID, String(seat));
        };
        socket.on('sync', (_id: string, info: { state: { G: ImperiosState; _stateID: number } }) => onState(info.state));
        socket.on('update', (_id: string, s: { G: ImperiosState; _stateID: number }) => onState(s));
        socket.emit('sync', matchID, String(seat), creds[seat], 4);
      }
    });
    for (const s of sockets) s.close();
    // Seat 0 leaves: the match ends (G56), seat 1 still holds its seat, so the match and its record are kept.
    await post(`${base}/games/${IMPERIOS_NAME}/${matchID}/leave`, { playerID: '0', credentials: creds[0] });

    const page = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = watchErrors(page);
    await page.goto(base);
    await page.click('[data-start="imperios"]');
    await page.click('[data-choice="imp-replays"]');
    const link = page.locator(`[data-testid="imp-finished"] a[href="/replay/imperios/${matchID}"]`);
    expect(await link.textContent()).toContain('Bea');
    await link.click();
    await page.waitForSelector('[data-screen="imperios-replay"]');
    expect(new URL(page.url()).pathname).toBe(`/replay/imperios/${matchID}`);
    expect(await page.textContent('[data-testid="imp-replay-verified"]')).toMatch(/exactly/);
    const step = async () => Number(await page.getAttribute('[data-testid="imp-replay-controls"]', 'data-step'));
    expect(await step()).toBe(0);
    expect(await page.getAttribute('[data-layout="imperios"]', 'data-phase')).toBe('setup');
    for (let k = 1; k <= 5; k++) {
      await page.click('[data-replay="forward"]');
      expect(await step()).toBe(k);
    }
    await page.keyboard.press('ArrowLeft');
    expect(await step()).toBe(4);
    // The seats' twelve decisions, the bots' and the forfeit: more than 12 steps.
    await page.click('[data-replay="end"]');
    const record = (await (await fetch(`${base}/games/${IMPERIOS_NAME}/${matchID}/record`)).json()) as {
      moves: unknown[]; result: { winner: string };
    };
    expect(await step()).toBe(record.moves.length + 1);
    expect(record.moves.length).toBeGreaterThan(12);
    await page.waitForSelector(`[data-testid="imp-end"][data-winner="${record.result.winner}"]`);
    await page.click('[data-replay="back"]');
    expect(await step()).toBe(record.moves.length);
    await shot(page, 'imperios-replay');
    expect(errors).toEqual([]);
    expect(env.serverErrors).toEqual([]);
  });
});
