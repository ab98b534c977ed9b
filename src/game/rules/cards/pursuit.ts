/**
 * Card module `pursuit` — I-07 Rapid Pursuit: Imperial units on the target move to an adjacent planet as a fleet
 * without a leader (the escort rule of R4.2.3 step 5 holds). Also its Bot line (R9.6 Hunt from the target).
 */
import type { Action } from '../actions';
import { adjacent } from '../board';
import { fleetChoices, moveUnits } from '../movement';
import { now, task } from '../queue';
import { huntDestination } from '../soloTargets';
import type { ActiveMission, GameState } from '../state';
import type { CardModule } from './types';

const target = (state: GameState) => (state.mission as ActiveMission).target;

export const pursuit = {
  cards: ['I-07'],
  effect(state) {
    state.pending = { kind: 'pursuit', seat: 'I' };
  },
  decisions: {
    pursuit: {
      answers: { pursue: 'pursuit' },
      legal(state) {
        const from = target(state);
        const out: Action[] = [];
        const choices = fleetChoices(state, 'I', from);
        for (const to of adjacent(state, from)) for (const ch of choices) out.push({ type: 'pursue', to, units: ch.units, captive: ch.captive });
        return out;
      },
      answer(state, _p, a) {
        if (a.type !== 'pursue') return;
        moveUnits(state, 'I', target(state), a.to, a.units, a.captive, null);
        now(state, task('stateChecks'));
      },
      /** I-07 Bot line — Hunt from the target: every unit (and the captive) toward the goals (R9.6). */
      botPick(state, _p, legal) {
        const from = target(state);
        const to = huntDestination(state, from);
        const all = state.planets[from].I;
        const opts = (legal.filter((a) => a.type === 'pursue') as Extract<Action, { type: 'pursue' }>[])
          .filter((a) => a.to === to && a.units.f === all.f && a.units.c === all.c && a.units.s === all.s);
        return opts.find((a) => a.captive) ?? opts[0] ?? legal[0];
      },
      /** R4.2.3 step 5 — the pursuing fleet obeys the escort rule. */
      whyNot(_state, _seat, c) {
        const u = c.units as { f: number; c: number; s: number } | undefined;
        if (u && u.f > 0 && u.c + u.s === 0) return { rule: 'R4.2.3', text: 'Starfighters need a capital ship or the Star Fortress moving with them (step 5).' };
        return null;
      },
    },
  },
} satisfies CardModule;
