/**
 * R9.11 — a solo game keeps its level's knobs (SoloSetup.level, GameState.solo.level), so a later change of
 * SOLO_LEVELS never changes a game already started, saved or recorded; a record or save from before games kept
 * them is replayed with the table of its day (content/soloHistory.ts, record.ts `resolveSoloLevel`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIFFICULTIES, pastSoloLevels, SOLO_LEVELS, soloLevelCandidates, soloLevelProblem, withSoloLevel,
  type Difficulty, type SoloLevel, type SoloSetup,
} from '../../src/game/content';
import { makeMintImperium, soloFromSetupData } from '../../src/game';
import { fingerprint, parseRecord, replayRecord, resolveSoloLevel, verifyRecord, type GameRecord } from '../../src/game/record';
import { createState, seededRng } from '../../src/game/rules';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { soloOfSave } from '../../src/ui/saved/soloOfSave';
import { newSavedGame } from '../../src/ui/saved/localSave';
import { checkRecord } from '../../src/ui/saved/savedRecord';

const TODAY = Object.fromEntries(DIFFICULTIES.map((d) => [d, SOLO_LEVELS[d]])) as Record<Difficulty, SoloLevel>;

/** Puts a whole table in place of SOLO_LEVELS (as a later release would); afterEach puts today's back. */
function shipTable(t: Record<Difficulty, SoloLevel>): void {
  for (const d of DIFFICULTIES) SOLO_LEVELS[d] = { ...t[d] };
}
afterEach(() => shipTable(TODAY));

/** A table unlike every shipped one on normal and hard, for "the table changed after the game began". */
const CHANGED: Record<Difficulty, SoloLevel> = {
  easy: { ...TODAY.easy, imperialExtraFighters: 3, rebelExtraObjectives: 2 },
  normal: { ...TODAY.normal, imperialExtraFighters: 0, imperialSetupProbes: 0, rebelObjectiveHeadStart: 0, rebelExtraObjectives: 0 },
  hard: { ...TODAY.hard, imperialExtraFighters: 7, imperialSetupProbes: 0, rebelObjectiveHeadStart: -2, rebelExtraObjectives: 0 },
};

const SETUPS: SoloSetup[] = [
  { bot: 'I', difficulty: 'hard' }, { bot: 'R', difficulty: 'normal' }, { bot: 'I', difficulty: 'normal' }, { bot: 'R', difficulty: 'hard' },
];

/** A finished solo game's record with its `level` taken out, as records were before games kept their knobs. */
function legacy(rec: GameRecord): GameRecord {
  return { ...rec, solo: { bot: rec.solo!.bot, difficulty: rec.solo!.difficulty } };
}

describe('R9.11: a solo game keeps its level', () => {
  it('a new state copies the table of the day (not a reference to it)', () => {
    const s = createState(seededRng('lv'), undefined, { bot: 'I', difficulty: 'hard' });
    expect(s.solo!.level).toEqual(SOLO_LEVELS.hard);
    expect(s.solo!.level).not.toBe(SOLO_LEVELS.hard);
    expect(withSoloLevel({ bot: 'R', difficulty: 'normal' }).level).toEqual(SOLO_LEVELS.normal);
  });

  it('the rules read the kept knobs: a set-up with its own level plays it, whatever the table says', () => {
    const own: SoloLevel = { ...TODAY.hard, imperialExtraFighters: 1 };
    const s = createState(seededRng('lv'), undefined, { bot: 'I', difficulty: 'hard', level: own });
    const plain = createState(seededRng('lv'), undefined, { bot: 'I', difficulty: 'hard' });
    expect(s.planets.IMP.I.f).toBe(plain.planets.IMP.I.f - TODAY.hard.imperialExtraFighters + 1);
    const rebel = createState(seededRng('lv'), undefined, { bot: 'R', difficulty: 'hard', level: { ...TODAY.hard, rebelObjectiveHeadStart: 0 } });
    expect(rebel.objective).toBe(rebel.config.objectiveStart); // R3.2 without the head start
  });

  it('a record made today replays to its fingerprint after SOLO_LEVELS changes', () => {
    for (const [i, solo] of SETUPS.entries()) {
      const { record } = playRecordedGame(`keep-${i}`, undefined, solo);
      expect(record.solo!.level).toEqual(TODAY[solo.difficulty]);
      shipTable(CHANGED);
      const rec = parseRecord(JSON.parse(JSON.stringify(record))) as GameRecord;
      expect(verifyRecord(rec)).toMatchObject({ ok: true });
      // Without its knobs the same record is another game under the changed table: what the snapshot prevents.
      const r = replayRecord({ ...legacy(rec), solo: { ...rec.solo!, level: CHANGED[solo.difficulty] } });
      expect(r.error !== undefined || fingerprint(r.state) !== rec.fingerprint).toBe(true);
      shipTable(TODAY);
    }
  });

  it('a record from before the snapshot (no level) replays with the table of its day', () => {
    let pastFound = 0;
    for (const [t, table] of pastSoloLevels().entries()) {
      for (const [i, solo] of SETUPS.entries()) {
        shipTable(table); // the release the game was played under
        const { record } = playRecordedGame(`old-${t}-${i}`, undefined, solo);
        shipTable(TODAY);
        const old = parseRecord(JSON.parse(JSON.stringify(legacy(record)))) as GameRecord;
        expect(old.solo!.level).toBeUndefined();
        expect(verifyRecord(old)).toMatchObject({ ok: true });
        const found = resolveSoloLevel({ ...old, solo: old.solo! });
        const r = replayRecord({ ...old, solo: found });
        expect(fingerprint(r.state)).toBe(record.fingerprint);
        if (JSON.stringify(found.level) === JSON.stringify(table[solo.difficulty])) pastFound++;
      }
    }
    // Most games tell the tables apart (a few short games may replay the same under two of them).
    expect(pastFound).toBeGreaterThanOrEqual(pastSoloLevels().length * SETUPS.length - 3);
  });

  it('candidates: today first, each distinct set once; easy has only one', () => {
    expect(soloLevelCandidates('hard')[0]).toEqual(SOLO_LEVELS.hard);
    expect(soloLevelCandidates('easy')).toHaveLength(1);
    const hard = soloLevelCandidates('hard').map((l) => JSON.stringify(l));
    expect(new Set(hard).size).toBe(hard.length);
    expect(hard.length).toBeGreaterThanOrEqual(3);
  });
});

