/**
 * The Imperial's belief over the hidden base (BOT-NOTES "Worlds and belief"). Its support is exactly the
 * sampler's candidates (`baseCandidates`: planets not ruled out by the probe hand, flagged cards, Imperial units
 * that entered, "not here" answers, the I-06 sector; reset by relocation as the core's `known` is). Inside that
 * support, each planet is weighted by location categories (Nijssen & Winands, Scotland Yard 2012) — its type,
 * sector, distances, and how the Rebel behaves around it — with weights fitted to self-play games where the truth
 * is known afterwards (`npm run tune -- --belief`). Every candidate keeps a probability > 0.
 */
import { PLANETS, type LetterId } from '../../game/content';
import type { GameState, Rng } from '../../game/rules';
import { adjacent, distance } from '../../game/rules/board';
import { baseCandidates } from '../../game/rules/sample';

export const BELIEF_FEATURES = [
  'production', 'loyal', 'remote', 'sector1', 'sector3', 'nearImperium', 'nearImperialStart', 'nearRebelStart',
  'rebelUnits', 'loyaltyMarker', 'rebelNeighbours',
] as const;

export type BeliefWeights = Record<string, number>;

export function beliefFeatures(v: GameState, c: LetterId): number[] {
  const p = v.planets[c];
  const def = PLANETS[c];
  let neighbours = 0;
  for (const q of adjacent(v, c)) neighbours += v.planets[q].R.f + v.planets[q].R.c;
  return [
    def.type === 'production' ? 1 : 0,
    def.type === 'loyal' ? 1 : 0,
    def.type === 'remote' ? 1 : 0,
    def.sector === 1 ? 1 : 0,
    def.sector === 3 ? 1 : 0,
    1 - distance(v, c, 'IMP') / 6,
    1 - distance(v, c, v.start.I) / 6,
    1 - distance(v, c, v.start.R) / 6,
    p.R.f + p.R.c > 0 ? 1 : 0,
    p.loyalty ? 1 : 0,
    Math.min(neighbours, 5) / 5,
  ];
}

export interface Belief {
  planets: LetterId[];
  p: number[];
}

/** The Imperial's belief for its view; an empty belief when the base is revealed (or for the Rebel). */
export function baseBelief(view: GameState, w: BeliefWeights): Belief {
  const planets = baseCandidates(view, 'I');
  const scores = planets.map((c) => {
    const x = beliefFeatures(view, c);
    let z = 0;
    for (let i = 0; i < x.length; i++) z += (w[BELIEF_FEATURES[i]] ?? 0) * x[i];
    return Math.exp(Math.max(-20, Math.min(20, z)));
  });
  const sum = scores.reduce((a, b) => a + b, 0);
  return { planets, p: scores.map((s) => s / sum) };
}

export function drawFrom(b: Belief, rng: Rng): LetterId {
  let u = rng.int(1 << 30) / (1 << 30);
  for (let i = 0; i < b.planets.length; i++) {
    u -= b.p[i];
    if (u < 0) return b.planets[i];
  }
  return b.planets[b.planets.length - 1];
}

/**
 * Move a sampled world's base to `planet` (another candidate): the two cards swap places between the base card
 * and the probe deck, which the sampler shuffles uniformly, so the world stays consistent with the view.
 */
export function placeBase(world: GameState, planet: LetterId): void {
  const old = world.base.planet;
  if (old === null || old === planet) return; // no base before R3.9: nothing to move
  const i = world.probes.deck.indexOf(planet);
  if (i < 0) return; // not a deck card: not a candidate of this world
  world.probes.deck[i] = old;
  world.base.planet = planet;
  if (world.pending?.kind === 'relocate') world.pending.cards = world.probes.deck.slice(0, world.pending.cards.length);
}
