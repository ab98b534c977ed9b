/**
 * Per-seat views (src/game/rules/view.ts, RULES §8) and the world sampler (src/game/rules/sample.ts) on hand-made
 * situations. The random-game properties are in tests/property/sampleWorld.test.ts.
 *
 * afterSetup(1, 'N'): grid  B D IMP A C / F G I E H / M L J N K; Imperial start G (capital ship + 3 starfighters on
 * Imperium, SF + 2 starfighters on G), Rebel start H (2 starfighters), hidden base N; loyalty on D, E, L.
 */
import { describe, expect, it } from 'vitest';
import type { Faction, LetterId } from '../../src/game/content';
import {
  apply, cloneState, createState, legalActions, run, seededRng, type GameState,
} from '../../src/game/rules';
import { drawProbe } from '../../src/game/rules/refresh';
import {
  explainImpossibleWorld, invariantErrors, jsonEqual, sampleWorld, samplerNotes, worldSampler,
} from '../../src/game/rules/sample';
import { HIDDEN, isHidden, viewFor } from '../../src/game/rules/view';
import { act, afterSetup, operationsWith } from '../helpers/build';
import { fields } from '../helpers/logFields';

const SEATS: (Faction | null)[] = ['R', 'I', null];
/** A view as JSON without its config (whose thresholds are keyed by objective ids). */
const body = (v: GameState) => JSON.stringify({ ...v, config: null });
const rng = () => seededRng('view-unit');

/** The Rebel reveals `card` on `target`; the Imperial declines to oppose, so it succeeds unopposed. */
function rebelMission(s: GameState, card: 'R-08' | 'R-09' | 'R-S4', target: LetterId): void {
  const r = rng();
  act(s, 'R', { type: 'revealMission', card, target }, r);
  if (s.pending?.kind === 'oppose') act(s, 'I', { type: 'declineOpposition' }, r);
}

function expectSameLegal(s: GameState): void {
  for (const f of ['R', 'I'] as Faction[]) expect(legalActions(viewFor(s, f), f)).toEqual(legalActions(s, f));
}

function expectSamplesRoundTrip(s: GameState, n = 50): void {
  for (const f of ['R', 'I'] as Faction[]) {
    const v = viewFor(s, f);
    expect(explainImpossibleWorld(v, f, s)).toBeNull();
    const sample = worldSampler(v, f);
    const r = seededRng(`rt-${f}`);
    for (let i = 0; i < n; i++) {
      const w = sample(r);
      expect(explainImpossibleWorld(v, f, w)).toBeNull();
    }
    expect(samplerNotes(v, f)).toEqual([]);
  }
}

describe('views: the hidden base (R8.3 item 1)', () => {
  it('R8.2 the Imperial never sees the hidden base', () => {
    const s = afterSetup(1, 'N');
    expect(viewFor(s, 'I').base.planet).toBe(HIDDEN);
    expect(viewFor(s, 'R').base.planet).toBe('N');
    expect(JSON.stringify(viewFor(s, 'I').log)).not.toContain('baseChosen');
  });

  it('R8.2 a spectator never sees the hidden base', () => {
    expect(viewFor(afterSetup(1, 'N'), null).base.planet).toBe(HIDDEN);
  });

  it('R6.2.5 the base planet is public once revealed', () => {
    const s = afterSetup(1, 'N');
    s.base.revealed = true;
    for (const seat of SEATS) expect(viewFor(s, seat).base.planet).toBe('N');
  });

  it('R8.2/R3.9 before the Rebel chooses, the base is absent (null) in every view and the sampler keeps the setup partition', () => {
    const r = seededRng(5);
    const s = createState(r);
    expect(apply(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 }, r)).toBe(true);
    expect(s.pending?.kind).toBe('chooseBase');
    expect(s.base.planet).toBeNull(); // no placeholder planet (issue 12)
    for (const seat of ['R', 'I', null] as const) expect(viewFor(s, seat).base.planet).toBeNull();
    expectSameLegal(s);
    expectSamplesRoundTrip(s, 10);
  });
});

