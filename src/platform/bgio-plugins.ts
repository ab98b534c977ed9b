/**
 * What every hosted game's boardgame.io `Game` needs against the framework's holes (docs/bgio-notes.md, STACK.md),
 * written once: a crypto-random seed instead of the stock guessable one (hole 3), a check that a move's arguments
 * can be printed (boardgame.io formats a refused move's args into its error line, which throws for args without a
 * usable toString), and the guard plugin that refuses any action leaving `ctx` out of line with the game's own state.
 * Mint Imperium (src/game/index.ts) and Imperios Milenarios (src/games/imperios/game.ts) both use them.
 */
import type { Ctx } from 'boardgame.io';

/** 128 random bits as hex, from the Web Crypto API (Node ≥ 19 and every browser); never a guessable fallback. */
export function cryptoSeed(): string {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    // Never fall back to a guessable seed (STACK.md hole 3).
    throw new Error('no crypto.getRandomValues: cannot seed the game safely');
  }
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Replaces boardgame.io's random plugin setup (the stock seed is the time in base 36) by 128 crypto-random bits, or
 * `seed` (tests, replays). No flush: the core random plugin's flush still saves the generator's state.
 */
export function cryptoRandomPlugin(seed?: string) {
  return { name: 'random', setup: () => ({ seed: seed ?? cryptoSeed() }) };
}

/** True when `String(x)` works: boardgame.io formats a refused move's args into its error message. */
export function printable(x: unknown): boolean {
  try {
    String(x);
    return true;
  } catch {
    return false;
  }
}

/** What a move sees of the guard: `refuse()` declares the action invalid without boardgame.io printing its args. */
export interface GuardApi {
  refuse(): void;
  refused(): boolean;
}

/**
 * The guard plugin named `name`: an action a move refused through its api, or after which `mismatch(G, ctx)` finds
 * ctx out of line with G (a raw GAME_EVENT such as endGame or setActivePlayers, which the master accepts from any
 * active player whatever `events` says), is invalid, and boardgame.io restores the state before it.
 */
export function guardPlugin<G>(name: string, mismatch: (G: G, ctx: Ctx) => string | null) {
  return {
    name,
    api: (): GuardApi => {
      let refused = false;
      return {
        refuse: () => {
          refused = true;
        },
        refused: () => refused,
      };
    },
    flush: ({ api }: { api?: GuardApi }) => (api?.refused() ? { refused: true } : {}),
    isInvalid: ({ G, ctx, data }: { G: G; ctx: Ctx; data?: { refused?: boolean } }) =>
      data?.refused ? 'move refused' : (mismatch(G, ctx) ?? false),
  };
}
