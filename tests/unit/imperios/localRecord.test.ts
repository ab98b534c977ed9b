/**
 * Issue 23 item 7: a local game (src/ui/imperios/session.ts, the core run as boardgame.io runs it: coreRun.ts) is a
 * record: finished or running, it replays through the board's replay (replayCore) and through boardgame.io's own
 * reducer (replayImperios) to exactly the state the page holds; a game resumed from its record half-way goes on
 * exactly as the one never interrupted; `npm run replay` (replayFile) re-runs such files.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayFile } from '../../../src/cli/replay';
import { replayImperios } from '../../../src/games/imperios/record';
import { parseImperiosRecord, replayCore } from '../../../src/games/imperios/replay';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';
import { coreSession, resumeSession, type ImperiosSession } from '../../../src/ui/imperios/session';

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production'; // boardgame.io's per-move check of G, as on a real server
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

/** Random legal decisions (chooser seeded by `seed`) until the game ends or `max` moves were made. */
function play(session: ImperiosSession, seed: string, max = 5000): void {
  const chooser = { rng: seedState(seed) };
  for (let i = 0; i < max; i++) {
    const s = session.getState() as ImperiosState;
    if (s.result) return;
    const seat = awaitedSeats(s)[0];
    const legal = legalActions(s, seat);
    session.act(seat, legal[randomInt(chooser, legal.length)]);
  }
}

describe('a local game is a record', () => {
  it('a finished game replays exactly, through the core and through boardgame.io', () => {
    const session = coreSession({ players: 4, mode: 'tutorial', seed: 'local-rec-1' });
    play(session, 'local-rec-1-moves');
    const final = session.getState() as ImperiosState;
    expect(final.result).not.toBeNull();
    const rec = session.record!();
    expect(rec.result?.winner).toBe(String(final.result!.winner));
    // The file as downloaded, read back.
    const parsed = parseImperiosRecord(JSON.parse(JSON.stringify(rec)));
    if ('error' in parsed) throw new Error(parsed.error);
    const core = replayCore(parsed);
    expect(core.error).toBeUndefined();
    expect(core.exact).toBe(true);
    expect(core.states[core.states.length - 1]).toEqual(final);
    const bgio = replayImperios(parsed);
    if ('error' in bgio) throw new Error(bgio.error);
    expect(bgio.states[bgio.states.length - 1].G).toEqual(final);
  });

  it('a running game: result null, replays to the same state; resumed half-way it goes on identically', () => {
    const whole = coreSession({ players: 5, mode: 'normal', seed: 'local-rec-2' });
    play(whole, 'local-rec-2-moves', 150);
    const half = coreSession({ players: 5, mode: 'normal', seed: 'local-rec-2' });
    play(half, 'local-rec-2-moves', 70);
    const rec = half.record!();
    expect(rec.result).toBeNull();
    expect(rec.moves).toHaveLength(70);
    const core = replayCore(rec);
    expect(core.exact).toBe(true);
    expect(core.states[70]).toEqual(half.getState());

    const resumed = resumeSession(JSON.parse(JSON.stringify(rec)));
    if ('error' in resumed) throw new Error(resumed.error);
    expect(resumed.getState()).toEqual(half.getState());
    expect(resumed.history!().states).toHaveLength(71);
    // The same next 80 decisions: the same game (the generator resumes where it was: IM14.1).
    const chooser = { rng: seedState('local-rec-2-moves') };
    for (let i = 0; i < 150; i++) {
      const s = (i < 70 ? half : resumed).getState() as ImperiosState;
      const seat = awaitedSeats(s)[0];
      const legal = legalActions(s, seat);
      const a = legal[randomInt(chooser, legal.length)];
      if (i >= 70) resumed.act(seat, a);
    }
    expect(resumed.getState()).toEqual(whole.getState());
    expect(resumed.record!().moves).toEqual(whole.record!().moves);
  });

  it('a refused move draws nothing: the game goes on as if it was never tried', () => {
    const a = coreSession({ players: 4, mode: 'normal', seed: 'local-rec-3' });
    const b = coreSession({ players: 4, mode: 'normal', seed: 'local-rec-3' });
    const s = a.getState() as ImperiosState;
    const refused: string[] = [];
    const tried = coreSession({ players: 4, mode: 'normal', seed: 'local-rec-3' }, (e) => refused.push(e));
    tried.act((awaitedSeats(s)[0] + 1) % 4, legalActions(s, awaitedSeats(s)[0])[0]);
    expect(refused).toHaveLength(1);
    play(a, 'local-rec-3-moves', 40);
    play(b, 'local-rec-3-moves', 40);
    play(tried, 'local-rec-3-moves', 40);
    expect(tried.getState()).toEqual(a.getState());
    expect(tried.record!().moves).toEqual(b.record!().moves);
  });

  it('npm run replay re-runs Imperios records: a running one, a finished one; a changed move fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imp-records-'));
    try {
      const s = coreSession({ players: 4, mode: 'tutorial', seed: 'local-rec-cli' });
      play(s, 'local-rec-cli-moves', 60);
      const running = s.record!();
      play(s, 'local-rec-1-moves', 20000);
      const finished = s.record!();
      expect(finished.result).not.toBeNull();
      const bad = { ...finished, moves: finished.moves.map((m, i) => (i === 30 ? { ...m, playerID: '9' } : m)) };
      const files = { running, finished, bad, other: { ...finished, result: { ...finished.result!, winner: '7' } } };
      for (const [name, rec] of Object.entries(files)) writeFileSync(join(dir, `${name}.json`), JSON.stringify(rec));
      expect(replayFile(join(dir, 'running.json'), true)).toMatchObject({ ok: true, actions: 60 });
      expect(replayFile(join(dir, 'running.json'), true).message).toMatch(
        /4 players, 60 moves, not over; re-run exactly/,
      );
      expect(replayFile(join(dir, 'finished.json'), false)).toMatchObject({ ok: true });
      expect(replayFile(join(dir, 'bad.json'), true).message).toMatch(/^malformed record: a move without a seat/);
      expect(replayFile(join(dir, 'other.json'), true)).toMatchObject({
        ok: false,
        message: 'mismatch: the replay does not end as recorded',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a record whose moves the rules refuse is not resumed', () => {
    const s = coreSession({ players: 4, mode: 'normal', seed: 'local-rec-4' });
    play(s, 'x', 10);
    const rec = s.record!();
    rec.moves[5] = { ...rec.moves[5], playerID: String((Number(rec.moves[5].playerID) + 1) % 4) };
    const r = resumeSession(rec);
    expect('error' in r && r.error).toMatch(/^move 6 is refused/);
  });
});
