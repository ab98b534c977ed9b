/**
 * The evaluation at a playout's cut-off: P(Rebel wins) = σ(bias + Σ wᵢ·xᵢ) over a few features of the position
 * (BOT-NOTES "Playouts and evaluation"). Weights are data (./weights.json), fitted to self-play outcomes by
 * `npm run tune`. Terminal states score exactly 1 or 0. Features read the world as the players would weigh it:
 * the base's candidates are the Imperial's (./knowledge.ts); the base's true planet only for "how close is the
 * hunt" — in a determinized world that is the belief's answer, not a peek.
 */
import { LETTERS, type Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { distance, total } from '../../game/rules/board';
import { imperialCandidates, strength, strikeDistance } from './knowledge';
import type { EvalWeights } from './weights';

export const FEATURES = [
  'clock', // rounds the Imperial has left: objective token − pending scores − time token, /11
  'late', // how far the game is: time token /12
  'hidden', // the base is hidden
  'candidates', // hidden: planets the Imperial cannot rule out, /14
  'hunterDistance', // hidden: distance from the nearest Imperial capital-class unit to the base, /6
  'siege', // revealed: Imperial strength on and next to the base minus Rebel strength on it, /10
  'occupied', // revealed: Imperial units on the base planet and no Rebel unit (R1.2.1 looms)
  'rebelStrength', // Rebel units on the board, the base card and queues, /20
  'imperialStrength', // Imperial units on the board and queues, /30
  'loyalty', // loyalty markers /14
  'disrupt', // disrupt tokens /14
  'objectiveHand', // objective cards in the Rebel hand, /5
  'scoring', // objectives revealed, not yet scored, /3
  'sfOut', // the Star Fortress is out of the game
  'captured', // a Rebel leader is captured
  'strikeDistance', // rounds (steps) before a stack that would win the fight can stand on the base, /6
  'sfOnBase', // revealed: the Star Fortress is on the base planet and Secret Plans is not shown (R5.9: it cannot lose)
  'race', // rounds the hunt still needs (find + strike) minus rounds the Rebel's clock leaves, in [-4, 4], /4
] as const;
export type Feature = (typeof FEATURES)[number];

function capitalClassPlanets(s: GameState): string[] {
  const out: string[] = [];
  for (const p of s.grid) if (s.planets[p].I.c + s.planets[p].I.s > 0) out.push(p);
  return out;
}

export function features(s: GameState): number[] {
  const x = new Array<number>(FEATURES.length).fill(0);
  const clock = s.objective - s.objectives.scoring.length - s.time;
  x[0] = clock / 11;
  x[1] = s.time / 12;
  let rebel = strength(s.base.units);
  let imperial = 0;
  let loyalty = 0;
  let disrupt = 0;
  for (const p of s.grid) {
    const pl = s.planets[p];
    rebel += strength(pl.R);
    imperial += strength(pl.I);
    if (pl.loyalty) loyalty++;
    if (pl.disrupt) disrupt++;
  }
  for (const q of s.queues.R) rebel += strength(q);
  for (const q of s.queues.I) imperial += strength(q);
  const base = s.base.planet;
  if (!s.base.revealed) {
    x[2] = 1;
    x[3] = imperialCandidates(s).length / 14;
    let d = 6; // also while no base is chosen yet (R3.9): nothing to be near
    if (base !== null) for (const p of capitalClassPlanets(s)) d = Math.min(d, distance(s, p as never, base));
    x[4] = d / 6;
  } else if (base !== null) {
    const bp = s.planets[base];
    let siege = strength(bp.I) - strength(bp.R);
    for (const p of s.grid) if (distance(s, p, base) === 1) siege += strength(s.planets[p].I) * 0.7;
    x[5] = clamp(siege / 10, -1, 1); // bounded: a big stack on the base must not drown the hunt's other features
    x[6] = total(bp.I) > 0 && total(bp.R) === 0 ? 1 : 0;
    x[16] = bp.I.s > 0 && !s.known.secretPlansShown ? 1 : 0;
  }
  x[7] = rebel / 20;
  x[8] = imperial / 30;
  x[9] = loyalty / LETTERS.length;
  x[10] = disrupt / LETTERS.length;
  x[11] = s.objectives.hand.length / 5;
  x[12] = s.objectives.scoring.length / 3;
  x[13] = s.sfOut ? 1 : 0;
  x[14] = s.stats.captures > s.stats.rescues ? 1 : 0;
  if (base !== null) {
    // The hunt as rounds: fleets move one step a round, so a far strike force loses to the Rebel's timer (B1, B2).
    const d = strikeDistance(s, base);
    x[15] = d / 6;
    // B2: the Imperial clears two or three candidates a round (probes, fleets, sweeps); fleets move a step a round.
    const find = s.base.revealed ? 0 : Math.max(0, imperialCandidates(s).length - 1) / 2.5;
    x[17] = clamp(d + find - clock / 1.5, -4, 4) / 4;
  }
  return x;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** P(Rebel wins) for a state; exact at the end of the game. */
export function rebelValue(s: GameState, w: EvalWeights): number {
  if (s.winner) return s.winner.faction === 'R' ? 1 : 0;
  const x = features(s);
  let z = w.bias;
  for (let i = 0; i < FEATURES.length; i++) z += (w.w[FEATURES[i]] ?? 0) * x[i];
  return sigmoid(z);
}

export const valueFor = (seat: Faction, rebel: number): number => (seat === 'R' ? rebel : 1 - rebel);
