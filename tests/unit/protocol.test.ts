/**
 * src/protocol (issue 21 item 3): the seats ⇄ playerIDs mapping and the one action ⇄ move codec, shared by the
 * board, the Game, the bots and the server. And the rule that makes "one" true: no file outside src/protocol maps
 * seats by hand (a source scan: the one place where reading the sources is the test).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { ACTION_TYPES, type Action, type ActionType } from '../../src/game/rules';
import {
  actionOf, isSeatID, moveOf, otherSeat, playerOf, playerOfMaybe, SEATS, seatOf, seatOfID, type SeatID,
} from '../../src/protocol';

/** One example of every action type: the mapped type makes a new action type a compile error here until added. */
const EXAMPLES: { [K in ActionType]: Extract<Action, { type: K }> } = {
  imperialSetup: { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 },
  chooseBase: { type: 'chooseBase', planet: 'F' },
  planMission: { type: 'planMission', card: 'R-S1', leader: 'LD-R1' },
  endPlanning: { type: 'endPlanning' },
  moveFleet: { type: 'moveFleet', from: 'A', to: 'B', units: { f: 1, c: 0, s: 2 }, captive: false, leader: 'LD-I1' },
  revealMission: { type: 'revealMission', card: 'R-S2', target: 'C' },
  pass: { type: 'pass' },
  oppose: { type: 'oppose', leader: 'LD-I2' },
  declineOpposition: { type: 'declineOpposition' },
  assignHit: { type: 'assignHit', unit: 'c', hp: 3 },
  secretPlans: { type: 'secretPlans', use: true },
  revealObjective: { type: 'revealObjective', card: null },
  detainLeader: { type: 'detainLeader', leader: 'LD-R2' },
  removeToken: { type: 'removeToken', token: 'loyalty' },
  patrolPlanet: { type: 'patrolPlanet', planet: 'D' },
  pursue: { type: 'pursue', to: 'E', units: { f: 0, c: 1, s: 0 }, captive: true },
  slipstream: { type: 'slipstream', to: 'BASE', units: { f: 2, c: 0, s: 0 } },
  sabotageQueue: { type: 'sabotageQueue', spot: 1, unit: 'f' },
  interceptMission: { type: 'interceptMission', card: 'I-09' },
  keepObjective: { type: 'keepObjective', card: 'O1-1' },
  relocateBase: { type: 'relocateBase', planet: null },
  discardMission: { type: 'discardMission', card: 'R-S3' },
  allocateBuild: { type: 'allocateBuild', counts: [1, 0, 2] },
  deployUnit: { type: 'deployUnit', unit: 's', to: 'IMP' },
  baseMove: { type: 'baseMove', unit: 'f', to: 'G' },
  endBaseMoves: { type: 'endBaseMoves' },
  undo: { type: 'undo' },
};

describe('the action ⇄ move codec', () => {
  it('round-trips every action type through its move and back, also through JSON (the wire)', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ACTION_TYPES].sort());
    for (const type of ACTION_TYPES) {
      const action = EXAMPLES[type];
      const move = moveOf(action);
      expect(move.move).toBe(type);
      const { type: _t, ...fields } = action as { type: string };
      // The argument is the action without its type; an action with no field travels with none.
      expect(move.args).toEqual(Object.keys(fields).length > 0 ? [fields] : []);
      expect(actionOf(move.move, move.args)).toEqual({ action, played: null });
      const wire = JSON.parse(JSON.stringify(move)) as typeof move;
      expect(actionOf(wire.move, wire.args)).toEqual({ action, played: null });
    }
  });

  it('reads a move without arguments, with a null or empty argument, as the action with no field', () => {
    for (const args of [undefined, [], [null], [{}]]) expect(actionOf('pass', args)).toEqual({ action: { type: 'pass' }, played: null });
  });

  it('refuses a second argument: who played a decision is the server\'s event, not a move argument (issue 21 item 2)', () => {
    const move = moveOf(EXAMPLES.oppose);
    expect(actionOf('oppose', [...move.args, { bot: true, handedOver: 'time' }])).toEqual({ error: 'too many move arguments' });
    expect(actionOf('undo', [null, { takenBack: true }])).toEqual({ error: 'too many move arguments' });
  });

  it('reads a log stored before that: its second argument as who played the decision, and nothing else as one', () => {
    const move = moveOf(EXAMPLES.oppose);
    const legacy = { legacyNote: true };
    expect(actionOf('oppose', [...move.args, { bot: true, handedOver: 'time' }], legacy))
      .toEqual({ action: EXAMPLES.oppose, played: { bot: true, handedOver: 'time' } });
    expect(actionOf('undo', [null, { takenBack: true }], legacy)).toEqual({ action: { type: 'undo' }, played: { takenBack: true } });
    for (const note of [{}, { bot: false }, { handedOver: 'time' }, { bot: true, takenBack: true }, { bot: true, x: 1 }, 'bot', null]) {
      expect(actionOf('oppose', [...move.args, note], legacy)).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses malformed moves with a reason, never throwing', () => {
    const hostile = Object.defineProperty({}, 'leader', { enumerable: true, get() { throw new Error('boom'); } });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    const cases: [unknown, unknown][] = [
      ['noSuchMove', []], ['toString', []], ['constructor', undefined], [42, []], [null, []], [{ toString: 'pass' }, []],
      ['pass', 'args'], ['pass', { 0: {} }], ['pass', [{}, {}, {}]], ['oppose', ['LD-I2']], ['oppose', [['LD-I2']]],
      ['oppose', [7]], ['oppose', [{ type: 'pass', leader: 'LD-I2' }]], ['oppose', [new Date()]], ['oppose', [nine]],
      ['oppose', [{ leader: 'LD-I2' }, { bot: 'yes' }]], ['oppose', [hostile]], ['oppose', [revoked.proxy]],
    ];
    for (const [type, args] of cases) {
      let out: ReturnType<typeof actionOf> | undefined;
      expect(() => { out = actionOf(type, args); }).not.toThrow();
      expect(out).toEqual({ error: expect.stringMatching(/\w/) });
    }
  });

  it('keeps a null-prototype argument (boardgame.io may hand one over) and copies it into a plain action', () => {
    const arg = Object.assign(Object.create(null) as object, { leader: 'LD-I2' });
    const out = actionOf('oppose', [arg]);
    expect(out).toEqual({ action: { type: 'oppose', leader: 'LD-I2' }, played: null });
    expect(Object.getPrototypeOf((out as { action: object }).action)).toBe(Object.prototype);
  });
});

