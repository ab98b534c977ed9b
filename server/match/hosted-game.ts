/**
 * What the match room needs to know of a game (issue 21 item 6): the hub, the cluster bus, the table and the bot
 * driver work on any boardgame.io game through this interface, and everything game-specific (its secrets, its
 * legality, its end by forfeit, its compact updates, its bots) is the game's own module (../games/). A second game is
 * hosted by writing one of these.
 */
import type { Game, LogEntry, Server, State } from 'boardgame.io';
import type { PlayedBy } from '../../src/protocol';

export interface HostedGame<G = unknown> {
  /** The boardgame.io Game; its `name` is the lobby's and the storage's game name. */
  readonly game: Game;
  /**
   * The seats a match of this game may have: the lobby's `numPlayers` is checked against it (absent: `min`). Mint
   * and Hidden Noughts: exactly 2; Imperios: 4 to 7. At most MAX_SEATS (../seats/credentials.ts).
   */
  readonly players: { readonly min: number; readonly max: number };
  /**
   * What the lobby may add to a new match of this game beyond two players, unlisting and a clock (Mint's extras). A
   * server-bot seat is offered when the game has `bots`.
   */
  readonly extras: { solo: boolean; hints: boolean };
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
  /**
   * The game's own fields of a create body (Imperios: `mode`), turned into the match's setupData (clients never send
   * setupData: ../lobby/checks.ts). `fields` lists them; `setupData` checks them for a match of `numPlayers` seats.
   * Absent: the game has none, and the lobby refuses such fields.
   */
  readonly setup?: {
    readonly fields: readonly string[];
    setupData(body: Record<string, unknown>, numPlayers: number): { setupData: unknown } | { error: string };
  };
  /** The seat whose decision the game waits for in this state (turn clocks), or null (over, or nobody's). */
  nextToMove(state: State<G>): string | null;
  /**
   * Every seat whose decision the game waits for now (a game of more seats may ask several at once: Imperios' block
   * answers and reserve). The bot driver plays any bot seat among them; "My matches" says `yourTurn` for them.
   * Absent: `nextToMove` alone.
   */
  awaiting?(state: State<G>): string[];
  /**
   * The question with a time limit the game waits on in this state, if any (Imperios: a block offer, IM15.1; a
   * defence question, IM15.2): the server times it and, once the limit has passed, makes the default answer of each
   * seat that still owes one (../match/moves.ts `timedAnswer`, ../table/timer.ts). Absent or null: nothing timed.
   */
  answersDue?(state: State<G>): AnswersDue | null;
  /**
   * The state in which `loser` has lost by `reason` ('forfeit': left the match; 'time': out of time), one state on.
   * In a game of more than two seats the game's own rules say what that means for the others (Imperios: G56).
   */
  forfeit(state: State<G>, loser: string, reason: string): State<G>;
  /**
   * The server's event of who played a move (a seat handed to the bot, or taken back: ../table/state.ts), written
   * into the state the move `moveType` of seat `playerID` led to (`prev` → `next`); the hub also keeps it beside the move's log
   * entry (`played`) for the record (issue 21 item 2: a server event, never a move argument). Absent: the game
   * writes no such lines (the note is still kept with the log entry).
   */
  notePlayed?(prev: State<G>, next: State<G>, playerID: string, moveType: string, played: PlayedBy): State<G>;
  /**
   * For a socket that asked for log deltas (src/protocol/log-delta.ts): the compact update from `prevView`
   * (`viewState(prev)`: what the audience was last sent) to `view` (`viewState(next)`). Absent: such sockets get
   * the whole view.
   */
  logDelta?(prev: State<G>, prevView: State<G>, view: State<G>): unknown;
  /**
   * The game record of a stored match, served by `GET /games/:name/:matchID/record` once the game is over (the seed
   * and every move's arguments are secrets until then). Mint's is ../records.ts; a game without one has no records.
   */
  record?(match: StoredMatch<G>): { record: unknown } | { error: string };
  /**
   * Its server bots (../bots/driver.ts plays them; the lobby seats them). Absent: the game has no bot seats, and the
   * lobby refuses `bot` for it.
   */
  readonly bots?: HostedBots<G>;
}

