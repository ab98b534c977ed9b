/**
 * Abuse benchmark (issue 14; not a test): `npm run bench:abuse -- [--seconds 60] [--only a,b]`.
 *
 * Each scenario starts the real server as a child process (temporary SQLite file, loopback 127.0.0.1 only) with
 * its default budgets unless the scenario says otherwise, runs an attack for a bounded time while probing
 * /health every 100 ms and playing another match (a move 100 ms after each state: the "other match" whose round
 * trip the attack must not slow), then stops everything it started. One JSON line per scenario on stdout.
 *
 * Scenarios: baseline (no attack: the reference), flood1 / flood5 (1 or 5 raw websockets that never read, sending spectator syncs of a finished match
 * as fast as they can, reconnecting when dropped), sync640 (a reading socket, 640 spectator syncs/s), junk (a
 * socket sending ~42k junk updates/s), spectators (3,000 non-reading spectator sockets on the played match, with
 * the default caps), spectators-uncapped (the same with caps and budgets off: shared encoding + output bound
 * only), listing (5,000 matches, every page of 50), chat-flood / chat-flood-uncapped (issue 19 item 3: 100 reading
 * spectator sockets on 4 addresses, in a process of their own (./chat-crowd.ts), chatting on the match being
 * played, the victim, with the default budgets / with budgets off; the victim's move p50 and p99, and the
 * spectators' lines a second reaching a player who opened that channel and one who did not); table-flood1 /
 * table-flood2 (issue 19 item 4: ./abuse-table.ts, a `/table` flood from 24 addresses on a played match, one process
 * on SQLite / two on PostgreSQL + Redis, flat out; table-flood1-370 / table-flood2-370 the same at 370 calls/s; the
 * two-process ones need DATABASE_URL=postgres://…).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import type { Socket } from 'socket.io-client';
import { MintImperium } from '../../src/game';
import { moveOf, SEATS, SOCKET_EVENTS } from '../../src/protocol';
import { createStorage } from '../../server/storage';
import { duel, finishedMatch, GAME, matchWithPlayers, percentile, playGame, probeHealth, sleep, socket, startChild, trackChild, type Child } from '../bench-kit';
import { rawWs, type RawWs } from './raw-ws';
import { tableFlood } from './abuse-table';

/** Attackers come from another loopback address than the players and probes, as they would from another host. */
const ATTACKER = '127.0.0.2';

interface Opts { seconds: number; only?: string[] }
function parseArgs(argv: string[]): Opts {
  const o: Opts = { seconds: 60 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--seconds') o.seconds = Math.max(1, Number(argv[++i]));
    else if (argv[i] === '--only') o.only = argv[++i].split(',');
    else throw new Error(`unknown option ${argv[i]} (--seconds S, --only a,b)`);
  }
  return o;
}

/** GET JSON, retried: a keep-alive connection the server just closed can reset a request (undici). */
async function getJson(url: string): Promise<any> {
  for (let k = 0; ; k++) {
    try {
      return await (await fetch(url)).json();
    } catch (err) {
      if (k >= 4) throw err;
      await sleep(200);
    }
  }
}

type Attack = (base: string, until: () => boolean) => Promise<Record<string, unknown> | void>;

