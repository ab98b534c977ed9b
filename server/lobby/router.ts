/**
 * The lobby's route table and its matcher: each route is one method, one path pattern (`/games/:name/:matchID/join`,
 * a `:` segment matches any one segment) and one handler. A path no pattern fits is a 404; a path that fits only
 * patterns of other methods is a 405 naming them in `Allow`. Segments are decoded before matching, as boardgame.io's
 * router does, so `%2F` inside a matchID stays one segment.
 */
import type { Context } from 'koa';
import { fail } from '../http';
import type { Lobby } from './context';

/** What a handler gets: the request, the pattern's parameters (decoded), the client's address for the rate limits. */
export interface LobbyRequest {
  ctx: Context;
  params: Record<string, string>;
  ip: string;
}

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /** The response body (set as `ctx.body`); refusals throw with `fail()` (../http/index.ts). */
  handle: (lobby: Lobby, req: LobbyRequest) => Promise<unknown>;
}

/** One route; the handler's return type is its response body, so each module states it with a protocol type. */
export function route<T>(method: Route['method'], path: string, handle: (lobby: Lobby, req: LobbyRequest) => Promise<T>): Route {
  return { method, path, handle };
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    fail(400, 'malformed URL');
  }
}

/** A path's segments (`/games/a/b` → ['games', 'a', 'b']), decoded; a malformed one is a 400 before any 404. */
export function segments(path: string): string[] {
  return path.split('/').slice(1).map(decode);
}

/** The pattern's parameters if `parts` fits it, else null. */
function fit(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = parts[i];
    else if (pattern[i] !== parts[i]) return null;
  }
  return params;
}

/**
 * The route for `method` and `parts`: the first route of that method whose pattern fits (so a literal route such
 * as `/games/:name/create` is listed before `/games/:name/:matchID`), or a 405 / 404 refusal.
 */
export function matchRoute(routes: readonly Route[], method: string, parts: string[]): { route: Route; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const r of routes) {
    const params = fit(r.path.split('/').slice(1), parts);
    if (!params) continue;
    if (r.method === method) return { route: r, params };
    if (!allowed.includes(r.method)) allowed.push(r.method);
  }
  if (allowed.length === 0) fail(404, 'not found');
  fail(405, 'method not allowed', { Allow: allowed.join(', ') });
}
