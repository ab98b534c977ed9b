/** Shared helpers for the boardgame.io adapter tests (src/game/index.ts). */
import type { Ctx, State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { afterAll, beforeAll, vi } from 'vitest';
import { makeMintImperium, playerOf } from '../../src/game';
import type { GameConfig } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';

export type Enumerated = { move: string; args: unknown[] };

/** A local (no multiplayer) Client on a fixed seed, with its game. */
export function makeClient(seed: string, config?: GameConfig) {
  const game = makeMintImperium({ seed, config });
  const client = Client({ game, numPlayers: 2, debug: false });
  client.start();
  return { game, client };
}

export type TestClient = ReturnType<typeof makeClient>['client'];

/** The master state of a local Client, before playerView (the store keeps the full G). */
export function master(client: TestClient): State<GameState> {
  return client.store.getState() as State<GameState>;
}

/** The players boardgame.io lets move now: the listed active players, or else the current player. */
export function allowedPlayers(ctx: Ctx): string[] {
  return ctx.activePlayers ? Object.keys(ctx.activePlayers).sort() : [ctx.currentPlayer];
}

/** The player who must decide in the core (null when the game is over). */
export function pendingPlayer(G: GameState): string | null {
  return !G.winner && G.pending ? playerOf(G.pending.seat) : null;
}

/** Make a move as `playerID` through the client's dispatchers. */
export function play(client: TestClient, playerID: string, move: string, args: unknown[]): void {
  client.updatePlayerID(playerID);
  const fn = (client.moves as Record<string, ((...a: unknown[]) => void) | undefined>)[move];
  if (!fn) throw new Error(`no move ${move}`);
  fn(...args);
}

/**
 * Silence boardgame.io's own log lines ("ERROR: invalid move …", "INFO: …") for the tests of this file; other
 * console output passes through.
 */
export function quietBoardgameIo(): void {
  let restore: (() => void) | null = null;
  beforeAll(() => {
    const err = console.error.bind(console);
    const log = console.log.bind(console);
    const e = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => {
      if (typeof a[0] === 'string' && a[0].startsWith('ERROR:')) return;
      err(...a);
    });
    const l = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      if (typeof a[0] === 'string' && a[0].startsWith('INFO:')) return;
      log(...a);
    });
    restore = () => { e.mockRestore(); l.mockRestore(); };
  });
  afterAll(() => restore?.());
}
