/**
 * One plain sentence for a hint's choice (issue 22 item 1), built from real differences: the choice is applied in
 * worlds drawn from the seat's view (for the Imperial, the base placed by its belief, as the search does), the
 * evaluation's features (../ismcts/evaluate.ts) are measured before and after (up to the next decision), and the
 * feature whose weighted change helps the seat most names the sentence, with its averaged numbers. For the
 * Imperial, a move onto a planet also says how much of its base belief lies within reach there. Nothing here reads
 * more than the view: the worlds come from `worldSampler(view, seat)`.
 */
import { PLANETS, type Faction, type LetterId, type PlanetId } from '../../game/content';
import { applyLegal, cloneState, findLegal, needsAdvance, run, seededRng, type Action, type GameState, type Rng } from '../../game/rules';
import { distance } from '../../game/rules/board';
import { worldSampler } from '../../game/rules/sample';
import { baseBelief, drawFrom, placeBase } from '../ismcts/belief';
import { FEATURES, features, type Feature } from '../ismcts/evaluate';
import { candidateActions } from '../ismcts/candidates';
import { imperialCandidates } from '../ismcts/knowledge';
import { makePicker } from '../ismcts/policy';
import { DEFAULT_WEIGHTS } from '../ismcts/weights';

/** Each feature's scale (evaluate.ts divides by it): the sentences speak in planets, rounds and strength. */
const SCALE: Partial<Record<Feature, number>> = {
  clock: 11, candidates: 14, hunterDistance: 6, siege: 10, rebelStrength: 20, imperialStrength: 30, loyalty: 14,
  disrupt: 14, objectiveHand: 5, scoring: 3, strikeDistance: 6, race: 4,
};

export interface FeatureShift {
  feature: Feature;
  /** Weighted change of the feature, from the seat's side (positive helps the seat). */
  gain: number;
  before: number;
  after: number;
}

/** The planet a move goes to or acts on, if any. */
export function targetOf(a: Action): PlanetId | null {
  switch (a.type) {
    case 'moveFleet': case 'pursue': case 'baseMove': return a.to;
    case 'slipstream': return a.to === 'BASE' ? null : a.to;
    case 'deployUnit': return a.to === 'BASE' ? null : a.to;
    case 'revealMission': return a.target;
    case 'patrolPlanet': case 'chooseBase': return a.planet;
    case 'relocateBase': return a.planet;
    default: return null;
  }
}

const name = (p: PlanetId) => PLANETS[p].name;
const round1 = (x: number) => Math.round(x * 10) / 10;
const num = (x: number) => (Math.abs(x - Math.round(x)) < 0.05 ? String(Math.round(x)) : String(round1(x)));

/** A short playout by the bot's policy (hits not counted, as in ../ismcts/search.ts), mutating `w`. */
function playOn(w: GameState, rng: Rng, depth: number): void {
  const picker = makePicker(DEFAULT_WEIGHTS.policy);
  for (let d = 0, hits = 0; d < depth && hits < 4 * depth && !w.winner;) {
    while (!w.winner && needsAdvance(w)) run(w, rng);
    const p = w.pending;
    if (!p || w.winner) break;
    const acts = candidateActions(w, p.seat);
    if (acts.length === 0) break;
    applyLegal(w, picker.pick(w, p.seat, acts, rng), rng);
    if (p.kind === 'assignHit') hits++;
    else d++;
  }
}

interface Measured {
  before: number[];
  /** Per action: mean features right after it (to the next decision), and after a short playout from there. */
  now: number[][];
  later: number[][];
}

/**
 * Mean features before and after each of `actions` over the same worlds drawn from the view, with the same dice
 * (one generator per world): right after the move, and after `depth` more decisions of the bot's policy.
 */
function measure(view: GameState, seat: Faction, actions: Action[], o: ExplainOptions): Measured {
  const sample = worldSampler(view, seat);
  const belief = seat === 'I' ? baseBelief(view, DEFAULT_WEIGHTS.belief) : null;
  const worldRng = seededRng(`${o.seed}-worlds`);
  const zero = () => new Array<number>(FEATURES.length).fill(0);
  const before = zero();
  const now = actions.map(zero);
  const later = actions.map(zero);
  const counts = actions.map(() => 0);
  let n = 0;
  const add = (to: number[], x: number[]) => x.forEach((v, k) => (to[k] += v));
  for (let i = 0; i < o.worlds; i++) {
    const w = sample(worldRng);
    w.log = [];
    if (belief && belief.planets.length > 1) placeBase(w, drawFrom(belief, worldRng));
    add(before, features(w));
    n++;
    actions.forEach((a, k) => {
      const legal = findLegal(w, seat, a);
      if (!legal) return;
      const next = cloneState(w);
      const rng = seededRng(`${o.seed}-${i}`);
      applyLegal(next, legal, rng);
      while (!next.winner && needsAdvance(next)) run(next, rng);
      add(now[k], features(next));
      playOn(next, rng, o.depth ?? 8);
      add(later[k], features(next));
      counts[k]++;
    });
  }
  const mean = (x: number[], c: number) => x.map((v) => (c > 0 ? v / c : 0));
  return { before: mean(before, n), now: now.map((x, k) => mean(x, counts[k])), later: later.map((x, k) => mean(x, counts[k])) };
}

