/** R4.2.4 – R4.2.6 — revealing a planned mission: target, opposition window, attempt, reward, return. */
import { BOT_EFFECTS, FACTION_LEADERS, MISSIONS, SOLO_PLAYER_EFFECTS, iconCount, type Effect, type Faction, type LeaderId, type MissionId, type PlanetId } from '../content';
import type { Action } from './actions';
import { other } from './board';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { holdsAll } from './predicates';
import { now, task } from './queue';
import { d6 } from './rng';
import type { GameState } from './state';

/** Legal targets of a mission right now (R4.2.4 step 1), in grid order. */
export function missionTargets(state: GameState, card: MissionId): PlanetId[] {
  const req = MISSIONS[card].requirement;
  return state.grid.filter((p) => holdsAll(state, p, req));
}

/** Every legal Reveal a Mission of `f`. */
export function revealableMissions(state: GameState, f: Faction): Action[] {
  const out: Action[] = [];
  for (const pm of state.planned[f]) {
    for (const target of missionTargets(state, pm.card)) out.push({ type: 'revealMission', card: pm.card, target });
  }
  return out;
}

/** True if `f` has a legal Reveal a Mission (revealableMissions(state, f) is not empty), without listing them. */
export function canRevealMission(state: GameState, f: Faction): boolean {
  return state.planned[f].some((pm) => {
    const req = MISSIONS[pm.card].requirement;
    return state.grid.some((p) => holdsAll(state, p, req));
  });
}

/** Leaders the opponent could send to oppose (R4.2.5): pool, or on one of their facedown planned missions. */
export function opposingLeaders(state: GameState, f: Faction): LeaderId[] {
  return FACTION_LEADERS[f].filter((id) => {
    const l = state.leaders[id];
    return !l.captured && (l.at === 'pool' || l.at === 'plan');
  });
}

/** Leaders of faction `f` on planet `p`; the captured Rebel leader counts for the Rebel (R6.1.5). */
export function leadersOn(state: GameState, f: Faction, p: PlanetId): LeaderId[] {
  return FACTION_LEADERS[f].filter((id) => state.leaders[id].at === p);
}

/** The reward a mission applies: 2P, or in solo the bot's Bot line / the human's Solo player line (R9.13). */
export function effectsOf(state: GameState, card: MissionId, f: Faction): Effect[] {
  if (state.solo) {
    const solo = state.solo.bot === f ? BOT_EFFECTS[card] : SOLO_PLAYER_EFFECTS[card];
    if (solo) return solo;
  }
  return MISSIONS[card].effects;
}

const oppose: DecisionHandler<'oppose'> = {
  legal(state, p) {
    return [
      ...opposingLeaders(state, p.seat).map((leader) => ({ type: 'oppose', leader }) as Action),
      { type: 'declineOpposition' },
    ];
  },
  answer(state, p, a) {
    const m = state.mission;
    if (!m) return;
    if (a.type === 'oppose') {
      const l = state.leaders[a.leader];
      if (l.at === 'plan') {
        // R4.2.5 — the planned mission under that leader goes back to hand unrevealed.
        const f = p.seat;
        const pm = state.planned[f].find((x) => x.leader === a.leader);
        if (pm) {
          state.planned[f] = state.planned[f].filter((x) => x !== pm);
          state.hands[f].push(pm.card);
        }
        log(state, 'opposed', { faction: f, leader: a.leader, from: 'plan', target: m.target });
      } else {
        log(state, 'opposed', { faction: p.seat, leader: a.leader, from: 'pool', target: m.target });
      }
      l.at = m.target;
    } else {
      // R4.2.4 step 5: a leader of the opponent already on the target opposes anyway (say so, not "declined").
      const already = leadersOn(state, p.seat, m.target);
      log(state, 'notOpposed', already.length > 0 ? { faction: p.seat, already } : { faction: p.seat });
    }
    now(state, task('missionAttempt'));
  },
};

