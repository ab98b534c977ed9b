/**
 * Game records (src/game/record.ts, issue 9 item 1): records of simulated games re-run to the same result and
 * fingerprint; a changed, removed or extra action, a wrong version, junk fields or a wrong result fail with a
 * message; a forfeit record re-runs; fingerprints ignore key order.
 */
import { describe, expect, it } from 'vitest';
import { makeConfig, SOLO_LEVELS, type Faction } from '../../src/game/content';
import {
  RECORD_VERSION, botTaggingOf, canonicalJson, endByForfeit, fingerprint, parseRecord, parseRecordText, recordFromGame,
  replayRecord, replayStates, verifyRecord, type GameRecord, type RecordAction,
} from '../../src/game/record';
import {
  apply, cloneState, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState, type Rng,
} from '../../src/game/rules';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { playWithNote } from '../../src/game/playedBy';

const GAMES = 500;

/** A record through JSON, as a file holds it. */
function roundTrip(rec: GameRecord): GameRecord {
  const parsed = parseRecord(JSON.parse(JSON.stringify(rec)));
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

function copy(rec: GameRecord): Record<string, unknown> {
  return JSON.parse(JSON.stringify(rec)) as Record<string, unknown>;
}

function failing(json: unknown): string {
  const parsed = parseRecord(json);
  if ('error' in parsed) return parsed.error;
  const v = verifyRecord(parsed);
  if (v.ok) throw new Error('the record verified');
  return v.message;
}

describe('records of simulated games', () => {
  it(`every record of ${GAMES} random games re-runs to the same result and fingerprint`, () => {
    const bad: string[] = [];
    const reasons = new Set<string>();
    for (let i = 0; i < GAMES; i++) {
      const seed = `rec-${i}`;
      const { state, record } = playRecordedGame(seed);
      expect(record.result).not.toBeNull();
      reasons.add(record.result!.reason);
      const rec = roundTrip(record);
      // The record's fingerprint is the played game's final state; verify re-runs the record and compares.
      if (rec.fingerprint !== fingerprint(state)) bad.push(`${seed}: fingerprint is not the played state's`);
      const v = verifyRecord(rec);
      if (!v.ok) bad.push(`${seed}: ${v.message}`);
    }
    expect(bad).toEqual([]);
    expect(reasons.size).toBeGreaterThanOrEqual(2); // the games end in different ways
  });

  it('solo records (RULES §9) and records with a config re-run too', () => {
    for (const [i, solo] of [{ bot: 'R', difficulty: 'hard' }, { bot: 'I', difficulty: 'easy' }].entries()) {
      for (let g = 0; g < 10; g++) {
        const { record } = playRecordedGame(`solo-${i}-${g}`, undefined, solo as never);
        expect(record.solo).toEqual({ ...solo, level: SOLO_LEVELS[solo.difficulty as 'hard'] }); // R9.11: the knobs it kept
        expect(record.actions.every((a) => a.seat !== solo.bot)).toBe(true); // the rival never decides
        expect(verifyRecord(roundTrip(record))).toEqual({ ok: true });
      }
    }
    const config = makeConfig({ objectiveStart: 8, handLimit: 5 });
    const { record } = playRecordedGame('cfg-1', config);
    expect(verifyRecord(roundTrip(record))).toEqual({ ok: true });
    // The same actions with the default config are another game: refused or a different end.
    expect(failing({ ...copy(record), config: makeConfig() })).toMatch(/refused|differs/);
  });

  it('games played through apply() with every legal action (take-backs too, once the core offers them) re-run', () => {
    for (let g = 0; g < 30; g++) {
      const rng = seededRng(`apply-${g}`);
      const chooser = seededRng(`apply-choices-${g}`);
      const state = createState(rng);
      const actions: RecordAction[] = [];
      while (!state.winner) {
        if (needsAdvance(state)) {
          run(state, rng);
          continue;
        }
        const seat = state.pending!.seat;
        const legal = legalActions(state, seat);
        const action = legal[chooser.int(legal.length)];
        actions.push({ seat, action, at: g });
        expect(apply(state, seat, action, rng)).toBe(true);
      }
      const rec = recordFromGame({
        seed: `apply-${g}`, players: [{ faction: 'R', name: 'a' }, { faction: 'I', name: 'b' }], actions, startedAt: 0,
        source: 'hotseat',
      }, state);
      expect(verifyRecord(roundTrip(rec as GameRecord))).toEqual({ ok: true });
    }
  });

  it('recordFromGame without the final state replays the actions and gives the same record', () => {
    const { record } = playRecordedGame('rebuild');
    const rebuilt = recordFromGame({ ...record, solo: record.solo ?? null });
    expect(rebuilt).toEqual(record);
  });

  it('replayStates gives the state after setup and one state per action', () => {
    const { record, state } = playRecordedGame('states');
    const { states, error } = replayStates(record);
    expect(error).toBeUndefined();
    expect(states.length).toBe(record.actions.length + 1);
    expect(states[0].pending?.kind).toBe('imperialSetup');
    expect(fingerprint(states[states.length - 1])).toBe(fingerprint(state));
    // Deep copies: the states differ from one another.
    expect(canonicalJson(states[0])).not.toBe(canonicalJson(states[1]));
  });
});

describe('records that must fail verification', () => {
  const { record } = playRecordedGame('tamper');
  const n = record.actions.length;

  it('an action changed to another legal one: a different game (refused later, or another end)', () => {
    // At several points, replace the action by another legal answer of the same decision.
    let tried = 0;
    const states = replayStates(record).states;
    for (let i = 0; i < n && tried < 12; i += Math.max(1, Math.floor(n / 20))) {
      const { seat, action } = record.actions[i];
      const other = legalActions(states[i], seat).find((a) => canonicalJson(a) !== canonicalJson(action));
      if (!other) continue;
      tried++;
      const rec = copy(record);
      (rec.actions as { action: unknown }[])[i].action = other;
      expect(failing(rec)).toMatch(/refused|differs|after the end/);
    }
    expect(tried).toBeGreaterThan(5);
  });

  it('an action changed to an illegal one: refused, with its index', () => {
    const rec = copy(record);
    (rec.actions as { action: unknown }[])[3].action = { type: 'pass' };
    const parsed = parseRecord(rec) as GameRecord;
    const v = verifyRecord(parsed);
    expect(v).toMatchObject({ ok: false, index: expect.any(Number) });
    expect(v.ok === false && v.message).toMatch(/refused by the core/);
  });

  it('an action removed, or one added after the end', () => {
    for (const i of [0, 1, Math.floor(n / 2), n - 1]) {
      const rec = copy(record);
      (rec.actions as unknown[]).splice(i, 1);
      expect(failing(rec), `removed ${i}`).toMatch(/refused|differs/);
    }
    const rec = copy(record);
    (rec.actions as unknown[]).push({ seat: 'R', action: { type: 'pass' }, at: 1 });
    expect(failing(rec)).toMatch(/after the end/);
  });

  it('a wrong result, winner, round or fingerprint', () => {
    const r = record.result!;
    expect(failing({ ...copy(record), result: { ...r, winner: r.winner === 'R' ? 'I' : 'R' } })).toMatch(/result differs/);
    expect(failing({ ...copy(record), result: { ...r, round: r.round + 1 } })).toMatch(/result differs/);
    expect(failing({ ...copy(record), result: null })).toMatch(/result differs/);
    expect(failing({ ...copy(record), fingerprint: 'f1-0123456789abcdef' })).toMatch(/fingerprint/);
    expect(failing({ ...copy(record), seed: `${record.seed}x` })).toMatch(/refused|differs/);
  });

  it('a wrong version, game or missing version', () => {
    expect(failing({ ...copy(record), version: 2 })).toMatch(/unsupported record version 2/);
    expect(failing({ ...copy(record), version: '1' })).toMatch(/unsupported record version/);
    const noVersion = copy(record);
    delete noVersion.version;
    expect(failing(noVersion)).toMatch(/version none/);
    expect(failing({ ...copy(record), game: 'chess' })).toMatch(/game/);
  });

  it('junk fields anywhere, wrong types, not JSON', () => {
    expect(failing({ ...copy(record), extra: 1 })).toMatch(/unknown field "extra"/);
    const inAction = copy(record);
    (inAction.actions as Record<string, unknown>[])[2].note = 'x';
    expect(failing(inAction)).toMatch(/actions\[2\]: unknown field "note"/);
    const inPlayer = copy(record);
    (inPlayer.players as Record<string, unknown>[])[1].credentials = 'x';
    expect(failing(inPlayer)).toMatch(/players\[1\]: unknown field/);
    const inConfig = copy(record);
    (inConfig.config as Record<string, unknown>).turbo = true;
    expect(failing(inConfig)).toMatch(/config: unknown field "turbo"/);
    const badType = copy(record);
    (badType.actions as Record<string, unknown>[])[0].action = { type: 'teleport' };
    expect(failing(badType)).toMatch(/unknown action type/);
    const badSeat = copy(record);
    (badSeat.actions as Record<string, unknown>[])[0].seat = 'X';
    expect(failing(badSeat)).toMatch(/seat/);
    expect(failing({ ...copy(record), players: [] })).toMatch(/players/);
    expect(failing({ ...copy(record), startedAt: 'yesterday' })).toMatch(/startedAt/);
    expect(failing([])).toMatch(/JSON object/);
    expect(failing(null)).toMatch(/JSON object/);
    expect(parseRecordText('{"version": 1,')).toMatchObject({ error: expect.stringMatching(/not JSON/) });
    expect(parseRecordText(JSON.stringify(record))).toEqual(record);
    expect(RECORD_VERSION).toBe(1);
  });
});

describe('forfeits and unfinished records', () => {
  const { record } = playRecordedGame('forfeit-base');
  const cut = record.actions.slice(0, 40);
  const seat0 = (name: string) => ({ faction: 'R' as const, name });
  const input = {
    seed: record.seed, players: [seat0('Ann'), { faction: 'I' as const, name: 'Bo' }] as GameRecord['players'],
    actions: cut, startedAt: 5, source: 'online' as const, matchID: 'm-1',
  };

  it('a forfeit (the server ends a match when a seat leaves) re-runs and checks', () => {
    const rec = recordFromGame({ ...input, forfeitBy: 'R' }) as GameRecord;
    expect(rec.result).toEqual({ winner: 'I', reason: 'forfeit', round: expect.any(Number) });
    expect(verifyRecord(roundTrip(rec))).toEqual({ ok: true });
    // The same as endByForfeit on the state after the 40 actions.
    const after = replayRecord({ ...rec, result: null }).state;
    const ended = cloneState(after);
    endByForfeit(ended, 'R');
    expect(rec.fingerprint).toBe(fingerprint(ended));
    expect(failing({ ...copy(rec), result: { ...rec.result!, winner: 'R' } })).toMatch(/differs/);
  });

  it('another server-side end (a lost clock: reason "time") re-runs the same way', () => {
    const rec = recordFromGame({ ...input, forfeitBy: 'I', forfeitReason: 'time' }) as GameRecord;
    expect(rec.result).toMatchObject({ winner: 'R', reason: 'time' });
    expect(verifyRecord(roundTrip(rec))).toEqual({ ok: true });
    expect(failing({ ...copy(rec), result: { ...rec.result!, reason: 'forfeit' } })).toMatch(/fingerprint/);
  });

  it('an unfinished record (result null) verifies against the state so far', () => {
    const rec = recordFromGame(input) as GameRecord;
    expect(rec.result).toBeNull();
    expect(rec.finishedAt).toBeNull();
    expect(verifyRecord(roundTrip(rec))).toEqual({ ok: true });
    expect(failing({ ...copy(rec), actions: cut.slice(0, 39) })).toMatch(/fingerprint/);
  });
});

describe('fingerprint', () => {
  it('ignores key order (a database may reorder keys) but not values', () => {
    const s = replayRecord(playRecordedGame('fp').record).state;
    const reordered = JSON.parse(canonicalJson(s)) as typeof s; // keys sorted
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(s));
    expect(fingerprint(reordered)).toBe(fingerprint(s));
    const changed = cloneState(s);
    changed.time += 1;
    expect(fingerprint(changed)).not.toBe(fingerprint(s));
    expect(fingerprint(s)).toMatch(/^f1-[0-9a-f]{16}$/);
    expect(fingerprint(seededRng('x'))).toMatch(/^f1-/); // any JSON value
    // The take-back stack (issue 9 item 3) is bookkeeping: kept by apply(), dropped by applyLegal().
    expect(fingerprint({ ...s, undo: { stack: [1, 2] } })).toBe(fingerprint(s));
  });
});

