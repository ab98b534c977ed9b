/**
 * The one text policy (src/protocol/text-policy.ts, issue 19 item 7) and its users: names (server/names.ts), chat lines
 * (server/chat.ts) and report texts (server/records.ts) forbid the same characters — C0/DEL, C1, bidirectional
 * marks and overrides, zero widths — chat by removing them, names and reports by refusing them; operator tools
 * print them escaped.
 */
import { describe, expect, it } from 'vitest';
import { codePointName, escapeForTerminal, forbiddenIn, stripForbidden } from '../../src/protocol/text-policy';
import { cleanChatText } from '../../server/chat/lines';
import { checkName } from '../../server/lobby/names';
import { checkReportText } from '../../server/records';
import { HttpError } from '../../server/http';

/** Every code point issue 19 item 7 names, and the C0/DEL the server refused before. */
const C0 = [...Array(32).keys()].map((c) => String.fromCharCode(c)).concat('\u007F');
const C1 = [...Array(32).keys()].map((c) => String.fromCharCode(0x80 + c));
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
const ALL = [...C0, ...C1, ...BIDI, ...ZERO_WIDTH];

const refusal = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    expect(e.status).toBe(400);
    return e.message;
  }
};

describe('text policy', () => {
  it('forbids every C0/DEL, C1, bidi and zero-width code point between Latin letters', () => {
    for (const ch of ALL) {
      expect(forbiddenIn(`a${ch}b`), codePointName(ch)).toBe(ch);
      expect(stripForbidden(`a${ch}b`), codePointName(ch)).toBe('ab');
    }
    expect(forbiddenIn('Plain text, émoji 🚀, 中文, עברית, العربية.')).toBeNull();
  });

  it('line breaks and tab only where the kind of text allows them', () => {
    for (const ch of ['\n', '\r', '\t']) {
      expect(forbiddenIn(`a${ch}b`)).toBe(ch);
      expect(forbiddenIn(`a${ch}b`, { lineBreaks: true })).toBeNull();
    }
    expect(forbiddenIn('a\u000Bb', { lineBreaks: true })).toBe('\u000B');
    expect(forbiddenIn('a\u0085b', { lineBreaks: true })).toBe('\u0085'); // NEL is C1
  });

  it('joiners stay where they join: emoji sequences, Arabic and Indic scripts; nowhere else', () => {
    expect(forbiddenIn('👩\u200D🚀')).toBeNull();
    expect(forbiddenIn('👩🏽\u200D🚀')).toBeNull();
    expect(forbiddenIn('می\u200Cخواهم')).toBeNull(); // Persian ZWNJ
    expect(forbiddenIn('क्\u200Dष')).toBeNull(); // Devanagari: ZWJ after the virama
    expect(forbiddenIn('Bo\u200Db')).toBe('\u200D');
    expect(forbiddenIn('Bo\u200Cb')).toBe('\u200C');
    expect(forbiddenIn('🚀\u200Da')).toBe('\u200D');
    expect(forbiddenIn('\u200Dمی')).toBe('\u200D');
    expect(stripForbidden('Bo\u200Db 👩\u200D🚀')).toBe('Bob 👩\u200D🚀');
  });

  it('escapes for a terminal as JSON-style \\u escapes, so JSON stays JSON', () => {
    const raw = 'x\u009B31m\u202Ey\u001B[2J\u200B\u2028z';
    const escaped = escapeForTerminal(raw);
    expect(escaped).toBe('x\\u009b31m\\u202ey\\u001b[2J\\u200b\\u2028z');
    for (const ch of ALL) expect(escapeForTerminal(`a${ch}b`)).not.toContain(ch);
    const json = escapeForTerminal(JSON.stringify({ text: raw }));
    expect(JSON.parse(json)).toEqual({ text: raw });
    expect(escapeForTerminal('Zoë 🚀 中文')).toBe('Zoë 🚀 中文');
  });

  it('chat removes, names and reports refuse, the same characters', () => {
    for (const ch of ALL) {
      const name = codePointName(ch);
      const chat = cleanChatText(`hi${ch}there`);
      // Line breaks and tab in chat become a space; everything else goes.
      expect(chat, name).toEqual({ text: /[\n\r\t]/.test(ch) ? 'hi there' : 'hithere' });
      expect(refusal(() => checkName(`Al${ch}ice`, 'playerName')), name).toMatch(/playerName/);
      if (!/[\n\r\t]/.test(ch)) expect(refusal(() => checkReportText(`bad${ch}text`)), name).toMatch(new RegExp(`text must not hold .*\\(${name.replace('+', '\\+')}\\)`));
    }
    expect(checkReportText('line one\nline two\twith a tab')).toBe('line one\nline two\twith a tab');
    expect(cleanChatText('ok 👩\u200D🚀 می\u200Cخواهم')).toEqual({ text: 'ok 👩\u200D🚀 می\u200Cخواهم' });
    expect(checkName('👩\u200D🚀 Ada', 'playerName')).toBe('👩\u200D🚀 Ada');
    expect(checkName('می\u200Cخواهم', 'playerName')).toBe('می\u200Cخواهم');
  });
});