describe('views: missions (R8.3 items 3, 4, 6)', () => {
  it('R8.2 each player sees only the count of the other\'s hand, and planned missions only with their leader', () => {
    const s = operationsWith(afterSetup(1, 'N'), {
      R: [{ card: 'R-S1', leader: 'LD-R1' }], I: [{ card: 'I-S3', leader: 'LD-I2' }],
    });
    const vI = viewFor(s, 'I');
    expect(vI.hands.R).toEqual(s.hands.R.map(() => HIDDEN));
    expect(vI.planned.R).toEqual([{ card: HIDDEN, leader: 'LD-R1' }]);
    expect(vI.hands.I).toEqual(s.hands.I);
    expect(vI.planned.I).toEqual(s.planned.I);
    const vR = viewFor(s, 'R');
    expect(vR.hands.I.every(isHidden)).toBe(true);
    expect(vR.planned.I).toEqual([{ card: HIDDEN, leader: 'LD-I2' }]);
    const v0 = viewFor(s, null);
    expect([...v0.hands.R, ...v0.hands.I, ...v0.planned.R.map((p) => p.card)].every(isHidden)).toBe(true);
    expectSameLegal(s);
  });

  it('R8.2 mission deck orders are hidden from everyone, the owner included; counts and discard piles are public', () => {
    const s = afterSetup(1, 'N');
    s.discards.R.push(s.decks.R.pop()!);
    for (const seat of SEATS) {
      const v = viewFor(s, seat);
      expect(v.decks.R).toEqual(s.decks.R.map(() => HIDDEN));
      expect(v.decks.I).toEqual(s.decks.I.map(() => HIDDEN));
      expect(v.discards).toEqual(s.discards);
    }
  });

  it('R8.3 item 10 R-08: the Rebel sees the Imperial plans in the round of R-08, then only which cards it knows', () => {
    const s = operationsWith(afterSetup(1, 'N'), {
      R: [{ card: 'R-08', leader: 'LD-R1' }],
      I: [{ card: 'I-03', leader: 'LD-I1' }, { card: 'I-05', leader: 'LD-I2' }],
    });
    rebelMission(s, 'R-08', 'D');
    expect(s.pending).toEqual({ kind: 'intercept', seat: 'R', cards: ['I-03', 'I-05'] });
    expect(viewFor(s, 'R').pending).toEqual(s.pending);
    expect(viewFor(s, 'I').pending).toEqual({ kind: 'intercept', seat: 'R', cards: [HIDDEN, HIDDEN] });
    expect(viewFor(s, null).pending).toEqual({ kind: 'intercept', seat: 'R', cards: [HIDDEN, HIDDEN] });
    expect(viewFor(s, 'R').planned.I).toEqual(s.planned.I);
    expectSameLegal(s);
    expectSamplesRoundTrip(s);

    act(s, 'R', { type: 'interceptMission', card: 'I-03' }, rng());
    const vR = viewFor(s, 'R');
    expect(vR.hands.I[0]).toBe('I-03'); // known cards first, the rest HIDDEN
    expect(vR.hands.I.slice(1).every(isHidden)).toBe(true);
    expect(vR.planned.I).toEqual([{ card: 'I-05', leader: 'LD-I2' }]);
    expect(vR.known.rebelKnowsImperial).toEqual(['I-03', 'I-05']);
    expect(viewFor(s, null).known.rebelKnowsImperial).toEqual([]);
    expect(viewFor(s, null).hands.I.every(isHidden)).toBe(true);

    // A later round: Retrieve, then the Imperial plans one of the two known cards again. Which one is secret,
    // so the Rebel's view must be the same either way (and show neither card in the hand).
    const later = (card: 'I-03' | 'I-05') => {
      const t = cloneState(s);
      t.mission = null;
      t.pending = null;
      t.queue = [];
      for (const pm of t.planned.I) t.hands.I.push(pm.card);
      t.planned.I = [];
      for (const id of ['LD-I1', 'LD-I2', 'LD-I3'] as const) t.leaders[id] = { at: 'pool', captured: false };
      t.round += 1;
      t.hands.I = t.hands.I.filter((c) => c !== card);
      t.planned.I = [{ card, leader: 'LD-I1' }];
      t.leaders['LD-I1'].at = 'plan';
      return t;
    };
    const a = viewFor(later('I-03'), 'R');
    const b = viewFor(later('I-05'), 'R');
    expect(a).toEqual(b);
    expect(a.hands.I.every(isHidden)).toBe(true);
    expect(a.planned.I).toEqual([{ card: HIDDEN, leader: 'LD-I1' }]);
    // The sampler puts both known deck cards in the Imperial hand or plans, never back in the deck.
    const t = later('I-03');
    const v = viewFor(t, 'R');
    const r = seededRng('known');
    const planned = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const w = sampleWorld(v, 'R', r);
      expect(w.decks.I).not.toContain('I-03');
      expect(w.decks.I).not.toContain('I-05');
      planned.add(w.planned.I[0].card);
    }
    expect(planned.has('I-03') && planned.has('I-05')).toBe(true);
  });
});

