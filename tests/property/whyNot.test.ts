/**
 * whyNot (src/game/rules/whyNot.ts) against legalActions over random positions: a reason is given exactly for the
 * candidates no legal action extends; every candidate the board shows disabled gets a specific reason (not the
 * generic fallback); and the answer is the same on the seat's view as on the full state, so a reason can never
 * tell a secret the seat's view does not hold (R8.1, R4.5.5).
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { legalActions, seededRng, type Action, type ActionType, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import {
  DECISION_TYPES, candidateValues, unavailableTypes, unavailableValues, whyNot, type Candidate,
} from '../../src/game/rules/whyNot';
import { poolLeaders } from '../../src/game/rules/movement';
import { playRandomGame } from '../../src/sim/randomGame';

/** The fields the board shows disabled values for; `from`: a field filled first with a legal value. */
const FIELDS_FOR_TEST: { type: ActionType; field: string; from?: string }[] = [
  { type: 'moveFleet', field: 'from' }, { type: 'moveFleet', field: 'leader' }, { type: 'planMission', field: 'leader' },
  { type: 'oppose', field: 'leader' }, { type: 'revealMission', field: 'card' }, { type: 'discardMission', field: 'card' },
  { type: 'revealObjective', field: 'card' }, { type: 'chooseBase', field: 'planet' }, { type: 'deployUnit', field: 'to' },
  { type: 'deployUnit', field: 'to', from: 'unit' }, { type: 'baseMove', field: 'to' }, { type: 'baseMove', field: 'to', from: 'unit' },
];

const GENERIC = ['That is not possible right now.', 'That is not an answer to this decision.'];

function offered(legal: Action[], c: Candidate): boolean {
  return legal.some((a) => Object.entries(c).every(([k, v]) => JSON.stringify((a as unknown as Record<string, unknown>)[k]) === JSON.stringify(v)));
}

interface Tally { states: number; reasons: number; specific: Record<string, number> }

function checkPosition(s: GameState, seat: Faction, t: Tally, fail: string[], where: string): void {
  const legal = legalActions(s, seat);
  const view = viewFor(s, seat);
  const kind = s.pending!.kind;
  t.states++;
  const candidates: Candidate[] = DECISION_TYPES[kind].map((type) => ({ type }));
  for (const { type, field, from } of FIELDS_FOR_TEST) {
    if (!DECISION_TYPES[kind].includes(type)) continue;
    const partial: Candidate = { type };
    if (from) {
      // a second-level field: after a first value that is legal
      const first = legal.find((a) => a.type === type) as unknown as Record<string, unknown> | undefined;
      if (!first) continue;
      partial[from] = first[from];
    }
    for (const value of candidateValues(s, seat, partial, field)) candidates.push({ ...partial, [field]: value });
    // the view gives the same candidates (they come from the seat's own view only)
    if (JSON.stringify(candidateValues(view, seat, partial, field)) !== JSON.stringify(candidateValues(s, seat, partial, field))) {
      fail.push(`${where}: candidateValues differ on the view for ${type}.${field}`);
    }
  }
  // a few unit sets for fleet moves, the escort rule among them
  for (const a of legal) {
    if (a.type === 'moveFleet') {
      candidates.push({ type: 'moveFleet', from: a.from, to: a.to, units: { f: a.units.f + a.units.c + a.units.s, c: 0, s: 0 } });
      break;
    }
  }
  const pursue = legal.find((a) => a.type === 'pursue') as Extract<Action, { type: 'pursue' }> | undefined;
  const fighters = s.mission ? s.planets[s.mission.target].I.f : 0;
  if (pursue && fighters > 0) candidates.push({ type: 'pursue', to: pursue.to, units: { f: fighters, c: 0, s: 0 } });
  for (const c of candidates) {
    const r = whyNot(s, seat, c);
    const ok = offered(legal, c);
    if (ok && r) fail.push(`${where}: reason for an offered candidate ${JSON.stringify(c)}: ${r.text}`);
    if (!ok && !r) fail.push(`${where}: no reason for a candidate legalActions does not offer ${JSON.stringify(c)}`);
    const rv = whyNot(view, seat, c);
    if (JSON.stringify(rv) !== JSON.stringify(r)) fail.push(`${where}: view and state disagree on ${JSON.stringify(c)}: ${rv?.text} / ${r?.text}`);
    if (r) {
      t.reasons++;
      if (GENERIC.includes(r.text)) fail.push(`${where}: generic reason for ${JSON.stringify(c)} (${kind})`);
      else t.specific[r.rule] = (t.specific[r.rule] ?? 0) + 1;
      if (!/^(R\d|C\d|[RI]-)/.test(r.rule)) fail.push(`${where}: reason without a rule id: ${JSON.stringify(r)}`);
    }
  }
  // the helpers the board uses agree with whyNot
  for (const u of unavailableTypes(s, seat)) if (legal.some((a) => a.type === u.type)) fail.push(`${where}: type ${u.type} is legal`);
}

