/**
 * The lobby REST API, answered here instead of by boardgame.io's router (same routes and response shapes, so
 * boardgame.io's `LobbyClient` works unchanged), with:
 * - every body a JSON object of bounded size with known fields only; `setupData` and `data` are refused, so a
 *   listing shows nothing a client chose but player names;
 * - `playerName` / `newName`: a string of 1–32 printable characters (trimmed first);
 * - match creation (create, playAgain) rate-limited per address;
 * - `{ bot: 'R' | 'I', botKind?: 'ismcts-easy' | 'ismcts-normal' | 'ismcts-hard' | 'random' }` on create: that seat
 *   is taken by a server bot (default ismcts-normal; the old 'mcts' is an alias of ismcts-normal);
 * - credentials compared in constant time, and never echoed;
 * - metadata edits run in the match's queue (./hub.ts), so a join cannot be lost to a concurrent write;
 * - errors as `{ error }` with a 4xx status (./http.ts).
 * This middleware answers every path under /games itself and never falls through to boardgame.io's router.
 */
import type { Middleware } from 'koa';
import type { Server } from 'boardgame.io';
import { createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import { playerOf } from '../src/game';
import type { Faction } from '../src/game/content';
import { credentialsMatch, isSeatID, newCredentials, newMatchID, seatMetadata, SEATS, type SeatID } from './auth';
import { BOT_KINDS, botKindOf, DEFAULT_BOT_KIND, isMatchID, parseBotKind, publicPlayers, type BotKind, type MatchHub } from './hub';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from './http';

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
}

export const MAX_NAME_LENGTH = 32;
/** Letters, marks, digits, punctuation, symbols and spaces: no control, format, separator or unassigned code point. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;

export function checkName(x: unknown, field: string): string {
  if (typeof x !== 'string') fail(400, `${field} must be a string`);
  if (x.length > MAX_NAME_LENGTH * 4) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  const s = x.trim();
  const n = [...s].length;
  if (n < 1 || n > MAX_NAME_LENGTH) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  if (!PRINTABLE.test(s)) fail(400, `${field} must contain printable characters only`);
  return s;
}

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

/** The name a bot seat shows in the lobby and to its opponent. */
export const BOT_PLAYER_NAMES: Record<BotKind, string> = {
  'ismcts-easy': 'Bot (easy)', 'ismcts-normal': 'Bot (normal)', 'ismcts-hard': 'Bot (hard)', random: 'Random bot',
};

