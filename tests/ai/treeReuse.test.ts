/**
 * Issue 24 item 2: tree reuse between decisions (src/ai/ismcts/search.ts `SearchParams.reuse`). The search records
 * the node of the bot's next own decision under the bot's information set there (`infoSetKey`: its view, log
 * aside); the next decision searches on from the node its own view names, with the visit counts it had, and from no
 * other: a view that differs in anything the bot sees finds nothing. The kept tree comes from views only, so the
 * bot stays fair (same views, same seed ⇒ same move, whatever the hidden truth).
 */
import { describe, expect, it } from 'vitest';
import { IsmctsSeatBot } from '../../src/ai';
import { makePicker } from '../../src/ai/ismcts/policy';
import { infoSetKey, makeSearcher, newNode, runSearch, type Node, type SearchParams } from '../../src/ai/ismcts/search';
import { DEFAULT_WEIGHTS } from '../../src/ai/ismcts/weights';
import { budgetOf } from '../../src/ai/budget';
import type { Faction } from '../../src/game/content';
import {
  actionKey, applyLegal, cloneState, decisionActions, needsAdvance, run, seededRng, type Action, type GameState,
} from '../../src/game/rules';
import { sampleWorld, worldSampler } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import { collectPositions } from './positions';

const SP: SearchParams = { exploration: 0.7, widenBase: 3, widenSlope: 1.5, playoutDepth: 8, treeDepth: 40, reuse: true };

/** `a` played in the true state, then the core run until the next decision. */
function after(truth: GameState, a: Action, seed: string): GameState {
  const s = cloneState(truth);
  const rng = seededRng(seed);
  applyLegal(s, a, rng);
  while (!s.winner && needsAdvance(s)) run(s, rng);
  return s;
}

/**
 * Rebel planning positions (R4.1.2) with two leaders or more left in the pool and more than one card: after a
 * planned mission the Rebel plans again, nothing random in between, so its next decision is the child of its move.
 */
function planningPositions(n: number): GameState[] {
  const all = [...collectPositions('reuse', 16, 3).values()].flat();
  return all.filter((s) => s.pending!.kind === 'plan' && s.pending!.seat === 'R' && s.round >= 2
    && decisionActions(s, 'R').filter((a) => a.type === 'planMission').length > 2
    && Object.entries(s.leaders).filter(([id, l]) => id.startsWith('LD-R') && l.at === 'pool' && !l.captured).length >= 2)
    .slice(0, n);
}

function search(view: GameState, seat: Faction, iterations: number, seed: string, root?: Node) {
  const s = makeSearcher(seat, makePicker(DEFAULT_WEIGHTS.policy), DEFAULT_WEIGHTS.value, SP, root);
  const rng = seededRng(seed);
  const sample = worldSampler(view, seat);
  runSearch(s, () => {
    const w = sample(rng);
    w.log = [];
    return w;
  }, rng, budgetOf({ iterations: iterations }, 0));
  return s;
}

/** The most visited root edge and its action. */
function best(s: { root: Node }, legal: Action[]): { a: Action; n: number; child: Node | null } {
  const byKey = new Map(legal.map((a) => [actionKey(a), a]));
  let top: { a: Action; n: number; child: Node | null } | null = null;
  for (const [k, e] of s.root.edges) {
    const a = byKey.get(k);
    if (a && (!top || e.n > top.n)) top = { a, n: e.n, child: e.child };
  }
  return top!;
}

