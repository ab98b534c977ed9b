/**
 * The games one hub serves (./hosted-game.ts), each with boardgame.io's processed config and its reducer, by game
 * name. The first is the default: the game of the server's own callers and of a connection that names none.
 */
import type { Server } from 'boardgame.io';
import { CreateGameReducer, ProcessGameConfig } from 'boardgame.io/internal';
import type { HostedGame } from './hosted-game';
import { publicPlayers } from './match-data';
import type { Connection } from './connections';

export type ProcessedGame = ReturnType<typeof ProcessGameConfig>;

export interface ServedGame {
  hosted: HostedGame;
  game: ProcessedGame;
  reducer: ReturnType<typeof CreateGameReducer>;
}

export class HostedGames {
  private readonly byName = new Map<string, ServedGame>();
  /** The default game's processed config (Mint's own routes). */
  readonly first: ProcessedGame;

  constructor(games: readonly HostedGame[]) {
    for (const hosted of games) {
      const game = ProcessGameConfig(hosted.game);
      this.byName.set(game.name as string, { hosted, game, reducer: CreateGameReducer({ game }) });
    }
    this.first = this.byName.get(games[0]!.game.name as string)!.game;
  }

  /** The game named `name` (a match's metadata.gameName, a socket's namespace); undefined for none. */
  named(name: unknown): ServedGame | undefined {
    return typeof name === 'string' ? this.byName.get(name) : undefined;
  }

  /** The game a connection reaches (its namespace's), or the default game's name for the server's own callers. */
  of(conn: Connection | undefined): string {
    return conn?.game ?? (this.first.name as string);
  }

  /** The players of a match as clients see them, bot kinds named by the match's game (old names resolved). */
  playersOf(metadata: Server.MatchData) {
    return publicPlayers(metadata, this.named(metadata.gameName)?.hosted.bots);
  }
}
