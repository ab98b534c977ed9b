/**
 * RULES §8 through boardgame.io's own multiplayer pipeline (not by calling playerView): for seeded random games,
 * one `Local()` master and three clients on one match — player "0" (Rebel), player "1" (Imperial) and a
 * spectator (no playerID). Each move is chosen by the seat whose decision is pending, from ITS client's state
 * (`ai.enumerate` on its view), and sent with that client's `moves`.
 *
 * After every step, for each client, everything it received or holds is checked against the TRUE state, read
 * from the Local master's storage (`storageAPI.fetch`: state, initialState); a few games also run a plain
 * (non-multiplayer) Client in lockstep, whose full G must equal the master's:
 * - every transport message it got (`receiveTransportData` is wrapped: 'sync' with state, log, matchData and
 *   initialState; 'update' with state and deltalog), `client.store.getState()`, `client.getState()`,
 *   `client.log`, `client.getInitialState()`, `client.matchData`, `client.chatMessages`;
 * - every GameState found in them: the structural checks of tests/helpers/secrets.ts (hidden base, decks all
 *   HIDDEN, hands / plans / objectives / probes / pending cards) against the master state of the same _stateID
 *   (the initialState against the master's initialState);
 * - every string value (not key) anywhere: no mission / objective id the seat may not know (strict model outside
 *   logs, lenient history model in logs), never the seed; no `seed` / `prngstate` key; no generator-state number;
 * - game-log events (G.log) as they arrive: visible to the seat (canSee), of a type that may name what they name,
 *   no unflagged probe card, no hidden base letter; the view's log is exactly the master's log filtered for the
 *   seat; boardgame.io log entries as they arrive: secret moves of another player have `args: null`;
 * - every FULL_JSON_EVERY steps and at the end of each game: everything the client holds (logs included, the
 *   initialState apart) through a literal JSON.stringify, scanned for forbidden ids, the seed and "prngstate";
 * - (d) at the end of each game: a card drawn hidden never appeared earlier in what a seat that may not see it
 *   received (per-step records of the card ids received, against the master's draws).
 * Logs are append-only, so their entries are checked once, when they first arrive (prefix identity is checked
 * at every step; a replaced entry is checked again). Local passes objects by reference (no serialisation), so
 * the walker follows JSON semantics (undefined and functions dropped, non-plain objects reported).
 *
 * NODE_ENV is 'production' while this file runs (boardgame.io then skips its per-move serialisability check,
 * as a deployed server does): about 40% less time.
 */
import { Client } from 'boardgame.io/client';
import type { Local } from '../../src/platform/local-master';
import { filteredLocal } from '../../src/game/filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMintImperium } from '../../src/game';
import { seededRng, type GameState, type LogEvent } from '../../src/game/rules';
import { canSee } from '../../src/game/rules/log';
import { copyState, HIDDEN, viewFor } from '../../src/game/rules/view';
import {
  PublicCards, SEATS, auditBgioEntry, auditLogEvent, bodyForbidden, cardIdsInString, checkViewStructure,
  isGameStateLike, laterDrawLeaks, logForbidden, playerIdOf, prngFloats, scanValue, seatName,
  type DrawRecord, type RngSecrets, type Seat,
} from '../helpers/secrets';
import { makeClient, master, pendingPlayer, play, quietBoardgameIo, type Enumerated } from './bgio-helpers';
import { anyEvent } from '../helpers/logFields';

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';

quietBoardgameIo();

/**
 * 100 seeded games (SECRETS_GAMES=N for more). Every check runs at every step of every game; what more games add
 * is only more of the same random positions. 100 still reach each rare decision (intercept, council, relocate,
 * Secret Plans) and each kind of hidden draw many times (the counts below), and a planted secret of each kind is
 * caught in the self-check block. 200 games took twice as long and found nothing 100 do not (CI time, issue 12).
 */
const GAMES = Number(process.env.SECRETS_GAMES ?? 100);
/** The coverage floors below were set for 200 games; they scale with the number of games. */
const PER_200 = GAMES / 200;
/** Every LOCKSTEP_EVERY-th game also runs a non-multiplayer Client with the same seed and moves. */
const LOCKSTEP_EVERY = 10;
const FULL_JSON_EVERY = 25;
const MAX_STEPS = 3000;

type Enumerate = (G: GameState, ctx: unknown, id: string) => Enumerated[];
/** The parts of a boardgame.io client read here (some are not in its public type). */
interface AnyClient {
  start(): void;
  stop(): void;
  getState(): ({ G: unknown; ctx: unknown; isActive: boolean } & Record<string, unknown>) | null;
  getInitialState(): unknown;
  store: { getState(): unknown };
  moves: Record<string, (...a: unknown[]) => void>;
  receiveTransportData(data: unknown): void;
  log: unknown[];
  matchData?: unknown;
  chatMessages?: unknown[];
  transport: { master: { storageAPI: { fetch(id: string, o: object): MasterFetch } } };
}
interface BgState { G: GameState; ctx: { gameover?: unknown }; plugins: Record<string, { data?: unknown }>; _stateID: number }
interface MasterFetch { state: BgState; initialState: BgState }

