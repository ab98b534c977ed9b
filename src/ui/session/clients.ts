/**
 * boardgame.io clients for a game played in this page. One Game object per match, so every client made by
 * `make` talks to the same in-page master through boardgame.io's Local multiplayer: each client receives only its
 * own seat's playerView (spectators: the public view), and a filtered initialState, as over the network.
 */
import { Client } from 'boardgame.io/client';
import { makeMintImperium, playerOf } from '../../game';
import { filteredLocal } from '../../game/filter';
import type { Faction, GameConfig, SoloSetup } from '../../game/content';
import type { Action, GameState } from '../../game/rules';
import { moveOf, type MoveAction } from '../../protocol';

export interface ClientState {
  G: GameState;
  ctx: { gameover?: unknown; phase: string; currentPlayer: string };
  _stateID: number;
}

/** The part of a boardgame.io client the UI uses. */
export interface GameClient {
  playerID: string | null;
  start(): void;
  stop(): void;
  subscribe(fn: (state: ClientState | null) => void): () => void;
  getState(): ClientState | null;
  moves: Record<string, ((...args: unknown[]) => void) | undefined>;
}

export interface LocalMatch {
  /** A client for a seat, or for a spectator (null). */
  client(seat: Faction | null): GameClient;
  stop(): void;
}

/**
 * With `solo` (RULES §9) the match is one human against the rival deck: only the human's client is needed. Without
 * `config` the game is created with DEFAULT_CONFIG (makeMintImperium); a resumed game passes the config it was
 * saved with (RULES B7, issue 24 item 4).
 */
export function createLocalMatch(seed?: string, solo?: SoloSetup, config?: GameConfig): LocalMatch {
  const game = makeMintImperium({ ...(seed ? { seed } : {}), ...(solo ? { solo } : {}), ...(config ? { config } : {}) });
  const multiplayer = filteredLocal();
  const made: GameClient[] = [];
  const cache = new Map<string, GameClient>();
  return {
    client(seat) {
      const key = seat ?? 'spectator';
      const found = cache.get(key);
      if (found) return found;
      const c = Client({
        game, multiplayer, numPlayers: 2, debug: false, playerID: seat ? playerOf(seat) : undefined,
      }) as unknown as GameClient;
      c.start();
      made.push(c);
      cache.set(key, c);
      return c;
    },
    stop() {
      for (const c of made) c.stop();
    },
  };
}

/** Send a core action as its boardgame.io move (src/protocol/moves.ts: the move of the same name, the action's fields). */
export function sendAction(client: GameClient, action: Action | { type: string; [k: string]: unknown }): void {
  const { move, args } = moveOf(action as MoveAction);
  const send = client.moves[move];
  if (!send) throw new Error(`no move ${move}`);
  send(...args);
}
