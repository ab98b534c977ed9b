/**
 * The lobby REST API, answered here instead of by boardgame.io's router (same routes and response shapes, so
 * boardgame.io's `LobbyClient` works unchanged), with:
 * - every body a JSON object of bounded size with known fields only; `setupData` and `data` are refused, so a
 *   listing shows nothing a client chose but player names (and a solo match's validated `solo` option);
 * - `playerName` / `newName`: see ./names.ts (visible, no control/bidi/invisible characters, nothing that looks like
 *   "Bot", "Rival deck" or the other seat's name); a rematch of two look-alike names (stored before that rule) is refused;
 * - match creation (create, playAgain) and metadata writes (join, leave, rename) rate-limited per address, renames
 *   per seat too; bot matches per address capped;
 * - POST bodies must be `application/json` (even empty ones), and a browser `Origin` must be this server's or a
 *   configured one: no other web page can make its visitors create or join matches;
 * - a seat is never reopened: leaving an unfinished match ends it as a forfeit, and the seat stays closed;
 * - `playAgain` only once the game is over; the rematch's seats are reserved for the same players, and each gets
 *   its new credentials from its own `playAgain`; `nextMatchID` is shown only with a seat's credentials;
 * - the listing is paged (`limit`, `cursor`) and served by one query;
 * - `{ bot: 'R' | 'I', botKind?: 'ismcts-easy' | 'ismcts-normal' | 'ismcts-hard' | 'random' }` on create: that seat
 *   is taken by a server bot (default ismcts-normal; the old 'mcts' is an alias of ismcts-normal);
 * - `{ solo: { bot: 'R' | 'I', difficulty: 'easy' | 'normal' | 'hard' } }` on create (not with `bot`/`botKind`): a
 *   solo match (RULES §9), the server's own setupData `{ mode: 'solo', bot, difficulty }`; the rival's seat is
 *   closed for good (named "Rival deck", `data: { rival: true }`, no credentials: nobody joins, syncs or moves as
 *   it; the engine plays the rival inside the human's moves), the human joins the other seat with the usual join;
 *   listings show `solo: { bot, difficulty }`; a rematch is solo again;
 * - credentials compared in constant time, and never echoed;
 * - metadata edits run in the match's queue (./hub.ts), so a join cannot be lost to a concurrent write;
 * - errors as `{ error }` with a 4xx status (./http.ts).
 * This middleware answers every path under /games itself and never falls through to boardgame.io's router.
 */
import type { Middleware } from 'koa';
import type { Server } from 'boardgame.io';
import { createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import { soloFromSetupData } from '../src/game';
import { otherSeat, playerOf, seatOf, type ListedClock, type PublicMatch } from '../src/protocol';
import { DIFFICULTIES, type Faction, type SoloSetup } from '../src/game/content';
import { credentialsMatch, isSeatID, newCredentials, newMatchID, seatMetadata, SEATS, type SeatID } from './auth';
import {
  BOT_KINDS, botKindOf, DEFAULT_BOT_KIND, isMatchID, isRivalSeat, parseBotKind, publicPlayers, RIVAL_NAME, type BotKind, type MatchHub,
} from './hub';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from './http';
import { LocalBotMatches, type BotMatchRegistry, type Limiter } from './cluster/shared-limits';
import { checkName, checkNotOther } from './names';
import { decodeCursor, encodeCursor } from './cursor';
import type { EventSink } from './events';
import { newClock, parseClockOption, type ClockSettings } from './clock';
import { startClockIfSeated } from './table';
import { forgetRematch } from './table-timer';
import { seated, startAbsences, type TableMetadata } from './table-state';

export { checkName, MAX_NAME_LENGTH } from './names';

export interface LobbyOptions {
  hub: MatchHub;
  /** Largest request body, in bytes. */
  bodyLimitBytes: number;
  /** Match creations per address (false: no limit). */
  createLimit: RateLimit | false;
  /** A match with a server bot was created (or resumed). */
  onBotMatch: (matchID: string) => void;
  /** A match was deleted by the lobby (every human left). */
  onWiped?: (matchID: string) => void;
  /** Lobby writes (join, leave, rename, playAgain) per address (false: no limit). */
  writeLimit?: RateLimit | false;
  /** Renames per seat (false: no limit). */
  renameLimit?: RateLimit | false;
  /** Unfinished bot matches one address may have created (0: no cap). Default 3. */
  maxBotMatchesPerAddress?: number;
  /** Browser origins allowed besides this server's own. */
  origins?: string[];
  /** Match events for the operator's log (./events.ts): created, joined, left. */
  onEvent?: EventSink;
  /** Several processes: limits and the bot-match cap shared through Redis (./cluster/shared-limits.ts). */
  shared?: { limiter(name: string, limit: RateLimit): Limiter; botMatches: BotMatchRegistry };
}

export const DEFAULT_WRITE_LIMIT: RateLimit = { max: 30, windowMs: 10_000 };
export const DEFAULT_RENAME_LIMIT: RateLimit = { max: 5, windowMs: 30_000 };
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 100;

function checkSeat(x: unknown, required: boolean): SeatID | undefined {
  if (x === undefined || x === null) {
    if (required) fail(400, 'playerID is required');
    return undefined;
  }
  const s = typeof x === 'number' && Number.isInteger(x) ? String(x) : x;
  if (!isSeatID(s)) fail(400, 'playerID must be "0" or "1"');
  return s;
}

function checkBool(x: unknown, field: string): boolean | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'boolean') fail(400, `${field} must be a boolean`);
  return x;
}

