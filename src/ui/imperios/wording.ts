/**
 * The board's words for Imperios Milenarios (issue 23 item 5): each kind of action, each field's values, the
 * question each pending decision asks, and the rule ids they come from (docs/imperios/RULES.md). Never copied from
 * the rulebook: these are the project's own sentences.
 */
import { AGES } from '../../games/imperios/content/ages';
import type { Colour } from '../../games/imperios/content/colours';
import { GOODS, isGoodId } from '../../games/imperios/content/goods';
import { TERRITORIES, isTerritoryId, type TerritoryId } from '../../games/imperios/content/map';
import { TECHS, TIERS, isTechId } from '../../games/imperios/content/techs';
import { WONDERS, WONDER_COST, isWonderId } from '../../games/imperios/content/wonders';
import type { ActionKind, Chits, Deal, ImperiosState, MapAction, Pending, Phase, Seat } from '../../games/imperios/rules';
import { seatName } from './seats';

export const COLOUR_NAMES: Record<Colour, string> = { red: 'Red', yellow: 'Yellow', blue: 'Blue', black: 'Black' };

export const PHASE_NAMES: Record<Phase, string> = {
  setup: 'Set-up',
  pool: 'Pool',
  red: 'Red',
  yellow: 'Yellow',
  blue: 'Blue',
  black: 'Black',
  reserve: 'Reserve',
  over: 'Game over',
};

/** A button's words for each kind, and the rule it applies. */
export const KIND_WORDS: { readonly [K in ActionKind]: { label: string; rule: string } } = {
  chooseMetropolis: { label: 'Choose a Metropolis', rule: 'IM3.4' },
  takeChit: { label: 'Take a chit', rule: 'IM4.3' },
  muster: { label: 'Muster armies', rule: 'IM6.1' },
  buy: { label: 'Buy actions', rule: 'IM4.6' },
  endTurn: { label: 'End my turn', rule: 'IM4.5.2' },
  conquer: { label: 'Conquer a site', rule: 'IM6.2' },
  eliminate: { label: 'Eliminate a totem', rule: 'IM6.3' },
  assault: { label: 'Assault a site', rule: 'IM6.4' },
  explore: { label: 'Explore', rule: 'IM8.1' },
  trade: { label: 'Trade', rule: 'IM8.2' },
  settle: { label: 'Settle', rule: 'IM9.1' },
  arts: { label: 'Arts: +1 census', rule: 'IM7.1' },
  learn: { label: 'Learn a technology', rule: 'IM7.2' },
  wonder: { label: 'Build a wonder', rule: 'IM9.2' },
  block: { label: 'Block it', rule: 'IM5.4.2' },
  letPass: { label: 'Let it pass', rule: 'IM5.4.2' },
  defend: { label: 'Defend (1 army)', rule: 'IM6.3.3' },
  noDefence: { label: 'Do not defend', rule: 'IM6.3.3' },
  payAssault: { label: 'Pay the rest', rule: 'IM6.4.4' },
  stopAssault: { label: 'Stop the assault', rule: 'IM6.4.4' },
  takeBack: { label: 'Take a totem back', rule: 'IM10.2' },
  chooseGood: { label: 'Choose a good', rule: 'IM6.2.4' },
  keepReserve: { label: 'Keep chits', rule: 'IM4.7' },
};

/** The question for each field. */
export const FIELD_QUESTIONS: Record<string, string> = {
  territory: 'Choose a territory on the map',
  target: 'Choose the target on the map',
  rival: 'Whose totem?',
  partner: 'Trade with whom?',
  give: 'What do you give?',
  get: 'What do you get?',
  colour: 'Which colour?',
  from: 'From where?',
  deal: 'How many chits?',
  tech: 'Which technology?',
  wonder: 'Which wonder?',
  good: 'Which good?',
  keep: 'Which chits do you keep?',
};

const DEAL_WORDS: Record<Deal, string> = {
  one: '1 chit → 1 action',
  basic: '3 chits → 4 actions (Basic tech)',
  advanced: '2 chits → 3 actions (Advanced tech)',
};

export function territoryName(id: TerritoryId): string {
  return TERRITORIES[id].name;
}