/**
 * R4.2.4 steps 3–5, shared by a player's reveal and the solo rival's (R9.4 step 4): the leader goes to the target,
 * the mission becomes active, then the opposition window opens — or, C17, a mission without attribute succeeds.
 */
export function startMission(state: GameState, f: Faction, card: MissionId, target: PlanetId, leader: LeaderId): void {
  state.leaders[leader].at = target;
  state.mission = { card, faction: f, target, leader, opposed: false, success: null, effect: 0 };
  log(state, 'missionRevealed', { faction: f, card, target, leader });
  if (MISSIONS[card].attribute === null) {
    state.mission.success = true;
    log(state, 'missionSucceeded', { card, unopposable: true });
    now(state, task('missionEffects'), task('missionEnd'));
    return;
  }
  const opp = other(f);
  if (opposingLeaders(state, opp).length > 0) state.pending = { kind: 'oppose', seat: opp };
  else now(state, task('missionAttempt'));
}

export const tasks = {
  /** R4.2.4 steps 2–4. */
  revealMission(state, t) {
    const f = t.f;
    const card = t.card;
    const target = t.target;
    const pm = state.planned[f].find((x) => x.card === card);
    if (!pm) return;
    state.planned[f] = state.planned[f].filter((x) => x !== pm);
    if (f === 'I') state.known.rebelKnowsImperial = state.known.rebelKnowsImperial.filter((c) => c !== card);
    startMission(state, f, card, target, pm.leader);
  },
  /** R4.2.4 step 5 and R4.2.6 — opposed if any opposing leader is on the target; then roll. */
  missionAttempt(state, _t, rng) {
    const m = state.mission;
    if (!m) return;
    const opp = other(m.faction);
    const attr = MISSIONS[m.card].attribute!;
    m.opposed = leadersOn(state, opp, m.target).length > 0;
    if (!m.opposed) {
      m.success = true;
      log(state, 'missionSucceeded', { card: m.card, opposed: false });
    } else {
      // R4.2.6: every own leader on the target adds its matching icons (the captured Rebel leader counts, R6.1.5).
      const side = (f: Faction) => leadersOn(state, f, m.target).map((leader) => ({ leader, icons: iconCount(leader, attr) }));
      const sum = (xs: { icons: number }[]) => xs.reduce((a, x) => a + x.icons, 0);
      const mineLeaders = side(m.faction);
      const oppLeaders = side(opp);
      const dieMine = d6(rng); // the revealing player's die first (R3 intro)
      const dieOpp = d6(rng);
      const mine = dieMine + sum(mineLeaders);
      const theirs = dieOpp + sum(oppLeaders);
      m.success = state.config.tiesToRevealer ? mine >= theirs : mine > theirs;
      log(state, 'missionAttempt', {
        card: m.card, faction: m.faction, die: dieMine, total: mine, oppDie: dieOpp, oppTotal: theirs, success: m.success,
        attribute: attr, leaders: mineLeaders, oppLeaders, tiesToRevealer: state.config.tiesToRevealer,
      });
    }
    if (m.success) now(state, task('missionEffects'), task('missionEnd'));
    else now(state, task('missionEnd'));
  },
  /** R4.2.4 step 6 — apply the reward's effects one by one; an effect may ask a decision. */
  missionEffects(state) {
    const m = state.mission;
    if (!m) return;
    const effects = effectsOf(state, m.card, m.faction);
    if (m.effect >= effects.length) return;
    const idx = m.effect++;
    now(state, task('missionEffects'));
    now(state, task('effect', { idx }));
  },
  /** R4.2.4 steps 7–8 — the card returns to hand or goes to the discard pile; state checks. */
  missionEnd(state) {
    const m = state.mission;
    if (!m) return;
    if (state.solo?.bot === m.faction) state.solo.discard.push(m.card); // R9.4 step 4, starting cards too
    else if (MISSIONS[m.card].starting) state.hands[m.faction].push(m.card);
    else state.discards[m.faction].push(m.card);
    state.mission = null;
    now(state, task('stateChecks'));
  },
} satisfies TaskHandlers;

export const decisions = { oppose } satisfies DecisionHandlers;