const CATEGORIES = ['state', 'rng', 'gameLog', 'bgioLog', 'initialState', 'fullJson', 'laterDraws', 'alignment', 'endPublic'] as const;
type Category = (typeof CATEGORIES)[number];
type Findings = Record<Category, string[]>;
const emptyFindings = (): Findings => Object.fromEntries(CATEGORIES.map((c) => [c, []])) as unknown as Findings;

/** What the checker needs to know about the truth at one moment. */
interface Truth {
  state: GameState; // the master's G now
  initial: GameState; // the master's initialState G
  byStateId: Map<number, GameState>; // the master's G per _stateID seen so far
  pub: PublicCards; // cards public per seat, from the master's log so far
  rng: RngSecrets;
  where: string;
}

/** Per-client memory between steps: what of its logs was already checked. */
class Tracker {
  viewLog: LogEvent[] | null = null;
  bgioLog: unknown[] | null = null;
  readonly auditedEntries = new WeakSet<object>();
  /** initialState objects already checked (the master never changes one; it is checked again at the end). */
  readonly initialChecked = new WeakSet<object>();
  /** Master events visible to this seat, and how many master events were counted. */
  visible = 0;
  lastVisible: LogEvent | null = null;
  masterSeen = 0;
  /** Card ids received this step (for (d)). */
  body = new Set<string>();
  entries = new Set<string>();
}

/** Whose holdings are checked: a seat, its playerID, its memory; `clientLog` gives the live client.log. */
interface Checked {
  seat: Seat;
  pid: string | null;
  tracker: Tracker;
  clientLog?: () => unknown[];
}

interface Holder extends Checked {
  client: AnyClient;
  inbox: { type: string; args: unknown[] }[];
}

/** A list of findings per category, with the first few messages kept and every occurrence counted. */
class Notes {
  readonly list: Findings = emptyFindings();
  readonly count: Record<Category, number> = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  add(cat: Category, msg: string): void {
    this.count[cat]++;
    if (this.list[cat].length < 8 && !this.list[cat].includes(msg)) this.list[cat].push(msg);
  }
}

const coverage: Record<string, number> = {};
const cover = (k: string, n = 1) => { coverage[k] = (coverage[k] ?? 0) + n; };

/**
 * Audits the new entries of a boardgame.io log array (client.log, a deltalog, a sync log). client.log is replaced
 * by [...old, ...new] at each update: when `arr` is the client's log and its prefix is the previous one (same
 * entry objects), only the tail is new. Every entry is audited once (WeakSet), the first time it arrives.
 */
function auditEntries(arr: unknown[], h: Checked, truth: Truth, notes: Notes, where: string): void {
  const t = h.tracker;
  const isClientLog = h.clientLog !== undefined && arr === h.clientLog();
  let start = 0;
  if (isClientLog && t.bgioLog) {
    if (arr === t.bgioLog) start = arr.length;
    else if (arr.length >= t.bgioLog.length) {
      let same = true;
      for (let i = 0; i < t.bgioLog.length && same; i++) same = arr[i] === t.bgioLog[i];
      if (same) start = t.bgioLog.length;
    }
  }
  let forbidden: Set<string> | null = null;
  for (let i = start; i < arr.length; i++) {
    const e = arr[i];
    if (typeof e !== 'object' || e === null || t.auditedEntries.has(e)) continue;
    t.auditedEntries.add(e);
    cover('bgio entries audited');
    forbidden ??= logForbidden(truth.state, h.seat, truth.pub);
    for (const m of auditBgioEntry(e, h.pid, forbidden)) notes.add('bgioLog', `${where} ${seatName(h.seat)} ${m}`);
    const rngBad: string[] = [];
    scanValue(e, { forbidden: new Set(), rng: truth.rng }, 'entry', rngBad);
    for (const m of rngBad) notes.add('rng', `${where} ${seatName(h.seat)} ${m}`);
    collectIds((e as { action?: { payload?: { args?: unknown } } }).action?.payload?.args, t.entries);
  }
  if (isClientLog) t.bgioLog = arr;
}

function collectIds(x: unknown, into: Set<string>): void {
  if (typeof x === 'string') for (const c of cardIdsInString(x)) into.add(c);
  else if (Array.isArray(x)) for (const y of x) collectIds(y, into);
  else if (typeof x === 'object' && x !== null) for (const k in x) collectIds((x as Record<string, unknown>)[k], into);
}

function isBgioLog(x: unknown): x is unknown[] {
  if (!Array.isArray(x) || x.length === 0) return false;
  const e = x[0] as { action?: unknown; _stateID?: unknown } | null;
  return typeof e === 'object' && e !== null && 'action' in e && '_stateID' in e;
}

/**
 * Audits the game log of a view incrementally: new (or replaced) events are audited; the view's log must be the
 * master's log filtered by canSee for this seat (same length, same last event).
 */
