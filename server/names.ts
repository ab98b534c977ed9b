/**
 * Player names (issue 14, item 10). A name is 1–32 characters after trimming, of letters, marks, digits,
 * punctuation, symbols and spaces, plus the zero-width joiner inside an emoji sequence (👩‍🚀 is visible).
 * It needs at least one visible character: a letter, digit, punctuation or symbol that is not a default-ignorable
 * code point (U+3164 and U+FFA0 Hangul fillers are letters by category, but blank) nor U+2800 (Braille blank).
 * Marks alone (an accent with nothing under it) are not visible. "Bot" (the server bot's name) and the other seat's
 * name are refused (so are "Rival" and "Rival deck", the solo rival's seat), compared after NFKC, case folding and removing invisible characters.
 */
import { fail } from './http';

export const MAX_NAME_LENGTH = 32;
/** Letters, marks, digits, punctuation, symbols and spaces: no control, format, separator or unassigned code point. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;
/** U+200D between two pictographs (with an optional VS16 or skin tone before it): part of one emoji. */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{M}\p{Zs}\u2800]/gu;
/** Names only the server gives (its bot seats, and the rival deck's seat of a solo match). */
const RESERVED = ['bot', 'randombot', 'bot(easy)', 'bot(normal)', 'bot(hard)', 'rival', 'rivaldeck']; // as nameKey() gives them

/** The name as given, trimmed, or a 400 saying what is wrong with it. */
export function checkName(x: unknown, field: string): string {
  if (typeof x !== 'string') fail(400, `${field} must be a string`);
  if (x.length > MAX_NAME_LENGTH * 4) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  const s = x.trim();
  const n = [...s].length;
  if (n < 1 || n > MAX_NAME_LENGTH) fail(400, `${field} must be 1 to ${MAX_NAME_LENGTH} characters`);
  if (!PRINTABLE.test(s.replace(EMOJI_ZWJ, ''))) fail(400, `${field} must contain printable characters only`);
  if (!VISIBLE.test(s)) fail(400, `${field} must contain at least one visible character`);
  if (RESERVED.includes(nameKey(s))) fail(400, `${field} ${JSON.stringify(s)} is reserved`);
  return s;
}

/** What two names are compared on: NFKC, lower case, without invisible characters and spaces. */
export function nameKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
}

/** Refuses `name` if it reads as `other` (the other seat's name). */
export function checkNotOther(name: string, other: unknown, field: string): void {
  if (typeof other === 'string' && nameKey(other) === nameKey(name)) fail(400, `${field} is the other player's name`);
}
