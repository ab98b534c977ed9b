/**
 * RULES §9 through boardgame.io: a solo match is the same Game (src/game/index.ts) with the mode in setupData
 * (or `makeMintImperium({ solo })` for local clients, which cannot pass setupData). One human seat; the rival's
 * actions run inside the core between the human's moves, so ctx.currentPlayer is always the human and the bot's
 * seat is never active. Checked here:
 * - full games by random legal moves of the human (ai.enumerate on the human's view) end with ctx.gameover;
 * - bad input for the human seat (malformed, unknown, out of turn, from the bot's or a spectator's seat) is
 *   refused with no change of G, ctx or the generator's state;
 * - setupData validation; playerView of the bot's seat is the spectator's (R8.4);
 * - secrets over 120 solo games through the multiplayer pipeline (filteredLocal: the product's Local transport):
 *   at every step the human's and a spectator's received state hide the bot deck order and, against a Rebel bot,
 *   the hidden base and the bot's objective hand (R8.3 items 1, 2, 6).
 */
import type { State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { describe, expect, it } from 'vitest';
import { MOVE_NAMES, humanOf, makeMintImperium, playerOf, soloFromSetupData, viewerOf } from '../../src/game';
import { filteredLocal } from '../../src/game/filter';
import { MISSION_IDS, type Faction, type SoloSetup } from '../../src/game/content';
import { legalActions, seededRng, type GameState } from '../../src/game/rules';
import { copyState, isHidden, viewFor } from '../../src/game/rules/view';
import { master, play, quietBoardgameIo, type Enumerated } from './bgio-helpers';

quietBoardgameIo();
const PREVIOUS_NODE_ENV = process.env.NODE_ENV;

function soloClient(seed: string, solo: SoloSetup) {
  const game = makeMintImperium({ seed, solo });
  const client = Client({ game, numPlayers: 2, debug: false });
  client.start();
  return { game, client };
}

type Enumerate = (G: GameState, ctx: unknown, id: string) => Enumerated[];

describe('solo setupData', () => {
  it('accepts { mode: "solo", bot, difficulty } and refuses anything else', () => {
    expect(soloFromSetupData({ mode: 'solo', bot: 'R', difficulty: 'hard' })).toEqual({ bot: 'R', difficulty: 'hard' });
    expect(soloFromSetupData(undefined)).toBeUndefined();
    const game = makeMintImperium();
    const validate = game.validateSetupData!;
    expect(validate({ mode: 'solo', bot: 'I', difficulty: 'easy' }, 2)).toBeUndefined();
    for (const bad of [5, 'solo', [], { mode: 'solo' }, { mode: 'solo', bot: 'X', difficulty: 'easy' },
      { mode: 'solo', bot: 'R', difficulty: 'brutal' }, { mode: 'solo', bot: 'R', difficulty: 'easy', seed: 1 }]) {
      expect(typeof validate(bad, 2), JSON.stringify(bad)).toBe('string');
    }
    const G = game.setup!({ random: { Die: () => 1 } } as never, { mode: 'solo', bot: 'R', difficulty: 'normal' }) as GameState;
    expect(G.solo?.bot).toBe('R');
    expect((game.setup!({ random: { Die: () => 1 } } as never) as GameState).solo).toBeUndefined();
  });
});

describe('solo games through a boardgame.io Client', () => {
  for (const bot of ['R', 'I'] as Faction[]) {
    it(`10 full games against the ${bot} rival: only the human's seat is ever current or active`, () => {
      for (let g = 0; g < 10; g++) {
        const { game, client } = soloClient(`bgio-solo-${bot}-${g}`, { bot, difficulty: (['easy', 'normal', 'hard'] as const)[g % 3] });
        const human = playerOf(bot === 'R' ? 'I' : 'R');
        const chooser = seededRng(`bgio-solo-c-${bot}-${g}`);
        for (let i = 0; i < 3000; i++) {
          const st = master(client);
          if (st.ctx.gameover) break;
          expect(st.ctx.currentPlayer).toBe(human);
          expect(st.ctx.activePlayers ?? null).toBeNull();
          expect(st.G.pending?.seat).toBe(humanOf(st.G));
          const view = client.getState()!.G as GameState;
          const moves = (game.ai!.enumerate as unknown as Enumerate)(view, st.ctx, human);
          const m = moves[chooser.int(moves.length)];
          play(client, human, m.move, m.args);
          expect(master(client)._stateID).toBe(st._stateID + 1);
        }
        expect(master(client).ctx.gameover).toBeDefined();
        client.stop();
      }
    });
  }
});

/** A call that must be refused: G, ctx, _stateID and the generator's state unchanged, nothing thrown. */
function expectRefused(client: ReturnType<typeof soloClient>['client'], pid: string, move: string, args: unknown[], label: string) {
  const before = master(client);
  const random = JSON.stringify(before.plugins.random?.data);
  expect(() => play(client, pid, move, args), label).not.toThrow();
  const after = master(client);
  expect(after.G, label).toBe(before.G);
  expect(after.ctx, label).toBe(before.ctx);
  expect(after._stateID, label).toBe(before._stateID);
  expect(JSON.stringify(after.plugins.random?.data), label).toBe(random);
}

describe('bad input for the human seat of a solo match', () => {
  it('from the bot\'s seat or a spectator, malformed, unknown or out of place: refused with no change', () => {
    let calls = 0;
    for (const bot of ['R', 'I'] as Faction[]) {
      // Easy: the random human's games last longer than against Normal's informant (R9.11), so more steps are probed.
      const { game, client } = soloClient(`bad-solo-${bot}`, { bot, difficulty: 'easy' });
      const human = playerOf(bot === 'R' ? 'I' : 'R');
      const botSeat = playerOf(bot);
      const chooser = seededRng(`bad-solo-c-${bot}`);
      for (let step = 0; step < 150 && !master(client).ctx.gameover; step++) {
        const st = master(client);
        const legal = (game.ai!.enumerate as unknown as Enumerate)(client.getState()!.G as GameState, st.ctx, human);
        const some = legal[chooser.int(legal.length)];
        const label = `${bot} step ${step} (${st.G.pending?.kind})`;
        expect((game.ai!.enumerate as unknown as Enumerate)(st.G, st.ctx, botSeat), label).toEqual([]);
        expectRefused(client, botSeat, some.move, some.args, `${label}: legal move from the bot seat`);
        expectRefused(client, '2', some.move, some.args, `${label}: from a spectator id`);
        for (const junk of [[{ junk: 1 }], [5], ['x'], [[]], [{}, {}], [Object.create(null)], [{ type: some.move }]]) {
          const isLegal = legal.some((l) => l.move === some.move && JSON.stringify(l.args) === JSON.stringify(junk));
          if (!isLegal) expectRefused(client, human, some.move, junk, `${label}: ${JSON.stringify(junk)}`);
        }
        // enumerate leaves out the take-back (issue 9); it is out of place only when the core does not offer it.
        const canUndo = legalActions(st.G, humanOf(st.G)!).some((a) => a.type === 'undo');
        for (const move of MOVE_NAMES) {
          if (move === 'undo' && canUndo) continue;
          if (!legal.some((l) => l.move === move)) expectRefused(client, human, move, [{}], `${label}: ${move} out of place`);
        }
        calls += 9 + MOVE_NAMES.length;
        play(client, human, some.move, some.args);
      }
      client.stop();
    }
    expect(calls).toBeGreaterThan(3000);
  });
});

describe('views of a solo match', () => {
  it('R8.4 the bot\'s seat gets the spectator\'s view; the human gets their own', () => {
    const { client, game } = soloClient('view-solo', { bot: 'R', difficulty: 'normal' });
    const G = master(client).G;
    const pv = (pid: string | null) => game.playerView!({ G, ctx: master(client).ctx, playerID: pid } as never);
    expect(viewerOf(G, '0')).toBeNull();
    expect(pv('0')).toEqual(viewFor(G, null));
    expect(pv('1')).toEqual(viewFor(G, 'I'));
    client.stop();
  });
});

/** What a solo human or spectator may not receive: the hidden part of the bot deck, a Rebel bot's base. */
function leaks(full: GameState, v: GameState): string[] {
  const out: string[] = [];
  const solo = full.solo!;
  const tail = solo.deck.length - solo.bottomKnown;
  if (v.solo!.deck.some((c, i) => i < tail && !isHidden(c))) out.push('bot deck order');
  const body = JSON.stringify({ ...v, log: [], config: null, solo: { ...v.solo, lastSkipped: [] } });
  const hiddenCards = solo.deck.slice(0, tail).filter((c) => body.includes(`"${c}"`));
  if (hiddenCards.length) out.push(`hidden bot cards named: ${hiddenCards.join(',')}`);
  if (solo.bot === 'R') {
    if (!full.base.revealed && full.base.planet !== null && !isHidden(v.base.planet)) out.push('hidden base');
    if (!full.base.revealed && JSON.stringify(v.log).includes(`"planet":"${full.base.planet}","to"`)) out.push('base in log');
    if (v.log.some((e) => e.to === 'R')) out.push('bot private event');
    if (v.objectives.hand.some((c) => !isHidden(c) && !full.known.secretPlansShown)) out.push('bot objective');
  }
  return out;
}

/**
 * 120 games: each of the 6 rival × difficulty pairs 20 times (g % 2, g % 3), every step of each checked for both
 * receivers. 200 games (33 per pair) took 65 s and passed the 60 s test timeout on a loaded machine; the extra
 * games are more random positions of the same kinds, not another check (CI time, issue 12).
 */
const PIPE_GAMES = 120;

describe(`secrets of ${PIPE_GAMES} solo games through the multiplayer pipeline (R8.3 items 1, 2, 6; R8.4)`, () => {
  it('the human\'s and a spectator\'s received states never hold the bot deck order or a Rebel bot\'s base', () => {
    process.env.NODE_ENV = 'production';
    const findings: string[] = [];
    let steps = 0;
    for (let g = 0; g < PIPE_GAMES; g++) {
      const bot: Faction = g % 2 === 0 ? 'R' : 'I';
      const human = playerOf(bot === 'R' ? 'I' : 'R');
      const game = makeMintImperium({ seed: `pipe-solo-${g}`, solo: { bot, difficulty: (['easy', 'normal', 'hard'] as const)[g % 3] } });
      const multiplayer = filteredLocal();
      const matchID = `solo-${g}`;
      const mk = (pid: string | null) => Client({ game, numPlayers: 2, multiplayer, matchID, debug: false, ...(pid === null ? {} : { playerID: pid }) });
      const h = mk(human);
      const spec = mk(null);
      const botSeat = mk(playerOf(bot));
      for (const c of [h, spec, botSeat]) c.start();
      const storage = (h as unknown as { transport: { master: { storageAPI: { fetch(id: string, o: object): { state: State<GameState> } } } } })
        .transport.master.storageAPI;
      const chooser = seededRng(`pipe-solo-c-${g}`);
      for (let i = 0; i < 3000; i++) {
        const full = storage.fetch(matchID, { state: true }).state;
        for (const [name, c] of [['human', h], ['spectator', spec], ['bot seat', botSeat]] as const) {
          const v = c.getState()!.G as GameState;
          if (full.ctx.gameover) {
            // Issue 20 item 1: once the game is over every client holds the whole state.
            if (JSON.stringify(v) !== JSON.stringify(copyState(full.G)) && findings.length < 10) findings.push(`game ${g} end ${name}: not the whole state`);
            continue;
          }
          for (const l of leaks(full.G, v)) if (findings.length < 10) findings.push(`game ${g} step ${i} ${name}: ${l}`);
        }
        if (full.ctx.gameover) break;
        const st = h.getState()!;
        const moves = (game.ai!.enumerate as unknown as Enumerate)(st.G as GameState, st.ctx, human);
        const m = moves[chooser.int(moves.length)];
        (h.moves as Record<string, (...a: unknown[]) => void>)[m.move](...m.args);
        steps++;
      }
      if (!storage.fetch(matchID, { state: true }).state.ctx.gameover) findings.push(`game ${g} did not end`);
      for (const c of [h, spec, botSeat]) c.stop();
    }
    process.env.NODE_ENV = PREVIOUS_NODE_ENV;
    expect(findings).toEqual([]);
    expect(steps).toBeGreaterThan(PIPE_GAMES * 20);
    expect(MISSION_IDS.length).toBe(26);
  }, 300_000);
});
