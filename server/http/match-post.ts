/**
 * The start every `POST /games/:name/:matchID/<action>` route of a seat shares (the table, the hint): match the path,
 * refuse another game (404), another method (405), a matchID that cannot exist (404), and too many calls from one
 * address (429) before anything reads the body, the match or its queue. Bad requests count against the budget too.
 */
import type { Context } from 'koa';
import type { Limiter } from '../cluster/shared-limits';
import { isMatchID } from '../match/match-data';
import { fail } from './index';

/** The match ID of such a request, or null when the path is not this route's (the next middleware answers). */
export async function matchPostStart(
  ctx: Context, action: string, gameName: string, limiter: Limiter | null, what: string,
): Promise<string | null> {
  const parts = ctx.path.split('/'); // '', 'games', name, matchID, action
  if (parts.length !== 5 || parts[1] !== 'games' || parts[4] !== action || !parts[2] || !parts[3]) return null;
  ctx.set('Cache-Control', 'no-store');
  if (parts[2] !== gameName) fail(404, 'game not found');
  if (ctx.method !== 'POST') {
    ctx.set('Allow', 'POST');
    fail(405, 'method not allowed');
  }
  const matchID = parts[3];
  if (!isMatchID(matchID)) fail(404, 'match not found');
  const wait = limiter ? await limiter.take(ctx.ip || 'unknown') : 0;
  if (wait > 0) fail(429, `too many ${what} requests from this address: retry in ${wait} s`, { 'Retry-After': String(wait) });
  return matchID;
}
