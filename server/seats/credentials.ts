/**
 * Seat credentials. boardgame.io 0.50.2 checks credentials only once somebody has joined a match (STACK.md hole 4):
 * here a seat is usable only with the credentials the lobby issued for it, so a seat nobody joined cannot be used
 * at all, and a spectator (no playerID) never needs any.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'boardgame.io';

// Mint Imperium's two seats ('0' the Rebel, '1' the Imperial): src/protocol/seats.ts, shared with its board; its own
// routes (table, hints, records, reports) check them with `isSeatID`. The game-agnostic server code uses
// `isPlayerID` and `seatIDs` below instead: a hosted game may have more seats.
export { SEATS, isSeatID } from '../../src/protocol';

/** A seat of a match of any hosted game, as the server code passes it: a playerID that `isPlayerID` accepted. */
export type SeatID = string;

/** At most this many seats in a match of any hosted game (Imperios: 7), so a playerID is one digit. */
export const MAX_SEATS = 10;

/**
 * The shape of a playerID of any hosted game: '0' … '9' (boardgame.io numbers seats from 0). Whether the match has
 * that seat is `seatMetadata`'s question (its metadata lists each seat).
 */
export function isPlayerID(x: unknown): x is string {
  return typeof x === 'string' && x.length === 1 && x >= '0' && x <= '9';
}

/** The playerIDs of a match's seats, in order ('0', '1', … as its metadata lists them). */
export function seatIDs(metadata: Server.MatchData | undefined): string[] {
  const players = metadata?.players as Record<string, unknown> | undefined;
  if (!players || typeof players !== 'object') return [];
  return Object.keys(players)
    .filter((id) => isPlayerID(id) && Object.prototype.hasOwnProperty.call(players, id))
    .sort((a, b) => Number(a) - Number(b));
}

/** 192 random bits, URL-safe. */
export function newCredentials(): string {
  return randomBytes(24).toString('base64url');
}

/** 96 random bits, URL-safe (16 characters). Match IDs are public, but unguessable IDs keep unlisted matches so. */
export function newMatchID(): string {
  return randomBytes(12).toString('base64url');
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time string comparison (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * What stands for a seat's credentials wherever the credentials themselves must not go (the Redis bus, issue 19
 * item 9; the cache of ./keys.ts): SHA-256, hex. Credentials are 192 random bits, so the hash cannot be
 * turned back into them, and it proves nothing to a server that compares hashes of what a client sends.
 */
export function credentialsHash(credentials: string): string {
  return digest(credentials).toString('hex');
}

/** Constant-time: do `credentials` (as a client sent them) hash to `hash`? */
export function matchesHash(credentials: unknown, hash: string): boolean {
  if (typeof credentials !== 'string' || credentials === '' || credentials.length > MAX_CREDENTIALS_LENGTH) return false;
  const h = Buffer.from(hash, 'hex');
  return h.length === 32 && timingSafeEqual(digest(credentials), h);
}

/** Longest credentials string we look at (ours are 32 characters). */
export const MAX_CREDENTIALS_LENGTH = 256;

/** The metadata of seat `playerID`, only for a real seat of this match (never an inherited property). */
export function seatMetadata(metadata: Server.MatchData | undefined, playerID: unknown): Server.PlayerMetadata | undefined {
  if (!metadata || !isPlayerID(playerID)) return undefined;
  const players = metadata.players as Record<string, Server.PlayerMetadata> | undefined;
  if (!players || !Object.prototype.hasOwnProperty.call(players, playerID)) return undefined;
  const p = players[playerID];
  return typeof p === 'object' && p !== null ? p : undefined;
}

/**
 * True only if `playerID` is a seat of the match, someone joined it (it has credentials), and `credentials` is
 * exactly those credentials.
 */
export function credentialsMatch(metadata: Server.MatchData | undefined, playerID: unknown, credentials: unknown): boolean {
  const seat = seatMetadata(metadata, playerID);
  if (!seat || typeof seat.credentials !== 'string' || seat.credentials === '') return false;
  if (typeof credentials !== 'string' || credentials === '' || credentials.length > MAX_CREDENTIALS_LENGTH) return false;
  return sameSecret(credentials, seat.credentials);
}

/**
 * For boardgame.io's `Server({ authenticateCredentials })`: giving this function makes its Auth check every seat,
 * joined or not. (This server answers sockets and lobby calls itself, but whatever of boardgame.io still asks its
 * Auth gets the same answer.)
 */
export const authenticateCredentials: Server.AuthenticateCredentials = (credentials, playerMetadata) =>
  typeof playerMetadata === 'object' && playerMetadata !== null
  && typeof playerMetadata.credentials === 'string' && playerMetadata.credentials !== ''
  && typeof credentials === 'string' && credentials !== '' && credentials.length <= MAX_CREDENTIALS_LENGTH
  && sameSecret(credentials, playerMetadata.credentials);
