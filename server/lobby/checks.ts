/** Checks of the lobby's request fields: each refuses a bad value with a 400 naming the field (../http/index.ts `fail`). */
import { DIFFICULTIES, type SoloSetup } from '../../src/game/content';
import { isPlayerID, type SeatID } from '../seats/credentials';
import { botKindIn, type HostedGame } from '../match/hosted-game';
import { fail } from '../http';
import { DEFAULT_HINT_LIMIT, MAX_HINT_LIMIT } from '../../src/protocol';

export function checkSeat(x: unknown, required: boolean): SeatID | undefined {
  if (x === undefined || x === null) {
    if (required) fail(400, 'playerID is required');
    return undefined;
  }
  const s = typeof x === 'number' && Number.isInteger(x) ? String(x) : x;
  if (!isPlayerID(s)) fail(400, 'playerID must be a seat: "0", "1", …');
  return s;
}

export function checkBool(x: unknown, field: string): boolean | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'boolean') fail(400, `${field} must be a boolean`);
  return x;
}

/** `numPlayers` of a create body, within the game's range (../match/hosted-game.ts `players`); absent: its least. */
export function checkNumPlayers(x: unknown, players: { min: number; max: number }): number {
  const { min, max } = players;
  const range = min === max ? `${min}` : `${min} to ${max}`;
  if (x === undefined) return min;
  const n = typeof x === 'string' && /^[1-9][0-9]?$/.test(x) ? Number(x) : x;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) fail(400, `numPlayers must be ${range}`);
  return n;
}

/** A listing shows nothing a client chose but names: boardgame.io's free-form `setupData` and `data` are refused. */
export function refuseClientData(body: Record<string, unknown>): void {
  if ('setupData' in body) fail(400, 'setupData is not accepted');
  if ('data' in body) fail(400, 'data is not accepted');
}

/** A server-bot seat: the seat's playerID and the game's bot kind that plays it. */
export interface BotSpec {
  playerID: SeatID;
  kind: string;
}

/**
 * `bot` and `botKind` of a create body, checked against the game's bots (../match/hosted-game.ts `bots`): `bot`
 * names one of its seats (Mint: "R" or "I"), `botKind` one of its kinds (default: the game's default kind). A game of
 * more than two seats also takes a list of seats for `bot` (every seat but one at most: a match has a human) and
 * of kinds for `botKind` (one for every seat, or one for all). The seats must be seats of a match of `numPlayers`.
 */
export function checkBot(body: Record<string, unknown>, hosted: HostedGame, numPlayers: number): BotSpec[] {
  const { bot, botKind } = body;
  if (bot === undefined) {
    if (botKind !== undefined) fail(400, 'botKind needs bot');
    return [];
  }
  const bots = hosted.bots;
  if (!bots) fail(400, `${hosted.game.name as string} has no server bot`);
  const seats = Object.keys(bots.seats);
  const many = hosted.players.max > 2 && Array.isArray(bot);
  const names: unknown[] = many ? (bot as unknown[]) : [bot];
  if (many && (names.length < 1 || names.length > numPlayers - 1)) {
    fail(400, `bot must list 1 to ${numPlayers - 1} seats (a match keeps a seat for a human)`);
  }
  const kinds: unknown[] = Array.isArray(botKind) && many ? botKind : names.map(() => botKind);
  if (kinds.length !== names.length) fail(400, 'botKind must name one kind, or one for each seat of bot');
  const out: BotSpec[] = [];
  for (const [i, name] of names.entries()) {
    const playerID = typeof name === 'string' && Object.hasOwn(bots.seats, name) ? bots.seats[name] : undefined;
    if (!isPlayerID(playerID) || Number(playerID) >= numPlayers) {
      fail(400, `bot must be ${seats.filter((s) => Number(bots.seats[s]) < numPlayers).map((s) => `"${s}"`).join(' or ')} (the seat the bot plays)`);
    }
    if (out.some((b) => b.playerID === playerID)) fail(400, 'bot names a seat twice');
    const kind = kinds[i] === undefined ? bots.defaultKind : botKindIn(bots, kinds[i]);
    if (!kind) fail(400, `botKind must be one of ${Object.keys(bots.kinds).join(', ')}`);
    out.push({ playerID, kind });
  }
  return out;
}

/** `solo` of a create body (RULES §9), strictly: exactly `{ bot: 'R' | 'I', difficulty }`; never with a server bot. */
export function checkSolo(body: Record<string, unknown>): SoloSetup | undefined {
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

export function checkPositiveInt(q: unknown, name: string): number | undefined {
  if (q === undefined) return undefined;
  if (typeof q !== 'string' || !/^[1-9][0-9]{0,15}$/.test(q)) fail(400, `${name} must be a positive integer`);
  return Number(q);
}

/** `hints` of a create body (issue 22): `{ limit? }`, 1…MAX_HINT_LIMIT hints per seat; absent: the match has none. */
export function checkHints(x: unknown): number | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'object' || x === null || Array.isArray(x)) fail(400, 'hints must be an object { limit }');
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k !== 'limit') fail(400, `unknown field hints.${k.slice(0, 40)}`);
  if (o.limit === undefined) return DEFAULT_HINT_LIMIT;
  if (typeof o.limit !== 'number' || !Number.isInteger(o.limit) || o.limit < 1 || o.limit > MAX_HINT_LIMIT) {
    fail(400, `hints.limit must be a whole number from 1 to ${MAX_HINT_LIMIT}`);
  }
  return o.limit;
}
