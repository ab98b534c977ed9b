/**
 * Game records (issue 9 item 1): a finished game as a JSON file that re-runs exactly through the pure core.
 *
 * A record holds the seed, the config (and the solo setup), the players, every decision in order with its seat
 * and time, and the result plus a fingerprint of the final state. `replayRecord` re-runs it with
 * `seededRng(seed)`: the core's Rng is the same Alea stream as boardgame.io's random plugin (rules/rng.ts), so a
 * record built from a boardgame.io match (the seed in plugins.random.data, the moves of its log) replays here.
 *
 * The seed is a secret until the game ends (RULES R8.3 item 9): a record of an unfinished game (`result: null`,
 * kept by the server for problem reports) must never leave the server.
 *
 * An end the server writes (a forfeit when a player leaves, server/forfeit.ts; or another server-side end such as
 * a lost clock) is no action of the core: a record whose result has a reason the rules never give re-runs its
 * actions, then ends the game the way the server does (`endByForfeit`), so its fingerprint still checks.
 *
 * Pure: no Node, no boardgame.io. The fingerprint is FNV-1a-style hashing over canonical JSON (sorted keys), so
 * a state that went through a database that reorders keys (PostgreSQL jsonb) still has the same fingerprint.
 */
import {
  configProblem, DEFAULT_CONFIG, DIFFICULTIES, soloLevelCandidates, soloLevelProblem,
  type Faction, type GameConfig, type SoloSetup,
} from './content';
import {
  ACTION_TYPES, apply, cloneState, createState, log, needsAdvance, run, seededRng,
  type Action, type GameState,
} from './rules';
import { parsePlayedBy, playWithNote, type BotTagging, type PlayedBy } from './playedBy';

export const RECORD_VERSION = 1 as const;

export type RecordSource = 'online' | 'hotseat' | 'bot' | 'bots' | 'solo' | 'simulate';
export const RECORD_SOURCES: readonly RecordSource[] = ['online', 'hotseat', 'bot', 'bots', 'solo', 'simulate'];

export interface RecordPlayer {
  faction: Faction;
  name: string;
  /** A bot's kind ('ismcts-normal', 'random', … ; 'rival' for the solo rival deck). Absent for a human. */
  bot?: string;
}

export interface RecordAction {
  seat: Faction;
  action: Action;
  /** When it was made, ms since the epoch. */
  at: number;
  /** Online: the server bot made it for the seat's owner, or the owner took the seat back (./playedBy.ts). */
  played?: PlayedBy;
}

/** A seat the server bot played to the end of the game for its owner, from action `fromAction` (issue 10). */
export interface FinishedByBot {
  seat: Faction;
  fromAction: number;
}

export interface RecordResult {
  winner: Faction;
  /** A WinReason of the rules, or a server-side end ('forfeit', …). */
  reason: string;
  round: number;
}

export interface GameRecord {
  version: typeof RECORD_VERSION;
  game: 'mint-imperium';
  seed: string;
  /** The complete config the game was created with (GameConfig, balance knobs of RULES B7). */
  config: GameConfig;
  /** RULES §9 — present for a solo game only. */
  solo?: SoloSetup;
  /** Seat "0" (Rebel) first, then the Imperial. */
  players: [RecordPlayer, RecordPlayer];
  actions: RecordAction[];
  /** null: the game is not over (a record so far, server-side only). */
  result: RecordResult | null;
  /** fingerprint() of the state after the last action (and the forfeit, if any). */
  fingerprint: string;
  startedAt: number;
  finishedAt: number | null;
  source: RecordSource;
  /** The online match it comes from. */
  matchID?: string;
  /** Online: seats the server bot finished the game for (derived from the actions' `played` notes). */
  finishedByBot?: FinishedByBot[];
}

// ---------------------------------------------------------------------------------------------------------------
// Fingerprint

