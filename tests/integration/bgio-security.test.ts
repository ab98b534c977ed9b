/**
 * What the Game hides and how it is seeded: crypto-random seeds (STACK.md hole 3) unless a seed is given,
 * playerView through viewFor, redacted secret moves in the opponent's log, no undo, and ai.enumerate giving the
 * same list on a player's view as on the full state.
 */
import type { State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { InitializeGame } from 'boardgame.io/internal';
import { Local } from 'boardgame.io/multiplayer';
import { describe, expect, it } from 'vitest';
import { MintImperium, makeMintImperium, playerOf, seatOf } from '../../src/game';
import { SECRET_ACTIONS, createState, seededRng, type GameState } from '../../src/game/rules';
import { HIDDEN, viewFor } from '../../src/game/rules/view';
import { playRandomGame } from '../../src/sim/randomGame';
import { makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated } from './bgio-helpers';

quietBoardgameIo();

type Enumerate = (G: GameState, ctx: unknown, id: string) => Enumerated[];

const init = (game = makeMintImperium()) => InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
const seedOf = (s: State) => (s.plugins.random.data as { seed: string | number }).seed;

describe('seeding (STACK.md hole 3)', () => {
  it('two matches created without a seed get different crypto-random seeds, not derived from the time', () => {
    const before = Date.now();
    const a = init();
    const b = init(MintImperium);
    const after = Date.now();
    for (const s of [a, b]) {
      const seed = String(seedOf(s));
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      // The stock seed is Date.now().toString(36).slice(-10): nothing of the kind here.
      for (let t = before; t <= after; t++) expect(seed.includes(t.toString(36).slice(-10))).toBe(false);
      expect(seed.includes(String(before).slice(0, 8))).toBe(false);
    }
    expect(seedOf(a)).not.toBe(seedOf(b));
    expect(a.G).not.toEqual(b.G); // 128 bits: the shuffled setups differ
    // Each match draws a new seed, the same Game object included.
    expect(seedOf(init(MintImperium))).not.toBe(seedOf(b));
  });

  it('a fixed seed is honoured and gives the core game of that seed', () => {
    const a = init(makeMintImperium({ seed: 'fixed-seed' }));
    const b = init(makeMintImperium({ seed: 'fixed-seed' }));
    expect(seedOf(a)).toBe('fixed-seed');
    expect(a.G).toEqual(b.G);
    expect(a.G).toEqual(createState(seededRng('fixed-seed')));
  });

  it('the seed and generator state never reach a player', () => {
    const { client } = makeClient('hidden-seed');
    for (const id of ['0', '1', null]) {
      client.updatePlayerID(id);
      expect(client.getState()!.plugins.random?.data).toBeUndefined();
    }
  });
});

describe('views and logs', () => {
  it('playerView is viewFor: the Imperial and spectators do not see the base, the Rebel does', () => {
    const { game, client } = makeClient('view-1');
    play(client, '1', 'imperialSetup', [{ capitalOn: 'IMP', fightersOnImperium: 3 }]);
    expect(master(client).G.pending!.kind).toBe('chooseBase');
    const options = (game.ai!.enumerate as Enumerate)(master(client).G, master(client).ctx, '0');
    play(client, '0', 'chooseBase', options[0].args);
    const full = master(client).G;
    expect(full.base.planet).not.toBe(HIDDEN);
    for (const id of ['0', '1', null]) {
      client.updatePlayerID(id);
      const view = client.getState()!.G;
      expect(view).toEqual(viewFor(full, seatOf(id)));
      expect(view.base.planet).toBe(id === '0' ? full.base.planet : HIDDEN);
    }
  });

  it('secret moves are redacted in the other seat\'s log (Local master), and the view hides the base', async () => {
    const game = makeMintImperium({ seed: 'redact-1' });
    const multiplayer = Local();
    const rebel = Client({ game, numPlayers: 2, multiplayer, playerID: '0', matchID: 'm', debug: false });
    const imperial = Client({ game, numPlayers: 2, multiplayer, playerID: '1', matchID: 'm', debug: false });
    rebel.start();
    imperial.start();
    const settle = () => new Promise((r) => setTimeout(r, 5));
    await settle();
    const enumerate = game.ai!.enumerate as Enumerate;
    const chooser = seededRng('choices-redact-1');
    // Play through setup and the first Planning, until both have planned or ended planning.
    for (let i = 0; i < 12; i++) {
      const st = rebel.getState()!;
      const p = st.ctx.activePlayers ? Object.keys(st.ctx.activePlayers)[0] : st.ctx.currentPlayer;
      const c = p === '0' ? rebel : imperial;
      const view = c.getState()!;
      const options = enumerate(view.G, view.ctx, p);
      if (options.length === 0 || st.ctx.phase === 'operations') break;
      const m = options[chooser.int(options.length)];
      (c.moves as Record<string, (...a: unknown[]) => void>)[m.move](...m.args);
      await settle();
    }
    const secretEntries = (log: typeof rebel.log, by: string) => (log ?? []).filter((e) => e.action.type === 'MAKE_MOVE'
      && e.action.payload.playerID === by && SECRET_ACTIONS.includes(e.action.payload.type as never));
    // The Rebel chose a base (and maybe planned): the Imperial's log has those entries without their args.
    const rebelsOwn = secretEntries(rebel.log, '0');
    const seenByImperial = secretEntries(imperial.log, '0');
    expect(rebelsOwn.length).toBeGreaterThan(0);
    expect(seenByImperial.length).toBe(rebelsOwn.length);
    for (const e of rebelsOwn) expect(e.action.payload.args).not.toBeNull();
    for (const e of seenByImperial) expect(e.action.payload.args).toBeNull();
    expect(imperial.getState()!.G.base.planet).toBe(HIDDEN);
    expect(rebel.getState()!.G.base.planet).not.toBe(HIDDEN);
    expect(imperial.getState()!.plugins.random?.data).toBeUndefined();
    rebel.stop();
    imperial.stop();
  });

  it('declares exactly the secret actions as redacted, every move client: false', () => {
    const moves = makeMintImperium().moves as Record<string, { redact: boolean; client: boolean }>;
    for (const [name, m] of Object.entries(moves)) {
      expect(m.redact, name).toBe(SECRET_ACTIONS.includes(name as never));
      expect(m.client, name).toBe(false);
    }
  });

  it('undo and redo are disabled', () => {
    const { client } = makeClient('undo-1');
    play(client, '1', 'imperialSetup', [{ capitalOn: 'IMP', fightersOnImperium: 2 }]);
    const before = master(client);
    client.updatePlayerID('1');
    client.undo();
    client.redo();
    expect(master(client).G).toBe(before.G);
    expect(master(client)._stateID).toBe(before._stateID);
  });
});

describe('ai.enumerate on a player\'s view', () => {
  it('gives the same list as on the full state, at every step of Client games', () => {
    for (let g = 0; g < 3; g++) {
      const { game, client } = makeClient(`view-enum-${g}`);
      const enumerate = game.ai!.enumerate as Enumerate;
      const chooser = seededRng(`choices-view-enum-${g}`);
      for (;;) {
        const { G, ctx } = master(client);
        if (ctx.gameover !== undefined) break;
        const p = pendingPlayer(G)!;
        for (const id of ['0', '1']) {
          client.updatePlayerID(id);
          const view = client.getState()!; // the local Client applies playerView for its playerID
          expect(enumerate(view.G, view.ctx, id)).toEqual(enumerate(G, ctx, id));
        }
        const options = enumerate(G, ctx, p);
        const c = options[chooser.int(options.length)];
        play(client, p, c.move, c.args);
      }
    }
  });

  it('gives the same list as on the full state, at every step of 40 core games', () => {
    const game = makeMintImperium();
    const enumerate = game.ai!.enumerate as Enumerate;
    const ctx = { gameover: undefined };
    let checked = 0;
    for (let g = 0; g < 40; g++) {
      playRandomGame(seededRng(`core-view-${g}`), seededRng(`choices-core-view-${g}`), undefined, (state, seat) => {
        const id = playerOf(seat);
        const view = game.playerView!({ G: state, ctx: ctx as never, playerID: id }) as GameState;
        expect(seatOf(id)).toBe(seat);
        expect(enumerate(view, ctx, id)).toEqual(enumerate(state, ctx, id));
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(4000);
  });
});
