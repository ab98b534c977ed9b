/**
 * Mint Imperium's server bots as the platform knows them (../match/hosted-game.ts `HostedBots`): its kinds (the
 * ISMCTS search bot of src/ai at three difficulties, in worker threads: ../bots/worker-pool.ts; random play), the
 * names their seats show, the seat letters of the lobby's `bot` field, and the view a bot is handed:
 * `viewFor(G, seat)` (RULES §8), never the state. The bot driver (../bots/driver.ts) knows none of this.
 */
import type { Server } from 'boardgame.io';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { playerOf, seatOf } from '../../src/protocol';
import type { BotPlayer } from '../bots/BotPlayer';
import { DEFAULT_MCTS, SEARCH_BOT_KINDS, type MctsOptions, type SearchBotKind } from '../bots/mcts';
import { RandomBotPlayer } from '../bots/random';
import { WorkerBotPlayer } from '../bots/worker-pool';
import { botKindIn, type HostedBots } from '../match/hosted-game';
import { botKindOf } from '../match/match-data';

/** What may hold a server-bot seat: the ISMCTS bot at a difficulty (src/ai `createBot`), or random play. */
export const BOT_KINDS = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard', 'random'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export const DEFAULT_BOT_KIND: BotKind = 'ismcts-normal';

/** The name a bot seat shows in the lobby and to its opponent. */
export const BOT_PLAYER_NAMES: Record<BotKind, string> = {
  'ismcts-easy': 'Bot (easy)', 'ismcts-normal': 'Bot (normal)', 'ismcts-hard': 'Bot (hard)', random: 'Random bot',
};

/** Older names still accepted from clients and found in stored matches. */
const BOT_KIND_ALIASES: Record<string, BotKind> = { mcts: 'ismcts-normal' };

const KINDS = { kinds: BOT_PLAYER_NAMES, aliases: BOT_KIND_ALIASES };

/** A Mint bot kind by its name or an old alias, else null. */
export function parseBotKind(x: unknown): BotKind | null {
  return botKindIn(KINDS, x) as BotKind | null;
}

/** The Mint bot kind of a seat a server bot plays (its stored marker, old aliases resolved), else null. */
export function mintBotKindOf(p: Server.PlayerMetadata | undefined): BotKind | null {
  return parseBotKind(botKindOf(p));
}

/** How one server runs Mint's bots (startServer's `bots` options). */
export interface MintBotSettings {
  /** Overrides of every difficulty's search effort (default: each difficulty's own budget). */
  mcts?: Partial<MctsOptions>;
  /** Worker threads for the search bots (all difficulties share them). Default 1. */
  workers?: number;
  /** Replace a bot implementation (tests, a stronger bot). */
  players?: Partial<Record<BotKind, BotPlayer>>;
}

const seatOrThrow = (playerID: string): Faction => {
  const seat = seatOf(playerID);
  if (!seat) throw new Error(`no seat ${playerID}`);
  return seat;
};

/** Mint's bot part; each `start()` runs its own worker pool, closed with the server. */
export function mintBots(settings: MintBotSettings = {}): HostedBots<GameState, GameState> {
  return {
    kinds: BOT_PLAYER_NAMES,
    defaultKind: DEFAULT_BOT_KIND,
    aliases: BOT_KIND_ALIASES,
    seats: { R: playerOf('R'), I: playerOf('I') },
    view: (state, playerID) => viewFor(state.G, seatOrThrow(playerID)),
    start() {
      const pool = new WorkerBotPlayer({ ...DEFAULT_MCTS, ...settings.mcts }, settings.workers ?? 1);
      const search = (kind: SearchBotKind): BotPlayer => ({ choose: (view, seat, job) => pool.choose(view, seat, job, kind) });
      const players: Record<BotKind, BotPlayer> = {
        ...Object.fromEntries(SEARCH_BOT_KINDS.map((kind) => [kind, search(kind)])) as Record<SearchBotKind, BotPlayer>,
        random: new RandomBotPlayer(),
        ...settings.players,
      };
      const fallback = new RandomBotPlayer();
      return {
        choose: (kind, view, playerID, job) => {
          const player = parseBotKind(kind);
          if (!player) return Promise.reject(new Error(`no Mint bot ${kind}`));
          return players[player].choose(view, seatOrThrow(playerID), job);
        },
        fallback: (view, playerID) => fallback.choose(view, seatOrThrow(playerID)),
        // Ends searches in progress (their matches' loops then stop: the driver is closing).
        close: async () => {
          await Promise.all([pool.close(), ...Object.values(players).map((p) => p.close?.())]);
        },
      };
    },
  };
}