/** Weighted feature changes from `from` to `to`, from the seat's side (the weights are the Rebel's logit), best first. */
export function shifts(seat: Faction, from: number[], to: number[]): FeatureShift[] {
  const side = seat === 'R' ? 1 : -1;
  return FEATURES.map((f, k) => ({
    feature: f, before: from[k], after: to[k], gain: side * (DEFAULT_WEIGHTS.value.w[f] ?? 0) * (to[k] - from[k]),
  })).filter((s) => !QUIET.includes(s.feature)).sort((a, b) => b.gain - a.gain);
}

/** Features that change with any move (time passing) and so explain none. */
const QUIET: Feature[] = ['late'];

/** The Imperial's sweep: how many of its base candidates lie on or next to `to`, and its belief there. */
function sweepSentence(view: GameState, to: PlanetId): string | null {
  const cands = imperialCandidates(view);
  if (cands.length === 0) return null;
  const near = cands.filter((c) => distance(view, to, c) <= 1);
  if (near.length === 0) return null;
  const b = baseBelief(view, DEFAULT_WEIGHTS.belief);
  const mass = b.planets.reduce((s, p: LetterId, i) => s + (near.includes(p) ? b.p[i] : 0), 0);
  return `sweeps ${name(to)}: ${near.length} of your ${cands.length} base candidates are within reach ` +
    `(${Math.round(mass * 100)}% of where the base may be)`;
}

function featureSentence(s: FeatureShift, seat: Faction): string {
  const v = s.after * (SCALE[s.feature] ?? 1);
  const d = (s.after - s.before) * (SCALE[s.feature] ?? 1);
  const R = seat === 'R';
  switch (s.feature) {
    case 'clock': return R ? `runs the clock: about ${num(v)} rounds left to the Imperial` : `holds the Rebel's clock: about ${num(v)} rounds left to you`;
    case 'late': return 'lets time pass';
    case 'hidden': return R ? 'keeps your base hidden' : 'brings the base into the open';
    case 'candidates': return R ? `keeps the Imperial guessing: about ${num(v)} planets still possible for your base`
      : `narrows the search: about ${num(v)} base candidates left`;
    case 'hunterDistance': return R ? `keeps the hunters away: the nearest capital ship about ${num(v)} planets from your base`
      : `closes in: your nearest capital ship about ${num(v)} planets from where the base likely is`;
    case 'siege': case 'occupied': case 'sfOnBase': return R ? 'takes the pressure off your base' : 'presses the revealed base';
    case 'rebelStrength': return R ? `keeps your forces: about ${num(Math.abs(d))} strength more than otherwise` : `hurts the Rebel: about ${num(Math.abs(d))} of their strength lost`;
    case 'imperialStrength': return R ? `hurts the Imperial: about ${num(Math.abs(d))} of their strength lost` : `keeps your forces: about ${num(Math.abs(d))} strength more than otherwise`;
    case 'loyalty': return R ? `wins loyalty: ${num(v)} loyal planets` : `breaks loyalty: ${num(v)} loyal planets left`;
    case 'disrupt': return R ? `disrupts production: ${num(v)} planets disrupted` : `clears disruption: ${num(v)} planets disrupted`;
    case 'objectiveHand': case 'scoring': return R ? 'brings an objective closer to scoring' : 'keeps an objective from scoring';
    case 'sfOut': return R ? 'takes out the Star Fortress' : 'keeps the Star Fortress in play';
    case 'captured': return R ? 'frees your leader' : 'captures a Rebel leader';
    case 'strikeDistance': return R ? `keeps the strike force away: about ${num(v)} steps from your base`
      : `brings the strike force within about ${num(v)} steps of where the base likely is`;
    case 'race': return R ? 'wins the race: your clock runs out before the hunt can finish' : 'wins the race: the hunt gains on the Rebel\'s clock';
  }
}

export interface ExplainOptions {
  worlds: number;
  seed: string;
  /** Decisions of the short playout that shows where a move leads (default 8). */
  depth?: number;
}

const MEANINGFUL = 1e-3;

/**
 * One sentence per action (the hint's choices, best first). First what the move changes at once, from the current
 * state; when it changes nothing the evaluation weighs (a plan, a pass, a move onto an empty planet), where it leads:
 * the features after a short playout, against the mean of the other choices after theirs (the same worlds and dice).
 */
export function explainChoices(view: GameState, seat: Faction, actions: Action[], o: ExplainOptions): string[] {
  const m = measure(view, seat, actions, o);
  const hunt: Feature[] = ['candidates', 'hunterDistance', 'strikeDistance', 'race', 'hidden'];
  return actions.map((a, k) => {
    const direct = shifts(seat, m.before, m.now[k])[0];
    const to = targetOf(a);
    if (seat === 'I' && to && !view.base.revealed && (!direct || direct.gain <= MEANINGFUL || hunt.includes(direct.feature))) {
      const sweep = sweepSentence(view, to);
      if (sweep) return sweep;
    }
    if (direct && direct.gain > MEANINGFUL) return featureSentence(direct, seat);
    if (actions.length > 1) {
      const others = m.later.filter((_, j) => j !== k);
      const mean = m.later[k].map((_, f) => others.reduce((s, x) => s + x[f], 0) / others.length);
      const ahead = shifts(seat, mean, m.later[k])[0];
      if (ahead && ahead.gain > MEANINGFUL) return `${featureSentence(ahead, seat)} (a few moves on, better than the other choices)`;
    }
    return 'no clear gain on the board yet: the search liked where its playouts went from here';
  });
}