/** An asset's name with its trade value or tier. */
export function assetName(asset: string): string {
  if (isGoodId(asset)) return `${GOODS[asset].name} (${GOODS[asset].value})`;
  if (isTechId(asset)) return `${TECHS[asset].name} (${TECHS[asset].tier})`;
  return asset;
}

/** A button's words for one value of a field. */
export function valueLabel(name: string, value: unknown): string {
  if (value === undefined || value === null) return name === 'from' ? 'The pool' : '—';
  if ((name === 'target' || name === 'territory') && isTerritoryId(value)) return territoryName(value);
  if ((name === 'rival' || name === 'partner' || name === 'from') && typeof value === 'number') {
    return name === 'from' ? `${seatName(value)}'s discard pile` : seatName(value);
  }
  if (name === 'deal') return DEAL_WORDS[value as Deal] ?? String(value);
  if (name === 'colour') return COLOUR_NAMES[value as Colour] ?? String(value);
  if (name === 'tech' && isTechId(value)) return `${TECHS[value].name} — ${TIERS[TECHS[value].tier].cost} yellow`;
  if (name === 'wonder' && isWonderId(value)) return `${WONDERS[value].name} — ${WONDER_COST} black`;
  if (name === 'good' || name === 'give' || name === 'get') return assetName(String(value));
  return String(value);
}

export function chitsText(c: Chits): string {
  const parts = (Object.keys(COLOUR_NAMES) as Colour[]).filter((k) => c[k] > 0).map((k) => `${c[k]} ${COLOUR_NAMES[k].toLowerCase()}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** A map action as a sentence: "Conquer Susa", "Trade with Player 2 at Susa: Wool for Gold". */
export function mapActionText(a: MapAction): string {
  const at = territoryName(a.target);
  switch (a.kind) {
    case 'conquer':
      return `conquer ${at}`;
    case 'eliminate':
      return `eliminate ${seatName(a.rival)}'s totem in ${at}`;
    case 'assault':
      return `assault the site of ${at}`;
    case 'explore':
      return `explore ${at}`;
    case 'settle':
      return `settle ${at}`;
    case 'trade':
      return `trade with ${seatName(a.partner)} at ${at}: ${assetName(a.give)} for ${assetName(a.get)}`;
  }
}

export function routeText(route: readonly TerritoryId[]): string {
  return route.map(territoryName).join(' → ');
}

/** The question a pending decision asks, for the seat asked (`mine`) or for everyone else. */
export function pendingQuestion(state: Omit<ImperiosState, 'rng'>, p: Pending, viewer: Seat | null): string {
  switch (p.kind) {
    case 'metropolis':
      return `${seatName(p.seat)} chooses a starting Metropolis (IM3.4).`;
    case 'pool':
      return `${seatName(p.seat)} takes one chit from the pool (IM4.3).`;
    case 'turn':
      return `${seatName(p.seat)}'s turn in the ${PHASE_NAMES[state.phase]} phase.`;
    case 'block': {
      const who = viewer !== null && p.asked.includes(viewer) && !p.passed.includes(viewer) ? 'Will you block it?' : 'Waiting for the block answers.';
      return `${seatName(p.seat)} announces: ${mapActionText(p.action)} via ${routeText(p.action.route)}. ${who} (IM5.4)`;
    }
    case 'takeBack':
      return `${seatName(p.seat)} has no totem left: take one back from the map first (IM10.2).`;
    case 'defend':
      return `${seatName(p.attacker)} attacks ${seatName(p.seat)} in ${territoryName(p.action.target)}. Defend with an army? (IM6.3.3)`;
    case 'assaultPay':
      return `Undefended: ${seatName(p.seat)} may pay ${p.rest} more armies to sack ${territoryName(p.action.target)} (IM6.4.4).`;
    case 'good':
      return `${seatName(p.seat)} conquered ${territoryName(p.target)}: choose a trade good (IM6.2.4).`;
    case 'reserve': {
      const names = p.seats.map(seatName).join(', ');
      const limit = viewer !== null ? ` Keep at most ${AGES[state.civs[viewer].age].reserve}.` : '';
      return `Reserve (IM4.7): ${names} choose which unspent chits to keep.${limit}`;
    }
  }
}
