/**
 * Names that look alike (issue 19 item 8), after the idea of Unicode TR39's confusable skeleton: two strings are
 * confusable when they map to the same skeleton. The full TR39 table (confusables.txt, ~6,000 entries) is not
 * shipped; this compact table covers what makes a believable fake of a Latin name:
 * - NFKC first: fullwidth forms (`Ｂｏｂ`), ligatures (`ﬁ`), mathematical and circled letters, superscripts;
 * - invisible characters are dropped: default-ignorable code points, combining marks, spaces, U+2800;
 * - Cyrillic and Greek letters drawn like a Latin letter (`о` U+043E, `В` U+0412, `ο` U+03BF, `Α` U+0391…), and
 *   a few Latin look-alikes (dotless `ı`, `ɑ`, `ɡ`, `ǀ`), mapped to that Latin letter;
 * - the digits and signs that pass for letters: `0` → `O`, `1`, `|`, `I` → `l`; and the TR39 pairs `rn` ≈ `m`,
 *   `cl` ≈ `d`, `vv` ≈ `w`;
 * - case: a name is compared mapped-then-lower-cased and lower-cased-then-mapped, so `BiII` (capital i) matches
 *   `Bill`, and `ian` matches `Ian`, while `Jim` and `Jlm` stay different.
 * Not covered: other scripts' look-alikes among themselves (Armenian, Cherokee, CJK…), and whole-script lookalikes
 * beyond these letters. Within one match that is enough to refuse a fake of the opponent (./names.ts).
 */

/** Look-alike → Latin prototype (case kept: upper-case look-alikes map to upper-case letters). */
const PROTOTYPE: Record<string, string> = {
  // Cyrillic capitals
  'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'Н': 'H', 'І': 'l', 'Ј': 'J', 'К': 'K', 'М': 'M', 'О': 'O', 'Р': 'P',
  'Ѕ': 'S', 'Т': 'T', 'Х': 'X', 'У': 'Y', 'Ү': 'Y', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ӏ': 'l', 'Ꙇ': 'l',
  // Cyrillic small letters
  'а': 'a', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's',
  'у': 'y', 'х': 'x', 'ԝ': 'w', 'ӏ': 'l', 'ɡ': 'g', 'ү': 'y', 'ѵ': 'v', 'ꙇ': 'i',
  // Greek capitals
  'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'l', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P',
  'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'Ϲ': 'C', 'Ϳ': 'J',
  // Greek small letters
  'α': 'a', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'υ': 'u', 'χ': 'x', 'ϲ': 'c', 'ϳ': 'j', 'ε': 'e',
  // Latin look-alikes, digits and signs
  'ı': 'i', 'ɑ': 'a', 'ǀ': 'l', 'ɩ': 'i', 'ʟ': 'L', 'ɪ': 'I', '0': 'O', '1': 'l', '|': 'l', 'I': 'l',
};
/** TR39 sequences: one letter drawn as two. Applied after the single letters, on the lower-cased text. */
const PAIRS: [RegExp, string][] = [[/rn/g, 'm'], [/cl/g, 'd'], [/vv/g, 'w']];

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{M}\p{Z}\u2800]/gu;

function mapLetters(s: string): string {
  let out = '';
  for (const ch of s) out += PROTOTYPE[ch] ?? ch;
  return out;
}

function lower(s: string): string {
  // Upper then lower: a simple full case fold (ß → ss, final ς → σ).
  let l = s.toUpperCase().toLowerCase();
  for (const [re, to] of PAIRS) l = l.replace(re, to);
  return l;
}

/**
 * The two skeletons of a string: mapped then lower-cased, and lower-cased then mapped (then lower-cased again).
 * Two strings look alike when either skeleton is equal.
 */
export function skeletons(s: string): [string, string] {
  const base = s.normalize('NFKC').replace(INVISIBLE, '');
  return [lower(mapLetters(base)), lower(mapLetters(lower(base)))];
}

/** Whether `a` and `b` would pass for each other (same skeleton). */
export function looksAlike(a: string, b: string): boolean {
  const [a1, a2] = skeletons(a);
  const [b1, b2] = skeletons(b);
  return a1 === b1 || a2 === b2;
}
