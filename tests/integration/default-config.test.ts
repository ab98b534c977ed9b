/**
 * Issue 24 item 4 — the default config reaches every place a new game starts. DEFAULT_CONFIG (RULES B7,
 * src/game/content/config.ts) is changed for this file only (vi.mock of the config module: the one object the whole
 * module graph imports, the server's included), to values unlike the standard game's. Then every way of starting a
 * game must carry exactly that config in `state.config`, and its effect shows (the objective token starts on the
 * changed space; a Refresh draws the changed number of probe cards): the core (createState, 2P and solo), the
 * boardgame.io Game (local Client, InitializeGame with solo setupData), a server match over HTTP and its socket (2P,
 * solo, against a server bot), the page's local games (hot-seat / bot / solo: createLocalMatch) and the rules
 * reference and tutorial text. A path that built its own config or copied a default value would carry the standard
 * values and fail. And a record made with the standard config (as every record made before a default changes)
 * still re-runs with ITS config, to the same final state.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from 'boardgame.io/client';
import { InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import type { GameConfig } from '../../src/game/content';

/** The standard config as the real module defines it, kept before the change (filled by the mock factory). */
const original = vi.hoisted(() => ({ config: null as GameConfig | null }));

/** The changed defaults: the knobs the lead is about to change, and a few more, all unlike the standard game. */
const CHANGED = vi.hoisted(() => ({
  probesPerRefresh: 3, relocationCooldown: 2, occupationAtEveryCheck: true, objectiveStart: 11, relocationLook: 4,
  deployCap: 3, tiesToRevealer: false,
}));

vi.mock('../../src/game/content/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/game/content/config')>();
  original.config = JSON.parse(JSON.stringify(actual.DEFAULT_CONFIG)) as GameConfig;
  // Changed in place, before any other module reads it: makeConfig and every importer see the new defaults.
  Object.assign(actual.DEFAULT_CONFIG, CHANGED);
  return actual;
});

import { makeMintImperium, MintImperium } from '../../src/game';
import { DEFAULT_CONFIG, MISSIONS, makeConfig, objectiveStartFor } from '../../src/game/content';
import * as configModule from '../../src/game/content/config';
import { createState, seededRng, type GameState } from '../../src/game/rules';
import { fingerprint, parseRecord, recordFromGame, replayRecord, verifyRecord, type GameRecord } from '../../src/game/record';
import { playRandomGame } from '../../src/sim/randomGame';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { createLocalMatch } from '../../src/ui/session/clients';
import { ruleSections, RULE_SECTIONS } from '../../src/ui/rules/ruleText';
import { findRule } from '../../src/ui/rules/ruleSearch';
import { createMatch, rawClient, rawSync, startTestServer, type TestServer } from './server-helpers';

const changed = () => ({ ...original.config!, ...CHANGED });

/**
 * A new game's state carries exactly the (changed) default config, and the objective token starts where it says
 * (in solo, moved by the level's knobs: R9.11).
 */
function expectNewDefault(G: GameState, where: string) {
  expect(G.config, where).toEqual(DEFAULT_CONFIG);
  expect(G.config, where).not.toEqual(original.config);
  expect(G.objective, `${where}: objective token`).toBe(objectiveStartFor(CHANGED.objectiveStart, G.solo));
}

/** Probe cards drawn at the first Refresh (R4.4.3): the public probeDrawn events between its first two steps. */
function probesAtFirstRefresh(s: GameState): number {
  const from = s.log.findIndex((ev) => ev.e === 'leadersRetrieved');
  const to = s.log.findIndex((ev, i) => i > from && ev.e === 'objectiveDrawn');
  expect(from, 'reached a Refresh').toBeGreaterThanOrEqual(0);
  return s.log.slice(from, to < 0 ? undefined : to).filter((ev) => ev.e === 'probeDrawn' && !ev.to).length;
}