describe('views: objectives (R8.3 items 2, 6, 10)', () => {
  it('R8.2 the Imperial sees only the count of the Rebel objective hand; Secret Plans once shown (R5.9)', () => {
    const s = afterSetup(1, 'N');
    s.objectives.deck = s.objectives.deck.filter((c) => c !== 'O1-8');
    s.objectives.hand.push('O1-8');
    expect(viewFor(s, 'I').objectives.hand).toEqual([HIDDEN, HIDDEN]);
    expect(viewFor(s, 'R').objectives.hand).toEqual(['O1-3', 'O1-8']);
    s.known.secretPlansShown = true;
    expect(viewFor(s, 'I').objectives.hand).toEqual(['O1-8', HIDDEN]);
    expect(viewFor(s, null).objectives.hand).toEqual(['O1-8', HIDDEN]);
    expect(viewFor(s, 'I').objectives.deck.every(isHidden)).toBe(true);
    expect(viewFor(s, 'R').objectives.deck.every(isHidden)).toBe(true); // R8.2: the order is secret to both
    expectSamplesRoundTrip(s);
  });

  it('R8.3 item 10 R-09\'s bottom card is the Rebel\'s alone; I-09\'s is known to both players, not to spectators', () => {
    const s = operationsWith(afterSetup(1, 'N'), {
      R: [{ card: 'R-09', leader: 'LD-R1' }], I: [{ card: 'I-09', leader: 'LD-I1' }],
    });
    rebelMission(s, 'R-09', 'D');
    expect(s.pending?.kind).toBe('council');
    const drawn = (s.pending as { cards: string[] }).cards;
    expect(viewFor(s, 'R').pending).toEqual(s.pending);
    expect(viewFor(s, 'I').pending).toEqual({ kind: 'council', seat: 'R', cards: [HIDDEN, HIDDEN] });
    expectSameLegal(s);
    expectSamplesRoundTrip(s);
    act(s, 'R', { type: 'keepObjective', card: drawn[0] as never }, rng());
    const bottom = drawn[1];
    expect(s.objectives.deck.at(-1)).toBe(bottom);
    expect(viewFor(s, 'R').objectives.deck.at(-1)).toBe(bottom);
    expect(viewFor(s, 'I').objectives.deck.at(-1)).toBe(HIDDEN);
    expect(viewFor(s, 'I').objectives.bottomKnown).toEqual([{ card: HIDDEN, by: 'R' }]);
    expect(body(viewFor(s, 'I'))).not.toContain(`"${bottom}"`);

    // I-09: the Imperial turn comes next; a random card of the Rebel hand goes under the deck, seen by both.
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    act(s, 'I', { type: 'revealMission', card: 'I-09', target: 'G' }, rng());
    if (s.pending?.kind === 'oppose') act(s, 'R', { type: 'declineOpposition' }, rng());
    const buried = s.objectives.bottomKnown.find((b) => b.by === 'both')!.card;
    expect(s.objectives.deck.at(-1)).toBe(buried);
    expect(viewFor(s, 'I').objectives.deck.slice(-2)).toEqual([HIDDEN, buried]);
    expect(viewFor(s, 'R').objectives.deck.slice(-2)).toEqual([bottom, buried]);
    expect(viewFor(s, null).objectives.deck.slice(-2)).toEqual([HIDDEN, HIDDEN]);
    expect(viewFor(s, null).objectives.bottomKnown).toEqual([{ card: HIDDEN, by: 'R' }, { card: HIDDEN, by: 'both' }]);
    expect(body(viewFor(s, null))).not.toContain(`"${buried}"`);
    expect(body(viewFor(s, 'I'))).toContain(`"${buried}"`);
    expectSamplesRoundTrip(s);
  });
});

