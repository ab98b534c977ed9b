/**
 * The load of the load benchmark (./loadtest.ts): N matches created and joined through the lobby, then played all
 * at once over socket.io on loopback by two clients per match speaking boardgame.io's standard protocol (`sync`
 * with credentials, `update` with a MAKE_MOVE carrying `playerID` and `credentials`), which both this project's hub
 * and boardgame.io's stock Master accept. Each client picks a random legal move from its own view
 * (`ai.enumerate`) whenever its seat must decide, after a think time. All clients first connect and sync; the
 * clock starts when every one of them has its first state. A match's clients all use one of the given servers
 * (`bases[i % n]`), as a router by match ID would.
 *
 * The clients ask for log deltas (src/protocol/log-delta.ts) in their handshake, as the board does, unless
 * `wholeViews`: this server then sends each move as `mint:update`, rebuilt here on the last state received; the
 * stock server ignores the query and sends whole views.
 *
 * A match stops at its game's end, after `movesPerMatch` moves, or when `durationS` is over (then it sends no new
 * move and waits for the one in flight). Round trip = sending a move → receiving the state it produced.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { randomInt } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { progress } from '../../src/cli/progress';
import { MintImperium, playerOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { applyLogDelta, LOG_DELTA_QUERY, SEATS, SOCKET_EVENTS, type RefusalBody } from '../../src/protocol';

export interface LoadOptions {
  matches: number;
  /** Mean think time before each move (uniform in [0.5, 1.5] × think); 0 = flat out. */
  think: number;
  /** A match that shows no progress for this long counts as an error. */
  timeoutS: number;
  durationS?: number;
  movesPerMatch?: number;
  label: string;
  showProgress: boolean;
  /** Do not ask for log deltas: every update carries the whole view (as boardgame.io's own clients get). */
  wholeViews?: boolean;
  /** The servers' CPU seconds so far (./load-servers.ts), to report CPU time per move; null: unknown. */
  serverCpu?: () => number | null;
  /** A failure injected `atS` seconds into play (`--fail`): `inject` does it and says what it did. */
  fail?: { kind: string; atS: number; inject(): Promise<string> };
}

/** What happened around an injected failure (`--fail`); lost / duplicated are filled in by the CLI from storage. */
export interface FailureReport {
  kind: string;
  atS: number;
  injected: string;
  /** Refusals and connection errors from the failure on (the clients retry what was refused). */
  errorsAfter: number;
  /** From the failure to the first move acknowledged after it. */
  firstAckAfterMs: number | null;
  /** Matches still playing when it happened, and of those how many had a move acknowledged after it. */
  matchesPlayingAtFailure: number;
  matchesMovedAgain: number;
  /** From the failure until the last of those had its first move acknowledged after it. */
  everyMatchMovedAgainMs: number | null;
  /** Moves whose mover reconnected with the move unanswered and found it not applied: sent again (not lost: never acknowledged). */
  resentAfterReconnect: number;
  /**
   * The matches playing at the failure that never moved again, each with the last socket events its two clients saw
   * (`R sent 41`, `I refused: …`, `R update 42`, …; ms from the failure), so a failed check says where it stuck.
   */
  notMovedAgain: { matchID: string; events: string[] }[];
}

export interface LoadResult {
  matches: number;
  /** Matches whose game ended (the rest were stopped by the duration or the move limit, or stalled). */
  gamesFinished: number;
  moves: number;
  movesPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  errorKinds?: Record<string, number>;
  thinkMs: number;
  playSeconds: number;
  lobbySeconds: number;
  connectSeconds: number;
  /** The servers' CPU time (user + system, all their processes) per acknowledged move during play; null: unknown. */
  serverCpuMsPerMove: number | null;
  /** The load generator's own CPU time per move (it shares the machine with the servers). */
  driverCpuMsPerMove: number | null;
  /** The load generator's own event-loop delay (ms): if it is high, the round trips include the generator's queueing. */
  driverLoopLagP99: number;
  /**
   * Busy share (%) of the whole machine's CPUs during play (/proc/stat: everything but idle and iowait, of all cores;
   * servers, databases, Redis, the kernel's loopback and this generator together); null: unknown (not Linux).
   */
  machineBusyPercent: number | null;
  /** Cores of the machine (for machineBusyPercent). */
  cores: number;
}

