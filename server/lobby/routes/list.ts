/** `GET /games/:name`: the listing, paged (`limit`, `cursor`) and served by one query; filters as boardgame.io's. */
import type { MatchListPage } from '../../../src/protocol';
import { fail } from '../../http';
import { decodeCursor, encodeCursor } from '../cursor';
import { checkPositiveInt } from '../checks';
import { publicMatch } from '../matches';
import { route } from '../router';

export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 100;

const QUERY_KEYS = ['isGameover', 'updatedBefore', 'updatedAfter', 'limit', 'cursor'];

export const listRoute = route('GET', '/games/:name', async (lobby, { ctx }): Promise<MatchListPage> => {
  const q = ctx.query;
  for (const k of Object.keys(q)) {
    if (!QUERY_KEYS.includes(k)) fail(400, `unknown query parameter ${JSON.stringify(k.slice(0, 40))}`);
  }
  let isGameover: boolean | undefined;
  if (q.isGameover !== undefined) {
    if (q.isGameover !== 'true' && q.isGameover !== 'false') fail(400, 'isGameover must be true or false');
    isGameover = q.isGameover === 'true';
  }
  const updatedBefore = checkPositiveInt(q.updatedBefore, 'updatedBefore');
  const updatedAfter = checkPositiveInt(q.updatedAfter, 'updatedAfter');
  const limit = checkPositiveInt(q.limit, 'limit') ?? LIST_PAGE_DEFAULT;
  if (limit > LIST_PAGE_MAX) fail(400, `limit must be at most ${LIST_PAGE_MAX}`);
  const cursor = decodeCursor(q.cursor);
  const page = await lobby.db.listPage({
    gameName: lobby.gameName, limit, cursor, where: { isGameover, updatedBefore, updatedAfter },
  });
  const out: MatchListPage = { matches: page.matches.map((m) => publicMatch(m.matchID, m.metadata, lobby.hosted)) };
  if (page.next) out.nextCursor = encodeCursor(page.next);
  return out;
});
