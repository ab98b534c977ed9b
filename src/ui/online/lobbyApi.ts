/**
 * The lobby of the same-origin game server (server/lobby/), through boardgame.io's `LobbyClient`: list, create
 * (optionally with a server bot in the other seat, or solo against the rival deck), join, leave, play again. Names are checked here with the
 * server's rules (1–32 printable characters after trimming) so the form can say what is wrong before sending.
 */
import { LobbyClient, LobbyClientError } from 'boardgame.io/client';
import type { Difficulty } from '../../ai';
import type { Faction } from '../../game/content';
import { board } from '../../game/rules';
import {
  GAME_NAME, MY_MATCHES_MAX, playerOf, seatOfID, type CreateMatchExtras, type ErrorBody, type MyMatch,
  type MyMatchesRequest, type MyMatchesResponse, type PublicMatch, type PublicPlayer, type TableAction,
  type TableRequest, type HintRequestBody,
} from '../../protocol';

// The bodies are shared with the server (src/protocol/lobby.ts); many UI files import them from here.
export { GAME_NAME, type MyMatch, type PublicMatch, type PublicPlayer };
export const MAX_NAME_LENGTH = 32;
/** Same as server/names.ts: letters, marks, digits, punctuation, symbols and spaces (+ ZWJ inside an emoji). */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;
// The class lists code points on purpose (an optional emoji presentation selector or skin tone before the joiner),
// not one modified emoji.
// eslint-disable-next-line no-misleading-character-class
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/** null if the name is acceptable, else what is wrong with it. */
export function nameProblem(raw: string): string | null {
  const s = raw.trim();
  const n = [...s].length;
  if (n < 1) return 'Enter a name.';
  if (n > MAX_NAME_LENGTH) return `At most ${MAX_NAME_LENGTH} characters (${n} now).`;
  if (!PRINTABLE.test(s.replace(EMOJI_ZWJ, ''))) return 'Printable characters only (no control characters or line breaks).';
  if (!VISIBLE.test(s)) return 'Use at least one visible character.';
  if (/^(random )?bot$/i.test(s)) return 'That name is kept for the server bot.';
  if (/^rival( deck)?$/i.test(s.replace(/\s+/g, ' '))) return 'That name is kept for the solo rival deck.';
  return null;
}

/** The server's base URL: this page's origin (the server serves the front end), or VITE_SERVER in development. */
export function serverURL(): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  if (env?.VITE_SERVER) return env.VITE_SERVER;
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8000';
}

/** Issue 20 item 7 — a match's clock in words, for the lobby and the join screen ("No clock" without one). */
export function clockText(clock: PublicMatch['clock']): string {
  const span = (ms: number) => {
    const min = Math.round(ms / 60_000);
    if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
    if (min < 60 || min % 60 !== 0) return `${min} min`;
    return `${min / 60} h`;
  };
  if (!clock) return 'No clock';
  if (clock.kind === 'live') {
    return `Live clock: ${span(clock.bankMs)} each${clock.incrementMs > 0 ? `, + ${span(clock.incrementMs)} per turn` : ''}. Running out of time loses the game.`;
  }
  return `Clock over days: ${span(clock.perDecisionMs)} per turn. Running out of time loses the game.`;
}

/** The first seat nobody (human or bot) holds, or null if the match is full. */
export function freeSeat(m: PublicMatch): Faction | null {
  for (const p of [...m.players].sort((a, b) => a.id - b.id)) {
    if (p.name === undefined || p.name === null) return seatOfID(p.id);
  }
  return null;
}

export const isBot = (p: PublicPlayer | undefined) => !!p?.data?.bot;
export const isRival = (p: PublicPlayer | undefined) => p?.data?.rival === true;

/** A readable message for a failed lobby call (the server answers `{ error }`). */
export function lobbyError(err: unknown): string {
  if (err instanceof LobbyClientError) {
    const details = err.details as Partial<ErrorBody> | undefined;
    if (details && typeof details.error === 'string') return details.error;
    return err.message;
  }
  if (err instanceof Error) return err.message === 'Failed to fetch' ? 'The server cannot be reached.' : err.message;
  return String(err);
}

/** The turn clocks the create form offers (server/clock.ts; the server's defaults). */
export type ClockChoice = 'none' | 'live' | 'turn';
export const CLOCK_BODIES: Record<Exclude<ClockChoice, 'none'>, NonNullable<CreateMatchExtras['clock']>> = {
  live: { kind: 'live', bankMs: 10 * 60_000, incrementMs: 20_000 },
  turn: { kind: 'turn', perDecisionMs: 24 * 60 * 60_000 },
};

export interface Joined {
  matchID: string;
  playerID: string;
  credentials: string;
  name: string;
}

/** `POST /my-matches` of `server` (any hosted game's seats; credentials in the body only). */
export async function postMyMatches(server: string, seats: Joined[]): Promise<MyMatch[]> {
  if (seats.length === 0) return [];
  const request: MyMatchesRequest = {
    seats: seats.slice(0, MY_MATCHES_MAX).map((s) => ({ matchID: s.matchID, playerID: s.playerID, credentials: s.credentials })),
  };
  const res = await fetch(`${server.replace(/\/$/, '')}/my-matches`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request),
  });
  const json = await res.json().catch(() => ({})) as Partial<MyMatchesResponse & ErrorBody>;
  if (!res.ok || !Array.isArray(json.matches)) throw new Error(json.error ?? `server answered ${res.status}`);
  return json.matches;
}

/** A listed match's clock in a few words ("Live clock: 10 min each, + 20 s per turn", "No clock"): the lobbies' lists. */
export function listedClockText(clock: PublicMatch['clock']): string {
  return clockText(clock).split('.')[0];
}

