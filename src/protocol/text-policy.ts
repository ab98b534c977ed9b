/**
 * One text policy for everything people type that the server keeps or shows (issue 19 item 7): player names
 * (server/names.ts), chat lines (server/chat.ts) and problem reports (server/records.ts). It lives in src/protocol,
 * not server/, because it is pure and read on both sides of the wire: the server applies it, and `npm run replay`
 * (src/cli/replay.ts) prints through `escapeForTerminal` without importing the server. Forbidden everywhere:
 * - C0 controls and DEL (U+0000–U+001F, U+007F), except the line breaks and tab a kind of text allows;
 * - C1 controls (U+0080–U+009F): U+009B is an 8-bit CSI, U+009D an OSC, which some terminals obey;
 * - bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
 *   U+2066–U+2069), which reorder what an operator or the other player reads;
 * - zero widths (U+200B–U+200D, U+2060, U+FEFF) and the other invisible format characters the chat removed before
 *   (invisible operators U+2061–U+2064, interlinear annotation U+FFF9–U+FFFB). The joiners U+200C/U+200D stay
 *   only where they join: U+200D between two emoji (👩‍🚀), and either between two characters of a script that
 *   needs them (Arabic, Syriac and the Indic scripts: Persian `می‌خواهم`, Devanagari half forms).
 * Chat strips what is forbidden (a line stays readable); names and reports refuse it (400: the sender learns why).
 * Operator tools print user text through `escapeForTerminal` (a stored report from before this policy is still
 * shown safely).
 */

/** Every code point the policy forbids (line breaks and tab included: each kind of text says which it allows). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/gu;

/** Scripts whose spelling uses ZWJ/ZWNJ between letters (Script_Extensions, so their combining marks count too). */
const JOINING = '\\p{scx=Arabic}\\p{scx=Syriac}\\p{scx=Devanagari}\\p{scx=Bengali}\\p{scx=Gurmukhi}\\p{scx=Gujarati}'
  + '\\p{scx=Oriya}\\p{scx=Tamil}\\p{scx=Telugu}\\p{scx=Kannada}\\p{scx=Malayalam}\\p{scx=Sinhala}';
/** A joiner at lastIndex that joins (sticky: tested at one position). */
const JOINS = new RegExp(
  // The class lists code points on purpose (an optional emoji presentation selector or skin tone before the joiner),
  // not one modified emoji.
  // eslint-disable-next-line no-misleading-character-class
  `(?<=\\p{Extended_Pictographic}[\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]?)\\u200D(?=\\p{Extended_Pictographic})`
  + `|(?<=[${JOINING}])[\\u200C\\u200D](?=[${JOINING}])`, 'uy');

export interface TextKind {
  /** Line feed, carriage return and tab are allowed (reports). Chat turns them into spaces before the policy. */
  lineBreaks?: boolean;
}

function allowed(s: string, offset: number, ch: string, kind: TextKind): boolean {
  if (kind.lineBreaks && (ch === '\n' || ch === '\r' || ch === '\t')) return true;
  if (ch !== '\u200C' && ch !== '\u200D') return false;
  JOINS.lastIndex = offset;
  return JOINS.test(s);
}

/** `U+202E`: how a refusal names a code point. */
export function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character the policy forbids in `s`, or null. */
export function forbiddenIn(s: string, kind: TextKind = {}): string | null {
  FORBIDDEN.lastIndex = 0;
  for (let m = FORBIDDEN.exec(s); m; m = FORBIDDEN.exec(s)) {
    if (!allowed(s, m.index, m[0], kind)) return m[0];
  }
  return null;
}

/** `s` without the characters the policy forbids. */
export function stripForbidden(s: string, kind: TextKind = {}): string {
  return s.replace(FORBIDDEN, (ch: string, offset: number) => (allowed(s, offset, ch, kind) ? ch : ''));
}

/** The refusal's wording for a field holding `ch`. */
export function forbiddenMessage(field: string, ch: string): string {
  return `${field} must not hold control, bidirectional or invisible characters (${codePointName(ch)})`;
}

/** What an operator tool escapes: the forbidden set, joiners included, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const TERMINAL_UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;

/**
 * Text for an operator's terminal: every character the policy forbids (and U+2028/U+2029) becomes the visible
 * JSON-style escape `\u009b`, so a JSON string stays valid JSON and nothing reaches the terminal raw.
 */
export function escapeForTerminal(s: string): string {
  return s.replace(TERMINAL_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
