/**
 * Player names (issue 14, item 10; issue 19 items 7 and 8). A name is 1–32 characters after trimming, of letters,
 * marks, digits, punctuation, symbols and spaces; nothing the text policy forbids (src/protocol/text-policy.ts: controls, C1,
 * bidirectional marks, zero widths; a joiner only where it joins, as in 👩‍🚀 or a Persian word).
 * It needs at least one visible character: a letter, digit, punctuation or symbol that is not a default-ignorable
 * code point (U+3164 and U+FFA0 Hangul fillers are letters by category, but blank) nor U+2800 (Braille blank).
 * Marks alone (an accent with nothing under it) are not visible. A name that looks like "Bot" (the server bot's
 * names), "Rival deck" (the solo rival's seat) or the other seat's name is refused, compared by confusable
 * skeleton (./confusables.ts: NFKC, case, invisible characters, Cyrillic/Greek look-alikes, 0/O, 1/l/I): `Bоb`
 * with a Cyrillic о cannot sit down against `Bob`.
 */
import type { Server } from 'boardgame.io';
import { looksAlike } from './confusables';
import { seatIDs, seatMetadata } from '../seats/credentials';
import { fail } from '../http';
import { forbiddenIn, forbiddenMessage } from '../../src/protocol/text-policy';

export const MAX_NAME_LENGTH = 32;
/** Letters, marks, digits, punctuation, symbols and spaces: no control, format, separator or unassigned code point. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;
/** Names only the server gives (its bot seats, and the rival deck's seat of a solo match), and look-alikes of them. */
const RESERVED = ['Bot', 'Random bot', 'Bot (easy)', 'Bot (normal)', 'Bot (hard)', 'Rival', 'Rival deck'];

/** The name as given, trimmed, or a 400 saying what is wrong with it. */
export function checkName(x: unknown, field: string): string {
  if (typeof x !== 'string') fail(400, `${field} must be a string`);
  if (x.length > MAX_NAME_LENGTH * 4) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  const s = x.trim();
  const n = [...s].length;
  if (n < 1 || n > MAX_NAME_LENGTH) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  const bad = forbiddenIn(s);
  if (bad !== null) fail(400, forbiddenMessage(field, bad));
  // The policy let through joiners that join only; the rest must be printable.
  if (!PRINTABLE.test(s.replace(/[\u200C\u200D]/g, ''))) fail(400, `${field} must contain printable characters only`);
  if (!VISIBLE.test(s)) fail(400, `${field} must contain at least one visible character`);
  if (RESERVED.some((r) => looksAlike(s, r))) fail(400, `${field} ${JSON.stringify(s)} is reserved`);
  return s;
}

/**
 * Refuses `name` for seat `playerID` if it reads as the name of any other seat of the match (the same name, or one
 * that looks like it): a game of more than two seats checks every other seat.
 */
export function checkNotOthers(name: string, metadata: Server.MatchData, playerID: string, field: string): void {
  for (const id of seatIDs(metadata)) {
    if (id !== playerID) checkNotOther(name, seatMetadata(metadata, id)?.name, field);
  }
}

/** Refuses `name` if it reads as `other` (the other seat's name): the same name, or one that looks like it. */
export function checkNotOther(name: string, other: unknown, field: string): void {
  if (typeof other === 'string' && looksAlike(name, other)) {
    fail(400, `${field} looks like the other player's name: choose one that cannot be mistaken for it`);
  }
}