/** Canonical JSON: object keys sorted, undefined members skipped (as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const keys = Object.keys(value).sort();
  const parts: string[] = [];
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Top-level state fields that are bookkeeping, not the game: the take-back stack (issue 9 item 3, `undo`), which
 * the core keeps when moves come through `apply` (real games, replays) and drops when they come through
 * `applyLegal` (simulations), with the same game either way.
 */
// `facts` is derived from the log (GameState.facts), which the fingerprint covers; records made before it existed
// keep their fingerprints.
const NOT_FINGERPRINTED = ['undo', 'facts'];

/**
 * A stable 64-bit hash of a state, as `f1-` and 16 hex digits: FNV-1a (32 bits) and a second multiplicative lane
 * over the UTF-16 code units of its canonical JSON (without NOT_FINGERPRINTED fields). Not cryptographic: it
 * detects divergence, not forgery.
 */
export function fingerprint(state: unknown): string {
  let value = state;
  if (typeof state === 'object' && state !== null && !Array.isArray(state)
    && NOT_FINGERPRINTED.some((k) => Object.hasOwn(state, k))) {
    const copy: Record<string, unknown> = { ...(state as Record<string, unknown>) };
    for (const k of NOT_FINGERPRINTED) delete copy[k];
    value = copy;
  }
  const s = canonicalJson(value);
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 ^= s.length;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');
  return `f1-${hex(h1)}${hex(h2)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Replay

export const FORFEIT = 'forfeit';

/** The ends the rules give (src/game/rules checks.ts); any other reason is a server-side end. */
export const RULES_END_REASONS: readonly string[] = ['occupation', 'obliterator', 'objectives'];

/**
 * The end the server writes when `loser` leaves an unfinished match (server/forfeit.ts does the same): the other
 * seat wins with `reason` ('forfeit' by default), no decision is pending, nothing is queued, and a `gameOver`
 * event is logged. tests/integration/server-records.test.ts checks that the two agree.
 */
export function endByForfeit(G: GameState, loser: Faction, reason: string = FORFEIT): void {
  const winner: Faction = loser === 'R' ? 'I' : 'R';
  // WinReason lists the rules' own ends; a forfeit is the server's, so it is set here past the type.
  G.winner = { faction: winner, reason: reason as 'forfeit' };
  G.phase = 'gameover';
  G.pending = null;
  G.queue = [];
  log(G, 'gameOver', { winner, reason });
}

/** The state after setup, before the first decision (runs the core up to the first pending decision). */
export function initialState(rec: Pick<GameRecord, 'seed' | 'config' | 'solo'>, rng = seededRng(rec.seed)): GameState {
  const state = createState(rng, rec.config, rec.solo ?? null);
  while (needsAdvance(state)) run(state, rng);
  return state;
}

export interface ReplayResult {
  state: GameState;
  /** Why the replay stopped early: an action the core refused, or a core error. */
  error?: string;
  /** The index of the action that failed. */
  index?: number;
}

/**
 * Re-run a record through the core. `onStep(state, index)` sees the live state (clone it to keep it): index -1
 * after setup, i after action i, and `actions.length` after a server-side end (forfeit). Stops at the first action the core
 * refuses (a mismatch), at an action after the game ended, or on a core error.
 */
export function replayRecord(
  rec: Pick<GameRecord, 'seed' | 'config' | 'solo' | 'actions' | 'result'> & { fingerprint?: string },
  onStep?: (state: GameState, index: number) => void,
  tagging: BotTagging = 'current',
): ReplayResult {
  if (rec.solo && !rec.solo.level) rec = { ...rec, solo: resolveSoloLevel({ ...rec, solo: rec.solo }) };
  const rng = seededRng(rec.seed);
  let state: GameState;
  try {
    state = initialState(rec, rng);
  } catch (e) {
    return { state: undefined as unknown as GameState, error: `setup failed: ${(e as Error).message}`, index: -1 };
  }
  onStep?.(state, -1);
  for (let i = 0; i < rec.actions.length; i++) {
    const { seat, action, played } = rec.actions[i];
    if (state.winner) return { state, error: `action ${i} (${action.type}) comes after the end of the game`, index: i };
    let ok: boolean;
    try {
      const s = state;
      ok = playWithNote(s, seat, action.type, played, () => apply(s, seat, action, rng), tagging);
      while (ok && needsAdvance(state)) run(state, rng);
    } catch (e) {
      return { state, error: `action ${i} (${action.type} by ${seat}): core error ${(e as Error).message}`, index: i };
    }
    if (!ok) {
      const waiting = state.pending ? `${state.pending.kind} of ${state.pending.seat}` : 'nothing';
      return {
        state, index: i,
        error: `action ${i} (${describeAction(action)} by ${seat}) refused by the core (waiting for ${waiting})`,
      };
    }
    onStep?.(state, i);
  }
  const r = rec.result;
  if (r && !state.winner && !RULES_END_REASONS.includes(r.reason)) {
    endByForfeit(state, r.winner === 'R' ? 'I' : 'R', r.reason);
    onStep?.(state, rec.actions.length);
  }
  return { state };
}

/**
 * R9.11 — the knobs a solo game without its own (recorded before games kept them) was played with: the first of
 * the tables it could have used (today's, then the past ones: content/soloHistory.ts) whose replay accepts every
 * action and, when the record has one, reproduces its fingerprint; today's table if none does.
 */
export function resolveSoloLevel(
  rec: Pick<GameRecord, 'seed' | 'config' | 'actions' | 'result'> & { solo: SoloSetup; fingerprint?: string },
): SoloSetup {
  const candidates = soloLevelCandidates(rec.solo.difficulty).map((level) => ({ ...rec.solo, level }));
  let firstClean: SoloSetup | null = null;
  for (const solo of candidates) {
    const r = replayRecord({ ...rec, solo });
    if (r.error !== undefined) continue;
    if (rec.fingerprint === undefined || fingerprint(r.state) === rec.fingerprint) return solo;
    firstClean ??= solo;
  }
  return firstClean ?? candidates[0];
}

/** A record's `solo`: the set-up with the knobs the game kept (the set-up's, else the final state's). */
function soloOfRecord(solo: SoloSetup, final?: GameState): SoloSetup {
  const level = solo.level ?? final?.solo?.level;
  return { bot: solo.bot, difficulty: solo.difficulty, ...(level ? { level: { ...level } } : {}) };
}

/**
 * How the record's bot decisions tag their events (src/game/playedBy.ts): as now, unless the record has some and only
 * the pre-session-9 tag (`by: 'bot'`) reproduces its fingerprint.
 */
export function botTaggingOf(rec: Pick<GameRecord, 'seed' | 'config' | 'solo' | 'actions' | 'result' | 'fingerprint'>): BotTagging {
  if (!rec.actions.some((a) => a.played?.bot)) return 'current';
  const now = replayRecord(rec);
  if (now.error === undefined && fingerprint(now.state) === rec.fingerprint) return 'current';
  const old = replayRecord(rec, undefined, 'legacy');
  return old.error === undefined && fingerprint(old.state) === rec.fingerprint ? 'legacy' : 'current';
}

/** Every state of a replay, from setup to the end (deep copies): states[0] after setup, states[i+1] after action i. */
export function replayStates(rec: GameRecord): { states: GameState[]; error?: string; index?: number } {
  const states: GameState[] = [];
  const r = replayRecord(rec, (s) => { states.push(cloneState(s)); }, botTaggingOf(rec));
  return { states, ...(r.error !== undefined ? { error: r.error, index: r.index } : {}) };
}

function describeAction(a: Action): string {
  const s = JSON.stringify(a);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/**
 * The seats the bot finished the game for: a seat whose last hand-over to the bot (an action noted `handedOver`)
 * is followed by no decision its owner took back (`takenBack`). Empty while the game runs.
 */
export function finishedByBotOf(actions: RecordAction[], over: boolean): FinishedByBot[] {
  if (!over) return [];
  const out: FinishedByBot[] = [];
  for (const seat of ['R', 'I'] as const) {
    let from = -1;
    actions.forEach((a, i) => {
      if (a.seat !== seat) return;
      if (a.played?.handedOver) from = i;
      else if (a.played?.takenBack) from = -1;
    });
    if (from >= 0) out.push({ seat, fromAction: from });
  }
  return out;
}

function resultOf(state: GameState): RecordResult | null {
  return state.winner ? { winner: state.winner.faction, reason: state.winner.reason, round: state.round } : null;
}

export type VerifyResult = { ok: true } | { ok: false; message: string; index?: number };

/** Re-run a (parsed) record and check that it reproduces its result and fingerprint. */
export function verifyRecord(rec: GameRecord): VerifyResult {
  const r = replayRecord(rec, undefined, botTaggingOf(rec));
  if (r.error !== undefined) return { ok: false, message: r.error, ...(r.index !== undefined ? { index: r.index } : {}) };
  const got = resultOf(r.state);
  const want = rec.result;
  const show = (x: RecordResult | null) => (x ? `${x.winner} by ${x.reason} in round ${x.round}` : 'game not over');
  if (canonicalJson(got) !== canonicalJson(want)) {
    return { ok: false, message: `result differs: the record says ${show(want)}, the replay gives ${show(got)}` };
  }
  const fp = fingerprint(r.state);
  if (fp !== rec.fingerprint) {
    return { ok: false, message: `final state differs: fingerprint ${fp}, the record says ${rec.fingerprint}` };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Building

export interface RecordInput {
  seed: string;
  config?: GameConfig;
  solo?: SoloSetup | null;
  players: [RecordPlayer, RecordPlayer];
  actions: RecordAction[];
  startedAt: number;
  /** Default: the time of the last action once the game is over, else null. */
  finishedAt?: number | null;
  source: RecordSource;
  matchID?: string;
  /** The seat that lost an unfinished match by a server-side end (it left: a forfeit). */
  forfeitBy?: Faction;
  /** That end's reason. Default 'forfeit'. */
  forfeitReason?: string;
}

/**
 * Build a record. Without `final` the actions are re-run (the result and fingerprint are the replay's, and an
 * action the core refuses is an error); with `final` (the state the caller's own game reached) they are taken
 * from it as is.
 */
export function recordFromGame(input: RecordInput, final?: GameState): GameRecord | { error: string } {
  const base = {
    version: RECORD_VERSION, game: 'mint-imperium' as const, seed: input.seed,
    // B7 — the config the game was played with: the caller's, else the final state's; DEFAULT_CONFIG only for a
    // game re-run from scratch without one (issue 24 item 4: a record never takes the default in place of its own).
    config: input.config ?? final?.config ?? DEFAULT_CONFIG,
    // R9.11 — the level's knobs the game kept (its set-up's, else its final state's).
    ...(input.solo ? { solo: soloOfRecord(input.solo, final) } : {}),
  };
  let state = final;
  if (!state) {
    const forfeit: RecordResult | null = input.forfeitBy
      ? { winner: input.forfeitBy === 'R' ? 'I' : 'R', reason: input.forfeitReason ?? FORFEIT, round: 0 } : null;
    const r = replayRecord({ ...base, actions: input.actions, result: forfeit });
    if (r.error !== undefined) return { error: r.error };
    state = r.state;
  }
  const result = resultOf(state);
  const last = input.actions.length > 0 ? input.actions[input.actions.length - 1].at : input.startedAt;
  const rec: GameRecord = {
    ...base,
    players: [{ ...input.players[0] }, { ...input.players[1] }],
    actions: input.actions.map((a) => ({ seat: a.seat, action: a.action, at: a.at, ...(a.played ? { played: { ...a.played } } : {}) })),
    result,
    fingerprint: fingerprint(state),
    startedAt: input.startedAt,
    finishedAt: input.finishedAt !== undefined ? input.finishedAt : result ? last : null,
    source: input.source,
    ...(input.matchID !== undefined ? { matchID: input.matchID } : {}),
  };
  const byBot = finishedByBotOf(input.actions, result !== null);
  if (byBot.length > 0) rec.finishedByBot = byBot;
  return rec;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing (strict)

/** Longest record accepted (actions); a game has a few hundred. */
export const MAX_RECORD_ACTIONS = 100000;

type Obj = Record<string, unknown>;

function isObj(x: unknown): x is Obj {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const p = Object.getPrototypeOf(x);
  return p === Object.prototype || p === null;
}

function keysCheck(o: Obj, required: string[], optional: string[], where: string): string | null {
  for (const k of required) if (!Object.hasOwn(o, k)) return `${where}: missing field "${k}"`;
  for (const k of Object.keys(o)) {
    if (!required.includes(k) && !optional.includes(k)) return `${where}: unknown field "${k}"`;
  }
  return null;
}

function isTime(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0;
}

function isFaction(x: unknown): x is Faction {
  return x === 'R' || x === 'I';
}


/** An action as the core could accept it: a known type and up to 8 plain JSON fields (the core checks the rest). */
function actionError(x: unknown, where: string): string | null {
  if (!isObj(x)) return `${where}: an object is expected`;
  if (typeof x.type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(x.type)) {
    return `${where}: unknown action type ${JSON.stringify(x.type)?.slice(0, 40)}`;
  }
  const keys = Object.keys(x);
  if (keys.length > 9) return `${where}: too many fields`;
  const plain = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v === 'boolean') return true;
    if (typeof v === 'number') return Number.isFinite(v);
    if (typeof v === 'string') return v.length <= 64;
    if (depth > 3) return false;
    if (Array.isArray(v)) return v.length <= 32 && v.every((e) => plain(e, depth + 1));
    if (isObj(v)) return Object.keys(v).length <= 8 && Object.values(v).every((e) => plain(e, depth + 1));
    return false;
  };
  for (const k of keys) if (!plain(x[k], 0)) return `${where}: field "${k}" is not plain JSON of a move`;
  return null;
}

function playerError(x: unknown, faction: Faction, where: string): string | null {
  if (!isObj(x)) return `${where}: an object is expected`;
  const err = keysCheck(x, ['faction', 'name'], ['bot'], where);
  if (err) return err;
  if (x.faction !== faction) return `${where}: faction must be ${faction}`;
  if (typeof x.name !== 'string' || x.name.length > 64) return `${where}: name must be a string of at most 64 characters`;
  if (x.bot !== undefined && (typeof x.bot !== 'string' || x.bot.length === 0 || x.bot.length > 32)) {
    return `${where}: bot must be a short string`;
  }
  return null;
}

const TOP_REQUIRED = [
  'version', 'game', 'seed', 'config', 'players', 'actions', 'result', 'fingerprint', 'startedAt', 'finishedAt',
  'source',
];
const TOP_OPTIONAL = ['solo', 'matchID', 'finishedByBot'];

/**
 * A record from parsed JSON, checked strictly: the right version and game, exactly the known fields, every value
 * of the right type. Whether the actions are legal is replayRecord's business.
 */
export function parseRecord(json: unknown): GameRecord | { error: string } {
  const bad = (error: string) => ({ error });
  if (!isObj(json)) return bad('a record must be a JSON object');
  if (json.version !== RECORD_VERSION) {
    return bad(`unsupported record version ${JSON.stringify(json.version) ?? 'none'} (this program reads version ${RECORD_VERSION})`);
  }
  if (json.game !== 'mint-imperium') return bad('game must be "mint-imperium"');
  const keysErr = keysCheck(json, TOP_REQUIRED, TOP_OPTIONAL, 'record');
  if (keysErr) return bad(keysErr);
  if (typeof json.seed !== 'string' || json.seed.length === 0 || json.seed.length > 200) return bad('seed must be a non-empty string');
  const cErr = configProblem(json.config); // shape and B7 ranges (content/configBounds.ts)
  if (cErr) return bad(cErr);
  if (json.solo !== undefined) {
    const s = json.solo;
    if (!isObj(s)) return bad('solo: an object is expected');
    const e = keysCheck(s, ['bot', 'difficulty'], ['level'], 'solo');
    if (e) return bad(e);
    const le = s.level === undefined ? null : soloLevelProblem(s.level, 'solo.level');
    if (le) return bad(le);
    if (!isFaction(s.bot)) return bad('solo.bot must be R or I');
    if (!(DIFFICULTIES as unknown[]).includes(s.difficulty)) return bad('solo.difficulty must be easy, normal or hard');
  }
  if (!Array.isArray(json.players) || json.players.length !== 2) return bad('players: a list of two players is expected');
  for (const [i, f] of (['R', 'I'] as const).entries()) {
    const e = playerError(json.players[i], f, `players[${i}]`);
    if (e) return bad(e);
  }
  if (!Array.isArray(json.actions)) return bad('actions: a list is expected');
  if (json.actions.length > MAX_RECORD_ACTIONS) return bad(`actions: more than ${MAX_RECORD_ACTIONS}`);
  for (let i = 0; i < json.actions.length; i++) {
    const a = json.actions[i] as unknown;
    const where = `actions[${i}]`;
    if (!isObj(a)) return bad(`${where}: an object is expected`);
    const e = keysCheck(a, ['seat', 'action', 'at'], ['played'], where);
    if (e) return bad(e);
    if (a.played !== undefined && !parsePlayedBy(a.played)) return bad(`${where}.played: { bot?, handedOver?, takenBack? } is expected`);
    if (!isFaction(a.seat)) return bad(`${where}.seat must be R or I`);
    if (!isTime(a.at)) return bad(`${where}.at must be a time in ms`);
    const ae = actionError(a.action, `${where}.action`);
    if (ae) return bad(ae);
  }
  if (json.result !== null) {
    const r = json.result;
    if (!isObj(r)) return bad('result: an object or null is expected');
    const e = keysCheck(r, ['winner', 'reason', 'round'], [], 'result');
    if (e) return bad(e);
    if (!isFaction(r.winner)) return bad('result.winner must be R or I');
    if (typeof r.reason !== 'string' || r.reason.length > 32) return bad('result.reason must be a short string');
    if (typeof r.round !== 'number' || !Number.isInteger(r.round) || r.round < 0) return bad('result.round must be a whole number');
  }
  if (typeof json.fingerprint !== 'string' || !/^f1-[0-9a-f]{16}$/.test(json.fingerprint)) {
    return bad('fingerprint must look like f1- and 16 hex digits');
  }
  if (!isTime(json.startedAt)) return bad('startedAt must be a time in ms');
  if (json.finishedAt !== null && !isTime(json.finishedAt)) return bad('finishedAt must be a time in ms or null');
  if (!(RECORD_SOURCES as unknown[]).includes(json.source)) return bad(`source must be one of ${RECORD_SOURCES.join(', ')}`);
  if (json.matchID !== undefined && (typeof json.matchID !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(json.matchID))) {
    return bad('matchID must be a match ID');
  }
  if (json.finishedByBot !== undefined) {
    const f = json.finishedByBot;
    if (!Array.isArray(f) || f.length < 1 || f.length > 2) return bad('finishedByBot: a list of one or two seats is expected');
    for (const [i, x] of f.entries()) {
      const where = `finishedByBot[${i}]`;
      if (!isObj(x)) return bad(`${where}: an object is expected`);
      const e = keysCheck(x, ['seat', 'fromAction'], [], where);
      if (e) return bad(e);
      if (!isFaction(x.seat)) return bad(`${where}.seat must be R or I`);
      const n = x.fromAction;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= json.actions.length
        || (json.actions[n] as RecordAction).seat !== x.seat) {
        return bad(`${where}.fromAction must be the index of one of that seat's actions`);
      }
    }
  }
  return json as unknown as GameRecord;
}

/** parseRecord over a file's text (JSON syntax errors become an error too). */
export function parseRecordText(text: string): GameRecord | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON: ${(e as Error).message}` };
  }
  return parseRecord(json);
}
