/**
 * `GET /stats` (issue 22 item 3): the figures of the server's finished two-player matches as JSON
 * (src/protocol/stats.ts), from ./service.ts. Public like `/health`: nothing in it names a match or a player.
 * Query: nothing, or `config=<configKey>` / `config=default` for one rules config; anything else is a 400 with a
 * message. Reads are limited per address, since a query for another config skips the few seconds' cache.
 */
import type { Middleware } from 'koa';
import { STATS_CONFIG_RE } from '../../src/protocol';
import { fail, RateLimiter, type RateLimit } from '../http';
import type { MatchStats } from './service';

export const DEFAULT_STATS_LIMIT: RateLimit = { max: 30, windowMs: 10_000 };

/** The `config` asked for (undefined: every config), or a 400 naming what is wrong. */
export function statsQuery(search: URLSearchParams): string | undefined {
  const keys = [...search.keys()];
  const unknown = keys.find((k) => k !== 'config');
  if (unknown !== undefined) fail(400, `unknown query parameter ${JSON.stringify(unknown.slice(0, 40))}: only "config" is accepted`);
  const values = search.getAll('config');
  if (values.length > 1) fail(400, 'config may be given once');
  if (values.length === 0) return undefined;
  if (!STATS_CONFIG_RE.test(values[0])) fail(400, 'config must be "default" or a config key of 12 hexadecimal digits');
  return values[0];
}

export function statsRoute(opts: { stats: MatchStats; limit?: RateLimit | false }): Middleware {
  const limiter = opts.limit === false ? null : new RateLimiter(opts.limit ?? DEFAULT_STATS_LIMIT);
  return async (ctx, next) => {
    if (ctx.path !== '/stats') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      fail(405, 'method not allowed');
    }
    const wait = limiter?.take(ctx.ip || 'unknown') ?? 0;
    if (wait > 0) fail(429, `too many statistics requests: retry in ${wait} s`, { 'Retry-After': String(wait) });
    const config = statsQuery(new URLSearchParams(ctx.querystring));
    ctx.body = await opts.stats.get(config);
  };
}
