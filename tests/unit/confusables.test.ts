/**
 * Look-alike names (server/confusables.ts, issue 19 item 8): the compact skeleton catches Cyrillic and Greek
 * look-alikes, fullwidth forms, 0/O and 1/l/I, invisible characters and case, and leaves different names apart;
 * names.ts refuses a name that looks like the other seat's or like a name the server gives.
 */
import { describe, expect, it } from 'vitest';
import { looksAlike, skeletons } from '../../server/lobby/confusables';
import { checkName, checkNotOther } from '../../server/lobby/names';
import { HttpError } from '../../server/http';

describe('confusable skeleton', () => {
  it('catches the usual fakes of a Latin name', () => {
    const fakes: [string, string][] = [
      ['B\u043Eb', 'Bob'], // Cyrillic о
      ['\u0412\u041E\u0412', 'BOB'], // Cyrillic В О В
      ['B\u03BFb', 'Bob'], // Greek ο
      ['\u0391lice', 'Alice'], // Greek Α
      ['\uFF22\uFF4F\uFF42', 'Bob'], // fullwidth (NFKC)
      ['B0b', 'Bob'], ['BOB', 'bob'], ['Bi\u0049\u0049', 'Bill'], ['Ian', 'lan'], ['ian', 'Ian'], ['B1ll', 'Blll'],
      ['Sam', 'Sarn'], ['Bo b', 'Bob'], ['Bo\u0335b', 'Bob'], ['\u0405am', 'Sam'], ['\u0440aul', 'paul'],
      ['stra\u00DFe', 'STRASSE'],
    ];
    for (const [a, b] of fakes) expect(looksAlike(a, b), `${a} / ${b}: ${skeletons(a)} vs ${skeletons(b)}`).toBe(true);
  });

  it('keeps different names apart', () => {
    const pairs: [string, string][] = [
      ['Bob', 'Rob'], ['Jim', 'Jlm'], ['Anna', 'Hanna'], ['Zoë', 'Zoe 2'], ['Борис', 'Boris'], ['Alice', 'Alicia'], ['Bot', 'Bob'],
    ];
    for (const [a, b] of pairs) expect(looksAlike(a, b), `${a} / ${b}`).toBe(false);
  });

  it('names: a look-alike of the other seat or of the server\'s names is a 400 with a clear message', () => {
    const refused = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(HttpError);
        return (e as HttpError).message;
      }
      return null;
    };
    expect(refused(() => checkNotOther('B\u043Eb', 'Bob', 'newName'))).toMatch(/newName looks like the other player's name/);
    expect(refused(() => checkNotOther('Bob', 'Bob', 'playerName'))).toMatch(/looks like the other player's name/);
    expect(refused(() => checkNotOther('Rob', 'Bob', 'playerName'))).toBeNull();
    for (const n of ['B0t', 'b\u043Et', 'Rival Deck', 'R\u0456val', 'bot (hard)', 'BOT(normal)', 'Random Bot']) {
      expect(refused(() => checkName(n, 'playerName')), n).toMatch(/is reserved/);
    }
    expect(checkName('Bobby', 'playerName')).toBe('Bobby');
  });
});
