/**
 * Builders for small hand-made solo states (RULES §9) on TEST_GRID, on top of tests/helpers/build.ts:
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * With seed 1 the starting planets are Imperial G, Rebel H.
 */
import type { Difficulty, Faction, LeaderId, LetterId, MissionId } from '../../src/game/content';
import { createState, isEvent, run, seededRng, type GameState, type LogEventOf, type LogKind, type Rng } from '../../src/game/rules';
import { factionMissions } from '../../src/game/rules/soloEffects';
import { dice, recordingRng, scenario } from './build';

/** A fresh solo setup (R9.1) run to the first decision of the human, with the dice it drew recorded. */
export function soloSetup(bot: Faction, difficulty: Difficulty = 'normal', seed = 7) {
  const rng = recordingRng(seededRng(seed));
  const s = createState(rng, undefined, { bot, difficulty });
  run(s, rng);
  return { s, rng };
}

/** Planets holding Imperial units, in grid order. */
export const imperialUnits = (s: GameState) => s.grid.filter((p) => s.planets[p].I.f + s.planets[p].I.c + s.planets[p].I.s > 0);

/** scenario(base) turned into a solo game against `bot`: the bot's 13 cards in its deck (id order), no hand. */
export function soloScenario(bot: Faction, difficulty: Difficulty = 'normal', base: LetterId = 'N'): GameState {
  const s = scenario(base);
  s.hands[bot] = [];
  s.decks[bot] = [];
  s.discards[bot] = [];
  s.planned[bot] = [];
  s.solo = { bot, difficulty, deck: factionMissions(bot), bottomKnown: 0, discard: [], lastSkipped: [], turns: 0 };
  return s;
}

/** Put `top` on top of the bot deck in this order; the other bot cards follow (or go to the discard). */
export function botDeck(s: GameState, top: MissionId[], rest: 'deck' | 'discard' = 'deck'): void {
  const solo = s.solo!;
  const others = factionMissions(solo.bot).filter((c) => !top.includes(c));
  solo.deck = rest === 'deck' ? [...top, ...others] : [...top];
  solo.discard = rest === 'discard' ? others : [];
  solo.bottomKnown = 0;
}

/**
 * Jump to Operations with the bot to act (`turns` bot turns already taken this round, so 1 = not its first turn):
 * the engine plays the bot's turn until a decision is the human's.
 */
export function botTurn(s: GameState, rng: Rng = dice(), turns = 1): void {
  s.phase = 'operations';
  s.combat = null;
  s.mission = null;
  s.passed = { R: false, I: false };
  s.turn = s.solo!.bot;
  s.solo!.turns = turns;
  s.pending = null;
  s.queue = [{ t: 'opsTurn' }];
  run(s, rng);
}

/** The events of kind `e` logged since `mark`. */
export const events = <K extends LogKind>(s: GameState, e: K, mark = 0) => s.log.slice(mark).filter((x): x is LogEventOf<K> => isEvent(x, e));

/**
 * Give the human a facedown planned mission (with `leader`) so that R4.2.2 asks them after the bot's turn instead
 * of passing for them: the test then sees the state right after one bot turn.
 */
export function holdHuman(s: GameState, leader: LeaderId): void {
  const human: Faction = s.solo!.bot === 'R' ? 'I' : 'R';
  const card = s.hands[human][0];
  s.hands[human] = s.hands[human].slice(1);
  s.planned[human].push({ card, leader });
  s.leaders[leader].at = 'plan';
}