function checkNumPlayers(x: unknown): void {
  if (x === undefined) return;
  if (x !== 2 && x !== '2') fail(400, 'numPlayers must be 2');
}

function refuseClientData(body: Record<string, unknown>): void {
  if ('setupData' in body) fail(400, 'setupData is not accepted');
  if ('data' in body) fail(400, 'data is not accepted');
}

export interface BotSpec {
  seat: Faction;
  kind: BotKind;
}

function checkBot(body: Record<string, unknown>): BotSpec | undefined {
  const { bot, botKind } = body;
  if (bot === undefined) {
    if (botKind !== undefined) fail(400, 'botKind needs bot');
    return undefined;
  }
  if (bot !== 'R' && bot !== 'I') fail(400, 'bot must be "R" or "I" (the seat the bot plays)');
  const kind = botKind === undefined ? DEFAULT_BOT_KIND : parseBotKind(botKind);
  if (!kind) fail(400, `botKind must be one of ${BOT_KINDS.join(', ')}`);
  return { seat: bot, kind };
}

/** `solo` of a create body (RULES §9), strictly: exactly `{ bot: 'R' | 'I', difficulty }`; never with a server bot. */
function checkSolo(body: Record<string, unknown>): SoloSetup | undefined {
  const { solo } = body;
  if (solo === undefined) return undefined;
  if (body.bot !== undefined || body.botKind !== undefined) fail(400, 'solo cannot be combined with bot or botKind');
  if (typeof solo !== 'object' || solo === null || Array.isArray(solo)) fail(400, 'solo must be an object { bot, difficulty }');
  const o = solo as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (k !== 'bot' && k !== 'difficulty') fail(400, `unknown field solo.${k.slice(0, 40)}`);
  }
  if (o.bot !== 'R' && o.bot !== 'I') fail(400, 'solo.bot must be "R" or "I" (the faction the rival deck plays)');
  if (!(DIFFICULTIES as readonly unknown[]).includes(o.difficulty)) fail(400, `solo.difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  return { bot: o.bot, difficulty: o.difficulty as SoloSetup['difficulty'] };
}

/** The solo setup a stored match was created with, or undefined (a 2-player match). */
export function soloOf(m: Server.MatchData): SoloSetup | undefined {
  const r = soloFromSetupData((m as { setupData?: unknown }).setupData);
  return r && !('error' in r) ? r : undefined;
}

/** The name a bot seat shows in the lobby and to its opponent. */
export const BOT_PLAYER_NAMES: Record<BotKind, string> = {
  'ismcts-easy': 'Bot (easy)', 'ismcts-normal': 'Bot (normal)', 'ismcts-hard': 'Bot (hard)', random: 'Random bot',
};

/** A match as the lobby shows it: never credentials, setupData or anything a client stored. */
export function publicMatch(matchID: string, m: Server.MatchData): PublicMatch {
  const out: PublicMatch = {
    matchID,
    gameName: m.gameName,
    players: publicPlayers(m),
    unlisted: !!m.unlisted,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
  if (m.gameover !== undefined && m.gameover !== null) out.gameover = m.gameover;
  const solo = soloOf(m);
  if (solo) out.solo = solo;
  const clock = (m as TableMetadata).clock;
  if (clock) {
    // parseClockOption filled every field of its kind when the match was created.
    out.clock = (clock.kind === 'live'
      ? { kind: 'live', bankMs: clock.bankMs, incrementMs: clock.incrementMs }
      : { kind: 'turn', perDecisionMs: clock.perDecisionMs }) as ListedClock;
  }
  // Never nextMatchID: it is shown to a seat holder only (see the GET route), so strangers cannot find the rematch.
  return out;
}

type Seat = Server.PlayerMetadata & { left?: boolean };

/**
 * Seats a human holds now (joined, not left, not a bot; a seat handed to the bot is still its owner's; a rematch seat
 * whose player has not asked for it is nobody's yet).
 */
function humanSeats(m: Server.MatchData): SeatID[] {
  const unclaimed = (m as TableMetadata).unclaimed ?? [];
  return SEATS.filter((id) => {
    const p = seatMetadata(m, id);
    return p && typeof p.credentials === 'string' && !unclaimed.includes(id)
      && (!botKindOf(p) || (p.data as { handedOver?: unknown }).handedOver === true);
  });
}

const isOver = (m: Server.MatchData) => m.gameover !== undefined && m.gameover !== null;

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    fail(400, 'malformed URL');
  }
}

function checkPositiveInt(q: unknown, name: string): number | undefined {
  if (q === undefined) return undefined;
  if (typeof q !== 'string' || !/^[1-9][0-9]{0,15}$/.test(q)) fail(400, `${name} must be a positive integer`);
  return Number(q);
}

export function lobby(opts: LobbyOptions): Middleware {
  const { hub, bodyLimitBytes } = opts;
  const db = hub.db;
  const gameName = hub.game.name as string;
  const bucket = (name: string, limit: RateLimit): Limiter => opts.shared?.limiter(name, limit) ?? new RateLimiter(limit);
  const limiter = opts.createLimit ? bucket('create', opts.createLimit) : null;
  const writes = opts.writeLimit === false ? null : bucket('writes', opts.writeLimit ?? DEFAULT_WRITE_LIMIT);
  const renames = opts.renameLimit === false ? null : bucket('renames', opts.renameLimit ?? DEFAULT_RENAME_LIMIT);
  const maxBotMatches = opts.maxBotMatchesPerAddress ?? 3;
  // address → unfinished bot matches it created (in this process, or with several processes in all of them)
  const botMatches = opts.shared?.botMatches ?? new LocalBotMatches();
  const origins = opts.origins ?? [];

  const limited = async (bucket: Limiter | null, key: string, what: string) => {
    if (!bucket) return;
    const wait = await bucket.take(key || 'unknown');
    if (wait > 0) fail(429, `${what}: retry in ${wait} s`, { 'Retry-After': String(wait) });
  };
  const rateLimitCreate = (ip: string) => limited(limiter, ip, 'too many matches created from this address');

  /** Bot searches are the costliest thing a client can ask for: a few unfinished bot matches per address. */
  const checkBotCap = async (ip: string) => {
    if (maxBotMatches <= 0) return;
    let open = 0;
    for (const id of await botMatches.list(ip)) {
      const { metadata } = await db.fetch(id, { metadata: true });
      if (!metadata || isOver(metadata)) await botMatches.remove(ip, id);
      else open++;
    }
    if (open >= maxBotMatches) fail(429, `at most ${maxBotMatches} unfinished bot matches per address`);
  };

  /**
   * A new match. A rematch (`rematch`) holds each seat of `reserved` for its player of the last match, with new
   * credentials only playAgain hands out; the seats of players other than `rematch.by` wait for their playAgain
   * (`unclaimed`, issue 19 item 2).
   */
  const newMatch = async (
    ip: string, unlisted: boolean, bot: BotSpec | undefined, reserved: Record<string, string> = {}, solo?: SoloSetup,
    clock?: ClockSettings, rematch?: { of: string; by: SeatID },
  ) => {
    if (clock && (bot || solo)) fail(400, 'a clock is for matches between two players (not with bot or solo)');
    if (bot && solo) fail(400, 'solo cannot be combined with bot or botKind');
    if (bot) await checkBotCap(ip);
    // The only setupData ever stored is this one, built here from validated fields (clients cannot send any).
    const setupData = solo ? { mode: 'solo', bot: solo.bot, difficulty: solo.difficulty } : undefined;
    const created = bgioCreateMatch({ game: hub.game, numPlayers: 2, setupData, unlisted });
    if ('setupDataError' in created) fail(400, 'cannot create this match');
    const { metadata, initialState } = created;
    if (solo) {
      // The rival's seat: a name (so it is never free), no credentials (so nobody syncs or moves as it), the marker.
      const id = Number(playerOf(solo.bot));
      metadata.players[id] = { id, name: RIVAL_NAME, data: { rival: true } };
    }
    if (bot) {
      const id = playerOf(bot.seat);
      metadata.players[Number(id)] = {
        id: Number(id), name: BOT_PLAYER_NAMES[bot.kind], credentials: newCredentials(),
        data: { bot: bot.kind }, isConnected: true,
      };
    }
    // A rematch: each seat is held for its player of the last match, with new credentials only playAgain hands out.
    const t = metadata as TableMetadata;
    for (const [id, name] of Object.entries(reserved)) {
      metadata.players[Number(id)] = { id: Number(id), name, credentials: newCredentials() };
    }
    if (rematch) {
      t.rematchOf = rematch.of;
      const waiting = Object.keys(reserved).filter((id): id is SeatID => isSeatID(id) && id !== rematch.by);
      if (waiting.length > 0) {
        t.unclaimed = waiting;
        t.unclaimedSince = hub.now();
      }
    }
    // Issue 19 item 2: no clock and no absence before both players hold their seats. A rematch with a bot or the
    // rival deck is seated at once (its player asked for it); one waiting for the other player starts on its
    // playAgain (claimRematchSeat), one with an open seat on the join.
    if (seated(metadata)) startAbsences(metadata, hub.now());
    if (clock) t.clock = newClock(clock);
    const matchID = newMatchID();
    await db.createMatch(matchID, { initialState, metadata });
    opts.onEvent?.({ event: 'created', matchID, ...(bot ? { bot: bot.kind } : {}), ...(solo ? { solo: true } : {}), ...(clock ? { clock: clock.kind } : {}) });
    if (bot) {
      await botMatches.add(ip, matchID);
      opts.onBotMatch(matchID);
    }
    return matchID;
  };

  /** The bot seat of a bot match. A seat handed to the bot is its owner's (issue 19 item 6: not carried into a rematch). */
  const botOf = (m: Server.MatchData): BotSpec | undefined => {
    for (const id of SEATS) {
      const p = seatMetadata(m, id);
      if ((p?.data as { handedOver?: unknown } | undefined)?.handedOver === true) continue;
      const kind = botKindOf(p);
      if (kind) return { seat: seatOf(id), kind };
    }
    return undefined;
  };

  /**
   * Inside the rematch's queue: `seat`'s player asks for the rematch (playAgain). Its credentials, once its seat is
   * claimed; when that was the last unclaimed seat, the match is seated: the absences count and the clock starts
   * from now (issue 19 item 2), and both sockets get the table. 'lost': the seat is no longer the player's (left);
   * 'gone': the rematch was deleted.
   */
  const claimRematchSeat = async (matchID: string, seat: SeatID): Promise<{ credentials: string } | 'lost' | 'gone'> => {
    const { metadata: m } = await db.fetch(matchID, { metadata: true });
    if (!m) return 'gone';
    const p = seatMetadata(m, seat) as Seat | undefined;
    if (!p || typeof p.credentials !== 'string' || botKindOf(p)) return 'lost';
    const t = m as TableMetadata;
    if (!t.unclaimed?.includes(seat)) return { credentials: p.credentials };
    const waiting = t.unclaimed.filter((id) => id !== seat);
    if (waiting.length > 0) {
      t.unclaimed = waiting;
    } else {
      delete t.unclaimed;
      delete t.unclaimedSince;
    }
    const now = hub.now();
    if (seated(m)) startAbsences(m, now);
    await startClockIfSeated(db, matchID, m, now);
    await db.setMetadata(matchID, m);
    hub.forget(matchID);
    hub.announce(matchID, m); // players (who is away) and the table (the clock) to the sockets; re-arms the timer
    opts.onEvent?.({ event: 'joined', matchID, playerID: seat });
    return { credentials: p.credentials };
  };

  const matchOr404 = async (matchID: string): Promise<Server.MatchData> => {
    if (!isMatchID(matchID)) fail(404, 'match not found');
    const { metadata } = await db.fetch(matchID, { metadata: true });
    if (!metadata) fail(404, 'match not found');
    return metadata;
  };

  /**
   * Before the match's queue (issue 19 item 4): credentials that cannot be the seat's are refused without taking it
   * (or its Redis lock); those that may be are checked for real by `authorized`, in the queue.
   */
  const precheck = async (matchID: string, playerID: SeatID, credentials: unknown) => {
    const pre = await hub.seatKeys.check(matchID, playerID, credentials).catch(() => 'maybe' as const);
    if (pre === 'match not found') fail(404, 'match not found');
    if (pre !== 'maybe') fail(403, 'invalid credentials');
  };

  const authorized = (m: Server.MatchData, playerID: SeatID, credentials: unknown) => {
    if (!seatMetadata(m, playerID)) fail(404, 'player not found');
    if (!credentialsMatch(m, playerID, credentials)) fail(403, 'invalid credentials');
  };

  /** A browser sends Origin on every POST: only this server's own page (or a configured origin) may write. */
  const checkOrigin = (ctx: Parameters<Middleware>[0]) => {
    const origin = ctx.get('Origin');
    if (!origin) return; // not a browser (curl, tests, server-side clients): nothing to forge on their behalf
    if (origin === `${ctx.protocol}://${ctx.host}` || origins.includes(origin)) return;
    fail(403, 'cross-origin request refused');
  };

  const body = async (ctx: Parameters<Middleware>[0], allowed: readonly string[]) => {
    checkOrigin(ctx);
    const b = await readJsonObject(ctx, bodyLimitBytes);
    refuseClientData(b);
    onlyKeys(b, allowed);
    return b;
  };

  const matchParam = (parts: string[]) => {
    const matchID = parts[1];
    if (!isMatchID(matchID)) fail(404, 'match not found');
    return matchID;
  };

  return async (ctx, next) => {
    const path = ctx.path;
    if (path !== '/games' && !path.startsWith('/games/')) return next();
    ctx.set('Cache-Control', 'no-store');
    const parts = path.split('/').slice(2).map(decode); // '/games/a/b' → ['a', 'b']
    if (path === '/games') parts.length = 0;
    const method = ctx.method;
    const route = parts.length === 0 ? 'games'
      : parts.length === 1 ? 'list'
        : parts.length === 2 && parts[1] === 'create' && method === 'POST' ? 'create'
          : parts.length === 2 ? 'match'
            : parts.length === 3 ? parts[2] : null;
    const allowed: Record<string, string> = {
      games: 'GET', list: 'GET', create: 'POST', match: 'GET',
      join: 'POST', leave: 'POST', update: 'POST', rename: 'POST', playAgain: 'POST',
    };
    if (route === null || !Object.prototype.hasOwnProperty.call(allowed, route)) fail(404, 'not found');
    if (method !== allowed[route]) {
      ctx.set('Allow', allowed[route]);
      fail(405, 'method not allowed');
    }
    if (route !== 'games' && parts[0] !== gameName) fail(404, 'game not found');
    const ip = ctx.ip || 'unknown';

    switch (route) {
      case 'games': {
        ctx.body = [gameName];
        return;
      }
      case 'list': {
        const q = ctx.query;
        for (const k of Object.keys(q)) {
          if (!['isGameover', 'updatedBefore', 'updatedAfter', 'limit', 'cursor'].includes(k)) fail(400, `unknown query parameter ${JSON.stringify(k.slice(0, 40))}`);
        }
        let isGameover: boolean | undefined;
        if (q.isGameover !== undefined) {
          if (q.isGameover !== 'true' && q.isGameover !== 'false') fail(400, 'isGameover must be true or false');
          isGameover = q.isGameover === 'true';
        }
        const updatedBefore = checkPositiveInt(q.updatedBefore, 'updatedBefore');
        const updatedAfter = checkPositiveInt(q.updatedAfter, 'updatedAfter');
        const limit = checkPositiveInt(q.limit, 'limit') ?? LIST_PAGE_DEFAULT;
        if (limit > LIST_PAGE_MAX) fail(400, `limit must be at most ${LIST_PAGE_MAX}`);
        const cursor = decodeCursor(q.cursor);
        const page = await db.listPage({ gameName, limit, cursor, where: { isGameover, updatedBefore, updatedAfter } });
        const out: Record<string, unknown> = { matches: page.matches.map((m) => publicMatch(m.matchID, m.metadata)) };
        if (page.next) out.nextCursor = encodeCursor(page.next);
        ctx.body = out;
        return;
      }
      case 'match': {
        const matchID = parts[1];
        const m = await matchOr404(matchID);
        const out = publicMatch(matchID, m);
        // A seat holder (credentials in headers, never in the URL) also learns the rematch.
        const playerID = ctx.get('X-Player-ID');
        if (playerID || ctx.get('X-Player-Credentials')) {
          if (!isSeatID(playerID) || !credentialsMatch(m, playerID, ctx.get('X-Player-Credentials'))) fail(403, 'invalid credentials');
          if (typeof m.nextMatchID === 'string') out.nextMatchID = m.nextMatchID;
        }
        ctx.body = out;
        return;
      }
      case 'create': {
        checkOrigin(ctx);
        await rateLimitCreate(ip); // before the body is read: bad requests count too
        const b = await body(ctx, ['numPlayers', 'unlisted', 'bot', 'botKind', 'solo', 'clock']);
        checkNumPlayers(b.numPlayers);
        const unlisted = checkBool(b.unlisted, 'unlisted') ?? false;
        const solo = checkSolo(b);
        const bot = checkBot(b);
        const clock = parseClockOption(b.clock);
        if (clock && 'error' in clock) fail(400, clock.error);
        ctx.body = { matchID: await newMatch(ip, unlisted, bot, {}, solo, clock) };
        return;
      }
      case 'join': {
        const b = await body(ctx, ['playerID', 'playerName']);
        const name = checkName(b.playerName, 'playerName');
        let playerID = checkSeat(b.playerID, false);
        const matchID = matchParam(parts);
        await limited(writes, ip, 'too many lobby requests from this address');
        ctx.body = await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          if (playerID === undefined) {
            playerID = SEATS.find((id) => { const p = seatMetadata(m, id); return p && (p.name === undefined || p.name === null); });
            if (playerID === undefined) fail(409, 'match is full');
          }
          const p = seatMetadata(m, playerID) as Seat | undefined;
          if (!p) fail(404, 'player not found');
          if (isRivalSeat(p)) fail(409, `player ${playerID} is the rival deck of this solo match: nobody can join it`);
          // A seat that was ever taken stays closed (a left seat keeps its name): its view is not for newcomers.
          if ((p.name !== undefined && p.name !== null) || p.left) fail(409, `player ${playerID} is not available`);
          checkNotOther(name, seatMetadata(m, otherSeat(playerID))?.name, 'playerName');
          p.name = name;
          p.credentials = newCredentials();
          // Both seats held now: the absences count from here (a seat whose player never opens a socket can be
          // handed to the bot after the limit), and the clock starts (issue 19 item 2: not before).
          if (seated(m)) startAbsences(m, hub.now());
          const clockStarted = await startClockIfSeated(db, matchID, m, hub.now());
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
          hub.seatsChanged(matchID, m); // the credentials pre-checks (./seat-keys.ts) here and in other processes
          if (clockStarted) hub.sendTable(matchID, m);
          else hub.onTable(matchID, m); // the seat's absence deadline (./table-timer.ts), until its player connects
          opts.onEvent?.({ event: 'joined', matchID, playerID });
          return { playerID, playerCredentials: p.credentials };
        });
        return;
      }
      case 'leave': {
        const b = await body(ctx, ['playerID', 'credentials']);
        const playerID = checkSeat(b.playerID, true)!;
        const matchID = matchParam(parts);
        await limited(writes, ip, 'too many lobby requests from this address');
        await precheck(matchID, playerID, b.credentials);
        let wiped = false;
        let rematchOf: string | undefined;
        await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, b.credentials);
          const p = seatMetadata(m, playerID)! as Seat;
          // The seat closes for good: no credentials (the leaver's sockets lose it), name kept, marked left.
          delete p.credentials;
          p.isConnected = false;
          p.left = true;
          hub.evict(matchID, playerID);
          opts.onEvent?.({ event: 'left', matchID, playerID });
          // (A rematch left by its only player before the other asked for it goes too: no result, issue 19 item 2.)
          if (humanSeats(m).length === 0) {
            await db.wipe(matchID);
            wiped = true;
            rematchOf = (m as TableMetadata).rematchOf;
            hub.evict(matchID);
            return;
          }
          // Leaving a game in progress is a forfeit: the other seat wins, and nobody can take the empty chair.
          if (!isOver(m) && await hub.forfeitInQueue(matchID, playerID, m)) return;
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
        });
        if (wiped) opts.onWiped?.(matchID);
        if (rematchOf !== undefined) await forgetRematch(hub, rematchOf, matchID);
        ctx.body = {};
        return;
      }
      case 'update':
      case 'rename': {
        const b = await body(ctx, ['playerID', 'credentials', 'newName']);
        const playerID = checkSeat(b.playerID, true)!;
        const newName = checkName(b.newName, 'newName');
        const matchID = matchParam(parts);
        await limited(writes, ip, 'too many lobby requests from this address');
        await precheck(matchID, playerID, b.credentials);
        await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, b.credentials);
          await limited(renames, `${matchID}|${playerID}`, 'too many renames');
          checkNotOther(newName, seatMetadata(m, otherSeat(playerID))?.name, 'newName');
          seatMetadata(m, playerID)!.name = newName;
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
        });
        ctx.body = {};
        return;
      }
      case 'playAgain': {
        const b = await body(ctx, ['playerID', 'credentials', 'unlisted', 'numPlayers']);
        const playerID = checkSeat(b.playerID, true)!;
        checkNumPlayers(b.numPlayers);
        const unlisted = checkBool(b.unlisted, 'unlisted');
        const matchID = matchParam(parts);
        await limited(writes, ip, 'too many lobby requests from this address');
        await precheck(matchID, playerID, b.credentials);
        ctx.body = await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, b.credentials);
          if (!isOver(m)) fail(409, 'the game is not over');
          if (typeof m.nextMatchID === 'string') {
            const nextMatchID = m.nextMatchID;
            // In the rematch's queue (nested: nothing takes these two queues the other way round).
            const held = await hub.enqueue(nextMatchID, () => claimRematchSeat(nextMatchID, playerID));
            if (typeof held === 'object') return { nextMatchID, playerID, playerCredentials: held.credentials };
            if (held === 'lost') fail(409, 'your seat in the rematch is no longer held');
            // The rematch is gone (everyone left it, or it expired unopened): make a new one.
          }
          await rateLimitCreate(ip);
          const reserved: Record<string, string> = {};
          for (const id of humanSeats(m)) reserved[id] = seatMetadata(m, id)!.name as string;
          // Names stored before the look-alike rule (issue 19 item 8) are not carried into a new match as they are.
          if (reserved['0'] !== undefined && reserved['1'] !== undefined) {
            checkNotOther(reserved[playerID], reserved[otherSeat(playerID)], 'your name');
          }
          const c = (m as TableMetadata).clock;
          const clock: ClockSettings | undefined = c
            ? { kind: c.kind, bankMs: c.bankMs, incrementMs: c.incrementMs, perDecisionMs: c.perDecisionMs } : undefined;
          const nextMatchID = await newMatch(ip, unlisted ?? !!m.unlisted, botOf(m), reserved, soloOf(m), clock, { of: matchID, by: playerID });
          m.nextMatchID = nextMatchID;
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
          const { metadata: next } = await db.fetch(nextMatchID, { metadata: true });
          return { nextMatchID, playerID, playerCredentials: seatMetadata(next, playerID)!.credentials };
        });
        return;
      }
      default:
        fail(404, 'not found');
    }
  };
}