function auditViewLog(
  v: GameState, h: Checked, truth: Truth, notes: Notes, where: string, initial: boolean, addInitial: (m: string) => void,
): void {
  const L = v.log;
  if (!Array.isArray(L)) { notes.add('gameLog', `${where} ${seatName(h.seat)} log is not an array`); return; }
  const t = h.tracker;
  const forbidden = logForbidden(initial ? truth.initial : truth.state, h.seat, initial ? new PublicCards() : truth.pub);
  const audit = (ev: LogEvent) => {
    cover('log events audited');
    for (const m of auditLogEvent(ev, initial ? truth.initial : truth.state, h.seat, forbidden)) {
      if (initial) addInitial(`log: ${m}`);
      else notes.add('gameLog', `${where} ${seatName(h.seat)} ${m}`);
    }
    const bad: string[] = [];
    scanValue(ev, { forbidden: new Set(), rng: truth.rng }, `log.${ev.e}`, bad);
    for (const m of bad) {
      if (initial) addInitial(m);
      else notes.add('rng', `${where} ${seatName(h.seat)} ${m}`);
    }
  };
  if (initial) { for (const ev of L) audit(ev); return; }
  if (L === t.viewLog) return;
  const prev = t.viewLog ?? [];
  if (L.length < prev.length) notes.add('alignment', `${where} ${seatName(h.seat)} log shrank`);
  for (let i = 0; i < L.length; i++) if (i >= prev.length || L[i] !== prev[i]) audit(L[i]);
  t.viewLog = L;
  // The view's log is the master's log as canSee filters it for this seat.
  const mlog = truth.state.log;
  for (; t.masterSeen < mlog.length; t.masterSeen++) {
    if (canSee(mlog[t.masterSeen], h.seat)) { t.visible++; t.lastVisible = mlog[t.masterSeen]; }
  }
  if (L.length !== t.visible || (L.length > 0 && JSON.stringify(L[L.length - 1]) !== JSON.stringify(t.lastVisible))) {
    notes.add('alignment', `${where} ${seatName(h.seat)} log differs from the master's visible log (${L.length} vs ${t.visible})`);
  }
}

interface Root { label: string; value: unknown; initial: boolean; parentStateId?: number }

/**
 * Checks one client's holdings: every root is walked; GameStates and log arrays found in it get their own checks.
 */
function checkRoots(roots: Root[], h: Checked, truth: Truth, notes: Notes, force = false): void {
  const memo = new WeakSet<object>();
  const strictNow = bodyForbidden(truth.state, h.seat);
  const strictInitial = bodyForbidden(truth.initial, h.seat);
  const where = truth.where;
  const initialProblems: string[] = [];
  for (const root of roots) {
    if (root.value === undefined || root.value === null) continue;
    if (root.initial && typeof root.value === 'object') {
      if (h.tracker.initialChecked.has(root.value) && !force) continue;
      h.tracker.initialChecked.add(root.value);
    }
    const cat = (c: Category): Category => (root.initial ? 'initialState' : c);
    const add = (c: Category, m: string) => {
      if (c === 'initialState') initialProblems.push(m);
      else notes.add(c, `${where} ${seatName(h.seat)} ${m}`);
    };
    const out: string[] = [];
    const handleG = (g: GameState, stateId: number | undefined, path: string) => {
      const s = root.initial ? truth.initial : (stateId !== undefined ? truth.byStateId.get(stateId) : undefined) ?? truth.state;
      if (!root.initial && stateId !== undefined && !truth.byStateId.has(stateId)) {
        notes.add('alignment', `${where} ${seatName(h.seat)} ${path}: no master state ${stateId}`);
      }
      cover(root.initial ? 'initialState views checked' : `views checked ${seatName(h.seat)}`);
      for (const m of checkViewStructure(g, s, h.seat)) add(cat('state'), `${path}: ${m}`);
      const found: string[] = [];
      const forbidden = root.initial ? strictInitial : s === truth.state ? strictNow : bodyForbidden(s, h.seat);
      const body = { ...g, log: undefined };
      scanValue(body, { forbidden, rng: truth.rng, memo, seen: root.initial ? undefined : h.tracker.body }, `${path}`, found);
      for (const m of found) add(cat(/generator|seed|random plugin/.test(m) ? 'rng' : 'state'), m);
      auditViewLog(g, h, truth, notes, where, root.initial, (m) => add('initialState', m));
    };
    const skip = (value: object, key: string, parent: object): boolean => {
      if (isGameStateLike(value)) {
        const sid = (parent as { _stateID?: unknown })._stateID;
        handleG(value, typeof sid === 'number' ? sid : undefined, `${root.label}…${key}`);
        return true;
      }
      if (isBgioLog(value)) {
        if (root.initial) {
          for (const e of value) for (const m of auditBgioEntry(e, h.pid, new Set())) add('initialState', m);
        } else auditEntries(value, h, truth, notes, `${where} ${root.label}.${key}`);
        return true;
      }
      return false;
    };
    if (isGameStateLike(root.value)) { handleG(root.value, root.parentStateId, root.label); continue; }
    if (isBgioLog(root.value)) { auditEntries(root.value, h, truth, notes, `${where} ${root.label}`); continue; }
    scanValue(root.value, {
      forbidden: root.initial ? strictInitial : strictNow, rng: truth.rng, memo, skip, seen: root.initial ? undefined : h.tracker.body,
    }, root.label, out);
    for (const m of out) add(cat(/generator|seed|random plugin/.test(m) ? 'rng' : 'state'), m);
    if (initialProblems.length) {
      // One line per initialState received: what kinds of secrets it holds (the seed and generator first).
      const kinds = [...new Set(initialProblems.map((m) => m.replace(/^[^:]*?(plugins\.random[^:]*|G[.\w[\]]*)?: /, '$1: ')))]
        .sort((a, b) => Number(/random|seed|generator/.test(b)) - Number(/random|seed|generator/.test(a)));
      notes.add('initialState', `${where} ${seatName(h.seat)} ${root.label}: ${initialProblems.length} problems: ${kinds.slice(0, 8).join(' | ')}`);
      initialProblems.length = 0;
    }
  }
}

