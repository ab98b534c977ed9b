/**
 * Set-up and the round (docs/imperios/RULES.md IM3, IM4): player counts and modes, seniority, each civilization's
 * start, the choice of Metropolises, the draw, the pool step, the phases and turns, paying for actions, the reserve
 * and the first-player marker.
 */
import { describe, expect, it } from 'vitest';
import { neighbours, territoriesFor } from '../../../src/games/imperios/content/map';
import {
  applyAction,
  createGame,
  isRefusal,
  legalActions,
  metropolisOptions,
  setupError,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { cheapestPurchase, drawHand } from '../../../src/games/imperios/rules/chits';
import { act, events, hand, listed, put, scenario, turn } from './helpers';

/** Let every civilization choose its first listed Metropolis. */
function chooseAll(s: ImperiosState): ImperiosState {
  while (s.phase === 'setup') {
    const seat = (s.pending as { seat: number }).seat;
    s = act(s, seat, legalActions(s, seat)[0]);
  }
  return s;
}

describe('IM3.1 players, map and mode', () => {
  it('IM3.1.1 4 to 7 players; other counts cannot start', () => {
    for (const players of [4, 5, 6, 7]) expect(setupError({ players, seed: 1 })).toBeNull();
    for (const players of [0, 3, 8, 4.5]) {
      expect(setupError({ players, seed: 1 })).toMatch(/IM3.1.1/);
      expect(() => createGame({ players, seed: 1 })).toThrow(RangeError);
    }
  });

  it('IM3.1.1 only the territories in play are on the board', () => {
    for (const players of [4, 5, 6]) {
      const s = createGame({ players, seed: 1 });
      expect(Object.keys(s.board).sort()).toEqual([...territoriesFor(players)].sort());
    }
  });

  it('IM3.1.2, G15 modes set the Last Age; Epic needs 6 or 7 players', () => {
    expect(createGame({ players: 4, mode: 'tutorial', seed: 1 }).lastAge).toBe('copper');
    expect(createGame({ players: 4, seed: 1 }).lastAge).toBe('bronze');
    expect(createGame({ players: 6, mode: 'epic', seed: 1 }).lastAge).toBe('iron');
    expect(setupError({ players: 5, mode: 'epic', seed: 1 })).toMatch(/IM3.1.2/);
    expect(setupError({ players: 4, mode: 'bogus' as never, seed: 1 })).toMatch(/IM3.1.2/);
  });

  it('IM3.1.3 the Minos land bridge is off unless chosen', () => {
    expect(createGame({ players: 5, seed: 1 }).options.minosLandBridge).toBe(false);
    expect(createGame({ players: 5, seed: 1, minosLandBridge: true }).options.minosLandBridge).toBe(true);
  });
});

describe('IM3.2–IM3.4 seniority, start and Metropolises', () => {
  it('IM3.2.1, G16 seniority is a drawn order of the seats; the same seed draws the same', () => {
    const a = createGame({ players: 7, seed: 'x' });
    expect([...a.seniority].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(createGame({ players: 7, seed: 'x' }).seniority).toEqual(a.seniority);
    const orders = new Set(Array.from({ length: 20 }, (_, i) => createGame({ players: 7, seed: i }).seniority.join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('IM3.3.1, IM2.2.1 each civilization starts with 2 chits of each colour in its cup and nothing else', () => {
    const s = createGame({ players: 6, seed: 2 });
    for (const civ of s.civs) {
      expect(civ.cup).toEqual({ red: 2, yellow: 2, blue: 2, black: 2 });
      expect([civ.census, civ.armies, civ.age, civ.techs, civ.goods, civ.wonder, civ.supply]).toEqual([
        0,
        0,
        'stone',
        [],
        [],
        null,
        40,
      ]);
    }
    expect(s.pool).toEqual({ red: 88, yellow: 88, blue: 88, black: 88 });
  });

  it('IM3.4.1 the most senior chooses first, then counterclockwise', () => {
    let s = createGame({ players: 5, seed: 3 });
    const first = s.seniority[0];
    const order: number[] = [];
    while (s.phase === 'setup') {
      const seat = (s.pending as { seat: number }).seat;
      order.push(seat);
      s = act(s, seat, legalActions(s, seat)[0]);
    }
    expect(order).toEqual([0, 1, 2, 3, 4].map((i) => (first - i + 5) % 5));
    // IM3.4.4: the last to choose is the First Player of round 1.
    expect(s.firstPlayer).toBe(order[4]);
    expect(s.round).toBe(1);
  });

  it('IM3.4.2 a Metropolis next to another civilization is not offered while a clear one exists', () => {
    let s = createGame({ players: 4, seed: 4 });
    const seat = (s.pending as { seat: number }).seat;
    s = act(s, seat, { kind: 'chooseMetropolis', territory: 'india' });
    // Kushan shares Gandhara and Harappa with India; Persia shares nothing with it.
    expect(metropolisOptions(s)).not.toContain('kushan');
    expect(metropolisOptions(s)).not.toContain('india');
    expect(metropolisOptions(s)).toContain('persia');
    const next = (s.pending as { seat: number }).seat;
    expect(isRefusal(applyAction(s, next, { kind: 'chooseMetropolis', territory: 'kushan' }))).toBe(true);
  });

  it('IM3.4.2, G17 when no clear Metropolis is left, any unchosen one may be chosen', () => {
    const s = createGame({ players: 4, seed: 4 });
    // Every East Metropolis but Drávida has another civilization's totem next to it, and so has Drávida.
    const other = ((s.pending as { seat: number }).seat + 1) % 4;
    for (const t of ['sumeria', 'persua', 'zagros', 'aria', 'bactria', 'kosambi', 'hiyaz', 'decan'] as const) {
      s.board[t]![other] = 1;
    }
    expect(metropolisOptions(s).sort()).toEqual(
      ['babilonia', 'persia', 'partia', 'india', 'kushan', 'mauria', 'saba', 'dravida'].sort(),
    );
  });

  it('IM3.4.3 two totems in the Metropolis, one in each neighbour in play', () => {
    let s = createGame({ players: 4, seed: 5 });
    const seat = (s.pending as { seat: number }).seat;
    s = act(s, seat, { kind: 'chooseMetropolis', territory: 'babilonia' });
    expect(s.board.babilonia![seat]).toBe(2);
    // Harrán is a West territory, not in play with 4 players (G2).
    expect(neighbours('babilonia')).toContain('harran');
    for (const t of ['sumeria', 'susa', 'golfoPersico'] as const) expect(s.board[t]![seat]).toBe(1);
    expect(s.civs[seat].supply).toBe(35);
  });

  it('IM3.4.3 the Minos strait counts for the neighbours', () => {
    let s = createGame({ players: 5, seed: 6 });
    const seat = (s.pending as { seat: number }).seat;
    s = act(s, seat, { kind: 'chooseMetropolis', territory: 'minos' });
    expect(s.board.esparta![seat]).toBe(1);
    expect(s.board.medOriental![seat]).toBe(1);
  });
});

describe('IM4.1–IM4.3 the round: draw and pool', () => {
  it('IM4.2 each civilization draws its Age’s hand size from its cup', () => {
    const s = chooseAll(createGame({ players: 4, seed: 7 }));
    for (const civ of s.civs) {
      const h = civ.hand;
      expect(h.red + h.yellow + h.blue + h.black).toBe(4);
      expect(civ.cup.red + civ.cup.yellow + civ.cup.blue + civ.cup.black).toBe(4);
    }
    expect(events(s, 'draw')).toHaveLength(4);
  });

  it('IM4.2, G19 an empty cup is refilled from the discard pile; with too few chits, all are drawn', () => {
    const s = scenario();
    const civ = s.civs[0];
    civ.cup = { red: 1, yellow: 0, blue: 0, black: 0 };
    civ.discard = { red: 0, yellow: 1, blue: 1, black: 0 };
    civ.reserve = { red: 0, yellow: 0, blue: 0, black: 3 };
    drawHand(s, civ);
    expect(civ.hand).toEqual({ red: 1, yellow: 1, blue: 1, black: 0 });
    expect(civ.reserve.black).toBe(3);
    expect(events(s, 'draw')[0].refilled).toBe(true);
  });

  it('IM4.3 seat order from the First Player; one chit of the named colour from the pool', () => {
    let s = chooseAll(createGame({ players: 4, seed: 8 }));
    expect(s.phase).toBe('pool');
    const first = s.firstPlayer;
    for (let i = 0; i < 4; i++) {
      const seat = (first + i) % 4;
      expect(s.pending).toEqual({ kind: 'pool', seat });
      const before = s.civs[seat].hand.blue;
      s = act(s, seat, { kind: 'takeChit', colour: 'blue' });
      expect(s.civs[seat].hand.blue).toBe(before + 1);
    }
    expect(s.pool.blue).toBe(92 - 4);
    expect(s.phase).toBe('red');
  });

  it('IM4.3, G18 with the pool out of a colour, the chit comes from a discard pile of the taker’s choice', () => {
    const s = scenario();
    s.phase = 'pool';
    s.pending = { kind: 'pool', seat: 0 };
    s.queue = [];
    s.civs[2].discard.red = s.pool.red;
    s.pool.red = 0;
    expect(legalActions(s, 0)).toContainEqual({ kind: 'takeChit', colour: 'red', from: 2 });
    expect(legalActions(s, 0)).not.toContainEqual({ kind: 'takeChit', colour: 'red' });
    const next = act(s, 0, { kind: 'takeChit', colour: 'red', from: 2 });
    expect(next.civs[0].hand.red).toBe(1);
  });

  it('IM4.3, IM12.1.1 taking the pool’s last chit of a colour triggers the end', () => {
    const s = scenario();
    s.phase = 'pool';
    s.pending = { kind: 'pool', seat: 0 };
    s.civs[1].discard.yellow += s.pool.yellow - 1;
    s.pool.yellow = 1;
    const next = act(s, 0, { kind: 'takeChit', colour: 'yellow' });
    expect(next.triggers.poolOut).toEqual(['yellow']);
    expect(events(next, 'trigger')[0].rule).toBe('IM12.1.1');
  });

  it('IM4.3 a civilization with no chit to take anywhere is passed', () => {
    const s = scenario();
    s.phase = 'pool';
    s.pending = { kind: 'pool', seat: 0 };
    s.queue = [1];
    for (const c of ['red', 'yellow', 'blue', 'black'] as const) {
      s.civs[3].hand[c] += s.pool[c];
      s.pool[c] = 0;
    }
    expect(legalActions(s, 0)).toEqual([]);
    // One chit in a discard pile for seat 0 to take; then seat 1 finds none and is passed.
    s.civs[3].discard.red = 1;
    s.civs[3].hand.red -= 1;
    const next = act(s, 0, { kind: 'takeChit', colour: 'red', from: 3 });
    expect(events(next, 'poolSkip').map((e) => e.seat)).toEqual([1]);
    expect(next.phase).toBe('red');
  });
});

describe('IM4.5 phases and turns', () => {
  it('IM4.5.1 one turn each from the First Player, clockwise; IM4.5.3 nothing to do is skipped', () => {
    let s = scenario(4);
    for (const seat of [0, 1, 2, 3]) put(s, seat, [(['babilonia', 'persia', 'india', 'saba'] as const)[seat]], 2);
    s.firstPlayer = 2;
    turn(s, 'yellow', 2, [3, 0, 1]);
    hand(s, 0, { yellow: 1 });
    hand(s, 1, { yellow: 1 });
    s = act(s, 2, { kind: 'endTurn' });
    // Seat 3 has no yellow chit: skipped; seat 0 plays.
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });
    expect(events(s, 'skip').map((e) => e.seat)).toEqual([3]);
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.pending).toEqual({ kind: 'turn', seat: 1 });
    s = act(s, 1, { kind: 'endTurn' });
    // Blue phase: nobody has anything to do, nor in black: the round ends and the reserve follows.
    expect(events(s, 'phase').map((e) => e.phase)).toEqual(['blue', 'black']);
    expect(s.round).toBe(2);
  });

  it('IM4.5.2 only the phase’s colour may be used', () => {
    const s = scenario();
    put(s, 0, ['babilonia'], 2);
    hand(s, 0, { yellow: 3, black: 6 });
    turn(s, 'yellow', 0);
    const kinds = legalActions(s, 0).map((a) => a.kind);
    expect(kinds).toContain('arts');
    expect(kinds).not.toContain('wonder');
  });
});

describe('IM4.6 paying for actions', () => {
  it('IM4.6.1–IM4.6.2 one chit one action; Basic three for four; Advanced two for three', () => {
    const s = scenario();
    const civ = s.civs[0];
    hand(s, 0, { yellow: 9 });
    expect(cheapestPurchase(civ, 'yellow', 4)).toEqual({ chits: 4, actions: 4, deals: ['one', 'one', 'one', 'one'] });
    civ.techs = ['agriculture'];
    expect(cheapestPurchase(civ, 'yellow', 4)).toEqual({ chits: 3, actions: 4, deals: ['basic'] });
    civ.techs = ['agriculture', 'religion'];
    expect(cheapestPurchase(civ, 'yellow', 3)).toEqual({ chits: 2, actions: 3, deals: ['advanced'] });
    // IM4.6.4: 5 actions: 3 + 1 chits (4 + 1 actions), or 2 + 2 (3 + 3 actions): both 4 chits, the second gives more.
    expect(cheapestPurchase(civ, 'yellow', 5)).toMatchObject({ chits: 4, actions: 6 });
    expect(cheapestPurchase(civ, 'yellow', 99)).toBeNull();
  });

  it('IM4.6.3 an explicit purchase makes a balance that pays later actions and is lost at the phase’s end', () => {
    let s = scenario();
    put(s, 0, ['babilonia'], 2);
    s.civs[0].techs = ['agriculture'];
    hand(s, 0, { yellow: 3, blue: 1 });
    turn(s, 'yellow', 0);
    s = act(s, 0, { kind: 'buy', colour: 'yellow', deal: 'basic' });
    expect(s.civs[0].balance).toBe(4);
    s = act(s, 0, { kind: 'arts' });
    expect(s.civs[0].balance).toBe(3);
    expect(s.civs[0].census).toBe(1);
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.civs[0].balance).toBe(0);
  });

  it('IM4.6.5, IM6.1.1 red actions become armies at once', () => {
    let s = scenario();
    hand(s, 0, { red: 3 });
    s.civs[0].techs = ['leadership'];
    s = act(s, 0, { kind: 'muster', deal: 'basic' });
    expect(s.civs[0].armies).toBe(4);
    expect(s.civs[0].discard.red).toBe(3);
  });
});

describe('IM4.7–IM4.8 reserve and first player', () => {
  function atRoundEnd(): ImperiosState {
    const s = scenario(4);
    for (const seat of [0, 1, 2, 3]) put(s, seat, [(['babilonia', 'persia', 'india', 'saba'] as const)[seat]], 2);
    turn(s, 'black', 0, [1, 2, 3]);
    hand(s, 0, { red: 2, blue: 2 });
    s.civs[0].reserve = { red: 0, yellow: 1, blue: 0, black: 0 };
    s.pool.yellow -= 1;
    hand(s, 1, { red: 1 });
    // Full cups, so that round 2's draw does not take the discard piles back.
    for (const civ of s.civs) {
      civ.cup.black = 10;
      s.pool.black -= 10;
    }
    return s;
  }

  it('IM4.7 more unspent chits than the limit: the civilization chooses; the rest are discarded', () => {
    let s = atRoundEnd();
    s.civs[0].hand.black = 0;
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.phase).toBe('reserve');
    expect(s.pending).toEqual({ kind: 'reserve', seats: [0] });
    // Seat 1 had 1 chit, under its limit of 2: kept without a question.
    expect(s.civs[1].reserve).toEqual({ red: 1, yellow: 0, blue: 0, black: 0 });
    expect(legalActions(s, 0)).toContainEqual({ kind: 'keepReserve', keep: { red: 0, yellow: 1, blue: 1, black: 0 } });
    expect(legalActions(s, 0)).not.toContainEqual({
      kind: 'keepReserve',
      keep: { red: 2, yellow: 1, blue: 0, black: 0 },
    });
    s = act(s, 0, { kind: 'keepReserve', keep: { red: 0, yellow: 1, blue: 1, black: 0 } });
    expect(s.civs[0].reserve).toEqual({ red: 0, yellow: 1, blue: 1, black: 0 });
    expect(s.civs[0].discard).toMatchObject({ red: 2, blue: 1 });
    // IM4.8: the marker passed clockwise and round 2 began.
    expect(s.firstPlayer).toBe(1);
    expect(s.round).toBe(2);
  });

  it('IM4.7, G23 the limit is that of the Age held after the Age step', () => {
    let s = atRoundEnd();
    // Seat 0 meets the Stone goals and moves to Copper (reserve limit 3) in this round's step 7.
    s.civs[0].goods = ['grain', 'cattle'];
    s.civs[0].techs = ['agriculture', 'currency'];
    put(s, 0, ['sumeria'], 2);
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.civs[0].age).toBe('copper');
    expect(s.pending).toEqual({ kind: 'reserve', seats: [0] });
    expect(legalActions(s, 0)).toContainEqual({ kind: 'keepReserve', keep: { red: 2, yellow: 1, blue: 0, black: 0 } });
    expect(listed(s, 0, { kind: 'keepReserve' })).toBeDefined();
  });
});
