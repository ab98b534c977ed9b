/**
 * `GET /games/:name/:matchID/record` for the hosted games other than Mint Imperium (whose records are ../records.ts):
 * the game's own record (../match/hosted-game.ts `record`) of a finished match. While the game runs: 409 and nothing
 * else (its seed and moves are secrets); unknown IDs, or a match of another game: 404; other methods: 405.
 */
import type { LogEntry, State } from 'boardgame.io';
import type { Middleware } from 'koa';
import { fail, RateLimiter, type RateLimit } from '../http';
import type { HostedGame } from '../match/hosted-game';
import { isMatchID } from '../match/match-data';
import { NOT_OVER_MESSAGE, recordReadLimiter } from '../records';
import type { SqlStorage } from '../storage';

export function hostedRecords(opts: { db: SqlStorage; games: readonly HostedGame[]; readLimit?: RateLimit | RateLimiter | false }): Middleware {
  const byName = new Map(opts.games.filter((g) => g.record).map((g) => [g.game.name as string, g]));
  const reads = recordReadLimiter(opts.readLimit);
  return async (ctx, next) => {
    const parts = ctx.path.split('/'); // '', 'games', name, matchID, 'record'
    const hosted = parts.length === 5 && parts[1] === 'games' && parts[4] === 'record' ? byName.get(parts[2]!) : undefined;
    if (!hosted) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET') {
      ctx.set('Allow', 'GET');
      fail(405, 'method not allowed');
    }
    const wait = reads ? reads.take(ctx.ip || 'unknown') : 0;
    if (wait > 0) fail(429, `too many record requests from this address: retry in ${wait} s`, { 'Retry-After': String(wait) });
    const matchID = parts[3]!;
    if (!isMatchID(matchID)) fail(404, 'match not found');
    const { state, metadata, log, initialState } = await opts.db.fetch(matchID, { state: true, metadata: true, log: true, initialState: true });
    if (!state || !metadata || !initialState || metadata.gameName !== hosted.game.name) fail(404, 'match not found');
    if ((state as State).ctx.gameover === undefined) fail(409, NOT_OVER_MESSAGE);
    const r = hosted.record!({ matchID, state: state as State, initialState: initialState as State, metadata, log: (log ?? []) as LogEntry[] });
    if ('error' in r) fail(500, 'the record could not be built');
    ctx.body = r.record;
  };
}