describe('tree reuse between decisions (issue 24 item 2)', () => {
  const positions = planningPositions(4);

  it('has consecutive Rebel planning decisions to test on', () => {
    expect(positions.length).toBe(4);
  });

  it('infoSetKey: a sampled world keys as its view; another seat or another public fact keys differently', () => {
    const t = positions[0];
    const v = viewFor(t, 'R');
    const rng = seededRng('key');
    for (let i = 0; i < 5; i++) {
      const w = sampleWorld(v, 'R', rng);
      w.log = [];
      expect(infoSetKey(w, 'R')).toBe(infoSetKey(v, 'R'));
    }
    expect(infoSetKey(t, 'I')).not.toBe(infoSetKey(t, 'R'));
    const moved = cloneState(t);
    moved.time += 1;
    expect(infoSetKey(moved, 'R')).not.toBe(infoSetKey(t, 'R'));
  });

  it('the kept node is the child of the move played, with its visit counts, and the next search adds to them', () => {
    for (const [i, t] of positions.entries()) {
      const v0 = viewFor(t, 'R');
      const s0 = search(v0, 'R', 300, `s0-${i}`);
      const top = best(s0, decisionActions(v0, 'R'));
      expect(top.child, 'the most visited move has a subtree').not.toBeNull();
      const t1 = after(t, top.a, `a-${i}`);
      expect(t1.pending?.seat).toBe('R');
      const kept = s0.next.get(infoSetKey(viewFor(t1, 'R'), 'R'));
      expect(kept, 'the next decision finds its node').toBe(top.child);
      const visits = kept!.visits;
      const counts = new Map([...kept!.edges].map(([k, e]) => [k, e.n]));
      expect(visits).toBeGreaterThan(0);
      expect([...counts.values()].reduce((x, y) => x + y, 0)).toBe(visits);
      // Searching on from the kept node: the counts carry over and the new iterations add to them.
      const s1 = search(viewFor(t1, 'R'), 'R', 50, `s1-${i}`, kept);
      expect(s1.root).toBe(kept);
      expect(s1.root.visits).toBe(visits + 50);
      for (const [k, n] of counts) expect(s1.root.edges.get(k)!.n).toBeGreaterThanOrEqual(n);
    }
  });

  it('only the matching information set is found: another move, another view, another seat find nothing of it', () => {
    for (const [i, t] of positions.entries()) {
      const v0 = viewFor(t, 'R');
      const s0 = search(v0, 'R', 300, `s0-${i}`);
      const legal = decisionActions(v0, 'R');
      const top = best(s0, legal);
      const t1 = after(t, top.a, `a-${i}`);
      // Another planned mission: another information set, never the played move's node.
      for (const a of legal.filter((x) => actionKey(x) !== actionKey(top.a)).slice(0, 4)) {
        const other = s0.next.get(infoSetKey(viewFor(after(t, a, `b-${i}`), 'R'), 'R'));
        expect(other === undefined || other !== top.child).toBe(true);
      }
      // The same position with one public fact changed: nothing.
      const changed = cloneState(t1);
      changed.objective += 1;
      expect(s0.next.get(infoSetKey(viewFor(changed, 'R'), 'R'))).toBeUndefined();
      // The opponent's view of it: nothing (the keys are the bot's own information sets).
      expect(s0.next.get(infoSetKey(viewFor(t1, 'I'), 'I'))).toBeUndefined();
      // The position the search started from (before the move): nothing.
      expect(s0.next.get(infoSetKey(v0, 'R'))).toBeUndefined();
    }
  });

  it('reusePure: a node whose arrivals showed two information sets is not kept; an unmixed one is', () => {
    const t = positions[3];
    const v0 = viewFor(t, 'R');
    // Worlds of two views that differ only in the objective token: the same tree path, two information sets at
    // the next decision (as a draw or a roll between two decisions would give).
    const v0b = viewFor({ ...cloneState(t), objective: t.objective + 1 }, 'R');
    for (const pure of [true, false]) {
      const s = makeSearcher('R', makePicker(DEFAULT_WEIGHTS.policy), DEFAULT_WEIGHTS.value, { ...SP, reusePure: pure });
      const rng = seededRng('mixed');
      const a = worldSampler(v0, 'R');
      const b = worldSampler(v0b, 'R');
      runSearch(s, (i) => {
        const w = (i % 2 ? b : a)(rng);
        w.log = [];
        return w;
      }, rng, budgetOf({ iterations: 300 }, 0));
      const top = best(s, decisionActions(v0, 'R'));
      const key = infoSetKey(viewFor(after(t, top.a, 'm'), 'R'), 'R');
      expect(s.next.get(key)).toBe(top.child);
      expect(s.mixed.has(top.child!)).toBe(true);
      expect(s.kept(key)).toBe(pure ? undefined : top.child);
    }
    // One view only: the played move's node is unmixed and kept under reusePure.
    const s0 = search(v0, 'R', 300, 's0-3');
    const top = best(s0, decisionActions(v0, 'R'));
    expect(s0.mixed.has(top.child!)).toBe(false);
  });

  it('without reuse nothing is recorded and every decision starts from an empty tree', () => {
    const t = positions[0];
    const s = makeSearcher('R', makePicker(DEFAULT_WEIGHTS.policy), DEFAULT_WEIGHTS.value, { ...SP, reuse: false });
    const rng = seededRng('off');
    const v = viewFor(t, 'R');
    runSearch(s, () => sampleWorld(v, 'R', rng), rng, budgetOf({ iterations: 100 }, 0));
    expect(s.next.size).toBe(0);
    expect(newNode().visits).toBe(0);
  });

  it('the bot: reused visits on the next decision with reuse on, none with it off or on an unrelated view', () => {
    const t = positions[1];
    const v0 = viewFor(t, 'R');
    for (const reuse of [true, false]) {
      const bot = new IsmctsSeatBot('normal', { iterations: 200, seed: 'bot', search: { reuse } });
      const d0 = bot.decide(v0, 'R');
      expect(d0.thoughts.reused).toBeUndefined(); // a first decision has nothing to reuse
      const t1 = after(t, d0.action, 'bot-a');
      const d1 = bot.decide(viewFor(t1, 'R'), 'R');
      if (reuse) {
        expect(d1.thoughts.reused).toBeGreaterThan(0);
        expect(d1.thoughts.iterations).toBe(200);
      } else expect(d1.thoughts.reused).toBeUndefined();
      // A view the previous search never reached (another game's position) reuses nothing.
      const d2 = bot.decide(viewFor(positions[2], 'R'), 'R');
      expect(d2.thoughts.reused).toBeUndefined();
    }
  });

  it('fair: same views, same seed ⇒ same move, whatever the hidden truth behind the second view', () => {
    for (const [i, t] of positions.entries()) {
      const v0 = viewFor(t, 'R');
      const first = new IsmctsSeatBot('normal', { iterations: 150, seed: `fair-${i}`, search: { reuse: true } }).decide(v0, 'R');
      const t1 = after(t, first.action, `fair-a-${i}`);
      const v1 = viewFor(t1, 'R');
      // Other truths behind the same second view: other Imperial hands, plans, decks and probe cards.
      const rng = seededRng(`fair-truths-${i}`);
      const truths = [t1, sampleWorld(v1, 'R', rng), sampleWorld(v1, 'R', rng)];
      const moves = truths.map((truth) => {
        const bot = new IsmctsSeatBot('normal', { iterations: 150, seed: `fair-${i}`, search: { reuse: true } });
        bot.decide(v0, 'R');
        const d = bot.decide(viewFor(truth, 'R'), 'R');
        expect(d.thoughts.reused).toBeGreaterThan(0);
        return actionKey(d.action);
      });
      expect(new Set(moves).size).toBe(1);
    }
  });
});