describe('decisions the server bot played (issue 10: who played each decision, games finished by a bot)', () => {
  const { record } = playRecordedGame('handover-base');
  const rSeat = record.actions.map((a, i) => (a.seat === 'R' ? i : -1)).filter((i) => i >= 0);
  // The Rebel's seat goes to the bot at its 3rd decision, comes back at its 6th, goes to the bot again at its 9th.
  const [first, back, again] = [rSeat[2], rSeat[5], rSeat[8]];
  const noted: RecordAction[] = record.actions.map((a, i) => {
    if (a.seat !== 'R' || i < first) return a;
    if (i === first) return { ...a, played: { bot: true, handedOver: 'time' } };
    if (i < back) return { ...a, played: { bot: true } };
    if (i === back) return { ...a, played: { takenBack: true } };
    if (i < again) return a;
    return { ...a, played: i === again ? { bot: true, handedOver: 'away' } : { bot: true } };
  });
  const rec = recordFromGame({ ...record, solo: null, actions: noted }) as GameRecord;

  it('re-runs with the notes: the log has the hand-over lines and the bot\'s lines are tagged; finishedByBot says from where', () => {
    expect(rec.finishedByBot).toEqual([{ seat: 'R', fromAction: again }]);
    expect(verifyRecord(roundTrip(rec))).toEqual({ ok: true });
    const log = replayRecord(rec).state.log;
    expect(log.filter((e) => e.e === 'seatToBot').map((e) => e.why)).toEqual(['time', 'away']);
    expect(log.filter((e) => e.e === 'seatTakenBack')).toEqual([expect.objectContaining({ seat: 'R' })]);
    expect(log.some((e) => e.byBot === true)).toBe(true);
    // Without the notes the same moves give another log: the record no longer checks.
    expect(failing({ ...copy(rec), actions: record.actions })).toMatch(/fingerprint/);
    // The plain record (no note) has no finishedByBot field at all: older records stay as they were.
    expect('finishedByBot' in record).toBe(false);
  });

  it('a record stored with the pre-session-9 tag (by: \'bot\') still verifies and replays; a wrong one does not', () => {
    const legacyState = replayRecord(rec, undefined, 'legacy').state;
    expect(legacyState.log.some((e) => (e as { by?: unknown }).by === 'bot')).toBe(true);
    const old: GameRecord = { ...rec, fingerprint: fingerprint(legacyState) };
    expect(old.fingerprint).not.toBe(rec.fingerprint);
    expect(botTaggingOf(old)).toBe('legacy');
    expect(botTaggingOf(rec)).toBe('current');
    expect(verifyRecord(roundTrip(old))).toEqual({ ok: true });
    expect(replayStates(old).error).toBeUndefined();
    expect(failing({ ...copy(rec), fingerprint: 'f1-0000000000000000' })).toMatch(/fingerprint/);
  });

  it('a seat taken back and never handed over again is not "finished by the bot"', () => {
    const r2 = recordFromGame({ ...record, solo: null, actions: noted.map((a, i) => (i >= again && a.seat === 'R' ? record.actions[i] : a)) }) as GameRecord;
    expect(r2.finishedByBot).toBeUndefined();
    expect(verifyRecord(roundTrip(r2))).toEqual({ ok: true });
  });

  it('parseRecord refuses bad notes and a bad finishedByBot', () => {
    const withAction = (played: unknown) => ({ ...copy(rec), actions: rec.actions.map((a, i) => (i === first ? { ...a, played } : a)) });
    for (const played of [{}, { bot: false }, { handedOver: 'time' }, { bot: true, takenBack: true }, { bot: true, x: 1 }, 'bot']) {
      expect(failing(withAction(played))).toMatch(/played/);
    }
    for (const f of [[], [{ seat: 'R' }], [{ seat: 'X', fromAction: 0 }], [{ seat: 'R', fromAction: rec.actions.length }],
      [{ seat: 'I', fromAction: again }], 'R']) {
      expect(failing({ ...copy(rec), finishedByBot: f })).toMatch(/finishedByBot/);
    }
  });
});

