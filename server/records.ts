/**
 * Records of online matches and problem reports (issue 9 items 1, 2 server side, and 4):
 * - `GET /games/mint-imperium/:id/record`: the match's game record (src/game/record.ts) once the game is over —
 *   seed, config, players, every move with its seat and time, result, fingerprint. While the game is running the
 *   answer is 409 with a message and nothing else, whoever asks and with whatever credentials: the seed would
 *   give away every hidden thing (RULES R8.3 item 9), and the moves' arguments hold secrets (the base, planned
 *   cards). Unknown or malformed IDs: 404.
 * - `POST /games/mint-imperium/:id/report` `{ playerID, credentials, text }`: a seat's problem report. The server
 *   stores the seat, the text and the record so far (seed included) in a table of its own; nothing ever serves
 *   reports to a client (`npm run reports` reads them on the server).
 * The record is built from what the server stores: the seed in the initial state's random plugin data, the
 * config and solo setup in the initial G, the moves of the log (each stamped with its time by the hub), names and
 * bot kinds in the metadata, and result and fingerprint from the stored state (so verifying the record checks the
 * server's game against the pure core).
 */
import type { LogEntry, Server, State } from 'boardgame.io';
import type { Middleware } from 'koa';
import { MintImperium, seatOf } from '../src/game';
import { recordFromBgio } from '../src/game/bgioRecord';
import type { GameRecord, RecordPlayer } from '../src/game/record';
import type { GameState } from '../src/game/rules';
import { credentialsMatch, isSeatID, newMatchID, seatMetadata, SEATS, type SeatID } from './seats/credentials';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from './http';
import { isMatchID, isRivalSeat } from './match/match-data';
import { mintBotKindOf } from './games/mint-bots';
import type { MatchHub } from './match/hub';
import type { SqlStorage } from './storage';
import { forbiddenIn, forbiddenMessage } from '../src/protocol/text-policy';

export type MatchRecordResult =
  | { ok: true; record: GameRecord; over: boolean }
  | { ok: false; status: number; error: string };

export const NOT_OVER_MESSAGE = 'the game is not over: its record and seed stay secret until it ends';

/**
 * The record of a stored match. `requireOver`: refuse (409) while the game runs — the only way a record leaves
 * the server. Without it (problem reports) the record so far, which must stay on the server.
 */
export async function matchRecord(db: SqlStorage, matchID: string, requireOver: boolean): Promise<MatchRecordResult> {
  if (!isMatchID(matchID)) return { ok: false, status: 404, error: 'match not found' };
  const { state, metadata, log, initialState } = await db.fetch(matchID, {
    state: true, metadata: true, log: true, initialState: true,
  });
  // Another hosted game's match is not Mint's to record (its own record: ./games/records.ts).
  if (!state || !metadata || !initialState || metadata.gameName !== MintImperium.name) return { ok: false, status: 404, error: 'match not found' };
  const s = state as State<GameState>;
  const over = s.ctx.gameover !== undefined;
  if (requireOver && !over) return { ok: false, status: 409, error: NOT_OVER_MESSAGE };
  const built = buildRecord(matchID, s, metadata, (log ?? []) as LogEntry[], initialState as State<GameState>);
  return 'error' in built ? { ok: false, status: 500, error: built.error } : { ok: true, record: built, over };
}

function buildRecord(
  matchID: string, state: State<GameState>, metadata: Server.MatchData, log: LogEntry[], initial: State<GameState>,
): GameRecord | { error: string } {
  const players = SEATS.map((id): RecordPlayer => {
    const p = seatMetadata(metadata, id);
    // A person's seat the bot took over stays the person's (the actions' `played` notes and finishedByBot say the rest).
    const handedOver = (p?.data as { handedOver?: unknown } | undefined)?.handedOver === true;
    const bot = (handedOver ? null : mintBotKindOf(p)) ?? (isRivalSeat(p) ? 'rival' : undefined);
    return { faction: seatOf(id)!, name: typeof p?.name === 'string' ? p.name : '', ...(bot ? { bot } : {}) };
  }) as [RecordPlayer, RecordPlayer];
  const over = state.ctx.gameover !== undefined;
  const r = recordFromBgio({
    initialState: initial, state, log, players, startedAt: metadata.createdAt,
    finishedAt: over ? metadata.updatedAt : null, source: 'online', matchID,
  });
  return 'error' in r ? { error: `match ${matchID}: ${r.error}` } : r;
}

/** Longest report text, in characters (code points), after trimming. */
export const MAX_REPORT_CHARS = 1000;
/** Reports one seat of one match may file in all. */
export const MAX_REPORTS_PER_SEAT = 20;
export const DEFAULT_RECORD_READ_LIMIT: RateLimit = { max: 30, windowMs: 10_000 };
export const DEFAULT_REPORT_LIMIT: RateLimit = { max: 5, windowMs: 60_000 };
/** A report body: up to 1000 characters of up to 4 UTF-8 bytes, escapes, credentials. */
const REPORT_BODY_LIMIT = 8192;

