/**
 * Records of boardgame.io matches (src/game/bgioRecord.ts): games played through boardgame.io's own reducer with
 * a fresh crypto seed (as every real match gets), two-player and solo (RULES §9), give records — seed from the
 * random plugin, moves from the log — that re-run in the pure core to the same final state.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx, LogEntry, State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { makeMintImperium } from '../../src/game';
import { recordFromBgio } from '../../src/game/bgioRecord';
import { SOLO_LEVELS, type SoloSetup } from '../../src/game/content';
import { fingerprint, parseRecord, verifyRecord, type GameRecord } from '../../src/game/record';
import { seededRng, type GameState } from '../../src/game/rules';
import { pickBgioMove } from '../../src/sim/simulate';
import { quietBoardgameIo } from './bgio-helpers';

quietBoardgameIo();

type St = State<GameState> & { deltalog?: LogEntry[] };

/** One random game through the bare reducer (what the server's hub runs), keeping the log as the server does. */
function playReducer(chooserSeed: string, solo?: SoloSetup): { initial: St; state: St; log: LogEntry[] } {
  const game = makeMintImperium(solo ? { solo } : {});
  const enumerate = game.ai!.enumerate as unknown as Parameters<typeof pickBgioMove>[0];
  const reducer = CreateGameReducer({ game });
  const initial = InitializeGame({ game, numPlayers: 2 }) as St;
  const log: LogEntry[] = [];
  const chooser = seededRng(chooserSeed);
  let st = initial;
  let t = 1_000;
  while (st.ctx.gameover === undefined) {
    const { player, move, args } = pickBgioMove(enumerate, st.ctx as Ctx, () => st, chooser);
    const next = reducer(st, { type: 'MAKE_MOVE', payload: { type: move, args, playerID: player } } as never) as St;
    expect(next._stateID, `${move} refused`).toBe(st._stateID + 1);
    for (const e of next.deltalog ?? []) log.push(e.action.type === 'MAKE_MOVE' ? { ...e, at: t++ } as LogEntry : e);
    st = next;
  }
  return { initial, state: st, log };
}

function build(g: ReturnType<typeof playReducer>): GameRecord {
  const rec = recordFromBgio({
    initialState: g.initial, state: g.state, log: JSON.parse(JSON.stringify(g.log)) as LogEntry[],
    players: [{ faction: 'R', name: 'A' }, { faction: 'I', name: 'B' }], startedAt: 500, source: 'hotseat',
  });
  if ('error' in rec) throw new Error(rec.error);
  const parsed = parseRecord(JSON.parse(JSON.stringify(rec)));
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

describe('records of boardgame.io matches re-run in the core', () => {
  it('two-player games with crypto seeds: same final state, times from the log', () => {
    for (let i = 0; i < 6; i++) {
      const g = playReducer(`bgio-rec-${i}`);
      const rec = build(g);
      expect(rec.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(rec.seed).toBe((g.initial.plugins.random.data as { seed: string }).seed);
      expect(rec.actions.length).toBe(g.state._stateID);
      expect(rec.actions[0].at).toBe(1_000);
      expect(rec.fingerprint).toBe(fingerprint(g.state.G));
      expect(rec.finishedAt).toBe(rec.actions.at(-1)!.at);
      expect(verifyRecord(rec)).toEqual({ ok: true });
    }
  });

  it('solo games (RULES §9): the rival never moves, the record re-runs', () => {
    for (const solo of [{ bot: 'R', difficulty: 'normal' }, { bot: 'I', difficulty: 'hard' }] as SoloSetup[]) {
      const rec = build(playReducer(`bgio-solo-${solo.bot}`, solo));
      expect(rec.solo).toEqual({ ...solo, level: SOLO_LEVELS[solo.difficulty] }); // R9.11: the knobs the match kept
      expect(rec.actions.every((a) => a.seat !== solo.bot)).toBe(true);
      expect(verifyRecord(rec)).toEqual({ ok: true });
    }
  });

  it('a log entry that is not a move of a seat, or no seed, is an error', () => {
    const g = playReducer('bgio-bad');
    const log = JSON.parse(JSON.stringify(g.log)) as LogEntry[];
    const i = log.findIndex((e) => e.action.type === 'MAKE_MOVE');
    (log[i].action.payload as { playerID: string }).playerID = '7';
    const base = { state: g.state, players: [{ faction: 'R', name: 'A' }, { faction: 'I', name: 'B' }] as GameRecord['players'], startedAt: 1, source: 'hotseat' as const };
    expect(recordFromBgio({ ...base, initialState: g.initial, log })).toEqual({ error: 'unreadable log entry for decision 0' });
    const noSeed = { ...g.initial, plugins: { ...g.initial.plugins, random: { data: {} } } } as St;
    expect(recordFromBgio({ ...base, initialState: noSeed, log: g.log })).toEqual({ error: 'no seed in the initial state' });
  });
});

describe('who played a decision in a stored log (issue 21 item 2)', () => {
  it('reads the server\'s note beside the entry, and the second argument of logs stored before that; refuses a bad note', () => {
    const g = playReducer('bgio-rec-notes');
    const moves = g.log.map((e, i) => [e, i] as const).filter(([e]) => e.action.type === 'MAKE_MOVE');
    const [[, a], [, b], [, c]] = moves;
    const log = JSON.parse(JSON.stringify(g.log)) as (LogEntry & { played?: unknown })[];
    log[a].played = { bot: true, handedOver: 'time' };
    const legacy = log[b].action.payload as { args?: unknown[] };
    legacy.args = [legacy.args?.[0] ?? null, { bot: true }];
    log[c].played = { takenBack: true };
    const input = {
      initialState: g.initial, state: g.state, log, players: [{ faction: 'R', name: 'A' }, { faction: 'I', name: 'B' }] as const,
      startedAt: 500, source: 'online' as const,
    };
    const rec = recordFromBgio({ ...input, players: [...input.players] });
    if ('error' in rec) throw new Error(rec.error);
    expect(rec.actions.slice(0, 3).map((x) => x.played)).toEqual([{ bot: true, handedOver: 'time' }, { bot: true }, { takenBack: true }]);
    expect(rec.actions.slice(3).some((x) => x.played !== undefined)).toBe(false);
    log[a].played = { bot: false };
    expect(recordFromBgio({ ...input, players: [...input.players] })).toEqual({ error: 'unreadable log entry for decision 0' });
  });
});