describe('whyNot against legalActions (issue 13 item 5)', () => {
  it('gives a specific reason exactly for the choices legalActions does not offer, the same on the view (R8.1)', () => {
    const fail: string[] = [];
    const t: Tally = { states: 0, reasons: 0, specific: {} };
    for (let g = 0; g < 60; g++) {
      let step = 0;
      playRandomGame(seededRng(`why-${g}`), seededRng(`why-choices-${g}`), undefined, (s, seat) => {
        if (step++ % 3 === 0) checkPosition(s, seat, t, fail, `game ${g} step ${step}`);
      });
    }
    expect(fail.slice(0, 10)).toEqual([]);
    expect(t.states).toBeGreaterThan(2000);
    // the reasons the issue names all occur: own leader on the source / escort (R4.2.3), a planned mission with no
    // target (R4.2.4), the deploy cap (R4.4.7)
    for (const rule of ['R4.2.3', 'R4.2.4', 'R4.4.7', 'R4.1.2', 'R4.4.2']) expect(t.specific[rule] ?? 0, rule).toBeGreaterThan(0);
  });

  it('R4.2.3: a fleet source under your own leader says so and names the leader', () => {
    const s = findState((st) => st.pending?.kind === 'turn' && poolLeaders(st, st.pending.seat).length > 0 && st.grid.some((p) => {
      const f = st.pending!.seat;
      return (st.planets[p][f].f + st.planets[p][f].c + st.planets[p][f].s) > 0
        && Object.entries(st.leaders).some(([id, l]) => id.startsWith(`LD-${f}`) && l.at === p && !l.captured);
    }));
    const f = s.pending!.seat;
    const underLeader = s.grid.find((p) => Object.entries(s.leaders).some(([id, l]) => id.startsWith(`LD-${f}`) && l.at === p && !l.captured)
      && s.planets[p][f].f + s.planets[p][f].c + s.planets[p][f].s > 0);
    const blocked = unavailableValues(s, f, { type: 'moveFleet' }, 'from').find((b) => b.value === underLeader);
    expect(blocked?.reason.rule).toBe('R4.2.3');
    expect(blocked?.reason.text).toMatch(/^Your leader .+ already stands on .+: a planet with one of your leaders cannot be a starting point/);
  });

  it('R4.2.3 step 5: Imperial starfighters alone may not move', () => {
    const s = findState((st) => st.pending?.kind === 'turn' && st.pending.seat === 'I'
      && legalActions(st, 'I').some((a) => a.type === 'moveFleet' && st.planets[a.from].I.f > 0));
    const a = legalActions(s, 'I').find((x) => x.type === 'moveFleet' && s.planets[x.from].I.f > 0) as Extract<Action, { type: 'moveFleet' }>;
    const r = whyNot(s, 'I', { type: 'moveFleet', from: a.from, to: a.to, units: { f: 1, c: 0, s: 0 } });
    expect(r?.rule).toBe('R4.2.3');
    expect(r?.text).toContain('Starfighters need a capital ship or the Star Fortress moving with them');
  });
});

function findState(test: (s: GameState) => boolean): GameState {
  for (let g = 0; g < 200; g++) {
    let found: GameState | null = null;
    try {
      playRandomGame(seededRng(`find-${g}`), seededRng(`find-c-${g}`), undefined, (s) => {
        if (!found && test(s)) {
          found = structuredClone(s);
          throw new Error('found');
        }
      });
    } catch (e) {
      if (!found) throw e;
    }
    if (found) return found;
  }
  throw new Error('no such state');
}
