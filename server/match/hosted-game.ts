/**
 * What the match room needs to know of a game (issue 21 item 6): the hub, the cluster bus and the table work on any
 * boardgame.io game through this interface, and everything game-specific (its secrets, its legality, its end by
 * forfeit, its compact updates) is the game's own module (../games/). A second game is hosted by writing one of these.
 */
import type { Game, LogEntry, Server, State } from 'boardgame.io';
import type { PlayedBy } from '../../src/protocol';

export interface HostedGame<G = unknown> {
  /** The boardgame.io Game; its `name` is the lobby's and the storage's game name. */
  readonly game: Game;
  /** What the lobby may add to a new match of this game beyond two players, unlisting and a clock (Mint's extras). */
  readonly extras: { solo: boolean; bots: boolean; hints: boolean };
  /**
   * What an audience may receive of a state: a seat's playerID, or null for a spectator. Everything secret is cut
   * here (boardgame.io's playerView alone leaks: docs/bgio-notes.md); the hub sends nothing else.
   */
  viewState(state: State<G>, playerID: string | null): State<G>;
  /** The action-log entries an audience may receive (secret moves' arguments cut). */
  viewLog(log: LogEntry[] | undefined, playerID: string | null): LogEntry[];
  /** The envelope of a client action (boardgame.io hole 2): one of the game's moves, made by that seat, with sane args. */
  acceptClientAction(action: unknown, playerID: string): boolean;
  /**
   * Whether the move is legal for the seat in this G, asked before the reducer runs so junk costs no reducer run and
   * no error line. The game's own move checks it again: this is a filter, the rules stay the game's.
   */
  isLegalMove(G: G, playerID: string, move: string, args: unknown): boolean;
  /** The seat whose decision the game waits for in this state (turn clocks), or null (over, or nobody's). */
  nextToMove(state: State<G>): string | null;
  /** The state in which `loser` has lost by `reason` ('forfeit': left the match; 'time': out of time), one state on. */
  forfeit(state: State<G>, loser: string, reason: string): State<G>;
  /**
   * A move's arguments carrying the server's note of who played it (a seat handed to the bot, or taken back:
   * ../table/state.ts). A game without such notes returns the arguments unchanged.
   */
  withPlayedNote(args: unknown, played: PlayedBy): unknown;
  /**
   * For a socket that asked for log deltas (src/protocol/log-delta.ts): the compact update from `prev` (what the
   * audience was last sent) to `view` (`viewState(next)`). Absent: such sockets get the whole view.
   */
  logDelta?(prev: State<G>, next: State<G>, view: State<G>, playerID: string | null): unknown;
  /**
   * The game record of a stored match, served by `GET /games/:name/:matchID/record` once the game is over (the seed
   * and every move's arguments are secrets until then). Mint's is ../records.ts; a game without one has no records.
   */
  record?(match: StoredMatch<G>): { record: unknown } | { error: string };
}

/** A match as storage holds it (everything: only served once the game is over). */
export interface StoredMatch<G = unknown> {
  matchID: string;
  state: State<G>;
  initialState: State<G>;
  metadata: Server.MatchData;
  log: LogEntry[];
}
