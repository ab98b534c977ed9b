/**
 * RULES §9 — solo setup (R9.1 RNG-11) and what the solo lines of the cards share. The mission effects that differ
 * in solo (src/game/content/solo.ts) are card modules: ./cards/botSupplyDrop.ts, botIntercept.ts, botCouncil.ts,
 * soloIntercept.ts.
 */
import { DECK_MISSIONS, STARTING_MISSIONS, type Faction, type MissionId } from '../content';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { shuffleInPlace } from './rng';
import type { GameState, SoloState } from './state';

function solo(state: GameState): SoloState {
  return state.solo as SoloState;
}

/** All 13 missions of a faction, in id order (R3 intro: every shuffle starts from id order). */
export function factionMissions(f: Faction): MissionId[] {
  return [...STARTING_MISSIONS[f], ...DECK_MISSIONS[f]].sort();
}

/** R-08 (both solo lines) — discard the top card of the bot deck, if any; it goes faceup to the bot discard. */
export function discardBotTop(state: GameState): void {
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
} satisfies TaskHandlers;
