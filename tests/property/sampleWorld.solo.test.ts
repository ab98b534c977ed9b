/**
 * RULES §8 in solo (R8.3 item 6, R8.4, R9.4 step 3) — over seeded random solo games against each rival faction,
 * at checked steps, for the human seat and a spectator:
 * (a) the view hides the bot deck's order (only the faceup cards put under it are shown, at its bottom) and, with a
 *     Rebel bot, its hidden base and objective hand; the bot discard and the last skipped row are shown;
 * (b) legalActions(view, human) deep-equals legalActions(state, human);
 * (c) sampleWorld(view, human): every sample is a legal state whose view deep-equals the view, the real state is a
 *     possible world, and some samples are played forward (the search bots can play the human seat).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MISSION_IDS, type Faction } from '../../src/game/content';
import { applyLegal, legalActions, needsAdvance, run, seededRng, type GameState, type Rng } from '../../src/game/rules';
import { explainImpossibleWorld, invariantErrors, jsonEqual, sampleWorld } from '../../src/game/rules/sample';
import { isHidden, viewFor } from '../../src/game/rules/view';
import { playRandomGame } from '../../src/sim/randomGame';

const GAMES = 60; // per rival faction
const SAMPLE_EVERY = 5;
const findings: Record<string, string[]> = { secrets: [], shown: [], legal: [], sample: [], real: [], forward: [] };
const coverage: Record<string, number> = {};
const note = (k: string, m: string) => { if (findings[k].length < 10) findings[k].push(m); };
const MISSIONS_RE = new RegExp(`"(${MISSION_IDS.join('|')})"`, 'g');

function checkView(s: GameState, v: GameState, who: string): void {
  const solo = s.solo!;
  const vs = v.solo!;
  const tail = solo.deck.length - solo.bottomKnown;
  vs.deck.forEach((c, i) => {
    if (i < tail && !isHidden(c)) note('secrets', `${who} sees bot deck position ${i}`);
    if (i >= tail && c !== solo.deck[i]) note('shown', `${who}: bottom card ${i} not shown`);
  });
  if (!jsonEqual(vs.discard, solo.discard) || !jsonEqual(vs.lastSkipped, solo.lastSkipped)) note('shown', `${who}: discard / row`);
  // No card of the hidden part of the bot deck appears anywhere in the view (the log and the past row aside).
  const body = JSON.stringify({ ...v, log: [], config: null, solo: { ...vs, lastSkipped: [] } });
  const named = new Set([...body.matchAll(MISSIONS_RE)].map((m) => m[1]));
  const leaked = solo.deck.slice(0, tail).filter((c) => named.has(c));
  if (leaked.length) note('secrets', `${who} view names hidden bot cards ${leaked.join(',')}`);
  if (solo.bot === 'R' && !s.base.revealed && s.base.planet !== null && !isHidden(v.base.planet)) note('secrets', `${who} sees the hidden base`);
  if (solo.bot === 'R' && v.objectives.hand.some((c) => !isHidden(c) && !s.known.secretPlansShown)) note('secrets', `${who} sees a bot objective`);
  if (solo.bot === 'R' && v.log.some((e) => e.to === 'R')) note('secrets', `${who} sees a private event of the bot`);
}

function forward(w: GameState, rng: Rng, chooser: Rng): string | null {
  for (let k = 0; k < 30 && !w.winner; k++) {
    if (needsAdvance(w)) { run(w, rng); continue; }
    if (!w.pending) return 'stuck';
    const acts = legalActions(w, w.pending.seat);
    if (acts.length === 0) return `no legal action for ${w.pending.kind}`;
    applyLegal(w, acts[chooser.int(acts.length)], rng);
  }
  const errs = invariantErrors(w);
  return errs.length ? errs.join('; ') : null;
}

beforeAll(() => {
  for (const bot of ['R', 'I'] as Faction[]) {
    const human: Faction = bot === 'R' ? 'I' : 'R';
    for (let g = 0; g < GAMES; g++) {
      const id = `${bot}${g}`;
      const sampler = seededRng(`solo-sampler-${id}`);
      let step = 0;
      playRandomGame(seededRng(`solo-view-${id}`), seededRng(`solo-view-c-${id}`), undefined, (s) => {
        step++;
        const where = `${id}#${step} ${s.pending!.kind}`;
        const v = viewFor(s, human);
        checkView(s, v, `${where} human`);
        checkView(s, viewFor(s, null), `${where} spectator`);
        if (!jsonEqual(legalActions(v, human), legalActions(s, human))) note('legal', where);
        cover('steps');
        if (s.solo!.bottomKnown > 0) cover('known bottom');
        if (step % SAMPLE_EVERY !== 0) return;
        const real = explainImpossibleWorld(v, human, s);
        if (real) note('real', `${where}: ${real}`);
        try {
          const w = sampleWorld(v, human, sampler);
          const bad = explainImpossibleWorld(v, human, w);
          if (bad) note('sample', `${where}: ${bad}`);
          if (!jsonEqual(viewFor(w, human), v)) note('sample', `${where}: view differs`);
          cover('samples');
          if (step % (SAMPLE_EVERY * 8) === 0) {
            const f = forward(w, seededRng(`fw-${where}`), seededRng(`fwc-${where}`));
            if (f) note('forward', `${where}: ${f}`);
            cover('forward');
          }
        } catch (e) {
          note('sample', `${where}: throws ${(e as Error).message}`);
        }
      }, undefined, { bot, difficulty: (['easy', 'normal', 'hard'] as const)[g % 3] });
    }
  }
}, 120_000);

const cover = (k: string) => { coverage[k] = (coverage[k] ?? 0) + 1; };

describe('RULES §8 in solo games: views and sampled worlds (R8.3 item 6, R8.4)', () => {
  it('walks the games and samples often, with skipped cards under the bot deck', () => {
    expect(coverage.samples).toBeGreaterThan(1000);
    expect(coverage['known bottom']).toBeGreaterThan(100);
    expect(coverage.forward).toBeGreaterThan(50);
  });
  it('R8.3 item 6 / R8.4 the human and spectators never see the bot deck order, a Rebel bot\'s base or objectives', () => {
    expect(findings.secrets).toEqual([]);
  });
  it('R9.4 the skipped cards under the deck, the bot discard and the skipped row are shown', () => {
    expect(findings.shown).toEqual([]);
  });
  it('R8.1 legalActions on the human\'s view equal those on the full state', () => {
    expect(findings.legal).toEqual([]);
  });
  it('R8.1 viewFor(sampleWorld(v)) deep-equals v; samples are legal; the real state is a possible world', () => {
    expect(findings.sample).toEqual([]);
    expect(findings.real).toEqual([]);
  });
  it('R8.1 sampled solo worlds play forward without breaking an invariant', () => {
    expect(findings.forward).toEqual([]);
  });
});
