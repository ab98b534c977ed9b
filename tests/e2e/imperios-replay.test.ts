/**
 * Imperios Milenarios replays in the browser (issue 23 item 7), through the real server: a 4-seat Tutorial match,
 * two random bots and scripted seats 0 and 1 over sockets, which play for a while; then seat 0 leaves (G56 ends the
 * match). From the Imperios start screen the finished game is listed and its link opens
 * `/replay/imperios/<matchID>`: the record re-runs exactly, the board steps forward and back by clicks and keys,
 * and the end shows the final scoring of the recorded winner. A screenshot; no console error.
 *
 * A local game's record by file: a finished hot-seat game saved on the device (a save as the page writes it) is
 * opened, its record downloaded from its board (a real download), and that file opened in the viewer from the
 * Imperios screen and from the start screen's Replays (Mint's "Open a game record…"), stepped through to the final
 * scoring each time; a damaged copy is refused there with what is wrong.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import type { HostedGame } from '../../server/match/hosted-game';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import type { ImperiosRecord } from '../../src/games/imperios/record';
import { awaitedSeats, legalActions, type ImperiosState } from '../../src/games/imperios/rules';
import { saveOf } from '../../src/ui/imperios/localSaves';
import { coreSession } from '../../src/ui/imperios/session';
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

  it('a finished local game: its downloaded record opens in the viewer from both screens; a damaged one is refused', async () => {
    // A whole Tutorial game of four in the core, each seat playing its first listed decision, saved as the page saves.
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'e2e-imp-record-file' });
    for (let i = 0; i < 20_000 && (s.getState() as ImperiosState).phase !== 'over'; i++) {
      const st = s.getState() as ImperiosState;
      const seat = awaitedSeats(st)[0];
      s.act(seat, legalActions(st, seat)[0]);
    }
    const final = s.getState() as ImperiosState;
    expect(final.phase).toBe('over');
    const save = saveOf('imp-e2e-over', Date.now() - 60_000, final, s.record!());

    const page = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
    const errors = watchErrors(page);
    await page.goto(env.server.url);
    // Unsealed: the seal's key belongs to the browser (src/ui/saved/seal.ts); the page reads plain saves too.
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`imperios-save:${save.id}`, JSON.stringify(save)] as const);
    await page.click('[data-start="imperios"]');
    await page.click(`[data-save-id="${save.id}"] [data-save="resume"]`);
    await page.waitForSelector(`[data-testid="imp-end"][data-winner="${save.record.result!.winner}"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-choice="imp-download"]')]);
    expect(download.suggestedFilename()).toBe(`imperios-local-${save.record.seed.slice(0, 8)}-${save.record.moves.length}.json`);
    const file = await download.path();
    const downloaded = JSON.parse(readFileSync(file, 'utf8')) as ImperiosRecord;
    expect(downloaded).toEqual(save.record);
    const last = downloaded.moves.length;
    const step = async () => Number(await page.getAttribute('[data-testid="imp-replay-controls"]', 'data-step'));

    /** The viewer on the downloaded record: the set-up, steps by clicks and keys, the end with the final scoring. */
    const stepThrough = async () => {
      await page.waitForSelector('[data-screen="imperios-replay"]');
      expect(await page.textContent('[data-testid="imp-replay-verified"]')).toMatch(/reaches exactly its recorded result/);
      expect(await step()).toBe(0);
      expect(await page.getAttribute('[data-layout="imperios"]', 'data-phase')).toBe('setup');
      await page.click('[data-replay="forward"]');
      await page.keyboard.press('ArrowRight');
      expect(await step()).toBe(2);
      expect(await page.locator('[data-testid="imp-end"]').count()).toBe(0);
      await page.click('[data-replay="end"]');
      expect(await step()).toBe(last);
      await page.waitForSelector(`[data-testid="imp-end"][data-winner="${downloaded.result!.winner}"]`);
    };

    // From the Imperios screen's "Open a record file".
    await page.click('[data-layout="imperios"] [data-choice="exit"]');
    await page.setInputFiles('[data-choice="imp-open-record"]', file);
    await stepThrough();
    await page.click('[data-replay="exit"]');
    await page.click('[data-choice="exit"]');

    // From the start screen's Replays, where Mint's records open: a damaged copy first, refused in words.
    const damaged = `${file}-damaged.json`;
    writeFileSync(damaged, JSON.stringify({ ...downloaded, players: downloaded.players.slice(0, 3) }));
    await page.setInputFiles('[data-testid="record-file"]', damaged);
    await page.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent?.includes('not a record of Imperios Milenarios'));
    expect(await page.textContent('[role="alert"]')).toBe('This file is not a record of Imperios Milenarios this version can open: no players.');
    expect(await page.locator('[data-screen="imperios-replay"]').count()).toBe(0);
    await page.setInputFiles('[data-testid="record-file"]', file);
    await stepThrough();
    expect(new URL(page.url()).pathname).toBe('/'); // a file has no address
    await shot(page, 'imperios-replay-file-end');
    await page.click('[data-replay="exit"]');
    await page.waitForSelector('[data-replay="open-file"]');
    expect(errors).toEqual([]);
  });
});
