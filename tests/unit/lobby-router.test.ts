/**
 * The lobby's route table (server/lobby/router.ts, issue 21 item 4): each route is declared once, a literal segment
 * wins over a parameter, a path of no route is a 404, a path of other methods' routes a 405 naming them, and a
 * malformed segment a 400 before either.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http';
import { ROUTES } from '../../server/lobby';
import { matchRoute, segments } from '../../server/lobby/router';

function refusal(f: () => unknown): { status: number; message: string; headers: Record<string, string> } {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.message, headers: e.headers };
    throw e;
  }
  throw new Error('not refused');
}

const at = (method: string, path: string) => matchRoute(ROUTES, method, segments(path));

describe('the lobby route table', () => {
  it('declares each method and path once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds each route with its parameters, decoded', () => {
    expect(at('GET', '/games').route.path).toBe('/games');
    expect(at('GET', '/games/mint-imperium').params).toEqual({ name: 'mint-imperium' });
    expect(at('POST', '/games/mint-imperium/create').route.path).toBe('/games/:name/create');
    expect(at('GET', '/games/mint-imperium/create').route.path).toBe('/games/:name/:matchID');
    const join = at('POST', '/games/mint-imperium/a%20b/join');
    expect(join.route.path).toBe('/games/:name/:matchID/join');
    expect(join.params).toEqual({ name: 'mint-imperium', matchID: 'a b' });
    for (const action of ['leave', 'update', 'rename', 'playAgain']) {
      expect(at('POST', `/games/mint-imperium/m1/${action}`).route.path).toBe(`/games/:name/:matchID/${action}`);
    }
  });

  it('refuses unknown paths (404), other methods (405 with Allow) and malformed segments (400)', () => {
    expect(refusal(() => at('GET', '/games/mint-imperium/m1/nope'))).toMatchObject({ status: 404, message: 'not found' });
    expect(refusal(() => at('POST', '/games/mint-imperium/m1/create'))).toMatchObject({ status: 404 });
    expect(refusal(() => at('GET', '/games/a/b/c/d'))).toMatchObject({ status: 404 });
    expect(refusal(() => at('GET', '/games/mint-imperium/m1/join'))).toEqual({
      status: 405, message: 'method not allowed', headers: { Allow: 'POST' },
    });
    expect(refusal(() => at('POST', '/games'))).toMatchObject({ status: 405, headers: { Allow: 'GET' } });
    expect(refusal(() => at('GET', '/games/%E0%A4%A/x'))).toMatchObject({ status: 400, message: 'malformed URL' });
  });
});