describe('playWithNote (src/game/playedBy.ts)', () => {
  /**
   * Random games of `seed` whose decisions go through `decide` (it returns false to stop the game there), until
   * `enough()` or `games` games.
   */
  function everyDecision(seed: string, games: number, enough: () => boolean,
    decide: (state: GameState, seat: Faction, legal: Action[], pick: (xs: Action[]) => Action, rng: Rng) => boolean): void {
    for (let g = 0; g < games && !enough(); g++) {
      const rng = seededRng(`${seed}-${g}`);
      const chooser = seededRng(`${seed}-choices-${g}`);
      const state = createState(rng);
      while (!state.winner) {
        if (needsAdvance(state)) {
          run(state, rng);
          continue;
        }
        const seat = state.pending!.seat;
        if (!decide(state, seat, legalActions(state, seat), (xs) => xs[chooser.int(xs.length)], rng)) break;
      }
    }
  }

  it('an owner\'s first decision back that is a take-back keeps its log line (undo cuts the log, the line comes after)', () => {
    let checked = 0;
    everyDecision('note-undo', 40, () => checked > 0, (state, seat, legal, pick, rng) => {
      const undo = legal.find((a) => a.type === 'undo');
      if (undo) {
        const before = state.log.length;
        expect(playWithNote(state, seat, 'undo', { takenBack: true }, () => apply(state, seat, undo, rng))).toBe(true);
        expect(state.log.length).toBeLessThanOrEqual(before);
        expect(state.log[state.log.length - 1]).toMatchObject({ e: 'seatTakenBack', seat });
        checked++;
        return false;
      }
      const action = pick(legal);
      // The bot's decisions: every event they cause is tagged, no other.
      const from = state.log.length;
      expect(playWithNote(state, seat, action.type, { bot: true }, () => apply(state, seat, action, rng))).toBe(true);
      expect(state.log.slice(from).every((e) => e.byBot === true)).toBe(true);
      return true;
    });
    expect(checked).toBe(1);
  });

  it('a bot\'s dice, hits and strikes keep their own side (`by`): the tag is `byBot`, it overwrites nothing', () => {
    let ownSide = 0;
    everyDecision('note-side', 10, () => ownSide > 0, (state, seat, legal, pick, rng) => {
      const action = pick(legal.filter((a) => a.type !== 'undo'));
      const from = state.log.length;
      expect(playWithNote(state, seat, action.type, { bot: true }, () => apply(state, seat, action, rng))).toBe(true);
      for (const e of state.log.slice(from)) {
        if (!('by' in e)) continue;
        expect(['R', 'I']).toContain(e.by);
        ownSide++;
      }
      return true;
    });
    expect(ownSide).toBeGreaterThan(0);
  });
});