/** Run `attack` for `seconds` against a fresh server, measuring /health and another match's moves meanwhile. */
async function scenario(name: string, seconds: number, env: Record<string, string>, attack: Attack,
  prepare?: (dbFile: string) => Promise<void>): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'mint-abuse-'));
  const dbFile = join(tmp, 'bench.sqlite');
  let child: Child | undefined;
  try {
    if (prepare) await prepare(dbFile);
    child = await startChild({ DATABASE_URL: dbFile, CREATE_RATE_LIMIT: '0', LOBBY_WRITE_LIMIT: '0', ...env });
    const base = child.base;
    const end = Date.now() + seconds * 1000;
    const until = () => Date.now() > end;
    const before = await getJson(`${base}/health`);
    const health = probeHealth(base, 100, until);
    const other = name === 'listing' ? null : duel(base, 100, until);
    const extra = await attack(base, until);
    while (!until()) await sleep(100); // an attack that ends early (baseline) still lasts the whole scenario
    await Promise.all([health.done, other?.done]);
    const after = await getJson(`${base}/health`);
    const result = {
      scenario: name, seconds,
      rssStartMB: before.rssMB, rssMaxMB: Math.max(...health.rss), rssGrowthMB: Math.max(...health.rss) - before.rssMB,
      healthP50: percentile(health.times, 0.5), healthP99: percentile(health.times, 0.99),
      healthMax: Math.round(Math.max(...health.times)), healthFailures: health.failures(),
      ...(other ? { moves: other.times.length, moveP50: percentile(other.times, 0.5), moveP99: percentile(other.times, 0.99), moveMax: Math.round(Math.max(...other.times)), otherMatchFailures: other.failures.length } : {}),
      socketsDropped: after.socketsDropped, ...extra,
    };
    console.log(JSON.stringify(result));
  } finally {
    await child?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Non-reading raw websockets flooding syncs of one finished match; each reconnects when dropped. */
function flood(sockets: number): Attack {
  return async (base, until) => {
    const matchID = await finishedMatch(base);
    let sent = 0;
    let connects = 0;
    await Promise.all(Array.from({ length: sockets }, async () => {
      while (!until()) {
        let c: RawWs;
        try {
          c = await rawWs(base, GAME, { localAddress: ATTACKER });
          connects++;
        } catch {
          await sleep(50);
          continue;
        }
        c.stopReading();
        while (!until() && !c.isClosed() && c.ws.readyState === c.ws.OPEN) {
          for (let i = 0; i < 100; i++) c.emit('sync', matchID, null, null, 2);
          sent += 100;
          await sleep(2);
        }
        c.close();
      }
    }));
    return { syncsSent: sent, connects };
  };
}

/** A reading socket.io client: `perSecond` messages made by `make`, reconnecting when dropped. */
function steady(perSecond: number, setup: (base: string) => Promise<(s: Socket) => void>): Attack {
  return async (base, until) => {
    const send = await setup(base);
    let sent = 0;
    let errors = 0;
    while (!until()) {
      let s: Socket;
      try {
        s = await socket(base, ATTACKER);
      } catch {
        await sleep(100);
        continue;
      }
      s.on(SOCKET_EVENTS.error, () => { errors++; });
      while (!until() && s.connected) {
        const batch = Math.max(1, Math.round(perSecond / 100));
        for (let i = 0; i < batch; i++) send(s);
        sent += batch;
        await sleep(10);
      }
      s.close();
    }
    return { sent, refusals: errors };
  };
}

const sync640 = steady(640, async (base) => {
  const matchID = await finishedMatch(base);
  return (s) => s.emit('sync', matchID, null, null, 2);
});

const junk = steady(42_000, async (base) => {
  const { matchID, creds } = await matchWithPlayers(base);
  const pass = moveOf({ type: 'pass' });
  return (s) => s.emit('update', { type: 'MAKE_MOVE', payload: { type: pass.move, args: pass.args, playerID: '1', credentials: creds['1'] } }, 0, matchID, '1');
});

/** 3,000 spectators that sync once and never read, on the match being played; the match's moves are timed. */
const spectators: Attack = async (base, until) => {
  const match = await matchWithPlayers(base);
  const watchers: RawWs[] = [];
  let refused = 0;
  for (let k = 0; k < 3000; k += 100) {
    await Promise.all(Array.from({ length: 100 }, async () => {
      try {
        const c = await rawWs(base, GAME, { localAddress: ATTACKER });
        c.emit('sync', match.matchID, null, null, 2);
        c.stopReading();
        watchers.push(c);
      } catch {
        refused++;
      }
    }));
  }
  await sleep(500);
  const afterConnect = await getJson(`${base}/health`);
  const times: number[] = [];
  // The watched match, to its end or the end of the scenario (whichever comes first).
  await playGame(base, 100, times, until, match);
  for (const c of watchers) c.close();
  return {
    spectatorsOpened: watchers.length, spectatorsRefused: refused, registeredSockets: afterConnect.sockets,
    watchedMoves: times.length, watchedP50: percentile(times, 0.5), watchedP99: percentile(times, 0.99), watchedMax: Math.round(Math.max(...times)),
  };
};

/** Every page of 50 of a 5,000-match listing, three times over. */
const listing: Attack = async (base, until) => {
  const times: number[] = [];
  for (let round = 0; round < 3 && !until(); round++) {
    let cursor: string | undefined;
    do {
      const t0 = performance.now();
      const r = await getJson(`${base}/games/${GAME}?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      times.push(performance.now() - t0);
      cursor = r.nextCursor;
    } while (cursor);
  }
  return { pages: times.length, pageP50: percentile(times, 0.5), pageP99: percentile(times, 0.99), pageMax: Math.round(Math.max(...times)) };
};

// ------------------------------------------------------------------------------------------------------------------
// Chat flood (issue 19 item 3)

/**
 * 100 reading spectator sockets on 127.0.0.2–5 (./chat-crowd.ts, a process of its own: receiving their own echoes
 * must not slow this process, which times the victim), each sending a chat line every `lineEveryMs`, on the match
 * being played: the victim, whose moves (100 ms after each state) are timed once the crowd is in; a new match when
 * one ends, the crowd following it. Two more sockets of the victim's seats count the spectators' lines a second
 * they receive: one opened the spectators' channel (`mint:chat`), the other did not.
 */
function chatFlood(lineEveryMs: number): Attack {
  return async (base, until) => {
    let victim = await matchWithPlayers(base);
    const crowd = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['tools/abuse/chat-crowd.ts', base, String(lineEveryMs)],
      { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
    trackChild(crowd);
    let out = '';
    crowd.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
    const exited = new Promise<void>((r) => crowd.once('exit', () => r()));
    crowd.stdin!.write(`${victim.matchID}\n`);
    await sleep(5000); // 100 sockets connect and sync
    const delivered = { opened: 0, closed: 0 };
    const times: number[] = [];
    const t0 = performance.now();
    while (!until()) {
      // The first seat's probe opens the spectators' channel, the second's keeps it closed.
      const probes = await Promise.all(SEATS.map(async (id) => {
        const opens = id === SEATS[0];
        const s = await socket(base);
        s.on('chat', (_m: unknown, l: { payload?: { channel?: string } }) => {
          if (l?.payload?.channel === 'spectators') delivered[opens ? 'opened' : 'closed']++;
        });
        if (opens) s.emit(SOCKET_EVENTS.chat, victim.matchID, { spectators: true });
        s.emit('sync', victim.matchID, id, victim.creds[id], 2);
        return s;
      }));
      await playGame(base, 100, times, until, victim);
      for (const p of probes) p.close();
      if (!until()) {
        victim = await matchWithPlayers(base);
        crowd.stdin!.write(`${victim.matchID}\n`);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    crowd.stdin!.end();
    await Promise.race([exited, sleep(15_000)]);
    const c = JSON.parse(out.trim().split('\n').at(-1) || '{}') as { sent?: number; echoed?: number; refused?: number; connects?: number };
    return {
      victimMoves: times.length, victimP50: percentile(times, 0.5), victimP99: percentile(times, 0.99), victimMax: Math.round(Math.max(...times)),
      linesSent: c.sent, linesRefused: c.refused, linesEchoedToSpectators: c.echoed, spectatorConnects: c.connects,
      spectatorLinesPerSToOpenedPlayer: Math.round((delivered.opened / seconds) * 10) / 10,
      spectatorLinesPerSToClosedPlayer: Math.round((delivered.closed / seconds) * 10) / 10,
    };
  };
}

async function seedMatches(dbFile: string): Promise<void> {
  const db = createStorage(dbFile);
  await db.connect();
  for (let k = 0; k < 5000; k++) {
    const { metadata, initialState } = bgioCreateMatch({ game: MintImperium, numPlayers: 2, setupData: undefined, unlisted: false }) as never;
    await db.createMatch(`seed-${k}`, { metadata, initialState });
  }
  await db.close();
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const all: [string, number, Record<string, string>, Attack, ((f: string) => Promise<void>)?][] = [
    ['baseline', Math.min(o.seconds, 30), {}, async () => {}],
    ['flood1', o.seconds, {}, flood(1)],
    ['flood5', o.seconds, {}, flood(5)],
    ['sync640', Math.min(o.seconds, 30), {}, sync640],
    ['junk', Math.min(o.seconds, 30), {}, junk],
    ['spectators', Math.min(o.seconds, 30), {}, spectators],
    ['spectators-uncapped', Math.min(o.seconds, 30), { SOCKET_RATE_LIMITS: 'off', MAX_SOCKETS_PER_ADDRESS: '0', MAX_SPECTATORS_PER_MATCH: '0' }, spectators],
    ['listing', o.seconds, {}, listing, seedMatches],
    // Issue 19 item 3: within the budget per socket (5 lines per 10 s), and flat out with budgets off.
    ['chat-flood', Math.min(o.seconds, 30), {}, chatFlood(2000)],
    ['chat-flood-uncapped', Math.min(o.seconds, 30), { SOCKET_RATE_LIMITS: 'off' }, chatFlood(500)],
  ];
  for (const [name, seconds, env, attack, prepare] of all) {
    if (o.only && !o.only.includes(name)) continue;
    console.error(`[abuse-bench] ${name} (${seconds} s)…`);
    await scenario(name, seconds, env, attack, prepare);
  }
  // Issue 19 item 4: the /table flood runs its own servers (one process, or two sharing PostgreSQL and Redis).
  for (const [processes, perSecond] of [[1, undefined], [2, undefined], [1, 370], [2, 370]] as const) {
    const name = `table-flood${processes}${perSecond ? `-${perSecond}` : ''}`;
    if (o.only && !o.only.includes(name)) continue;
    console.error(`[abuse-bench] ${name} (${Math.round(o.seconds / 3)} s quiet, ${o.seconds} s flood)…`);
    const result = await tableFlood(processes, Math.round(o.seconds / 3), o.seconds, perSecond);
    if (result) console.log(JSON.stringify(result));
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