/** Everything a client received since the last check and everything it holds now. */
function rootsOf(h: Holder): Root[] {
  const roots: Root[] = [];
  for (const msg of h.inbox) {
    if (msg.type === 'sync') {
      const [matchID, info] = msg.args as [string, { initialState?: unknown } & Record<string, unknown>];
      const { initialState, ...rest } = info;
      roots.push({ label: 'msg.sync', value: [matchID, rest], initial: false });
      roots.push({ label: 'msg.sync.initialState', value: initialState, initial: true });
    } else roots.push({ label: `msg.${msg.type}`, value: msg.args, initial: false });
  }
  h.inbox.length = 0;
  const c = h.client;
  roots.push({ label: 'store', value: c.store.getState(), initial: false });
  roots.push({ label: 'getState', value: c.getState(), initial: false });
  roots.push({ label: 'client.log', value: c.log, initial: false });
  roots.push({ label: 'matchData', value: c.matchData, initial: false });
  roots.push({ label: 'chat', value: c.chatMessages, initial: false });
  roots.push({ label: 'getInitialState', value: c.getInitialState(), initial: true });
  return roots;
}

/** What a client holds now, logs included, initialState apart (for the literal-JSON pass). */
function holdingsOf(c: AnyClient): unknown {
  return { store: c.store.getState(), state: c.getState(), log: c.log, matchData: c.matchData, chat: c.chatMessages };
}

/** The literal-JSON pass: `holdings` through JSON.stringify, its string values scanned as text. */
function fullJsonCheck(holdings: unknown, seat: Seat, truth: Truth, notes: Notes): void {
  const json = JSON.stringify(holdings);
  const forbidden = logForbidden(truth.state, seat, truth.pub);
  const bad = new Set<string>();
  // Keys are not data (config.thresholds is keyed by objective ids): only string values are scanned for ids.
  const values = json.replace(/"(?:[^"\\]|\\.)*":/g, ':');
  for (const id of cardIdsInString(values)) if (forbidden.has(id)) bad.add(id);
  if (bad.size) notes.add('fullJson', `${truth.where} ${seatName(seat)} JSON names ${[...bad].join(',')}`);
  if (json.includes(truth.rng.seed)) notes.add('fullJson', `${truth.where} ${seatName(seat)} JSON holds the seed`);
  if (/"(prngstate|seed)"/.test(json)) notes.add('fullJson', `${truth.where} ${seatName(seat)} JSON holds random plugin data`);
  cover('full JSON checks');
}

const timing = { games: 0, steps: 0, ms: 0, pipelineMs: 0, checkMs: 0 };
const delivered: Record<string, Set<string>> = { R: new Set(), I: new Set(), spectator: new Set() };

function makeHolder(game: ReturnType<typeof makeMintImperium>, multiplayer: ReturnType<typeof Local>, matchID: string, seat: Seat): Holder {
  const pid = playerIdOf(seat);
  const client = Client({
    game, numPlayers: 2, multiplayer, matchID, debug: false, ...(pid === null ? {} : { playerID: pid }),
  }) as unknown as AnyClient;
  const h: Holder = { seat, pid, client, inbox: [], tracker: new Tracker(), clientLog: () => client.log };
  const receive = client.receiveTransportData.bind(client);
  client.receiveTransportData = (data: unknown) => {
    const d = data as { type: string; args: unknown[] };
    h.inbox.push(d);
    delivered[seatName(seat)].add(d.type);
    receive(data);
  };
  return h;
}

const notes = new Notes();