describe('the mocked config module is the one the game uses', () => {
  it('DEFAULT_CONFIG and makeConfig() are the changed defaults, through the content index too', () => {
    expect(original.config).not.toBeNull();
    expect(configModule.DEFAULT_CONFIG).toBe(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toEqual(changed());
    expect(makeConfig()).toEqual(changed());
    // The standard game differs on every changed knob (else this file would prove nothing for that knob).
    for (const [k, v] of Object.entries(CHANGED)) expect(original.config![k as keyof GameConfig], k).not.toEqual(v);
  });
});

describe('a new game uses DEFAULT_CONFIG', () => {
  it('core: createState (two players and solo, RULES §9), and a Refresh draws the new number of probe cards', () => {
    expectNewDefault(createState(seededRng('dc-core')), 'createState');
    for (const bot of ['R', 'I'] as const) {
      const s = createState(seededRng(`dc-solo-${bot}`), undefined, { bot, difficulty: 'hard' });
      expectNewDefault(s, `solo ${bot}`);
      expect(s.solo?.bot).toBe(bot);
    }
    // B7.4 effect, through a whole random game with the default config (playRandomGame's own default).
    const { state } = playRandomGame(seededRng('dc-play'), seededRng('dc-play-choices'));
    expect(state.config).toEqual(DEFAULT_CONFIG);
    expect(probesAtFirstRefresh(state)).toBe(CHANGED.probesPerRefresh);
  });

  it('boardgame.io: MintImperium and makeMintImperium in a local Client; InitializeGame with solo setupData', () => {
    for (const [name, game] of [['MintImperium', MintImperium], ['makeMintImperium()', makeMintImperium({ seed: 'dc-bgio' })],
      ['makeMintImperium({ solo })', makeMintImperium({ seed: 'dc-bgio-solo', solo: { bot: 'I', difficulty: 'easy' } })]] as const) {
      const client = Client({ game, numPlayers: 2, debug: false });
      client.start();
      expectNewDefault((client.store.getState() as State<GameState>).G, name);
      client.stop();
    }
    const init = InitializeGame({ game: makeMintImperium({ seed: 'dc-init' }), numPlayers: 2, setupData: { mode: 'solo', bot: 'R', difficulty: 'normal' } });
    expectNewDefault(init.G as GameState, 'InitializeGame solo');
    expect((init.G as GameState).solo?.bot).toBe('R');
  });

  it('the page\'s local games (hot-seat, against the bot, solo and the tutorial: createLocalMatch)', async () => {
    for (const [name, match] of [['hot-seat', createLocalMatch('dc-local')], ['solo', createLocalMatch('dc-local-solo', { bot: 'R', difficulty: 'easy' })]] as const) {
      const client = match.client(null);
      for (let i = 0; i < 50 && !client.getState(); i++) await new Promise((r) => setTimeout(r, 10));
      expectNewDefault(client.getState()!.G, name);
      match.stop();
    }
  });

  it('the rules reference without a game states DEFAULT_CONFIG; with a game, that game\'s config', () => {
    const text = (sections: ReturnType<typeof ruleSections>, id: string) => findRule(sections, id)!.text.join(' ');
    for (const sections of [RULE_SECTIONS, ruleSections()]) {
      expect(text(sections, 'R1.2.3')).toContain(`starts on space ${CHANGED.objectiveStart}`);
      expect(text(sections, 'R3.2')).toContain(`objective token on space ${CHANGED.objectiveStart}`);
      expect(text(sections, 'R4.4.3')).toContain(`draws ${CHANGED.probesPerRefresh} probe cards`);
      expect(text(sections, 'R6.2.7')).toContain(`top ${CHANGED.relocationLook} probe cards`);
      expect(text(sections, 'R6.2.7')).toContain(`nor in the ${CHANGED.relocationCooldown} rounds after it`);
      expect(text(sections, 'R1.2.1')).toMatch(/^After every action or effect/);
      expect(text(sections, 'R4.2.9')).not.toMatch(/occupation/);
      expect(text(sections, 'R4.6')).toMatch(/occupation/);
      expect(text(sections, 'R4.4.7')).toContain(`at most ${CHANGED.deployCap} units`);
      expect(text(sections, 'R4.2.6')).toContain('A tie is a failure for the revealing side');
    }
    const std = ruleSections(original.config!);
    expect(text(std, 'R1.2.3')).toContain(`starts on space ${original.config!.objectiveStart}`);
    expect(text(std, 'R4.4.3')).toContain(original.config!.probesPerRefresh === 1 ? 'draws a probe card' : `draws ${original.config!.probesPerRefresh} probe cards`);
    expect(text(std, 'R6.2.7')).toContain(`top ${original.config!.relocationLook} probe cards`);
    expect(text(std, 'R1.2.1')).toMatch(/^At the end of Operations and at the end of Refresh/);
    // The card text of Covert Relocation names no cooldown length (the reference's R6.2.7 does).
    expect(MISSIONS['R-S4'].text).not.toMatch(/round after/);
  });
});

describe('a server match uses DEFAULT_CONFIG', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.dispose();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('a two-player match, a solo match and a match against a server bot, read over a spectator socket', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['two players', { numPlayers: 2 }],
      ['solo', { numPlayers: 2, solo: { bot: 'I', difficulty: 'normal' } }],
      ['server bot', { numPlayers: 2, bot: 'I', botKind: 'random' }],
    ];
    for (const [name, body] of bodies) {
      const matchID = await createMatch(server.url, body);
      const spectator = await rawClient(server.url);
      try {
        const [event, , info] = await rawSync(spectator, matchID, null);
        expect(event, name).toBe('sync');
        expectNewDefault((info as { state: State<GameState> }).state.G, `server ${name}`);
      } finally {
        spectator.close();
      }
    }
  });
});

describe('old records keep their config', () => {
  const roundTrip = (rec: GameRecord): GameRecord => {
    const parsed = parseRecord(JSON.parse(JSON.stringify(rec)));
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed;
  };

  it('a record made with the standard config re-runs with it, to the same final state, after the default changed', () => {
    for (const [i, solo] of [null, { bot: 'R', difficulty: 'easy' } as const].entries()) {
      const { state, record } = playRecordedGame(`dc-record-${i}`, original.config!, solo);
      const rec = roundTrip(record);
      expect(rec.config).toEqual(original.config);
      expect(verifyRecord(rec)).toEqual({ ok: true });
      const replayed = replayRecord(rec);
      expect(replayed.error).toBeUndefined();
      expect(replayed.state!.config).toEqual(original.config);
      expect(fingerprint(replayed.state!)).toBe(fingerprint(state));
      // Under the new default the same actions are another game: refused, or a different end.
      const v = verifyRecord({ ...rec, config: DEFAULT_CONFIG });
      expect(v.ok).toBe(false);
    }
  });

  it('a record built from a played game without an explicit config takes the game\'s, not the default', () => {
    const { state, record } = playRecordedGame('dc-record-final', original.config!);
    const { seed, players, actions, startedAt } = record;
    const rebuilt = recordFromGame({ seed, players, actions, startedAt, source: 'simulate' }, state);
    expect('error' in rebuilt).toBe(false);
    expect((rebuilt as GameRecord).config).toEqual(original.config);
    expect(verifyRecord(roundTrip(rebuilt as GameRecord))).toEqual({ ok: true });
  });
});
