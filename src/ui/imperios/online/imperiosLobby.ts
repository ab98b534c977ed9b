/**
 * Imperios Milenarios' side of the lobby (issue 23 item 7), on the platform's lobby routes (docs/SERVER.md "Games of
 * more than two seats"): list the open matches, create one of 4–7 seats with the mode and some bot seats, take the
 * first free seat, leave, and the table's actions (hand an away seat to the bot, take one's own back). Plain `fetch`:
 * the LobbyClient of boardgame.io is Mint's (its chunk); nothing here is on the first load. The seats this browser
 * holds are kept apart from Mint's (their own key), so Mint's "My matches" never opens an Imperios seat on Mint's board.
 */
import { MODES, type ModeId } from '../../../games/imperios/content/modes';
import { IMPERIOS_NAME } from '../../../games/imperios/game';
import { CLOCK_BODIES, postMyMatches, type ClockChoice, type Joined, type MyMatch, type PublicMatch } from '../../online/lobbyApi';
import { lastName, seatStore } from '../../online/seats';

export type { ClockChoice, Joined, PublicMatch };

/** The clocks the create form offers: Mint's (../../online/forms.tsx), between players only (IM15.4, G59). */
export const CLOCK_CHOICES: readonly (readonly [ClockChoice, string])[] = [
  ['none', 'No clock'], ['live', 'Live: 10 min each + 20 s per turn'], ['turn', 'Over days: 24 h per turn'],
];

/** The table actions a seated player may send (server/table/route.ts): IM15.5 and G57, and G59's claim. */
export type ImperiosTableAction = 'claimWin' | 'handToBot' | 'takeBack';

/**
 * The bot kinds the server offers for Imperios (server/games/imperios.ts), the default first: the search bot at its
 * three levels (docs/imperios/BOTS.md "Levels"; the server thinks for them in worker threads).
 */
export const BOT_KINDS = [
  { id: 'greedy', name: 'Bot (greedy)' },
  { id: 'random', name: 'Random bot' },
  { id: 'search', name: 'Search bot (easy)' },
  { id: 'search-normal', name: 'Search bot (normal)' },
  { id: 'search-hard', name: 'Search bot (hard, 3 s a decision)' },
] as const;
export type BotKind = (typeof BOT_KINDS)[number]['id'];

export interface CreateOptions {
  players: number;
  mode: ModeId;
  /** How many seats server bots take: the last ones (a match of n seats: at most n − 1). */
  bots: number;
  botKind: BotKind;
  /** A chess clock (G59): only without bot seats, as the server requires (absent: none). */
  clock?: ClockChoice;
}

/** What is wrong with a create choice, or null (IM3.1.1–IM3.1.2: Epic needs six or seven; one seat for a person). */
export function createProblem(o: CreateOptions): string | null {
  if (!Number.isInteger(o.players) || o.players < 4 || o.players > 7) return 'Four to seven players.';
  if (!MODES[o.mode].players.includes(o.players)) return `${MODES[o.mode].name} needs ${MODES[o.mode].players.join(' or ')} players.`;
  if (!Number.isInteger(o.bots) || o.bots < 0 || o.bots > o.players - 1) return 'At least one seat is for you.';
  if (o.clock && o.clock !== 'none' && o.bots > 0) return 'A clock is for matches between players only (no bot seats).';
  return null;
}

/** The playerIDs the bots take: the last `bots` seats. */
export function botSeats(players: number, bots: number): string[] {
  return Array.from({ length: bots }, (_, i) => String(players - bots + i));
}

/** This browser's Imperios seats: their own key, apart from Mint's (../../online/seats.ts). */
export const IMPERIOS_SEATS = seatStore('mint-imperium:imperios-seat:');

export const saveImperiosSeat = (j: Joined): void => IMPERIOS_SEATS.save(j);
export const loadImperiosSeat = (matchID: string): Joined | null => IMPERIOS_SEATS.load(matchID);
export const forgetImperiosSeat = (matchID: string): void => IMPERIOS_SEATS.forget(matchID);
export { lastName };