/** Plays one seeded game through the pipeline (seed `spl-<g>-5eed`, choices `spl-choices-<g>`), checking every step. */
function walkGame(g: number): void {
  const t0 = performance.now();
  const seed = `spl-${g}-5eed`;
  const matchID = `secrets-${g}`;
  const game = makeMintImperium({ seed });
  const enumerate = game.ai!.enumerate as Enumerate;
  const multiplayer = filteredLocal(); // the product's Local transport (initialState filtered, STACK.md hole 1)
  const holders = SEATS.map((s) => makeHolder(game, multiplayer, matchID, s));
  for (const h of holders) h.client.start();
  const storage = holders[0].client.transport.master.storageAPI;
  const fetch = () => storage.fetch(matchID, { state: true, initialState: true });
  const ref = g % LOCKSTEP_EVERY === 0 ? makeClient(seed).client : null;
  const chooser = seededRng(`spl-choices-${g}`);
  const rng: RngSecrets = { seed, floats: new Set() };
  const pub = new PublicCards();
  const byStateId = new Map<number, GameState>();
  const recs: DrawRecord[] = [];
  let logLenBefore = 0;
  let checkMs = 0;

  const checkAll = (step: number, full: boolean, end = false) => {
    const c0 = performance.now();
    const { state, initialState } = fetch();
    for (const f of [...prngFloats(state.plugins.random?.data), ...prngFloats(initialState.plugins.random?.data)]) rng.floats.add(f);
    byStateId.set(state._stateID, state.G);
    pub.update(state.G.log);
    const truth: Truth = { state: state.G, initial: initialState.G, byStateId, pub, rng, where: `g${g}#${step} ${state.G.pending?.kind ?? state.G.phase}` };
    const rec: DrawRecord = { logLenAfter: state.G.log.length, logLenBefore, body: {}, entries: {} };
    // Issue 20 item 1: once the game is over nothing is secret — every client holds the whole state (the seed and
    // the generator still never leave the master); what it received at the start (initialState) and the
    // boardgame.io log entries of secret moves are still checked.
    const over = state.ctx.gameover !== undefined;
    const whole = over ? JSON.stringify(copyState(state.G)) : '';
    for (const h of holders) {
      h.tracker.body = new Set();
      h.tracker.entries = new Set();
      const sid = (h.client.store.getState() as { _stateID?: number } | null)?._stateID;
      if (sid !== state._stateID) notes.add('alignment', `${truth.where} ${seatName(h.seat)} at state ${sid}, master at ${state._stateID}`);
      if (over) {
        if (JSON.stringify(h.client.getState()?.G) !== whole) notes.add('endPublic', `${truth.where} ${seatName(h.seat)} does not hold the whole final state`);
        const json = JSON.stringify(holdingsOf(h.client));
        if (json.includes(rng.seed) || /"(prngstate|seed)"/.test(json)) notes.add('rng', `${truth.where} ${seatName(h.seat)} holds the seed or generator at the end`);
        checkRoots(rootsOf(h).filter((r) => r.initial || r.label === 'client.log'), h, truth, notes, end);
        cover('end states checked');
        continue;
      }
      checkRoots(rootsOf(h), h, truth, notes, end);
      if (full) fullJsonCheck(holdingsOf(h.client), h.seat, truth, notes);
      rec.body[seatName(h.seat)] = h.tracker.body;
      rec.entries[seatName(h.seat)] = h.tracker.entries;
    }
    recs.push(rec);
    cover(`pending ${state.G.pending?.kind ?? 'none'}`);
    checkMs += performance.now() - c0;
    return state;
  };

  let state = checkAll(0, true);
  let step = 0;
  while (state.ctx.gameover === undefined) {
    if (++step > MAX_STEPS) { notes.add('alignment', `g${g} longer than ${MAX_STEPS} steps`); break; }
    // The pending seat is the one client boardgame.io marks active; it decides from its own view.
    const active = holders.filter((h) => h.seat !== null && h.client.getState()?.isActive);
    const expected = pendingPlayer(state.G);
    if (active.length !== 1 || active[0].pid !== expected) {
      notes.add('alignment', `g${g}#${step} active ${active.map((h) => h.pid).join(',')} but pending ${expected}`);
      break;
    }
    const h = active[0];
    const view = h.client.getState()!;
    const options = enumerate(view.G as GameState, view.ctx, h.pid!);
    if (options.length === 0) { notes.add('alignment', `g${g}#${step} no option for ${h.pid}`); break; }
    const m = options[chooser.int(options.length)];
    logLenBefore = state.G.log.length;
    (h.client.moves as Record<string, (...a: unknown[]) => void>)[m.move](...m.args);
    const before = state._stateID;
    if (ref) play(ref, h.pid!, m.move, m.args);
    state = checkAll(step, step % FULL_JSON_EVERY === 0);
    if (state._stateID !== before + 1) { notes.add('alignment', `g${g}#${step} ${m.move} not applied`); break; }
    if (ref) {
      const r = master(ref);
      if (JSON.stringify(r.G) !== JSON.stringify(state.G) || r._stateID !== state._stateID) {
        notes.add('alignment', `g${g}#${step} lockstep Client differs from the Local master`);
      }
      cover('lockstep steps');
    }
  }
  checkAll(step, true, true);
  for (const m of laterDrawLeaks(state.G, recs)) notes.add('laterDraws', `g${g} ${m}`);
  for (const ev of state.G.log) {
    if (ev.e === 'missionDrawnCard') cover('draw mission');
    else if (ev.e === 'objectiveDrawnCard' || ev.e === 'councilCards') cover('draw objective');
    else if (ev.e === 'probeDrawnCard') cover('draw probe');
  }
  for (const h of holders) h.client.stop();
  ref?.stop();
  const ms = performance.now() - t0;
  timing.games++;
  timing.steps += step;
  timing.ms += ms;
  timing.checkMs += checkMs;
  timing.pipelineMs += ms - checkMs;
}

