/**
 * The Yellow phase (docs/imperios/RULES.md IM7): Arts and Sciences. Neither is a map action (IM5.1.2).
 */
import { TECH_IDS, TECHS, TIERS, techOf, type TechId } from '../content/techs';
import type { Action, Seat } from './actions';
import { moveCensus } from './board';
import { canPay, payActions } from './chits';
import { log } from './log';
import type { Civ, ImperiosState } from './state';

/** IM2.6.4, G38: an Advanced or Special technology needs the Basic one of its colour. */
export function mayOwnTech(civ: Civ, tech: TechId): boolean {
  const t = TECHS[tech];
  return t.tier === 'basic' || civ.techs.includes(techOf(t.colour, 'basic'));
}

/** IM7.1–IM7.2: the yellow actions `seat` can pay for now. */
export function yellowActions(state: ImperiosState, seat: Seat): Action[] {
  const civ = state.civs[seat];
  const out: Action[] = [];
  if (canPay(civ, 'yellow', 1)) out.push({ kind: 'arts' });
  for (const tech of TECH_IDS) {
    if (civ.techs.includes(tech) || !mayOwnTech(civ, tech)) continue;
    if (canPay(civ, 'yellow', TIERS[TECHS[tech].tier].cost)) out.push({ kind: 'learn', tech });
  }
  return out;
}

/** IM7.1: one yellow action, one Census space (IM2.3.1: none past space 12). */
export function arts(state: ImperiosState, seat: Seat): void {
  payActions(state, state.civs[seat], 'yellow', 1);
  moveCensus(state, seat, 1);
  log(state, 'arts', 'IM7.1', { seat, census: state.civs[seat].census });
}

/** IM7.2: learn a technology; it works at once. */
export function learn(state: ImperiosState, seat: Seat, tech: TechId): void {
  const civ = state.civs[seat];
  payActions(state, civ, 'yellow', TIERS[TECHS[tech].tier].cost);
  civ.techs.push(tech);
  log(state, 'learn', 'IM7.2', { seat, tech });
}