/**
 * The report's text: a string, trimmed, 1–1000 characters, nothing the text policy forbids (src/protocol/text-policy.ts: C0
 * controls but tab and line breaks, DEL, C1, bidirectional marks, zero widths; issue 19 item 7), else a 400.
 */
export function checkReportText(x: unknown): string {
  if (typeof x !== 'string') fail(400, 'text must be a string');
  const text = x.trim();
  if (text.length === 0) fail(400, 'text must not be empty');
  if ([...text].length > MAX_REPORT_CHARS) fail(400, `text must be at most ${MAX_REPORT_CHARS} characters`);
  const bad = forbiddenIn(text, { lineBreaks: true });
  if (bad !== null) fail(400, forbiddenMessage('text', bad));
  return text;
}

export interface RecordsOptions {
  hub: MatchHub;
  /** Record reads per address (false: no limit); a RateLimiter shared with the other games' record route. */
  readLimit?: RateLimit | RateLimiter | false;
  /** Reports per address (false: no limit). */
  reportLimit?: RateLimit | false;
  origins?: string[];
  onError?: (err: unknown, where: string) => void;
}

/** The record-read budget of an address: one for every game's records (a limiter passed in is shared as is). */
export function recordReadLimiter(limit: RateLimit | RateLimiter | false | undefined): RateLimiter | null {
  if (limit === false) return null;
  return limit instanceof RateLimiter ? limit : new RateLimiter(limit ?? DEFAULT_RECORD_READ_LIMIT);
}

/** The two routes, answered before the lobby (which answers every other /games path). */
export function records(opts: RecordsOptions): Middleware {
  const { hub } = opts;
  const db = hub.db;
  const prefix = `/games/${hub.game.name as string}/`;
  const reads = recordReadLimiter(opts.readLimit);
  const reports = opts.reportLimit === false ? null : new RateLimiter(opts.reportLimit ?? DEFAULT_REPORT_LIMIT);
  const origins = opts.origins ?? [];
  const limited = (bucket: RateLimiter | null, key: string, what: string) => {
    const wait = bucket ? bucket.take(key || 'unknown') : 0;
    if (wait > 0) fail(429, `${what}: retry in ${wait} s`, { 'Retry-After': String(wait) });
  };

  return async (ctx, next) => {
    const path = ctx.path;
    if (!path.startsWith(prefix)) return next();
    const rest = path.slice(prefix.length).split('/');
    if (rest.length !== 2 || (rest[1] !== 'record' && rest[1] !== 'report')) return next();
    ctx.set('Cache-Control', 'no-store');
    let matchID: string;
    try {
      matchID = decodeURIComponent(rest[0]);
    } catch {
      fail(400, 'malformed URL');
    }
    const ip = ctx.ip || 'unknown';

    if (rest[1] === 'record') {
      if (ctx.method !== 'GET') {
        ctx.set('Allow', 'GET');
        fail(405, 'method not allowed');
      }
      limited(reads, ip, 'too many record requests from this address');
      const r = await matchRecord(db, matchID, true);
      if (!r.ok) {
        if (r.status >= 500) opts.onError?.(new Error(r.error), 'record');
        fail(r.status, r.status >= 500 ? 'the record could not be built' : r.error);
      }
      ctx.body = r.record;
      return;
    }

    // POST …/:id/report
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      fail(405, 'method not allowed');
    }
    const origin = ctx.get('Origin');
    if (origin && origin !== `${ctx.protocol}://${ctx.host}` && !origins.includes(origin)) fail(403, 'cross-origin request refused');
    limited(reports, ip, 'too many reports from this address'); // before the body is read: bad requests count too
    const b = await readJsonObject(ctx, REPORT_BODY_LIMIT);
    onlyKeys(b, ['playerID', 'credentials', 'text']);
    if (!isSeatID(b.playerID)) fail(400, 'playerID must be "0" or "1"');
    const playerID: SeatID = b.playerID;
    const text = checkReportText(b.text);
    if (!isMatchID(matchID)) fail(404, 'match not found');
    ctx.body = await hub.enqueue(matchID, async () => {
      const { metadata } = await db.fetch(matchID, { metadata: true });
      if (!metadata || metadata.gameName !== hub.game.name) fail(404, 'match not found');
      if (!credentialsMatch(metadata, playerID, b.credentials)) fail(403, 'invalid credentials');
      if (await db.countReports(matchID, playerID) >= MAX_REPORTS_PER_SEAT) {
        fail(429, `at most ${MAX_REPORTS_PER_SEAT} reports per seat and match`);
      }
      const r = await matchRecord(db, matchID, false);
      if (!r.ok) {
        if (r.status >= 500) opts.onError?.(new Error(r.error), 'report');
        fail(r.status, r.status >= 500 ? 'the report could not be stored' : r.error);
      }
      const reportID = newMatchID();
      await db.addReport({ reportID, matchID, seat: playerID, text, record: r.record, createdAt: Date.now() });
      return { reportID };
    });
  };
}