beforeAll(() => {
  for (let g = 0; g < GAMES; g++) walkGame(g);
  const counts = ['views checked R', 'views checked I', 'views checked spectator', 'log events audited', 'bgio entries audited', 'full JSON checks', 'initialState views checked', 'lockstep steps'];
  console.log(`secrets-pipeline: ${counts.map((k) => `${k} ${coverage[k] ?? 0}`).join(', ')}`);
  console.log(`secrets-pipeline: ${timing.games} games, ${timing.steps} steps, ${(timing.ms / 1000).toFixed(1)} s `
    + `(pipeline ${(timing.pipelineMs / 1000).toFixed(1)} s, checks ${(timing.checkMs / 1000).toFixed(1)} s); `
    + `findings ${JSON.stringify(notes.count)}; delivered ${JSON.stringify(Object.fromEntries(Object.entries(delivered).map(([k, v]) => [k, [...v]])))}`);
}, 600_000);

afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

describe('RULES §8 through boardgame.io Local multiplayer: what each client receives', () => {
  it(`plays ${GAMES} games through the pipeline and reaches every kind of hidden card`, () => {
    expect(timing.games).toBe(GAMES);
    expect(notes.list.alignment).toEqual([]);
    for (const k of ['pending intercept', 'pending council', 'pending relocate', 'pending chooseBase', 'pending secretPlans']) {
      expect(coverage[k] ?? 0, k).toBeGreaterThan(5);
    }
    expect(coverage['lockstep steps']).toBeGreaterThan(500 * PER_200);
    // Every step checked each client's GameState(s) (the update message's and the store's are one object).
    for (const k of ['views checked R', 'views checked I', 'views checked spectator']) expect(coverage[k]).toBeGreaterThan(timing.steps);
    expect(coverage['log events audited']).toBeGreaterThan(3 * timing.steps);
    expect(coverage['bgio entries audited']).toBeGreaterThanOrEqual(3 * timing.steps);
    expect(coverage['initialState views checked']).toBeGreaterThanOrEqual(3 * GAMES);
    expect(coverage['draw mission']).toBeGreaterThan(1000 * PER_200);
    expect(coverage['draw probe']).toBeGreaterThan(500 * PER_200);
    expect(coverage['draw objective']).toBeGreaterThan(300 * PER_200);
  });

  it('R8.2 states, views and everything else received hide the base, hands, plans, objectives, probes and deck orders', () => {
    expect(notes.list.state).toEqual([]);
  });

  it('R8.3 item 9 no client ever receives the seed, the generator state or the random plugin data', () => {
    expect(notes.list.rng).toEqual([]);
  });

  it('R8.1 game-log events reach only the seats that may see them and name only what they may know', () => {
    expect(notes.list.gameLog).toEqual([]);
  });

  it('R8.1 boardgame.io log entries of another seat\'s secret moves carry no args', () => {
    expect(notes.list.bgioLog).toEqual([]);
  });

  it('R8.1 the literal JSON of everything a client holds names nothing it may not know', () => {
    expect(notes.list.fullJson).toEqual([]);
  });

  it('R8.3 items 3, 5, 6 a card drawn later never appeared earlier in what a seat that may not see it received', () => {
    expect(notes.list.laterDraws).toEqual([]);
  });

  it('issue 20 item 1: once the game is over, every seat and the spectator hold the whole final state', () => {
    expect(coverage['end states checked']).toBeGreaterThanOrEqual(3 * GAMES);
    expect(notes.list.endPublic).toEqual([]);
  });

  it('R8.3 items 6, 9 the initialState a client receives holds no secret (STACK.md hole 1)', () => {
    expect(notes.list.initialState).toEqual([]);
  });
});

