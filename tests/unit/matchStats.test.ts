/**
 * The statistics of real matches (issue 22 item 3), pure part: a finished match's summary (server/stats/summary.ts)
 * and the figures summed up from summaries (server/stats/aggregate.ts), on random games of the core. The storage,
 * the route and real matches: tests/integration/server-stats.test.ts.
 */
import type { Server, State } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, makeConfig, type GameConfig } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { missionOutcomes, wilson } from '../../src/sim/figures';
import { BOT_SELF_PLAY } from '../../src/ui/stats/botFigures';
import { aggregateStats, type SummaryEntry } from '../../server/stats/aggregate';
import { configKey, DEFAULT_CONFIG_KEY, summarizeMatch } from '../../server/stats/summary';

const human = (id: number) => ({ id, name: `P${id}`, credentials: 'x' });
const bot = (id: number, kind: string) => ({ id, name: 'Bot', credentials: 'x', data: { bot: kind } });
const meta = (p0: object, p1: object): Server.MatchData =>
  ({ gameName: 'mint-imperium', players: { 0: p0, 1: p1 }, createdAt: 1, updatedAt: 2, gameover: {} }) as unknown as Server.MatchData;
const stored = (G: GameState) => ({ G, ctx: {} }) as unknown as State<GameState>;

function entry(G: GameState, m: Server.MatchData, finishedAt = 10): SummaryEntry {
  const summary = summarizeMatch(stored(G), m);
  return { configKey: 'config' in summary ? configKey(summary.config) : '', finishedAt, summary };
}

const game = (seed: string, config?: GameConfig) => randomGameFromSeed(seed, config).state;