describe('seats and playerIDs', () => {
  const factions: Faction[] = ['R', 'I'];

  it('maps the Rebel to player "0" and the Imperial to player "1", in play order', () => {
    expect(SEATS).toEqual(['0', '1']);
    expect(SEATS.map(seatOf)).toEqual(['R', 'I']);
    expect(factions.map(playerOf)).toEqual([...SEATS]);
  });

  it('is an involution both ways, and the other seat is the other one', () => {
    for (const f of factions) expect(seatOf(playerOf(f))).toBe(f);
    for (const id of SEATS) {
      expect(playerOf(seatOf(id))).toBe(id);
      expect(otherSeat(id)).not.toBe(id);
      expect(otherSeat(otherSeat(id))).toBe(id);
      expect(seatOf(otherSeat(id))).not.toBe(seatOf(id));
    }
  });

  it('gives no seat to anything but the two playerIDs', () => {
    for (const x of [0, 1, '00', ' 0', '0 ', 'R', 'I', '', null, undefined, {}, ['0'], '2', 'spectator']) {
      expect(isSeatID(x)).toBe(false);
      expect(seatOf(x)).toBeNull();
      if (x !== 'R' && x !== 'I') expect(playerOfMaybe(x)).toBeNull();
    }
    for (const id of SEATS) expect(isSeatID(id)).toBe(true);
    expect(playerOfMaybe('R')).toBe('0');
    expect(playerOfMaybe('I')).toBe('1');
  });

  it('reads the lobby\'s numeric player ids and the seats\' string ids alike', () => {
    expect([seatOfID(0), seatOfID('0'), seatOfID(1), seatOfID('1')]).toEqual(['R', 'R', 'I', 'I']);
    const ids: SeatID[] = [...SEATS];
    expect(ids.map((id) => seatOfID(Number(id)))).toEqual(ids.map((id) => seatOf(id)));
  });
});

describe('no file outside src/protocol maps seats, converts moves or names socket events by hand', () => {
  const ROOT = resolve(__dirname, '../..');
  const PROTOCOL = join(ROOT, 'src/protocol');
  /** Other games (the platform's test game) declare their own seats once, in their own module: not Mint's mapping. */
  const OTHER_GAMES = join(ROOT, 'src/games');
  /** What a hand-written mapping looks like: a playerID compared or produced next to a faction, or the seat list. */
  const PATTERNS: { what: string; re: RegExp }[] = [
    { what: "a playerID compared with '0'", re: /[=!]==\s*'0'(?!\d)/ },
    { what: 'the other playerID by hand', re: /'0'\s*:\s*'1'|'1'\s*:\s*'0'/ },
    { what: 'a faction to a playerID by hand', re: /'[RI]'\s*\?\s*'[01]'/ },
    { what: 'a playerID to a faction by hand', re: /'[01]'\s*\?\s*'[RI]'/ },
    { what: 'the seat list by hand', re: /\[\s*'0'\s*,\s*'1'\s*\]/ },
    { what: 'an action spread into a move by hand', re: /move:\s*type\b|args:\s*\[\s*(rest|args|fields)\s*\]/ },
    { what: 'a socket event named by hand (SOCKET_EVENTS)', re: /['"`]mint:(table|chat|error|update)['"`]/ },
  ];
  /** Things that match a pattern and are no seat: a Redis SCAN cursor ends at '0'. */
  const ALLOWED = [/cursor !== '0'/];

  function sources(dir: string): string[] {
    const out: string[] = [];
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (p === PROTOCOL || p === OTHER_GAMES || name === 'node_modules') continue;
      if (statSync(p).isDirectory()) out.push(...sources(p));
      else if (/\.(ts|tsx|mts|mjs)$/.test(name)) out.push(p);
    }
    return out;
  }
  const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

  it('finds the patterns where they are (the scan has teeth)', () => {
    const hand = ["const s = id === '0' ? 'R' : 'I';", "const o = me === '0' ? '1' : '0';", "x === 'R' ? '0' : '1'",
      "for (const id of ['0', '1'])", "map(({ type, ...rest }) => ({ move: type, args: [rest] }))", "s.on('mint:error', f)"];
    for (const line of hand) expect(PATTERNS.some((p) => p.re.test(line))).toBe(true);
    expect(PATTERNS.some((p) => p.re.test(stripComments('// playOrder stays [\'0\', \'1\']')))).toBe(false);
    expect(sources(join(ROOT, 'server')).length).toBeGreaterThan(20);
  });

  it('src/, server/ and tools/ (tests excluded) have none of them', () => {
    const found: string[] = [];
    for (const file of ['src', 'server', 'tools'].flatMap((d) => sources(join(ROOT, d)))) {
      const lines = stripComments(readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (ALLOWED.some((a) => a.test(line))) return;
        for (const p of PATTERNS) if (p.re.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${p.what}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