/** A match as the lobby shows it: never credentials, setupData or anything a client stored. */
export function publicMatch(matchID: string, m: Server.MatchData) {
  const out: Record<string, unknown> = {
    matchID,
    gameName: m.gameName,
    players: publicPlayers(m),
    unlisted: !!m.unlisted,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
  if (m.gameover !== undefined && m.gameover !== null) out.gameover = m.gameover;
  if (typeof m.nextMatchID === 'string') out.nextMatchID = m.nextMatchID;
  return out;
}

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
  const limiter = opts.createLimit ? new RateLimiter(opts.createLimit) : null;

  const rateLimitCreate = (ip: string) => {
    if (!limiter) return;
    const wait = limiter.take(ip || 'unknown');
    if (wait > 0) fail(429, `too many matches created from this address: retry in ${wait} s`, { 'Retry-After': String(wait) });
  };

  const newMatch = async (unlisted: boolean, bot: BotSpec | undefined): Promise<string> => {
    const created = bgioCreateMatch({ game: hub.game, numPlayers: 2, setupData: undefined, unlisted });
    if ('setupDataError' in created) fail(400, 'cannot create this match');
    const { metadata, initialState } = created;
    if (bot) {
      const id = playerOf(bot.seat);
      metadata.players[Number(id)] = {
        id: Number(id), name: BOT_PLAYER_NAMES[bot.kind], credentials: newCredentials(),
        data: { bot: bot.kind }, isConnected: true,
      };
    }
    const matchID = newMatchID();
    await db.createMatch(matchID, { initialState, metadata });
    if (bot) opts.onBotMatch(matchID);
    return matchID;
  };

  const botOf = (m: Server.MatchData): BotSpec | undefined => {
    for (const id of SEATS) {
      const kind = botKindOf(seatMetadata(m, id));
      if (kind) return { seat: id === '0' ? 'R' : 'I', kind };
    }
    return undefined;
  };

  const matchOr404 = async (matchID: string): Promise<Server.MatchData> => {
    if (!isMatchID(matchID)) fail(404, 'match not found');
    const { metadata } = await db.fetch(matchID, { metadata: true });
    if (!metadata) fail(404, 'match not found');
    return metadata;
  };

  const authorized = (m: Server.MatchData, playerID: SeatID, credentials: unknown) => {
    if (!seatMetadata(m, playerID)) fail(404, 'player not found');
    if (!credentialsMatch(m, playerID, credentials)) fail(403, 'invalid credentials');
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

    switch (route) {
      case 'games': {
        ctx.body = [gameName];
        return;
      }
      case 'list': {
        const q = ctx.query;
        for (const k of Object.keys(q)) {
          if (!['isGameover', 'updatedBefore', 'updatedAfter'].includes(k)) fail(400, `unknown query parameter ${JSON.stringify(k.slice(0, 40))}`);
        }
        let isGameover: boolean | undefined;
        if (q.isGameover !== undefined) {
          if (q.isGameover !== 'true' && q.isGameover !== 'false') fail(400, 'isGameover must be true or false');
          isGameover = q.isGameover === 'true';
        }
        const updatedBefore = checkPositiveInt(q.updatedBefore, 'updatedBefore');
        const updatedAfter = checkPositiveInt(q.updatedAfter, 'updatedAfter');
        const ids = await db.listMatches({ gameName, where: { isGameover, updatedBefore, updatedAfter } });
        const matches = [];
        for (const id of ids) {
          const { metadata } = await db.fetch(id, { metadata: true });
          if (metadata && !metadata.unlisted) matches.push(publicMatch(id, metadata));
        }
        ctx.body = { matches };
        return;
      }
      case 'match': {
        ctx.body = publicMatch(parts[1], await matchOr404(parts[1]));
        return;
      }
      case 'create': {
        rateLimitCreate(ctx.ip);
        const body = await readJsonObject(ctx, bodyLimitBytes);
        refuseClientData(body);
        onlyKeys(body, ['numPlayers', 'unlisted', 'bot', 'botKind']);
        checkNumPlayers(body.numPlayers);
        const unlisted = checkBool(body.unlisted, 'unlisted') ?? false;
        const bot = checkBot(body);
        ctx.body = { matchID: await newMatch(unlisted, bot) };
        return;
      }
      case 'join': {
        const body = await readJsonObject(ctx, bodyLimitBytes);
        refuseClientData(body);
        onlyKeys(body, ['playerID', 'playerName']);
        const name = checkName(body.playerName, 'playerName');
        let playerID = checkSeat(body.playerID, false);
        const matchID = parts[1];
        if (!isMatchID(matchID)) fail(404, 'match not found');
        ctx.body = await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          if (playerID === undefined) {
            playerID = SEATS.find((id) => { const p = seatMetadata(m, id); return p && (p.name === undefined || p.name === null); });
            if (playerID === undefined) fail(409, 'match is full');
          }
          const p = seatMetadata(m, playerID);
          if (!p) fail(404, 'player not found');
          if (p.name !== undefined && p.name !== null) fail(409, `player ${playerID} is not available`);
          p.name = name;
          p.credentials = newCredentials();
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
          return { playerID, playerCredentials: p.credentials };
        });
        return;
      }
      case 'leave': {
        const body = await readJsonObject(ctx, bodyLimitBytes);
        onlyKeys(body, ['playerID', 'credentials']);
        const playerID = checkSeat(body.playerID, true)!;
        const matchID = parts[1];
        if (!isMatchID(matchID)) fail(404, 'match not found');
        let wiped = false;
        await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, body.credentials);
          const p = seatMetadata(m, playerID)!;
          delete p.name;
          delete p.credentials;
          delete p.isConnected;
          const humans = SEATS.some((id) => { const q = seatMetadata(m, id); return q && q.name && !botKindOf(q); });
          if (humans) await db.setMetadata(matchID, m);
          else {
            await db.wipe(matchID);
            wiped = true;
          }
          // Sockets synced as that seat stop receiving its view (someone else may join it next).
          if (wiped) hub.evict(matchID);
          else hub.evict(matchID, playerID);
        });
        if (wiped) opts.onWiped?.(matchID);
        ctx.body = {};
        return;
      }
      case 'update':
      case 'rename': {
        const body = await readJsonObject(ctx, bodyLimitBytes);
        refuseClientData(body);
        onlyKeys(body, ['playerID', 'credentials', 'newName']);
        const playerID = checkSeat(body.playerID, true)!;
        const newName = checkName(body.newName, 'newName');
        const matchID = parts[1];
        if (!isMatchID(matchID)) fail(404, 'match not found');
        await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, body.credentials);
          seatMetadata(m, playerID)!.name = newName;
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
        });
        ctx.body = {};
        return;
      }
      case 'playAgain': {
        const body = await readJsonObject(ctx, bodyLimitBytes);
        refuseClientData(body);
        onlyKeys(body, ['playerID', 'credentials', 'unlisted', 'numPlayers']);
        const playerID = checkSeat(body.playerID, true)!;
        checkNumPlayers(body.numPlayers);
        const unlisted = checkBool(body.unlisted, 'unlisted');
        const matchID = parts[1];
        if (!isMatchID(matchID)) fail(404, 'match not found');
        ctx.body = await hub.enqueue(matchID, async () => {
          const m = await matchOr404(matchID);
          authorized(m, playerID, body.credentials);
          if (typeof m.nextMatchID === 'string') return { nextMatchID: m.nextMatchID };
          rateLimitCreate(ctx.ip);
          const nextMatchID = await newMatch(unlisted ?? !!m.unlisted, botOf(m));
          m.nextMatchID = nextMatchID;
          await db.setMetadata(matchID, m);
          hub.forget(matchID);
          return { nextMatchID };
        });
        return;
      }
      default:
        fail(404, 'not found');
    }
  };
}