describe('R9.11: kept knobs are checked wherever they come in', () => {
  const good = { ...TODAY.normal };
  it('soloLevelProblem refuses unknown knobs, wrong types and out-of-range values', () => {
    expect(soloLevelProblem(good)).toBeNull();
    expect(soloLevelProblem({ ...good, cheat: 1 })).toMatch(/unknown knob cheat/);
    expect(soloLevelProblem({ ...good, imperialExtraFighters: 99 })).toMatch(/imperialExtraFighters/);
    expect(soloLevelProblem({ ...good, rebelObjectiveHeadStart: 1.5 })).toMatch(/rebelObjectiveHeadStart/);
    expect(soloLevelProblem({ ...good, firstTurnDefault: 'yes' })).toMatch(/firstTurnDefault/);
    const { imperialSetupProbes: _gone, ...missing } = good;
    expect(soloLevelProblem(missing)).toMatch(/imperialSetupProbes/);
    expect(soloLevelProblem([])).toMatch(/object/);
  });

  it('a record with a bad level is refused with a message', () => {
    const { record } = playRecordedGame('bad-level', undefined, { bot: 'I', difficulty: 'hard' });
    const json = JSON.parse(JSON.stringify(record)) as { solo: { level: Record<string, unknown> } };
    json.solo.level.imperialExtraFighters = 50;
    expect(parseRecord(json)).toEqual({ error: expect.stringMatching(/solo\.level\.imperialExtraFighters/) });
  });

  it('setupData may carry a level (a resumed save) and it is checked', () => {
    expect(soloFromSetupData({ mode: 'solo', bot: 'I', difficulty: 'hard', level: good })).toEqual({ bot: 'I', difficulty: 'hard', level: good });
    expect(soloFromSetupData({ mode: 'solo', bot: 'I', difficulty: 'hard', level: { ...good, x: 1 } })).toEqual({ error: expect.stringMatching(/unknown knob/) });
    expect(soloFromSetupData({ mode: 'solo', bot: 'I', difficulty: 'hard', other: 1 })).toEqual({ error: expect.stringMatching(/unknown fields/) });
    // The boardgame.io game builds its state with the knobs it was given.
    const game = makeMintImperium();
    const G = game.setup!({ random: { Die: (n: number) => seededRng('bg').int(n) + 1 } } as never, { mode: 'solo', bot: 'I', difficulty: 'hard', level: { ...good, imperialExtraFighters: 9 } });
    expect(G.solo!.level!.imperialExtraFighters).toBe(9);
  });
});

describe('R9.11: local saves keep their knobs', () => {
  it('a new solo save takes today\'s knobs; a changed table does not change them', () => {
    const saved = newSavedGame({ mode: 'solo', solo: { bot: 'I', difficulty: 'hard' } });
    expect(saved.setup).toEqual({ mode: 'solo', solo: { bot: 'I', difficulty: 'hard', level: TODAY.hard } });
    shipTable(CHANGED);
    expect(soloOfSave(saved)!.level).toEqual(TODAY.hard);
    expect(checkRecord(JSON.parse(JSON.stringify(saved)))).not.toBeNull();
    const tampered = JSON.parse(JSON.stringify(saved)) as { setup: { solo: { level: Record<string, unknown> } } };
    tampered.setup.solo.level.imperialExtraFighters = -1;
    expect(checkRecord(tampered)).toBeNull();
  });

  it('a save from before the snapshot resumes with the table its moves fit, and keeps it', () => {
    const table = pastSoloLevels()[2]; // one probe more each Refresh than today on normal and hard
    shipTable(table);
    const { record } = playRecordedGame('save-old', undefined, { bot: 'I', difficulty: 'hard' });
    shipTable(TODAY);
    const saved = {
      id: 'solo-abc', seed: record.seed, config: record.config, setup: { mode: 'solo' as const, solo: { bot: 'I' as const, difficulty: 'hard' as const } },
      moves: record.actions.map((a) => ({ seat: a.seat, action: a.action })),
    };
    const solo = soloOfSave(saved)!;
    expect(solo.level).toEqual(table.hard);
    expect(saved.setup.solo).toEqual(solo); // kept in the save from then on
  });
});
