/**
 * B7 — the range each balance knob may take, as data, and one check of a whole config against it. A config reaches
 * the core from outside in a game record (an imported replay, src/game/record.ts) and in a local save (src/ui/saved):
 * a well-typed but absurd knob (a million probe draws per Refresh, a hand limit of 1e9) would make the core loop for
 * ever in the player's own browser, so the shape AND the range are checked before a game is built from it.
 * The ranges are wide on purpose: every value a balance study could want (docs/balance/) fits, and every value in
 * them keeps the core's loops bounded.
 */
import { DEFAULT_CONFIG, type GameConfig } from './config';
import { DECK_I } from './objectives';
import { TIME_TRACK_SPACES } from './timeTrack';

/** Inclusive integer range. */
export interface Range { min: number; max: number }

/** The numeric knobs' ranges (R-ids where the knob's rule sets a hard limit). */
export const CONFIG_BOUNDS = {
  objectiveStart: { min: 1, max: TIME_TRACK_SPACES + 8 },
  /** R7.9 — a build icon sits on a time-track space. */
  buildSpace: { min: 1, max: TIME_TRACK_SPACES },
  buildSpacesCount: { min: 0, max: TIME_TRACK_SPACES },
  /** R3.3 — deck I has DECK_I.length cards. */
  deckISize: { min: 1, max: DECK_I.length },
  revealsPerWindow: { min: 1, max: 5 },
  threshold: { min: 0, max: 30 },
  probesPerRefresh: { min: 0, max: 6 },
  relocationLook: { min: 0, max: 14 },
  relocationCooldown: { min: 0, max: 12 },
  secretPlansTopN: { min: 1, max: DECK_I.length },
  supplyFighters: { min: 0, max: 40 },
  supplyCapitals: { min: 0, max: 15 },
  supplyFortresses: { min: 0, max: 3 },
  queueSpots: { min: 1, max: 5 },
  deployCap: { min: 1, max: 10 },
  handLimit: { min: 1, max: 20 },
} satisfies Record<string, Range>;

/** The knobs that are one whole number each, checked against their CONFIG_BOUNDS entry of the same name. */
const INT_KNOBS = [
  'objectiveStart', 'deckISize', 'revealsPerWindow', 'probesPerRefresh', 'relocationLook', 'relocationCooldown',
  'queueSpots', 'deployCap', 'handLimit',
] as const satisfies ReadonlyArray<keyof GameConfig & keyof typeof CONFIG_BOUNDS>;
/** The on/off knobs. */
const BOOL_KNOBS = ['occupationAtEveryCheck', 'tiesToRevealer'] as const satisfies ReadonlyArray<keyof GameConfig>;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function intIn(v: unknown, r: Range, path: string): string | null {
  if (typeof v !== 'number' || !Number.isInteger(v)) return `${path}: a whole number is expected`;
  return v < r.min || v > r.max ? `${path}: must be from ${r.min} to ${r.max}` : null;
}

function exactKeys(o: Obj, keys: readonly string[], path: string): string | null {
  for (const k of keys) if (!Object.hasOwn(o, k)) return `${path}: missing field "${k}"`;
  for (const k of Object.keys(o)) if (!keys.includes(k)) return `${path}: unknown field ${JSON.stringify(k.slice(0, 40))}`;
  return null;
}

/**
 * Why `x` is not a usable GameConfig (the first problem, with its path), or null when it is one: DEFAULT_CONFIG's
 * keys and types, every knob inside CONFIG_BOUNDS, one threshold per objective that has one, and the R5.9a
 * variant off (B7.5: not implemented).
 */
export function configProblem(x: unknown, path = 'config'): string | null {
  if (!isObj(x)) return `${path}: an object is expected`;
  const keyErr = exactKeys(x, Object.keys(DEFAULT_CONFIG), path);
  if (keyErr) return keyErr;
  const c = x as Record<keyof GameConfig, unknown>;
  const checks: Array<string | null> = [
    ...INT_KNOBS.map((k) => intIn(c[k], CONFIG_BOUNDS[k], `${path}.${k}`)),
    ...BOOL_KNOBS.map((k) => (typeof c[k] === 'boolean' ? null : `${path}.${k}: true or false is expected`)),
    c.drivenOff === false ? null : `${path}.drivenOff: the R5.9a variant is not implemented (must be false)`,
    c.secretPlansTopN === null ? null : intIn(c.secretPlansTopN, CONFIG_BOUNDS.secretPlansTopN, `${path}.secretPlansTopN`),
    buildSpacesProblem(c.buildSpaces, `${path}.buildSpaces`),
    thresholdsProblem(c.thresholds, `${path}.thresholds`),
    supplyProblem(c.supply, `${path}.supply`),
  ];
  return checks.find((e) => e !== null) ?? null;
}

function buildSpacesProblem(v: unknown, path: string): string | null {
  if (!Array.isArray(v)) return `${path}: a list of time-track spaces is expected`;
  if (v.length > B_COUNT.max) return `${path}: at most ${B_COUNT.max} spaces`;
  for (let i = 0; i < v.length; i++) {
    const e = intIn(v[i], CONFIG_BOUNDS.buildSpace, `${path}[${i}]`);
    if (e) return e;
  }
  return null;
}
const B_COUNT = CONFIG_BOUNDS.buildSpacesCount;

function thresholdsProblem(v: unknown, path: string): string | null {
  if (!isObj(v)) return `${path}: an object is expected`;
  const keyErr = exactKeys(v, Object.keys(DEFAULT_CONFIG.thresholds), path);
  if (keyErr) return keyErr;
  for (const [k, n] of Object.entries(v)) {
    const e = intIn(n, CONFIG_BOUNDS.threshold, `${path}.${k}`);
    if (e) return e;
  }
  return null;
}

function supplyProblem(v: unknown, path: string): string | null {
  if (!isObj(v)) return `${path}: an object is expected`;
  const keyErr = exactKeys(v, ['R', 'I'], path);
  if (keyErr) return keyErr;
  const { R, I } = v as { R: unknown; I: unknown };
  if (!isObj(R)) return `${path}.R: an object is expected`;
  if (!isObj(I)) return `${path}.I: an object is expected`;
  const B = CONFIG_BOUNDS;
  return exactKeys(R, ['f', 'c'], `${path}.R`) ?? exactKeys(I, ['f', 'c', 's'], `${path}.I`)
    ?? intIn(R.f, B.supplyFighters, `${path}.R.f`) ?? intIn(R.c, B.supplyCapitals, `${path}.R.c`)
    ?? intIn(I.f, B.supplyFighters, `${path}.I.f`) ?? intIn(I.c, B.supplyCapitals, `${path}.I.c`)
    ?? intIn(I.s, B.supplyFortresses, `${path}.I.s`);
}
