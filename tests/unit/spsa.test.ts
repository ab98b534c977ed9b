/**
 * The pure SPSA maths of src/ai/tuning/spsa.ts: weights flatten/unflatten (whatever keys weights.json holds),
 * rewriting numbers in the JSON text without touching its formatting, the gain sequences, bounds (a probability
 * stays in [0, 1]) and convergence on a synthetic noisy quadratic (no games).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALPHA, GAMMA, boundsOf, defaultScale, flatten, gainA, gainC, makeParams, perturbation, perturbed, rewriteJsonNumbers,
  round3, spsaStep, spsaUpdate, unflatten, type Param,
} from '../../src/ai/tuning/spsa';
import { seededRng } from '../../src/game/rules';

const FILE = resolve(__dirname, '../../src/ai/ismcts/weights.json');
const text = () => readFileSync(FILE, 'utf8');
const weights = () => JSON.parse(text()) as Record<string, unknown>;
const valuesOf = (o: unknown) => Object.fromEntries(flatten(o).map((l) => [l.key, l.value]));

describe('flatten / unflatten', () => {
  it('round-trips weights.json exactly: same keys, same order, same values', () => {
    const w = weights();
    const leaves = flatten(w);
    expect(leaves.length).toBeGreaterThan(10);
    expect(leaves.map((l) => l.key)).toContain('policy.epsilon');
    expect(leaves.map((l) => l.key)).toContain('value.bias');
    expect(leaves.map((l) => l.key)).toContain('value.w.hunterDistance');
    const back = unflatten(w, valuesOf(w));
    expect(JSON.stringify(back, null, 2)).toBe(JSON.stringify(w, null, 2));
    expect(back).not.toBe(w);
  });

  it('picks up keys it was never told about, at any depth, and leaves non-numbers alone', () => {
    const w = weights() as Record<string, Record<string, unknown>>;
    w.policy.someNewRule = 0.7;
    (w.value.w as Record<string, number>).aNewFeature = -1.25;
    w.search = { exploration: 0.7, depths: [10, 16], note: 'text', on: true } as unknown as Record<string, unknown>;
    const keys = flatten(w).map((l) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['policy.someNewRule', 'value.w.aNewFeature', 'search.exploration', 'search.depths.1']));
    expect(keys).not.toContain('search.note');
    expect(keys.indexOf('policy.someNewRule')).toBeLessThan(keys.indexOf('value.bias')); // document order
    expect(JSON.stringify(unflatten(w, valuesOf(w)))).toBe(JSON.stringify(w));
    const changed = unflatten(w, { 'value.w.aNewFeature': 2, 'search.depths.0': 8 }) as typeof w;
    expect((changed.value.w as Record<string, number>).aNewFeature).toBe(2);
    expect(changed.search.depths).toEqual([8, 16]);
    expect((w.value.w as Record<string, number>).aNewFeature).toBe(-1.25); // the template is not modified
    expect(changed.search.note).toBe('text');
  });
});

describe('rewriteJsonNumbers', () => {
  it('with nothing changed gives the file back byte for byte', () => {
    const t = text();
    expect(rewriteJsonNumbers(t, valuesOf(JSON.parse(t)))).toBe(t);
  });

  it('changes only the numbers asked for, rounded to 3 decimals, keeping key order and formatting', () => {
    const t = text();
    const out = rewriteJsonNumbers(t, { 'value.w.clock': -3.12345, 'policy.epsilon': 0.2 + 1e-9 });
    const before = JSON.parse(t) as { value: { w: Record<string, number> }; policy: Record<string, number> };
    const after = JSON.parse(out) as typeof before;
    expect(after.value.w.clock).toBe(-3.123);
    expect(after.policy.epsilon).toBe(0.2);
    expect(Object.keys(after.policy)).toEqual(Object.keys(before.policy));
    const a = t.split('\n');
    const b = out.split('\n');
    expect(b.length).toBe(a.length);
    expect(a.filter((line, i) => line !== b[i]).length).toBeLessThanOrEqual(2);
  });

  it('writes 2-space JSON in the same key order, and refuses unknown paths and non-numbers', () => {
    const t = '{\n  "x": 1,\n  "y": {\n    "z": [\n      2,\n      3.5\n    ]\n  }\n}\n';
    expect(rewriteJsonNumbers(t, { x: 1, 'y.z.1': 3.5 })).toBe(t);
    expect(rewriteJsonNumbers(t, { 'y.z.1': -0.0004 })).toBe(t.replace('3.5', '0'));
    expect(() => rewriteJsonNumbers(t, { 'y.q': 1 })).toThrow(/no number at y\.q/);
    expect(() => rewriteJsonNumbers(t, { x: Number.NaN })).toThrow(/not a finite number/);
  });
});

describe('gains, perturbations, bounds', () => {
  it('a_k = a/(k+1+A)^0.602 and c_k = c/(k+1)^0.101, both decreasing', () => {
    const g = { a: 2, c: 0.5, A: 5 };
    expect(ALPHA).toBe(0.602);
    expect(GAMMA).toBe(0.101);
    expect(gainA(0, g)).toBeCloseTo(2 / Math.pow(6, 0.602), 12);
    expect(gainA(9, g)).toBeCloseTo(2 / Math.pow(15, 0.602), 12);
    expect(gainC(0, g)).toBe(0.5);
    expect(gainC(9, g)).toBeCloseTo(0.5 / Math.pow(10, 0.101), 12);
    for (let k = 0; k < 50; k++) {
      expect(gainA(k + 1, g)).toBeLessThan(gainA(k, g));
      expect(gainC(k + 1, g)).toBeLessThan(gainC(k, g));
    }
    expect(gainA(3, { ...g, alpha: 1 })).toBeCloseTo(2 / 9, 12);
  });

  it('Δ is ±1, seeded, and about half each way', () => {
    const d = perturbation(seededRng('d'), 400);
    expect(new Set(d)).toEqual(new Set([-1, 1]));
    expect(perturbation(seededRng('d'), 400)).toEqual(d);
    expect(Math.abs(d.reduce((s, x) => s + x, 0))).toBeLessThan(80);
  });

  it('default scale max(0.1, 0.2·|v|); overrides by key or by group prefix, longest first; bad ones refused', () => {
    expect(defaultScale(0)).toBe(0.1);
    expect(defaultScale(-3)).toBeCloseTo(0.6, 12);
    const leaves = flatten(weights()).filter((l) => ['policy.epsilon', 'value.bias', 'value.w.clock', 'value.w.late'].includes(l.key));
    const p = makeParams(leaves, { value: 0.3, 'value.w': { scale: 0.4, min: -5 }, 'value.w.late': 0.05 });
    const by = Object.fromEntries(p.map((x) => [x.key, x]));
    expect(by['policy.epsilon']).toEqual({ key: 'policy.epsilon', scale: 0.1, min: 0, max: 1 });
    expect(by['value.bias'].scale).toBe(0.3);
    expect(by['value.w.clock']).toEqual({ key: 'value.w.clock', scale: 0.4, min: -5, max: Infinity });
    expect(by['value.w.late'].scale).toBe(0.05);
    expect(() => makeParams(leaves, { 'value.w.nope': 1 })).toThrow(/names no tuned weight/);
    expect(() => makeParams(leaves, { 'value.bias': -1 })).toThrow(/positive number/);
    expect(() => makeParams(leaves, { 'value.bias': { scael: 1 } as never })).toThrow(/unknown field scael/);
  });

  it('keeps epsilon-like probabilities in [0, 1] when perturbing and when updating', () => {
    expect(boundsOf('policy.epsilon')).toEqual([0, 1]);
    expect(boundsOf('policy.reviseProb')).toEqual([0, 1]);
    expect(boundsOf('policy.move')).toEqual([-Infinity, Infinity]);
    expect(boundsOf('value.w.epsilonish')).toEqual([-Infinity, Infinity]);
    const params: Param[] = [{ key: 'policy.epsilon', scale: 0.5, min: 0, max: 1 }, { key: 'policy.move', scale: 0.5, min: -Infinity, max: Infinity }];
    const { plus, minus } = perturbed([0.9, 0.9], params, [1, -1], 1);
    expect(plus).toEqual([1, 0.4]);
    expect(minus).toEqual([0.4, 1.4]);
    expect(spsaUpdate([0.05, 0], params, [-1, -1], 1, 0, 10, 1)[0]).toBe(0);
    expect(spsaUpdate([0.95, 0], params, [1, 1], 1, 0, 10, 1)[0]).toBe(1);
    // maxStep caps one step's move in units of the scale
    expect(spsaUpdate([0.5, 0], params, [1, 1], 1, 0, 10, 1, 0.2)[1]).toBeCloseTo(0.1, 12);
  });

  it('round3 rounds to 3 decimals and never gives −0', () => {
    expect(round3(1.23456)).toBe(1.235);
    expect(Object.is(round3(-0.0001), 0)).toBe(true);
  });
});

describe('SPSA on a noisy quadratic', () => {
  it('moves θ close to the optimum over a fixed seed', () => {
    // Score (to maximise): a win-share-like 0.5 − Σ((θ_i − θ*_i)/s_i)²/(8n), plus noise of sd ≈ 0.1 on each score.
    const optimum = [0.3, -2, 1.5, 4, 0, -0.7];
    const params: Param[] = optimum.map((_, i) => ({ key: `k${i}`, scale: i === 3 ? 1 : 0.5, min: -Infinity, max: Infinity }));
    const noise = seededRng('noise');
    const gauss = () => {
      let s = 0;
      for (let i = 0; i < 12; i++) s += noise.int(1 << 20) / (1 << 20);
      return s - 6; // Irwin–Hall: mean 0, sd 1
    };
    const f = (t: number[]) => 0.5 - t.reduce((s, x, i) => s + ((x - optimum[i]) / params[i].scale) ** 2, 0) / (8 * t.length);
    const score = (p: number[], m: number[]) => ({ plus: f(p) + 0.1 * gauss(), minus: f(m) + 0.1 * gauss() });
    const dist = (t: number[]) => Math.sqrt(t.reduce((s, x, i) => s + ((x - optimum[i]) / params[i].scale) ** 2, 0));
    let theta = [1, 0, 0, 2, 1, 0];
    const d0 = dist(theta);
    const gains = { a: 20, c: 1, A: 40 };
    const rng = seededRng('spsa');
    for (let k = 0; k < 400; k++) theta = spsaStep(theta, params, k, gains, rng, score).theta;
    expect(dist(theta)).toBeLessThan(0.15 * d0); // 6.08 → 0.45 with these seeds
    expect(f(theta)).toBeGreaterThan(f([1, 0, 0, 2, 1, 0]));
  });
});