export class ImperiosLobby {
  constructor(readonly server: string) {}

  private url(path: string): string {
    return `${this.server.replace(/\/$/, '')}/games/${IMPERIOS_NAME}${path}`;
  }

  /** GET `path` (POST with `body`); `headers`: a seat's credentials, never in the URL (URLs end up in logs). */
  private async call<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const init: RequestInit | undefined = body === undefined ? (headers ? { headers } : undefined) : {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    };
    const res = await fetch(this.url(path), init).catch(() => null);
    if (!res) throw new Error('The server cannot be reached.');
    const json = (await res.json().catch(() => ({}))) as T & { error?: string };
    if (!res.ok) throw new Error(typeof json.error === 'string' ? json.error : `server answered ${res.status}`);
    return json;
  }

  async list(): Promise<PublicMatch[]> {
    const { matches } = await this.call<{ matches: PublicMatch[] }>('?isGameover=false');
    return [...matches].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** A match; with `seat` (its credentials, sent as headers) it also tells the rematch (`nextMatchID`). */
  get(matchID: string, seat?: Joined): Promise<PublicMatch> {
    const headers = seat ? { 'X-Player-ID': seat.playerID, 'X-Player-Credentials': seat.credentials } : undefined;
    return this.call<PublicMatch>(`/${encodeURIComponent(matchID)}`, undefined, headers);
  }

  /** What the server says of the seats this browser holds (POST /my-matches, the platform's: any game's seats). */
  mine(seats: Joined[]): Promise<MyMatch[]> {
    return postMyMatches(this.server, seats);
  }

  /**
   * The rematch of a finished match (the platform's playAgain): the first player to ask makes it, for the same players
   * and bots; each player's own call hands out their seat in it, with new credentials.
   */
  async playAgain(j: Joined): Promise<Joined> {
    const r = await this.call<{ nextMatchID: string; playerID: string; playerCredentials: string }>(
      `/${encodeURIComponent(j.matchID)}/playAgain`, { playerID: j.playerID, credentials: j.credentials });
    return { matchID: r.nextMatchID, playerID: r.playerID, credentials: r.playerCredentials, name: j.name };
  }

  async create(o: CreateOptions): Promise<string> {
    const problem = createProblem(o);
    if (problem) throw new Error(problem);
    const body: Record<string, unknown> = { numPlayers: o.players, mode: o.mode };
    if (o.bots > 0) {
      body.bot = botSeats(o.players, o.bots);
      body.botKind = o.botKind;
    }
    if (o.clock && o.clock !== 'none') body.clock = CLOCK_BODIES[o.clock];
    return (await this.call<{ matchID: string }>('/create', body)).matchID;
  }

  /** Take the first free seat of the match (the server chooses it). */
  async join(matchID: string, name: string): Promise<Joined> {
    const playerName = name.trim();
    const r = await this.call<{ playerID: string; playerCredentials: string }>(`/${encodeURIComponent(matchID)}/join`, { playerName });
    return { matchID, playerID: r.playerID, credentials: r.playerCredentials, name: playerName };
  }

  async leave(j: Joined): Promise<void> {
    await this.call(`/${encodeURIComponent(j.matchID)}/leave`, { playerID: j.playerID, credentials: j.credentials });
  }

  /**
   * Hand an away seat to the server bot, take one's own seat back (server/table: IM15.5, G57), or claim the win over a
   * seat out of time (G59).
   */
  async tableAction(j: Joined, action: ImperiosTableAction, seat?: string): Promise<void> {
    await this.call(`/${encodeURIComponent(j.matchID)}/table`, {
      playerID: j.playerID, credentials: j.credentials, action, ...(seat !== undefined ? { seat } : {}),
    });
  }
}