describe('a finished match as the statistics count it', () => {
  it('keeps winner, reason, length, the table and the card outcomes of its log', () => {
    const G = game('s1');
    const s = summarizeMatch(stored(G), meta(human(0), bot(1, 'ismcts-hard')));
    expect(s).toMatchObject({ winner: G.winner!.faction, reason: G.winner!.reason, rounds: G.round, table: 'bot', bot: { kind: 'ismcts-hard', seat: 'I' } });
    expect('cards' in s && s.cards).toEqual(missionOutcomes(G.log));
    expect(s.leftOut).toBeUndefined();
  });

  it('leaves out solo matches, matches between two bots and forfeits before round 2; a seat handed to the bot stays human', () => {
    const G = game('s2');
    const solo = randomGameFromSeed('s3', undefined, { bot: 'R', difficulty: 'easy' }).state;
    expect(summarizeMatch(stored(solo), meta({ id: 0, name: 'Rival deck', data: { rival: true } }, human(1))).leftOut).toBe('solo');
    expect(summarizeMatch(stored(G), meta(bot(0, 'random'), bot(1, 'ismcts-easy'))).leftOut).toBe('betweenBots');
    const handed = { ...human(1), data: { bot: 'ismcts-normal', handedOver: true } };
    expect(summarizeMatch(stored(G), meta(human(0), handed))).toMatchObject({ table: 'humans' });
    const early = { ...G, round: 1, winner: { faction: 'I' as const, reason: 'forfeit' as const } };
    expect(summarizeMatch(stored(early), meta(human(0), human(1))).leftOut).toBe('earlyForfeit');
    expect(summarizeMatch(stored({ ...early, winner: { faction: 'R', reason: 'time' } }), meta(human(0), human(1))).leftOut).toBe('earlyForfeit');
    // From round 2 on, a forfeit is a result like any other.
    expect(summarizeMatch(stored({ ...early, round: 2 }), meta(human(0), human(1))).leftOut).toBeUndefined();
    expect(summarizeMatch(stored({ ...G, winner: null }), meta(human(0), human(1)))).toEqual({ leftOut: 'noResult' });
  });

  it('keys a config by its content, whatever the order of its fields', () => {
    const reordered = Object.fromEntries(Object.entries(DEFAULT_CONFIG).reverse()) as unknown as GameConfig;
    expect(configKey(reordered)).toBe(DEFAULT_CONFIG_KEY);
    expect(configKey(makeConfig({ probesPerRefresh: 1 }))).not.toBe(DEFAULT_CONFIG_KEY);
    expect(DEFAULT_CONFIG_KEY).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('the figures summed up from the summaries', () => {
  it('is a valid empty aggregate without any game', () => {
    expect(aggregateStats([], 0, 5)).toEqual({
      generatedAt: 5, games: 0, leftOut: { unfinished: 0, earlyForfeits: 0, betweenBots: 0, solo: 0 }, groups: [],
    });
  });

  it('groups per config (default first), with win share, length, reasons, cards and humans against bots per side', () => {
    const seeds = Array.from({ length: 12 }, (_, i) => game(`g${i}`));
    const other = Array.from({ length: 3 }, (_, i) => game(`o${i}`, makeConfig({ probesPerRefresh: 1 })));
    const entries = [
      ...seeds.slice(0, 6).map((G) => entry(G, meta(human(0), human(1)))),
      ...seeds.slice(6, 9).map((G) => entry(G, meta(bot(0, 'ismcts-easy'), human(1)))), // the human is the Imperial
      ...seeds.slice(9).map((G) => entry(G, meta(human(0), bot(1, 'ismcts-easy')))), // the human is the Rebel
      ...other.map((G) => entry(G, meta(human(0), human(1)), 99)),
      entry(seeds[0], meta(bot(0, 'random'), bot(1, 'random'))),
    ];
    const r = aggregateStats(entries, 4, 0);
    expect(r.games).toBe(15);
    expect(r.leftOut).toEqual({ unfinished: 4, earlyForfeits: 0, betweenBots: 1, solo: 0 });
    expect(r.groups.map((g) => [g.isDefault, g.games, g.label])).toEqual([[true, 12, 'Default rules'], [false, 3, 'probesPerRefresh 1']]);
    const d = r.groups[0];
    const rebelWins = seeds.filter((G) => G.winner!.faction === 'R').length;
    expect(d.rebel.wins).toBe(rebelWins);
    expect(d.rebel.ci95[0]).toBeLessThanOrEqual(d.rebel.share);
    expect(d.rebel.ci95[1]).toBeGreaterThanOrEqual(d.rebel.share);
    expect(d.betweenHumans.games).toBe(6);
    expect(d.betweenHumans.wins).toBe(seeds.slice(0, 6).filter((G) => G.winner!.faction === 'R').length);
    expect(d.humansVsBots['ismcts-easy'].humanAsImperial).toMatchObject({ games: 3, wins: seeds.slice(6, 9).filter((G) => G.winner!.faction === 'I').length });
    expect(d.humansVsBots['ismcts-easy'].humanAsRebel).toMatchObject({ games: 3, wins: seeds.slice(9).filter((G) => G.winner!.faction === 'R').length });
    const reasons = Object.values(d.winReasons).flatMap((x) => Object.values(x)).reduce((a, b) => a + b, 0);
    expect(reasons).toBe(12);
    const rounds = seeds.map((G) => G.round).sort((a, b) => a - b);
    expect([d.rounds.min, d.rounds.max]).toEqual([rounds[0], rounds[11]]);
    expect(d.rounds.p25).toBeLessThanOrEqual(d.rounds.median);
    expect(d.rounds.median).toBeLessThanOrEqual(d.rounds.p75);
    const revealed = seeds.reduce((n, G) => n + Object.values(missionOutcomes(G.log)).reduce((a, c) => a + c.played, 0), 0);
    expect(Object.values(d.cards).reduce((a, c) => a + c.revealed, 0)).toBe(revealed);
    expect(r.groups[1].lastFinishedAt).toBe(99);
  });
});

describe('the balance study\'s bot figures shown beside them', () => {
  it('each documented interval is the Wilson interval of its count', () => {
    for (const b of BOT_SELF_PLAY) {
      const [lo, hi] = wilson(b.rebelWins, b.games);
      expect([Math.round(lo * 100) / 100, Math.round(hi * 100) / 100], b.label).toEqual(b.ci95);
      expect(b.rebelWins).toBeLessThanOrEqual(b.games);
    }
  });
});
