/**
 * Computer analysis of a finished game (issue 22 item 2, src/ai/analysis): each decision is judged from the
 * deciding seat's view at that moment, one curve point per real decision, turning points are the biggest own
 * drops, the same seed gives the same analysis, and cancellation stops between decisions. Records are short
 * prefixes of seeded random games and the search runs 20–30 iterations, so the file runs in seconds.
 */
import { describe, expect, it } from 'vitest';
import { createBot, type SeatBot } from '../../src/ai';
import { analyseRecord, MIN_VISITS, type CurvePoint, type GameAnalysis } from '../../src/ai/analysis';
import { playoutChances } from '../../src/ai/analysis/playouts';
import { rebelValue } from '../../src/ai/ismcts/evaluate';
import { DEFAULT_WEIGHTS } from '../../src/ai/ismcts/weights';
import type { Faction } from '../../src/game/content';
import { recordFromGame, replayStates, type GameRecord, type RecordAction } from '../../src/game/record';
import { actionKey, decisionActions, type GameState } from '../../src/game/rules';
import { jsonEqual } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import { playRecordedGame } from '../../src/sim/recordedGame';

const ITERATIONS = 20;

/** The record of the first `n` actions of `full`, its result and fingerprint re-computed (as a report's would be). */
function recordOf(full: GameRecord, actions: RecordAction[]): GameRecord {
  const rec = recordFromGame({
    seed: full.seed, config: full.config, solo: full.solo ?? null, players: full.players, actions,
    startedAt: full.startedAt, source: 'simulate',
  });
  if ('error' in rec) throw new Error(rec.error);
  return rec;
}

const game1 = playRecordedGame('analysis-1').record;
const short1 = recordOf(game1, game1.actions.slice(0, 30));

/** Counted apart from the analysis: actions whose seat had more than one answer (a take-back is no answer). */
function realDecisions(rec: GameRecord): { action: number; seat: Faction; round: number; state: GameState }[] {
  const { states, error } = replayStates(rec);
  expect(error).toBeUndefined();
  const out: { action: number; seat: Faction; round: number; state: GameState }[] = [];
  rec.actions.forEach((a, i) => {
    if (a.action.type !== 'undo' && decisionActions(states[i], a.seat).length > 1) {
      out.push({ action: i, seat: a.seat, round: states[i].round, state: states[i] });
    }
  });
  return out;
}

/** A player's own drop at a curve point: their chance after the bot's move minus after the move played. */
const ownDrop = (p: CurvePoint) => (p.seat === 'R' ? p.bestRebel - p.rebel : p.rebel - p.bestRebel);

/** The analysis every test compares with, computed once whichever test runs first (tests may run alone). */
let baselineRun: Promise<GameAnalysis> | null = null;
const baseline = () => (baselineRun ??= analyseRecord(short1, { iterations: ITERATIONS, seed: 't' }));