export class Lobby {
  readonly client: LobbyClient;
  constructor(readonly server = serverURL()) {
    this.client = new LobbyClient({ server });
  }

  async list(): Promise<PublicMatch[]> {
    const { matches } = await this.client.listMatches(GAME_NAME, { isGameover: false });
    return (matches as unknown as PublicMatch[]).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** A match; with `seat` (a seat's credentials, sent as headers) it also tells the rematch (`nextMatchID`). */
  async get(matchID: string, seat?: Joined): Promise<PublicMatch> {
    const init = seat ? { headers: { 'X-Player-ID': seat.playerID, 'X-Player-Credentials': seat.credentials } } : undefined;
    return (await this.client.getMatch(GAME_NAME, matchID, init)) as unknown as PublicMatch;
  }

  /** A new match; `bot`: the seat a server bot takes, `difficulty`: how well it plays (server default: normal). */
  async create(opts: { bot?: Faction; difficulty?: Difficulty; unlisted?: boolean; solo?: { bot: Faction; difficulty: Difficulty }; clock?: ClockChoice; hints?: number } = {}): Promise<string> {
    const body: { numPlayers: number } & CreateMatchExtras = { numPlayers: 2 };
    if (opts.clock && opts.clock !== 'none' && !opts.bot && !opts.solo) body.clock = CLOCK_BODIES[opts.clock];
    if (opts.solo) body.solo = { bot: opts.solo.bot, difficulty: opts.solo.difficulty };
    else if (opts.bot) body.bot = opts.bot;
    if (!opts.solo && opts.bot && opts.difficulty) body.botKind = `ismcts-${opts.difficulty}`;
    if (opts.unlisted) body.unlisted = true;
    if (opts.hints) body.hints = { limit: opts.hints }; // issue 22: absent, the match has no hints
    const { matchID } = await this.client.createMatch(GAME_NAME, body);
    return matchID;
  }

  async join(matchID: string, seat: Faction, name: string): Promise<Joined> {
    const problem = nameProblem(name);
    if (problem) throw new Error(problem);
    const playerName = name.trim();
    const r = await this.client.joinMatch(GAME_NAME, matchID, { playerID: playerOf(seat), playerName });
    return { matchID, playerID: r.playerID, credentials: r.playerCredentials, name: playerName };
  }

  /** Create a match, then take `seat` in it (the other seat: a bot of `bot` difficulty, else free for a friend). */
  async createAndJoin(seat: Faction, name: string, bot: Difficulty | null = null, clock: ClockChoice = 'none', hints = 0): Promise<Joined> {
    const problem = nameProblem(name);
    if (problem) throw new Error(problem);
    const matchID = await this.create(bot ? { bot: board.other(seat), difficulty: bot, hints } : { clock, hints });
    return this.join(matchID, seat, name);
  }

  /** A solo match (RULES §9): the rival deck takes the other side at `difficulty`; then take `seat` in it. */
  async createSoloAndJoin(seat: Faction, name: string, difficulty: Difficulty): Promise<Joined> {
    const problem = nameProblem(name);
    if (problem) throw new Error(problem);
    const matchID = await this.create({ solo: { bot: board.other(seat), difficulty } });
    return this.join(matchID, seat, name);
  }

  /** What the server says about the seats this browser holds (POST /my-matches: credentials in the body only). */
  mine(seats: Joined[]): Promise<MyMatch[]> {
    return postMyMatches(this.server, seats);
  }

  /** Claim the win / hand the opponent's seat to the bot / take one's own seat back (server/table.ts). */
  async tableAction(j: Joined, action: TableAction): Promise<void> {
    // The server refuses a playerID that is no seat (400) as it always did; the type only says what it expects.
    const request = { playerID: j.playerID, credentials: j.credentials, action } as TableRequest;
    const res = await fetch(`${this.server.replace(/\/$/, '')}/games/${GAME_NAME}/${encodeURIComponent(j.matchID)}/table`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request),
    });
    if (!res.ok) {
      const json = await res.json().catch(() => ({})) as Partial<ErrorBody>;
      throw new Error(json.error ?? `server answered ${res.status}`);
    }
  }

  /** Issue 22: ask the server for a hint at this seat's decision; null when granted, else the server's reason. */
  async askHint(j: Joined): Promise<string | null> {
    const request: HintRequestBody = { playerID: j.playerID as HintRequestBody['playerID'], credentials: j.credentials };
    const res = await fetch(`${this.server.replace(/\/$/, '')}/games/${GAME_NAME}/${encodeURIComponent(j.matchID)}/hint`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request),
    }).catch(() => null);
    if (!res) return 'the server cannot be reached';
    if (res.ok) return null;
    const json = await res.json().catch(() => ({})) as Partial<ErrorBody>;
    return json.error ?? `server answered ${res.status}`;
  }

  async leave(j: Joined): Promise<void> {
    await this.client.leaveMatch(GAME_NAME, j.matchID, { playerID: j.playerID, credentials: j.credentials });
  }

  /**
   * The rematch (the same for both players: whoever asks first creates it). The server holds each player's seat
   * in it and answers with that seat's new credentials, so nobody else can take it.
   */
  async playAgain(j: Joined): Promise<Joined> {
    const r = await this.client.playAgain(GAME_NAME, j.matchID, { playerID: j.playerID, credentials: j.credentials }) as
      { nextMatchID: string; playerID?: string; playerCredentials?: string };
    if (typeof r.playerCredentials === 'string') {
      return { matchID: r.nextMatchID, playerID: j.playerID, credentials: r.playerCredentials, name: j.name };
    }
    return this.join(r.nextMatchID, seatOfID(j.playerID), j.name);
  }
}
