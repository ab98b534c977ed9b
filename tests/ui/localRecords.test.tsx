// @vitest-environment happy-dom
/**
 * Records of local games: the browser keeps the last 20 finished games (newest first, the oldest dropped, the
 * same game never twice); a game played through the real in-page boardgame.io master (Local multiplayer) gives a
 * record, once it is over, that re-runs exactly (verifyRecord) with every accepted move in order; the end
 * screen's buttons appear with it; a record file opens, a bad file says why.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playerOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import { verifyRecord, type GameRecord } from '../../src/game/record';
import { legalActions, seededRng, type Action } from '../../src/game/rules';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { masterOf, recordOfMaster } from '../../src/ui/replay/localCapture';
import {
  MAX_LOCAL_RECORDS, RECORDS_STORAGE_KEY, listRecords, loadRecord, readRecordFile, recordFileName, saveRecord,
} from '../../src/ui/replay/localRecords';
import { localPlayers, useLocalReplay } from '../../src/ui/replay/ReplayButtons';
import { replayFromLocation } from '../../src/ui/replay/routes';
import { createLocalMatch, sendAction, type LocalMatch } from '../../src/ui/session/clients';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const base = playRecordedGame('ui-local-store').record;
const variant = (i: number): GameRecord => ({ ...base, startedAt: base.startedAt + i, seed: `${base.seed}-${i}` });

/** Play a local match to the end with seeded random legal moves, each after the previous one's update. */
async function playToEnd(match: LocalMatch, seed: string): Promise<{ seat: Faction; action: Action }[]> {
  const chooser = seededRng(seed);
  const clients = { R: match.client('R'), I: match.client('I') };
  const sent: { seat: Faction; action: Action }[] = [];
  for (let i = 0; i < 5000; i++) {
    const s = clients.R.getState();
    if (s?.G.winner) return sent;
    const seat = s?.G.pending?.seat;
    const mine = seat ? clients[seat].getState() : null;
    if (!seat || !mine || mine.G.pending?.seat !== seat) { await new Promise((r) => setTimeout(r, 1)); continue; }
    const acts = legalActions(mine.G, seat);
    const a = acts[chooser.int(acts.length)];
    const before = mine._stateID;
    sent.push({ seat, action: a });
    sendAction(clients[seat], a);
    for (let w = 0; w < 200 && (clients[seat].getState()?._stateID ?? 0) <= before; w++) await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error('the game did not end');
}

describe('local records store', () => {
  it('keeps the last 20 finished games, newest first, and drops the oldest', () => {
    for (let i = 0; i < MAX_LOCAL_RECORDS + 1; i++) expect(saveRecord(variant(i), 1000 + i)).not.toBeNull();
    const list = listRecords();
    expect(list.length).toBe(MAX_LOCAL_RECORDS);
    expect(list[0].record.seed).toBe(`${base.seed}-${MAX_LOCAL_RECORDS}`);
    expect(list[list.length - 1].record.seed).toBe(`${base.seed}-1`);
    expect(list.some((e) => e.record.seed === `${base.seed}-0`)).toBe(false);
    expect(loadRecord(list[3].id)?.record.seed).toBe(list[3].record.seed);
  });

  it('stores the same game once, and reads junk in the storage as no records', () => {
    const a = saveRecord(variant(1))!;
    const b = saveRecord(variant(1))!;
    expect(b.id).toBe(a.id);
    expect(listRecords().length).toBe(1);
    localStorage.setItem(RECORDS_STORAGE_KEY, '{not json');
    expect(listRecords()).toEqual([]);
    localStorage.setItem(RECORDS_STORAGE_KEY, JSON.stringify([{ id: 3 }, null, 'x']));
    expect(listRecords()).toEqual([]);
  });

  it('reads a record file back, and says what is wrong with a bad one', async () => {
    const ok = await readRecordFile(new Blob([JSON.stringify(base)]));
    expect('error' in ok).toBe(false);
    expect((ok as GameRecord).fingerprint).toBe(base.fingerprint);
    const bad = await readRecordFile(new Blob(['{"version": 7}']));
    expect((bad as { error: string }).error).toMatch(/version 7/);
    const junk = await readRecordFile(new Blob(['not a record']));
    expect((junk as { error: string }).error).toMatch(/not JSON/);
    const unfinished = await readRecordFile(new Blob([JSON.stringify({ ...base, result: null })]));
    expect((unfinished as { error: string }).error).toMatch(/unfinished/);
    expect(recordFileName(base)).toMatch(/^mint-imperium-simulate-\d{8}-\d{4}\.json$/);
  });

  it('routes: /replay/<matchID>, ?replay=<matchID>, ?record=<id>; junk is no route', () => {
    expect(replayFromLocation({ pathname: '/replay/abc_12-X', search: '' })).toEqual({ kind: 'server', matchID: 'abc_12-X' });
    expect(replayFromLocation({ pathname: '/', search: '?replay=m1' })).toEqual({ kind: 'server', matchID: 'm1' });
    expect(replayFromLocation({ pathname: '/', search: '?record=0a1b' })).toEqual({ kind: 'local', id: '0a1b' });
    expect(replayFromLocation({ pathname: '/replay/a%2F..', search: '' })).toBeNull();
    expect(replayFromLocation({ pathname: '/', search: '?record=<script>' })).toBeNull();
    expect(replayFromLocation({ pathname: '/', search: '' })).toBeNull();
  });
});

describe('records of games played in the page', () => {
  it('builds, from the in-page master, a record of every accepted move that re-runs exactly — only once the game is over', async () => {
    const match = createLocalMatch('ui-local-capture');
    const master = masterOf(match.client(null))!;
    expect(master).not.toBeNull();
    const meta = { source: 'hotseat' as const, players: localPlayers({}), startedAt: 1 };
    expect(recordOfMaster(master, 'default', meta)).toEqual({ error: 'the game is not over' });
    const sent = await playToEnd(match, 'ui-local-capture-choices');
    const rec = recordOfMaster(master, 'default', meta) as GameRecord;
    expect('error' in rec).toBe(false);
    expect(rec.seed).toBe('ui-local-capture');
    expect(rec.actions.map((a) => [a.seat, a.action])).toEqual(sent.map((s) => [s.seat, s.action]));
    expect(verifyRecord(rec)).toEqual({ ok: true });
    expect(rec.result?.winner).toBe(match.client('R').getState()!.G.winner!.faction);
    expect(rec.players.map((p) => p.name)).toEqual(['Rebel player', 'Imperial player']);
    expect((match.client('R').getState()!.ctx.gameover as { winner: string }).winner).toBe(playerOf(rec.result!.winner));
    match.stop();
  });

  it('a local game screen saves the record when the game ends and offers "Watch the replay"', async () => {
    const match = createLocalMatch('ui-local-hook');
    function Probe() {
      const { buttons } = useLocalReplay(match, match.client(null), 'bots', localPlayers({ R: { name: 'Bot (Easy)', kind: 'ismcts-easy' }, I: { name: 'Bot (Hard)', kind: 'ismcts-hard' } }));
      return <div data-testid="probe">{buttons}</div>;
    }
    render(<Probe />);
    await act(() => new Promise<void>((r) => setTimeout(r, 10)));
    expect(listRecords()).toEqual([]);
    expect(screen.getByTestId('probe').textContent).toBe('');
    await act(() => playToEnd(match, 'ui-local-hook-choices').then(() => new Promise<void>((r) => setTimeout(r, 20))));
    const list = listRecords();
    expect(list.length).toBe(1);
    expect(list[0].record.source).toBe('bots');
    expect(list[0].record.players[1]).toEqual({ faction: 'I', name: 'Bot (Hard)', bot: 'ismcts-hard' });
    expect(verifyRecord(list[0].record)).toEqual({ ok: true });
    // Each move carries its time, in order.
    const times = list[0].record.actions.map((a) => a.at);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
    expect(new Set(times).size, 'times come from the moves, not from the end').toBeGreaterThan(times.length / 4);
    expect(screen.getByText('Watch the replay')).toBeTruthy();
    expect(screen.getByText('Download the record')).toBeTruthy();
    match.stop();
  });
});