describe('analysis of a game record', () => {

  it('the curve has one point per real decision, with its action index, round and seat', async () => {
    const a1 = await baseline();
    const real = realDecisions(short1);
    expect(real.length).toBeGreaterThan(15);
    expect(real.length).toBeLessThan(short1.actions.length); // forced decisions exist and are skipped
    expect(a1.curve.length).toBe(real.length);
    expect(a1.decisions.length).toBe(real.length);
    expect(a1.curve.map((p) => [p.action, p.seat, p.round])).toEqual(real.map((d) => [d.action, d.seat, d.round]));
    expect(a1.curve.map((p) => p.decision)).toEqual(real.map((_, j) => j));
    for (const p of a1.curve) {
      expect(p.rebel).toBeGreaterThanOrEqual(0);
      expect(p.rebel).toBeLessThanOrEqual(1);
    }
  });

  it('the turning points are each player\'s three largest own drops on the curve, and accuracy counts 5 points', async () => {
    const a1 = await baseline();
    for (const seat of ['R', 'I'] as Faction[]) {
      const mine = a1.curve.filter((p) => p.seat === seat);
      const drops = mine.map(ownDrop).filter((d) => d > 0).sort((x, y) => y - x);
      const tps = a1.turningPoints[seat];
      expect(tps.length).toBe(Math.min(3, drops.length));
      expect(tps.map((t) => t.drop)).toEqual(drops.slice(0, 3).map((d) => expect.closeTo(d, 12)));
      for (const t of tps) {
        expect(t.seat).toBe(seat);
        const point = a1.curve[t.decision];
        expect(ownDrop(point)).toBeCloseTo(t.drop, 12);
        expect(t.played.action).toEqual(short1.actions[t.action].action);
        expect(t.played.label.length).toBeGreaterThan(0);
        expect(t.best.label.length).toBeGreaterThan(0);
        expect(t.chanceBest - t.chancePlayed).toBeCloseTo(t.drop, 12);
      }
      const accurate = mine.filter((p) => ownDrop(p) <= 0.05 + 1e-9).length;
      expect(a1.accuracy[seat]).toBeCloseTo(accurate / mine.length, 12);
    }
    expect(a1.turningPoints.R.length + a1.turningPoints.I.length).toBeGreaterThan(2);
  });

  it('is deterministic with a fixed seed and iteration count; another seed searches differently', async () => {
    const a1 = await baseline();
    const again = await analyseRecord(short1, { iterations: ITERATIONS, seed: 't' });
    expect(again).toEqual(a1);
    const other = await analyseRecord(short1, { iterations: ITERATIONS, seed: 'u' });
    expect(other.curve.map((p) => p.rebel)).not.toEqual(a1.curve.map((p) => p.rebel));
  });

  it('hands the bot only the deciding seat\'s view at that moment, once per real decision', async () => {
    const seen: { view: GameState; seat: Faction }[] = [];
    const spy = (seed: string): SeatBot => {
      const bot = createBot('ismcts-normal', { iterations: ITERATIONS, seed, candidates: Infinity });
      return { name: bot.name, choose: (view, seat) => { seen.push({ view, seat }); return bot.choose(view, seat); } };
    };
    const spied = await analyseRecord(short1, { iterations: ITERATIONS, seed: 't', makeBot: spy });
    expect(spied).toEqual(await baseline()); // the spy changes nothing
    const real = realDecisions(short1);
    expect(seen.length).toBe(real.length);
    real.forEach((d, j) => {
      expect(seen[j].seat).toBe(d.seat);
      expect(jsonEqual(seen[j].view, viewFor(d.state, d.seat))).toBe(true);
    });
    // The views hide what they must: the Imperial's never holds the Rebel's cards (R8.3 item 3) nor the base.
    const imperial = real.map((d, j) => ({ d, view: seen[j].view })).filter(({ d }) => d.seat === 'I' && d.state.hands.R.length > 0);
    expect(imperial.length).toBeGreaterThan(3);
    for (const { d, view } of imperial) {
      expect(jsonEqual(view.hands.R, d.state.hands.R)).toBe(false);
      if (d.state.base.planet !== null && !d.state.base.revealed) expect(view.base.planet).not.toBe(d.state.base.planet);
    }
  });

  it('judges a decision the same whatever hidden truth stands behind its view and whatever came later', async () => {
    // Record B: the Rebel hides its base elsewhere (R3.9, secret from the Imperial) and the record stops right after
    // the Imperial's next real decision k; record A is the game as played, going on well past k.
    const { states } = replayStates(game1);
    const b = game1.actions.findIndex((a) => a.action.type === 'chooseBase');
    const k = game1.actions.findIndex((a, i) => i > b && a.seat === 'I' && decisionActions(states[i], 'I').length > 1);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(k).toBeGreaterThan(b);
    const truth = game1.actions[b].action as { type: 'chooseBase'; planet: string };
    let recB: GameRecord | null = null;
    let stateB: GameState | null = null;
    for (const alt of decisionActions(states[b], 'R')) {
      if (alt.type !== 'chooseBase' || alt.planet === truth.planet) continue;
      const rec = recordOf(game1, game1.actions.slice(0, k + 1).map((a, i) => (i === b ? { ...a, action: alt } : a)));
      const s = replayStates(rec).states[k];
      // The truth must matter to a judge who could see it: the evaluation of the true state differs.
      if (jsonEqual(viewFor(s, 'I'), viewFor(states[k], 'I')) && rebelValue(s, DEFAULT_WEIGHTS.value) !== rebelValue(states[k], DEFAULT_WEIGHTS.value)) {
        recB = rec;
        stateB = s;
        break;
      }
    }
    expect(recB, 'another base behind the same Imperial view').not.toBeNull();
    expect(stateB!.base.planet).not.toBe(states[k].base.planet);
    const recA = recordOf(game1, game1.actions.slice(0, k + 25));
    const [anA, anB] = await Promise.all([recA, recB!].map((r) => analyseRecord(r, { iterations: 30, seed: 'v' })));
    const atK = (an: GameAnalysis) => an.decisions.find((d) => d.action === k);
    expect(atK(anA)).toBeDefined();
    expect(atK(anB)).toEqual(atK(anA));
    expect(anA.decisions.length).toBeGreaterThan(anB.decisions.length);
  });

  it('a played move the search never tried (or barely) is measured by its gap to the bot\'s move over the same worlds', async () => {
    const a1 = await baseline();
    const byPlayouts = a1.decisions.filter((d) => d.played.by === 'playouts');
    expect(byPlayouts.length).toBeGreaterThan(0);
    // The root's mean only for a move the search tried often enough; a rough one goes to playouts too.
    for (const d of a1.decisions) {
      const isBest = actionKey(d.played.action) === actionKey(d.best.action);
      expect(d.played.by === 'playouts').toBe(!isBest && d.played.visits < MIN_VISITS);
    }
    const real = realDecisions(short1);
    for (const d of byPlayouts) {
      expect(d.played.chance).toBeGreaterThanOrEqual(0);
      expect(d.played.chance).toBeLessThanOrEqual(1);
      expect(d.loss).toBeCloseTo(d.best.chance - d.played.chance, 12);
      // Common random numbers: one move against itself over those worlds shows no gap at all.
      const view = viewFor(real[d.decision].state, d.seat);
      const opts = { worlds: 8, seed: 'crn', depth: 16, weights: DEFAULT_WEIGHTS };
      const [x, y] = playoutChances(view, d.seat, [d.played.action, d.played.action], opts);
      expect(x).toBe(y);
    }
  });

  it('skips a take-back (undo answers no decision) but judges both the decision undone and the one that replaced it', async () => {
    // A Rebel plan, taken back at once and planned again (issue 9 item 3: nothing happened in between).
    const i = game1.actions.findIndex((a) => a.seat === 'R' && a.action.type === 'planMission');
    const a = game1.actions[i];
    const rec = recordOf(game1, [...game1.actions.slice(0, i + 1), { ...a, action: { type: 'undo' } }, ...game1.actions.slice(i, 16)]);
    const an = await analyseRecord(rec, { iterations: 5, seed: 't' });
    const real = realDecisions(rec);
    expect(an.curve.map((p) => p.action)).toEqual(real.map((d) => d.action));
    expect(an.curve.some((p) => p.action === i + 1)).toBe(false);
    expect(an.decisions.filter((d) => d.action === i || d.action === i + 2).map((d) => d.played.action)).toEqual([a.action, a.action]);
  });

  it('in a solo game judges only the human: the rival deck decides nothing of the record (RULES §9)', async () => {
    // Easy: no informant (R9.11), so the random human's game lasts long enough to hold a dozen decisions.
    const solo = playRecordedGame('analysis-solo', undefined, { bot: 'I', difficulty: 'easy' }).record;
    const an = await analyseRecord(recordOf(solo, solo.actions.slice(0, 20)), { iterations: 5, seed: 't' });
    expect(an.decisions.length).toBeGreaterThan(10);
    expect(an.decisions.every((d) => d.seat === 'R')).toBe(true);
    expect(an.accuracy.I).toBeNull();
    expect(an.turningPoints.I).toEqual([]);
  });

  it('reports progress after every decision and stops when cancelled', async () => {
    const total = (await baseline()).curve.length;
    const ctl = new AbortController();
    const done: number[] = [];
    const run = analyseRecord(short1, {
      iterations: 5, seed: 't', signal: ctl.signal,
      onProgress: ({ done: n, total: t }) => {
        expect(t).toBe(total);
        done.push(n);
        if (n === 3) ctl.abort(new Error('cancelled by the test'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the test');
    expect(done).toEqual([1, 2, 3]);
  });
});