describe('views: probe cards (R8.3 items 5, 7, 11)', () => {
  it('R8.2 the Rebel sees only the count of the Imperial probe hand, apart from flagged cards', () => {
    const s = afterSetup(1, 'N');
    drawProbe(s);
    drawProbe(s);
    expect(viewFor(s, 'I').probes.hand).toEqual(s.probes.hand);
    for (const seat of ['R', null] as const) expect(viewFor(s, seat).probes.hand).toEqual(['G', HIDDEN, HIDDEN]);
    // A card found in the hand by I-02 becomes public, but not the moment it was drawn: flagged cards come first.
    const found = s.probes.hand[2];
    s.probes.flagged.push(found);
    expect(viewFor(s, 'R').probes.hand).toEqual(['G', found, HIDDEN]);
  });

  it('R8.2 probe deck contents and order are hidden from everyone; a flagged card shows, but not where it lies', () => {
    const s = afterSetup(1, 'N');
    for (const seat of SEATS) expect(viewFor(s, seat).probes.deck).toEqual(s.probes.deck.map(() => HIDDEN));
    s.probes.flagged.push('J');
    const at = (i: number) => {
      const t = cloneState(s);
      t.probes.deck = t.probes.deck.filter((c) => c !== 'J');
      t.probes.deck.splice(i, 0, 'J');
      return t;
    };
    for (const seat of SEATS) {
      expect(viewFor(at(0), seat).probes.deck).toEqual(['J', ...s.probes.deck.slice(1).map(() => HIDDEN)]);
      expect(viewFor(at(7), seat)).toEqual(viewFor(at(0), seat));
    }
  });

  it('R6.2.7 a relocation shows the top probe cards to the Rebel only; the Imperial learns that it happened', () => {
    const s = operationsWith(afterSetup(1, 'N'), { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    for (let i = 0; i < 3; i++) drawProbe(s); // hidden draws before the relocation
    rebelMission(s, 'R-S4', 'D');
    expect(s.pending?.kind).toBe('relocate');
    const top = (s.pending as { cards: LetterId[] }).cards;
    expect(top).toEqual(s.probes.deck.slice(0, 3));
    expect(viewFor(s, 'R').pending).toEqual(s.pending);
    expect(viewFor(s, 'I').pending).toEqual({ kind: 'relocate', seat: 'R', cards: [HIDDEN, HIDDEN, HIDDEN] });
    expectSameLegal(s);
    expectSamplesRoundTrip(s);
    // Every world sampled for the Rebel has the cards it is looking at on top of the probe deck, in order.
    const v = viewFor(s, 'R');
    for (let i = 0; i < 50; i++) expect(sampleWorld(v, 'R', seededRng(i)).probes.deck.slice(0, 3)).toEqual(top);

    const pick = top.find((c) => legalActions(s, 'R').some((a) => a.type === 'relocateBase' && a.planet === c)) as LetterId;
    act(s, 'R', { type: 'relocateBase', planet: pick }, rng());
    expect(s.base.planet).toBe(pick);
    const vI = viewFor(s, 'I');
    expect(vI.base.planet).toBe(HIDDEN);
    const iEvents = vI.log.map((e) => e.e);
    expect(iEvents).toContain('relocated');
    expect(iEvents).not.toContain('relocatedTo');
    expect(iEvents).not.toContain('probesSeen');
    for (const e of vI.log) {
      const f = fields(e);
      expect([f.card, f.dest, f.from, f.planet, ...((f.cards as string[] | undefined) ?? [])]).not.toContain(pick);
    }

    // R8.3 item 10: the Rebel knows the cards it saw (and the old base card) were in the deck after the shuffle.
    // With 3 hidden draws all made before, no sampled Imperial hand may hold them.
    const seen: LetterId[] = [...top.filter((c) => c !== pick), 'N'];
    const vR = viewFor(s, 'R');
    const r = seededRng('sightings');
    for (let i = 0; i < 300; i++) {
      const w = sampleWorld(vR, 'R', r);
      for (const c of seen) expect(w.probes.hand).not.toContain(c);
      expect(invariantErrors(w)).toEqual([]);
    }
    // One more hidden draw: now one of them may have been drawn.
    drawProbe(s);
    const vR2 = viewFor(s, 'R');
    let inHand = 0;
    for (let i = 0; i < 300; i++) {
      const hand = sampleWorld(vR2, 'R', r).probes.hand;
      const n = seen.filter((c) => hand.includes(c)).length;
      expect(n).toBeLessThanOrEqual(1);
      inHand += n;
    }
    expect(inHand).toBeGreaterThan(0);
    expectSamplesRoundTrip(s);
  });
});

describe('views: the log (R8.1)', () => {
  it('R8.1 private events are dropped for the other seat and for spectators', () => {
    const s = afterSetup(1, 'N');
    const count = (seat: Faction | null, e: string) => viewFor(s, seat).log.filter((x) => x.e === e).length;
    expect(count('R', 'missionDrawnCard')).toBe(1);
    expect(count('I', 'missionDrawnCard')).toBe(1);
    expect(count(null, 'missionDrawnCard')).toBe(0);
    expect(count(null, 'missionDrawn')).toBe(2);
    expect(viewFor(s, 'I').log.every((x) => x.to === undefined || x.to === 'I' || x.to === 'players')).toBe(true);
    expect(viewFor(s, null).log.every((x) => x.to === undefined)).toBe(true);
  });
});

describe('viewFor and sampleWorld as functions', () => {
  it('R8.1 viewFor returns a copy and never changes the state', () => {
    const s = afterSetup(1, 'N');
    const before = JSON.stringify(s);
    const v = viewFor(s, 'I');
    v.planets.A.loyalty = true;
    v.hands.I.pop();
    v.log.pop();
    expect(JSON.stringify(s)).toBe(before);
  });

  it('R8.1 HIDDEN is the one placeholder, recognised by isHidden', () => {
    expect(HIDDEN).toBe('HIDDEN');
    expect(isHidden(HIDDEN)).toBe(true);
    expect(isHidden('O1-8')).toBe(false);
    expect(isHidden(null)).toBe(false);
  });

  it('R8.2 the Imperial\'s sampled base respects cleared planets, I-06\'s sector and R6.2.4', () => {
    const s = afterSetup(1, 'N');
    s.known.cleared = ['J', 'M'];
    s.known.baseSector = 3;
    s.planets.K.I.f += 1; // K now holds an Imperial unit: the base cannot be there (R6.2.4)
    s.supply.I.f -= 1;
    const v = viewFor(s, 'I');
    const bases = new Set<string>();
    const r = seededRng('cands');
    for (let i = 0; i < 300; i++) bases.add(sampleWorld(v, 'I', r).base.planet!);
    // Sector 3 letters M L J N K; the Imperial hand holds G only. Left: L and N.
    expect([...bases].sort()).toEqual(['L', 'N']);
    const wrong = sampleWorld(v, 'I', r);
    wrong.probes.deck = wrong.probes.deck.map((c) => (c === 'J' ? wrong.base.planet! : c));
    wrong.base.planet = 'J';
    expect(explainImpossibleWorld(v, 'I', wrong)).not.toBeNull();
  });

  it('R8.1 a sampled world is a full state the engine can play on', () => {
    const s = operationsWith(afterSetup(1, 'N'), { R: [{ card: 'R-S1', leader: 'LD-R1' }], I: [{ card: 'I-S4', leader: 'LD-I1' }] });
    const w = sampleWorld(viewFor(s, 'R'), 'R', seededRng(9));
    expect(invariantErrors(w)).toEqual([]);
    const r = seededRng(10);
    for (let i = 0; i < 40 && !w.winner; i++) {
      if (!w.pending) {
        run(w, r);
        continue;
      }
      const acts = legalActions(w, w.pending.seat);
      expect(apply(w, w.pending.seat, acts[r.int(acts.length)], r)).toBe(true);
    }
    expect(invariantErrors(w)).toEqual([]);
    expect(jsonEqual(viewFor(sampleWorld(viewFor(s, 'I'), 'I', r), 'I'), viewFor(s, 'I'))).toBe(true);
  });
});