describe('the checkers catch planted secrets (every assertion above can fail)', () => {
  /** One match through the same pipeline, played until `want` holds on the master state. */
  function matchUntil(seed: string, want: (G: GameState) => boolean) {
    const matchID = `selfcheck-${seed}`;
    const game = makeMintImperium({ seed });
    const enumerate = game.ai!.enumerate as Enumerate;
    const multiplayer = filteredLocal(); // the product's Local transport (initialState filtered, STACK.md hole 1)
    const holders = SEATS.map((s) => makeHolder(game, multiplayer, matchID, s));
    for (const h of holders) h.client.start();
    const storage = holders[0].client.transport.master.storageAPI;
    const fetch = () => storage.fetch(matchID, { state: true, initialState: true });
    const chooser = seededRng(`choices-${seed}`);
    for (let i = 0; i < MAX_STEPS; i++) {
      const { state } = fetch();
      if (want(state.G)) break;
      if (state.ctx.gameover !== undefined) throw new Error('game over before the wanted state');
      const h = holders.find((x) => x.pid === pendingPlayer(state.G))!;
      const view = h.client.getState()!;
      const options = enumerate(view.G as GameState, view.ctx, h.pid!);
      const m = options[chooser.int(options.length)];
      h.client.moves[m.move](...m.args);
    }
    const { state, initialState } = fetch();
    expect(want(state.G)).toBe(true);
    const pub = new PublicCards();
    pub.update(state.G.log);
    const rng: RngSecrets = { seed, floats: new Set([...prngFloats(state.plugins.random?.data), ...prngFloats(initialState.plugins.random?.data)]) };
    const truth: Truth = {
      state: state.G, initial: initialState.G, byStateId: new Map([[state._stateID, state.G]]), pub, rng, where: 'selfcheck',
    };
    for (const h of holders) h.inbox.length = 0;
    return { holders, truth, state, initialState, stop: () => { for (const h of holders) h.client.stop(); } };
  }

  /** Runs the per-step checks on a deep copy of a client's store state and log, after `plant` edits the copy. */
  function findingsFor(
    h: Holder, truth: Truth, plant: (c: { store: BgState & { ctx: Record<string, unknown> }; log: unknown[] }) => void,
  ): Findings {
    const copy = structuredClone({ store: h.client.store.getState(), log: h.client.log }) as {
      store: BgState & { ctx: Record<string, unknown> }; log: unknown[];
    };
    plant(copy);
    const n = new Notes();
    const checked: Checked = { seat: h.seat, pid: h.pid, tracker: new Tracker() };
    checkRoots([
      { label: 'store', value: copy.store, initial: false },
      { label: 'client.log', value: copy.log, initial: false },
    ], checked, truth, n);
    fullJsonCheck(copy, h.seat, truth, n);
    return n.list;
  }

  const nonEmpty = (f: Findings) => CATEGORIES.filter((c) => f[c].length > 0);

  it('plants each kind of secret into copies of real client states; each is caught, the unplanted copy is clean', () => {
    const SP = 'O1-8';
    const m = matchUntil('spl-selfcheck', (G) => G.phase === 'operations' && !G.base.revealed && G.round >= 2
      && G.hands.R.length > 0 && G.decks.I.length > 0 && G.objectives.hand.some((c) => c !== SP)
      && G.probes.hand.some((c) => !G.probes.flagged.includes(c)) && G.log.some((e) => e.to === 'R'));
    const [rebel, imperial, spectator] = m.holders;
    const s = m.truth.state;
    const rHand = s.hands.R[0];
    const rObjective = s.objectives.hand.find((c) => c !== SP)!;
    const probe = s.probes.hand.find((c) => !s.probes.flagged.includes(c))!;
    const privateR = s.log.find((e) => e.to === 'R')!;
    const floats = [...m.truth.rng.floats];
    type Copy = Parameters<Parameters<typeof findingsFor>[2]>[0];
    const G = (c: Copy) => c.store.G;

    // The unplanted copies are clean for all three seats.
    for (const h of m.holders) expect(nonEmpty(findingsFor(h, m.truth, () => {})), seatName(h.seat)).toEqual([]);

    const cases: [string, Holder, (c: Copy) => void, Category, RegExp][] = [
      ['hidden base in base.planet', imperial, (c) => { G(c).base.planet = s.base.planet; }, 'state', /base\.planet/],
      ['hidden base for a spectator', spectator, (c) => { G(c).base.planet = s.base.planet; }, 'state', /base\.planet/],
      ['Rebel mission in the Imperial view of the hand', imperial, (c) => { G(c).hands.R[0] = rHand; }, 'state', new RegExp(`R hand/plans show ${rHand}`)],
      ['Rebel objective in the hand', imperial, (c) => { G(c).objectives.hand[0] = rObjective; }, 'state', /objectives\.hand shows/],
      ['own deck order (HIDDEN-replaced array)', imperial, (c) => { G(c).decks.I[0] = s.decks.I[0]; }, 'state', /decks\.I carries/],
      ['objective deck order', rebel, (c) => {
        const i = s.objectives.deck.length - 1 - s.objectives.bottomKnown.length;
        G(c).objectives.deck[i] = s.objectives.deck[i];
      }, 'state', /objectives\.deck carries/],
      ['unflagged probe card in the Rebel view', rebel, (c) => { G(c).probes.hand[G(c).probes.hand.length - 1] = probe; }, 'state', /unflagged/],
      ['R-08 knowledge for a spectator', spectator, (c) => { G(c).known.rebelKnowsImperial = ['I-03']; }, 'state', /rebelKnowsImperial/],
      ['secret id in a sentence outside G', spectator, (c) => { c.store.ctx.note = `holds ${rHand}!`; }, 'state', new RegExp(`ctx\\.note: ${rHand}`)],
      ['random plugin data', rebel, (c) => {
        (c.store.plugins as Record<string, unknown>).random = { data: { seed: 'x', prngstate: { c: 1, s0: 0.5, s1: 0.5, s2: 0.5 } } };
      }, 'rng', /random plugin data/],
      ['the seed in any string', imperial, (c) => { c.store.ctx.id = `match-${m.truth.rng.seed}`; }, 'rng', /the seed/],
      ['a generator-state number', imperial, (c) => { c.store.ctx.n = floats[0]; }, 'rng', /generator state/],
      ['a private log event of the other seat', imperial, (c) => { G(c).log.push(privateR); }, 'gameLog', /private event/],
      ['a public event naming a secret card', imperial, (c) => {
        G(c).log.push(anyEvent({ e: 'missionPlanned', round: s.round, faction: 'R', leader: 'LD-R1', card: rHand }));
      }, 'gameLog', new RegExp(`names ${rHand}`)],
      ['an unflagged probe card in a public probe event', spectator, (c) => { G(c).log.push({ e: 'probeDrawn', round: s.round, card: probe }); }, 'gameLog', /unflagged probe card/],
      ['the hidden base named by a probe event', imperial, (c) => { G(c).log.push(anyEvent({ e: 'probeNotMoved', round: s.round, card: s.base.planet })); }, 'gameLog', /hidden base/],
      ['an unredacted secret move in the boardgame.io log', imperial, (c) => {
        c.log.push({ action: { type: 'MAKE_MOVE', payload: { type: 'chooseBase', args: [{ planet: s.base.planet }], playerID: '0' } }, _stateID: 1, turn: 1, phase: 'setup' });
      }, 'bgioLog', /not redacted/],
      ['a secret card in a boardgame.io log entry', spectator, (c) => {
        c.log.push({ action: { type: 'MAKE_MOVE', payload: { type: 'discardMission', args: [{ card: rHand }], playerID: '0' } }, _stateID: 2, turn: 1, phase: 'refresh' });
      }, 'bgioLog', new RegExp(`names ${rHand}`)],
      ['a secret card only a literal JSON pass sees (toJSON)', imperial, (c) => {
        c.store.ctx.odd = { toJSON: () => rHand };
      }, 'fullJson', new RegExp(`JSON names ${rHand}`)],
    ];
    for (const [name, h, plant, cat, re] of cases) {
      const f = findingsFor(h, m.truth, plant);
      expect(f[cat].some((x) => re.test(x)), `${name}: ${JSON.stringify(f)}`).toBe(true);
    }

    // The initialState: the master's (which stock Local delivers as is) holds the seed and the setup secrets;
    // the same state cut down the way the server cuts it (server/games/mint.ts, src/game/filter.ts) (viewFor, no random data) passes the checker.
    for (const h of m.holders) {
      const raw = new Notes();
      checkRoots([{ label: 'initialState', value: structuredClone(m.initialState), initial: true }], { seat: h.seat, pid: h.pid, tracker: new Tracker() }, m.truth, raw);
      expect(raw.list.initialState.join(' ')).toMatch(/random plugin data.*the seed/);
      const init = m.initialState;
      const filtered = { ...init, G: viewFor(init.G, h.seat), plugins: { random: {} }, _undo: [], _redo: [] };
      const clean = new Notes();
      checkRoots([{ label: 'initialState', value: filtered, initial: true }], { seat: h.seat, pid: h.pid, tracker: new Tracker() }, m.truth, clean);
      expect(clean.list.initialState, seatName(h.seat)).toEqual([]);
      expect(filtered.G.decks.R.every((c: string) => c === HIDDEN)).toBe(true);
    }
    m.stop();
  });

  it('(d) catches a card held or logged before its hidden draw, and not after it', () => {
    const draw = { e: 'missionDrawnCard', round: 2, faction: 'R', card: 'R-05', to: 'R' };
    const final = { log: [{ e: 'roundStarted', round: 2 }, draw] } as unknown as GameState;
    const rec = (after: number, seat: string, card: string): DrawRecord => ({
      logLenAfter: after, logLenBefore: after, body: { [seat]: new Set([card]) }, entries: {},
    });
    expect(laterDrawLeaks(final, [rec(1, 'I', 'R-05')])).toHaveLength(1);
    expect(laterDrawLeaks(final, [rec(1, 'spectator', 'R-05')])).toHaveLength(1);
    expect(laterDrawLeaks(final, [rec(1, 'R', 'R-05')])).toEqual([]); // the drawer may
    expect(laterDrawLeaks(final, [rec(2, 'I', 'R-05')])).toEqual([]); // after the draw: (a) checks it
    const logged = { log: [{ e: 'missionPlanned', round: 2, faction: 'R', card: 'R-05' }, draw] } as unknown as GameState;
    expect(laterDrawLeaks(logged, []).join()).toMatch(/log names R-05/);
    const reshuffled = { log: [{ e: 'missionDiscarded', round: 1, faction: 'R', card: 'R-05' }, { e: 'missionDeckReshuffled', round: 2, faction: 'R' }, draw] } as unknown as GameState;
    expect(laterDrawLeaks(reshuffled, [rec(0, 'I', 'R-05')])).toEqual([]); // seen while public, before the reshuffle
  });
});