/**
 * A game's server bots, as the lobby and the bot driver know them. The driver asks `view` for the bot's seat, hands
 * the bot that view and nothing else, and plays its answer through the hub like a player's move (same checks).
 * Whose decision is due is the game's `nextToMove`.
 */
export interface HostedBots<G = unknown, V = unknown> {
  /** The kinds the lobby may seat (`botKind` of a create body), each with the name its seat shows. */
  readonly kinds: Readonly<Record<string, string>>;
  /** The kind of a create body without `botKind`. */
  readonly defaultKind: string;
  /**
   * The kind that takes over a seat handed to the bot (../table/route.ts: its player ran out of time or is away).
   * Absent: `defaultKind`.
   */
  readonly handoverKind?: string;
  /** Older names of kinds, still accepted from clients and found in stored matches. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** The seats a create body's `bot` may name, each with its playerID (Mint: `R`, `I`). */
  readonly seats: Readonly<Record<string, string>>;
  /** What a bot playing `playerID` is handed of `state`: what a person in that seat would see, nothing more. */
  view(state: State<G>, playerID: string): V;
  /** This server's bot players (worker threads, …): started with the server, closed when it stops. */
  start(): BotPlayers<V>;
}

/** The bot players of one game on one server (`HostedBots.start`). */
export interface BotPlayers<V = unknown> {
  /** The move a bot of `kind` makes for `playerID`, from `view` (`HostedBots.view`) only. */
  choose(kind: string, view: V, playerID: string, job: BotJob): Promise<BotChoice>;
  /** A move when `choose` failed (a random legal one), so a bot seat never stalls its match. */
  fallback(view: V, playerID: string): Promise<BotChoice>;
  /** Stop any background work; a decision in progress is refused. */
  close(): Promise<void>;
}

/** A question with a time limit (`HostedGame.answersDue`). */
export interface AnswersDue {
  /**
   * Names the question: the same in every state while it stays open (answers of some seats, or another seat's
   * mustering, change nothing), another for the next question. The limit runs from the first state with this key.
   */
  key: string;
  /** The question's kind as the table shows it (Imperios: 'block', 'defend'). */
  kind: string;
  /** How long the question stays open (ms). */
  limitMs: number;
  /** The seats that still owe an answer, each with the answer made for it when the limit passes. */
  owing: Record<string, BotChoice>;
}

/** One move as a client sends it: the move's name and its arguments. */
export interface BotChoice {
  move: string;
  args: unknown[];
}

/** Who asks: lets a shared bot (a worker pool) be fair between matches. */
export interface BotJob {
  matchID: string;
}

/** The seats whose decision `hosted` waits for in `state` (`awaiting`, else `nextToMove`). */
export function awaitedPlayers<G>(hosted: Pick<HostedGame<G>, 'awaiting' | 'nextToMove'>, state: State<G>): string[] {
  if (hosted.awaiting) return hosted.awaiting(state);
  const next = hosted.nextToMove(state);
  return next === null ? [] : [next];
}

/**
 * The seats a clock times in `state` (G59): every seat the game waits for, the one whose turn it is (`nextToMove`)
 * first, the others in the order `awaiting` gives (seat order). Empty when nobody is awaited.
 */
export function clockSeats<G>(hosted: Pick<HostedGame<G>, 'awaiting' | 'nextToMove'>, state: State<G>): string[] {
  const next = hosted.nextToMove(state);
  if (next === null) return [];
  return [next, ...awaitedPlayers(hosted, state).filter((s) => s !== next)];
}

/** The kind a stored seat marker or a client's `botKind` names for this game (aliases resolved), else null. */
export function botKindIn(bots: Pick<HostedBots, 'kinds' | 'aliases'> | undefined, x: unknown): string | null {
  if (!bots || typeof x !== 'string') return null;
  if (Object.hasOwn(bots.kinds, x)) return x;
  return bots.aliases && Object.hasOwn(bots.aliases, x) ? bots.aliases[x]! : null;
}

/** A match as storage holds it (everything: only served once the game is over). */
export interface StoredMatch<G = unknown> {
  matchID: string;
  state: State<G>;
  initialState: State<G>;
  metadata: Server.MatchData;
  log: LogEntry[];
}
