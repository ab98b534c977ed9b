/**
 * RULES §9 — solo setup (R9.1 RNG-11) and the mission effects that differ in solo (src/game/content/solo.ts):
 * the Bot lines of and the human Rebel's Solo player line of R-08 (R9.13).
 */
import { DECK_MISSIONS, STARTING_MISSIONS, type Faction, type MissionId } from '../content';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { drawObjective } from './refresh';
import { shuffleInPlace } from './rng';
import { leaderForDefault } from './soloTurn';
import type { GameState, SoloState } from './state';

function solo(state: GameState): SoloState {
  return state.solo as SoloState;
}

/** All 13 missions of a faction, in id order (R3 intro: every shuffle starts from id order). */
export function factionMissions(f: Faction): MissionId[] {
  return [...STARTING_MISSIONS[f], ...DECK_MISSIONS[f]].sort();
}

/** R-08 (both solo lines) — discard the top card of the bot deck, if any; it goes faceup to the bot discard. */
function discardBotTop(state: GameState): void {
  const s = solo(state);
  const card = s.deck.shift();
  s.bottomKnown = Math.min(s.bottomKnown, s.deck.length);
  if (!card) {
    log(state, 'botDeckEmpty', {});
    return;
  }
  s.discard.push(card);
  log(state, 'botTopDiscarded', { card });
}

export const tasks = {
  /** R9.1 — RNG-11 (after RNG-10): the bot's 13 missions, starting and deck cards together, form the bot deck. */
  shuffleBotDeck(state, _t, rng) {
    const s = solo(state);
    s.deck = shuffleInPlace(rng, s.deck.sort()); // from id order (R3 intro)
    s.bottomKnown = 0;
    log(state, 'botDeckReady', { faction: s.bot, count: s.deck.length });
  },
  /** R-04 Bot line — 2 starfighters on the base card while it is hidden, otherwise on the target. */
  botSupplyDrop(state) {
    const m = state.mission!;
    const n = Math.min(2, state.supply.R.f);
    state.supply.R.f -= n;
    if (!state.base.revealed) {
      state.base.units.f += n;
      log(state, 'unitsPlaced', { faction: 'R', unit: 'f', count: n, planet: 'BASE' });
      return;
    }
    state.planets[m.target].R.f += n;
    if (n > 0) state.arrival = { planet: m.target, faction: 'R' };
    log(state, 'unitsPlaced', { faction: 'R', unit: 'f', count: n, planet: m.target });
  },
  /**
   * R-08 Bot line — one of the human Imperial's facedown planned missions, drawn uniformly (RNG), returns to the
   * Imperial hand and its leader is committed on the target; with none, the bot discards its top card.
   */
  botIntercept(state, _t, rng) {
    const m = state.mission!;
    if (state.planned.I.length === 0) {
      log(state, 'botInterceptNothing', {});
      discardBotTop(state);
      return;
    }
    const pm = state.planned.I[rng.int(state.planned.I.length)];
    state.planned.I = state.planned.I.filter((x) => x !== pm);
    state.hands.I.push(pm.card);
    state.leaders[pm.leader].at = m.target;
    log(state, 'missionIntercepted', { leader: pm.leader, planet: m.target });
  },
  /** R-09 Bot line — the Rebel bot draws 1 objective. */
  botCouncil(state) {
    drawObjective(state);
  },
  /**
   * R-08 Solo player line (R9.13) — the Imperial bot commits its pool leader with the fewest icons (tie: higher id)
   * on the target; with an empty pool it discards the top card of its bot deck.
   */
  soloIntercept(state) {
    const m = state.mission!;
    const leader = leaderForDefault(state, 'I');
    if (!leader) {
      discardBotTop(state);
      return;
    }
    state.leaders[leader].at = m.target;
    log(state, 'missionIntercepted', { leader, planet: m.target });
  },
} satisfies TaskHandlers;
