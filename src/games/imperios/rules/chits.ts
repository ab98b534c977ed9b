/**
 * Chits and paying for actions (docs/imperios/RULES.md IM4.2, IM4.4, IM4.6): the draw, available chits, the deals
 * the technologies give, automatic purchases and the balance.
 */
import { AGES } from '../content/ages';
import { COLOURS, type Colour } from '../content/colours';
import { techOf } from '../content/techs';
import type { Chits, Deal } from './actions';
import { log } from './log';
import { randomInt } from './rng';
import type { Civ, ImperiosState } from './state';

export function noChits(): Chits {
  return { red: 0, yellow: 0, blue: 0, black: 0 };
}

export function chitTotal(c: Chits): number {
  return c.red + c.yellow + c.blue + c.black;
}

/** IM4.4: a civilization's available chits of a colour (hand and reserve). */
export function available(civ: Civ, colour: Colour): number {
  return civ.hand[colour] + civ.reserve[colour];
}

/** IM4.4: spend `n` available chits of a colour (hand first, then reserve) to the discard pile. */
export function spendChits(civ: Civ, colour: Colour, n: number): void {
  if (available(civ, colour) < n) throw new Error(`seat ${civ.seat} lacks ${n} ${colour} chits`);
  const fromHand = Math.min(n, civ.hand[colour]);
  civ.hand[colour] -= fromHand;
  civ.reserve[colour] -= n - fromHand;
  civ.discard[colour] += n;
}

/**
 * IM4.2, G19: draw the Age's hand size at random from the cup; when the cup runs out the discard pile refills it;
 * with too few chits in both, draw them all.
 */
export function drawHand(state: ImperiosState, civ: Civ): void {
  const drawn = noChits();
  let refilled = false;
  for (let i = 0; i < AGES[civ.age].hand; i++) {
    if (chitTotal(civ.cup) === 0) {
      if (chitTotal(civ.discard) === 0) break;
      for (const c of COLOURS) {
        civ.cup[c] += civ.discard[c];
        civ.discard[c] = 0;
      }
      refilled = true;
    }
    let r = randomInt(state, chitTotal(civ.cup));
    for (const c of COLOURS) {
      if (r < civ.cup[c]) {
        civ.cup[c]--;
        civ.hand[c]++;
        drawn[c]++;
        break;
      }
      r -= civ.cup[c];
    }
  }
  log(state, 'draw', 'IM4.2', { seat: civ.seat, chits: drawn, refilled });
}

/** IM4.6.1–IM4.6.2: chits paid and actions bought by each deal. */
export const DEALS: { readonly [K in Deal]: { readonly chits: number; readonly actions: number } } = {
  one: { chits: 1, actions: 1 },
  basic: { chits: 3, actions: 4 },
  advanced: { chits: 2, actions: 3 },
};

/** IM4.6.2: the deals open to a civilization in a colour (IM2.6.3: Basic 3 for 4, Advanced 2 for 3). */
export function dealsFor(civ: Civ, colour: Colour): Deal[] {
  const deals: Deal[] = ['one'];
  if (civ.techs.includes(techOf(colour, 'basic'))) deals.push('basic');
  if (civ.techs.includes(techOf(colour, 'advanced'))) deals.push('advanced');
  return deals;
}

/** The deals a civilization can afford now in a colour. */
export function affordableDeals(civ: Civ, colour: Colour): Deal[] {
  return dealsFor(civ, colour).filter((d) => DEALS[d].chits <= available(civ, colour));
}

export interface Purchase {
  chits: number;
  actions: number;
  deals: Deal[];
}

/**
 * IM4.6.4: the purchase of at least `shortfall` actions with the fewest chits, then the most actions; null if the
 * civilization's chits cannot buy that many.
 */
export function cheapestPurchase(civ: Civ, colour: Colour, shortfall: number): Purchase | null {
  if (shortfall <= 0) return { chits: 0, actions: 0, deals: [] };
  const have = available(civ, colour);
  const deals = dealsFor(civ, colour);
  const maxBasic = deals.includes('basic') ? Math.ceil(shortfall / 4) : 0;
  const maxAdvanced = deals.includes('advanced') ? Math.ceil(shortfall / 3) : 0;
  let best: Purchase | null = null;
  for (let b = 0; b <= maxBasic; b++) {
    for (let d = 0; d <= maxAdvanced; d++) {
      const ones = Math.max(0, shortfall - 4 * b - 3 * d);
      const chits = ones + 3 * b + 2 * d;
      const actions = ones + 4 * b + 3 * d;
      if (chits > have) continue;
      if (!best || chits < best.chits || (chits === best.chits && actions > best.actions)) {
        const list: Deal[] = [
          ...Array<Deal>(b).fill('basic'),
          ...Array<Deal>(d).fill('advanced'),
          ...Array<Deal>(ones).fill('one'),
        ];
        best = { chits, actions, deals: list };
      }
    }
  }
  return best;
}

/** IM4.6.3–IM4.6.4: whether `n` actions of the colour can be paid from the balance and the chits. */
export function canPay(civ: Civ, colour: Colour, n: number): boolean {
  return cheapestPurchase(civ, colour, n - civ.balance) !== null;
}

/** The most actions of a colour a civilization can still pay for (balance plus every chit spent at best). */
export function maxActions(civ: Civ, colour: Colour): number {
  let n = civ.balance;
  while (canPay(civ, colour, n + 1)) n++;
  return n;
}

/** IM4.6: buy one deal of a non-red colour into the balance. */
export function buyDeal(state: ImperiosState, civ: Civ, colour: Colour, deal: Deal): void {
  const { chits, actions } = DEALS[deal];
  spendChits(civ, colour, chits);
  civ.balance += actions;
  log(state, 'buy', 'IM4.6.4', { seat: civ.seat, colour, deal, chits, actions });
}

/** IM4.6.3–IM4.6.4: pay `n` actions of a colour, buying the shortfall automatically. */
export function payActions(state: ImperiosState, civ: Civ, colour: Colour, n: number): void {
  const purchase = cheapestPurchase(civ, colour, n - civ.balance);
  if (!purchase) throw new Error(`seat ${civ.seat} cannot pay ${n} ${colour} actions`);
  for (const deal of purchase.deals) buyDeal(state, civ, colour, deal);
  civ.balance -= n;
}

/** IM6.1.1, IM4.6.5: buy red actions, turned at once into armies. */
export function muster(state: ImperiosState, civ: Civ, deal: Deal): void {
  const { chits, actions } = DEALS[deal];
  spendChits(civ, 'red', chits);
  civ.armies += actions;
  log(state, 'muster', 'IM6.1.1', { seat: civ.seat, deal, chits, armies: actions });
}