/** Jiffies of all CPUs from /proc/stat: busy and total; null where there is no /proc. */
export function machineJiffies(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
interface WireState { G: GameState; ctx: { gameover?: unknown }; _stateID: number }
const GAME = MintImperium.name as string;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

async function post(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Match { base: string; matchID: string; creds: Record<string, string> }

async function createMatches(bases: string[], n: number): Promise<Match[]> {
  const out: Match[] = [];
  for (let i = 0; i < n; i += 20) {
    out.push(...await Promise.all(Array.from({ length: Math.min(20, n - i) }, async (_, k) => {
      const base = bases[(i + k) % bases.length];
      const { matchID } = await post(`${base}/games/${GAME}/create`, { numPlayers: 2 });
      const creds: Record<string, string> = {};
      for (const id of SEATS) {
        creds[id] = (await post(`${base}/games/${GAME}/${matchID}/join`, { playerID: id, playerName: `load-${id}` })).playerCredentials;
      }
      return { base, matchID, creds };
    })));
  }
  return out;
}

/** A run's result with its sorted round trips (to merge rounds; not printed). */
export interface RawLoadResult {
  result: LoadResult & { failure?: FailureReport };
  rtts: number[];
  cpuSeconds: number | null;
  /** Acknowledged moves per match (a move counts when its mover sees a newer state). */
  ackedByMatch: Map<string, number>;
}

function summarize(rtts: number[]) {
  return {
    p50: round(percentile(rtts, 0.5)),
    p90: round(percentile(rtts, 0.9)),
    p99: round(percentile(rtts, 0.99)),
    max: round(rtts[rtts.length - 1] ?? NaN),
  };
}

/** Several rounds of one set-up as one result: moves over the summed play time, percentiles of all round trips. */
export function mergeRounds(raws: RawLoadResult[]): LoadResult & { rounds: number; movesPerSecondByRound: number[] } {
  const rs = raws.map((r) => r.result);
  const rtts = raws.flatMap((r) => r.rtts).sort((a, b) => a - b);
  const sum = (f: (r: LoadResult) => number) => rs.reduce((a, r) => a + f(r), 0);
  const errorKinds: Record<string, number> = {};
  for (const r of rs) for (const [k, v] of Object.entries(r.errorKinds ?? {})) errorKinds[k] = (errorKinds[k] ?? 0) + v;
  const errors = sum((r) => r.errors);
  return {
    ...rs[0],
    gamesFinished: sum((r) => r.gamesFinished),
    moves: sum((r) => r.moves),
    movesPerSecond: round(sum((r) => r.moves) / sum((r) => r.playSeconds)),
    ...summarize(rtts),
    errors,
    ...(errors > 0 ? { errorKinds } : {}),
    playSeconds: round(sum((r) => r.playSeconds)),
    lobbySeconds: round(sum((r) => r.lobbySeconds)),
    connectSeconds: round(sum((r) => r.connectSeconds)),
    serverCpuMsPerMove: raws.every((r) => r.cpuSeconds !== null) && sum((r) => r.moves) > 0
      ? round((raws.reduce((a, r) => a + r.cpuSeconds!, 0) * 1000) / sum((r) => r.moves)) : null,
    driverCpuMsPerMove: rs.every((r) => r.driverCpuMsPerMove !== null) && sum((r) => r.moves) > 0
      ? round(sum((r) => r.driverCpuMsPerMove! * r.moves) / sum((r) => r.moves)) : null,
    driverLoopLagP99: Math.max(...rs.map((r) => r.driverLoopLagP99)),
    machineBusyPercent: rs.every((r) => r.machineBusyPercent !== null)
      ? round(sum((r) => r.machineBusyPercent! * r.playSeconds) / sum((r) => r.playSeconds)) : null,
    rounds: rs.length,
    movesPerSecondByRound: rs.map((r) => r.movesPerSecond),
  };
}

/** Socket events kept per match for the failure report's `notMovedAgain`. */
const TRACE_EVENTS = 16;

export async function runLoad(bases: string[], opts: LoadOptions): Promise<RawLoadResult> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const rtts: number[] = [];
  const errorKinds = new Map<string, number>();
  let errors = 0;
  const error = (kind: string) => {
    errors++;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };

  const lobbyStart = performance.now();
  const matches = await createMatches(bases, opts.matches);
  const lobbySeconds = (performance.now() - lobbyStart) / 1000;

  // Every client's latest state until the start, then the move loop.
  const connectStart = performance.now();
  let started = false;
  let deadline = Infinity;
  let synced = 0;
  let allSynced!: () => void;
  const allSyncedP = new Promise<void>((r) => { allSynced = r; });
  const starters: (() => void)[] = [];
  let moves = 0;
  let gamesFinished = 0;
  let stopped = 0;
  const sockets: Socket[] = [];
  const bar = progress(opts.durationS ?? opts.matches, { label: opts.label, enabled: opts.showProgress ? undefined : false });

  const ackedByMatch = new Map<string, number>();
  let failedAt: number | null = null;
  let errorsAtFailure = 0;
  let firstAckAfter: number | null = null;
  let resent = 0;
  const movedAgain = new Map<string, number>();
  let playingAtFailure = 0;
  /** Per match: is it still playing, and its last socket events (a ring of TRACE_EVENTS). */
  const traces = new Map<string, { playing: () => boolean; events: string[] }>();
  const played = matches.map(({ base, matchID, creds }) => new Promise<void>((resolveMatch) => {
    ackedByMatch.set(matchID, 0);
    let done = false;
    let lastProgress = Date.now();
    let sentThisMatch = 0;
    let inFlight = 0;
    const events: string[] = [];
    traces.set(matchID, { playing: () => !done, events });
    const note = (seat: Faction, what: string) => {
      const at = failedAt === null ? 'before' : `+${Math.round(performance.now() - failedAt)}ms`;
      events.push(`${at} ${seat} ${what}`);
      if (events.length > TRACE_EVENTS) events.shift();
    };
    const finish = (why?: string) => {
      if (done) return;
      done = true;
      if (why) error(why);
      clearInterval(watchdog);
      stopped++;
      if (opts.durationS === undefined) bar.update(stopped);
      resolveMatch();
    };
    const watchdog = setInterval(() => {
      if (started && Date.now() - lastProgress > opts.timeoutS * 1000) finish('stalled match');
      else if (started && inFlight === 0 && performance.now() >= deadline) finish();
    }, 200);
    for (const seat of ['R', 'I'] as Faction[]) {
      const playerID = playerOf(seat);
      const socket = io(`${base}/${GAME}`, {
        transports: ['websocket'], reconnection: true, forceNew: true, timeout: 60_000,
        ...(opts.wholeViews ? {} : { query: { ...LOG_DELTA_QUERY } }),
      });
      sockets.push(socket);
      let sent: { stateID: number; at: number } | null = null;
      let latest: WireState | null = null;
      const onState = (state: WireState, via: string) => {
        if (failedAt !== null) note(seat, `${via} ${state._stateID}${sent ? ` (sent on ${sent.stateID})` : ''}`);
        if (done || (latest && state._stateID < latest._stateID)) return;
        if (!latest) {
          synced++;
          if (synced === matches.length * 2) allSynced();
        }
        latest = state;
        if (!started) return;
        lastProgress = Date.now();
        if (sent && sent.at > 0 && state._stateID > sent.stateID) {
          rtts.push(performance.now() - sent.at);
          moves++;
          ackedByMatch.set(matchID, ackedByMatch.get(matchID)! + 1);
          if (failedAt !== null && firstAckAfter === null) firstAckAfter = performance.now() - failedAt;
          if (failedAt !== null && !movedAgain.has(matchID)) movedAgain.set(matchID, performance.now() - failedAt);
          sent = null;
          inFlight--;
        }
        if (state.ctx.gameover !== undefined) {
          gamesFinished++;
          return finish();
        }
        const outOfMoves = opts.movesPerMatch !== undefined && sentThisMatch >= opts.movesPerMatch;
        if (outOfMoves || performance.now() >= deadline) {
          if (inFlight === 0) finish();
          return;
        }
        if (state.G.pending?.seat !== seat || sent) return;
        const options = enumerate(state.G, state.ctx, playerID);
        if (options.length === 0) return;
        const pick = options[randomInt(options.length)];
        sent = { stateID: state._stateID, at: 0 }; // reserved: no second move from this view
        sentThisMatch++;
        inFlight++;
        const send = () => {
          if (done) return;
          sent!.at = performance.now();
          if (failedAt !== null) note(seat, `sent on ${state._stateID}`);
          socket.emit('update', { type: 'MAKE_MOVE', payload: { type: pick.move, args: pick.args, playerID, credentials: creds[playerID] } },
            state._stateID, matchID, playerID);
        };
        if (opts.think > 0) setTimeout(send, opts.think * (0.5 + Math.random()));
        else send();
      };
      starters.push(() => { if (latest) onState(latest, 'start'); });
      let reconnected = false;
      socket.on('disconnect', (why: string) => { reconnected = true; note(seat, `disconnect: ${why}`); });
      socket.on('connect', () => {
        if (failedAt !== null) note(seat, 'connect');
        // Later connection attempts (after a server process died) give up after 5 s and try again, as a browser
        // does after 20 s: one handed to a process as it died is never answered.
        socket.io.timeout(5000);
        socket.emit('sync', matchID, playerID, creds[playerID], 2);
      });
      socket.on('sync', (_m: string, info: { state: WireState }) => {
        // Back after a lost connection with a move unanswered: if the stored state is not newer, the move was
        // never applied (nor acknowledged): choose again from this state.
        if (reconnected && sent && sent.at > 0 && info.state._stateID <= sent.stateID) {
          sent = null;
          inFlight--;
          resent++;
        }
        reconnected = false;
        onState(info.state, 'sync');
      });
      socket.on('update', (_m: string, state: WireState) => onState(state, 'update'));
      // A delta follows the last state this client received (`latest`); one that does not: sync again.
      socket.on(SOCKET_EVENTS.update, (_m: string, update: unknown) => {
        const full = applyLogDelta(latest, update);
        if (full) onState(full, 'delta');
        else if (!done) {
          if (failedAt !== null) note(seat, 'delta not on latest: sync');
          socket.emit('sync', matchID, playerID, creds[playerID], 2);
        }
      });
      socket.on(SOCKET_EVENTS.error, (_m: string, e: RefusalBody) => {
        error(`${e.event}: ${e.error}`);
        if (failedAt !== null) note(seat, `refused ${e.event}: ${e.error}`);
        if (sent) inFlight--;
        sent = null; // let the client try again on the next state it sees
        // Refused because a shared service is down or the match was busy: ask again in a moment, as a player
        // would; the answer's state lets it choose again. (Other refusals are not retried: they would not change.)
        if (/unavailable|busy/.test(e.error)) {
          setTimeout(() => {
            if (done) return;
            if (failedAt !== null) note(seat, socket.connected ? 'sync again' : 'not connected: no sync');
            if (socket.connected) socket.emit('sync', matchID, playerID, creds[playerID], 2);
          }, 500);
        }
      });
      socket.on('connect_error', (err: Error) => error(`connect_error: ${err.message}`));
    }
  }));

  const connectLimit = Math.max(60_000, opts.timeoutS * 1000);
  const syncedInTime = await Promise.race([allSyncedP.then(() => true), sleep(connectLimit).then(() => false)]);
  if (!syncedInTime) error(`only ${synced} of ${matches.length * 2} clients synced in ${connectLimit / 1000} s`);
  const connectSeconds = (performance.now() - connectStart) / 1000;

  lag.enable();
  const cpuStart = opts.serverCpu?.() ?? null;
  const machineStart = machineJiffies();
  const driverCpu = process.cpuUsage();
  const playStart = performance.now();
  if (opts.durationS !== undefined) deadline = playStart + opts.durationS * 1000;
  const ticker = opts.durationS !== undefined
    ? setInterval(() => bar.update(Math.min(opts.durationS!, Math.floor((performance.now() - playStart) / 1000))), 1000)
    : undefined;
  started = true;
  for (const s of starters) s();
  let injected = '';
  const failTimer = opts.fail ? setTimeout(() => {
    failedAt = performance.now();
    errorsAtFailure = errors;
    playingAtFailure = matches.length - stopped;
    for (const [id, t] of traces) if (!t.playing()) traces.delete(id);
    opts.fail!.inject().then((what) => { injected = what; }, (err: Error) => { injected = `failed: ${err.message}`; error('fail injection'); });
  }, opts.fail.atS * 1000) : undefined;
  await Promise.all(played);
  if (failTimer) clearTimeout(failTimer);
  const playMs = performance.now() - playStart;
  const cpuEnd = opts.serverCpu?.() ?? null;
  const machineEnd = machineJiffies();
  const driverUsed = process.cpuUsage(driverCpu);
  lag.disable();
  if (ticker) clearInterval(ticker);
  if (opts.durationS !== undefined) bar.update(opts.durationS);
  bar.done();
  for (const s of sockets) s.close();
  await sleep(100);

  rtts.sort((a, b) => a - b);
  const result: LoadResult = {
    matches: opts.matches,
    gamesFinished,
    moves,
    movesPerSecond: round(moves / (playMs / 1000)),
    ...summarize(rtts),
    errors,
    ...(errors > 0 ? { errorKinds: Object.fromEntries(errorKinds) } : {}),
    thinkMs: opts.think,
    playSeconds: round(playMs / 1000),
    lobbySeconds: round(lobbySeconds),
    connectSeconds: round(connectSeconds),
    serverCpuMsPerMove: cpuStart !== null && cpuEnd !== null && moves > 0 ? round(((cpuEnd - cpuStart) * 1000) / moves) : null,
    driverCpuMsPerMove: moves > 0 ? round((driverUsed.user + driverUsed.system) / 1000 / moves) : null,
    driverLoopLagP99: round(lag.percentile(99) / 1e6),
    machineBusyPercent: machineStart && machineEnd && machineEnd.total > machineStart.total
      ? round((100 * (machineEnd.busy - machineStart.busy)) / (machineEnd.total - machineStart.total)) : null,
    cores: availableParallelism(),
  };
  const failure: FailureReport | undefined = opts.fail ? {
    kind: opts.fail.kind, atS: opts.fail.atS, injected: injected || (failedAt === null ? 'not reached: play ended first' : ''),
    errorsAfter: failedAt === null ? 0 : errors - errorsAtFailure,
    firstAckAfterMs: firstAckAfter === null ? null : round(firstAckAfter),
    resentAfterReconnect: resent,
    matchesPlayingAtFailure: playingAtFailure,
    matchesMovedAgain: movedAgain.size,
    everyMatchMovedAgainMs: movedAgain.size > 0 ? round(Math.max(...movedAgain.values())) : null,
    notMovedAgain: failedAt === null ? [] : [...traces].filter(([id]) => !movedAgain.has(id))
      .map(([matchID, t]) => ({ matchID, events: t.events })),
  } : undefined;
  return {
    result: failure ? { ...result, failure } : result,
    rtts, ackedByMatch, cpuSeconds: cpuStart !== null && cpuEnd !== null ? cpuEnd - cpuStart : null,
  };
}
