/**
 * One record-read budget per address for every hosted game (server/records.ts `recordReadLimiter`): the records of
 * Mint Imperium and of a second game (Hidden Noughts) share it, so hosting more games gives an address no more reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOUGHTS_HOSTED } from '../../server/games/noughts';
import { NOUGHTS_NAME } from '../../src/games/noughts/game';
import { GAME, startTestServer, type TestServer } from './server-helpers';

describe('record reads, one budget for every game', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { games: [NOUGHTS_HOSTED], recordLimits: { reads: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => server?.dispose());

  const read = async (game: string) => (await fetch(`${server.url}/games/${game}/NoSuchMatch123/record`)).status;

  it('three reads of either game, then 429 for both', async () => {
    // Unknown matches: 404, each taking one read from the address's budget.
    expect([await read(GAME), await read(NOUGHTS_NAME), await read(GAME)]).toEqual([404, 404, 404]);
    const after = [await read(NOUGHTS_NAME), await read(GAME)];
    expect(after).toEqual([429, 429]);
    const res = await fetch(`${server.url}/games/${NOUGHTS_NAME}/NoSuchMatch123/record`);
    expect(await res.text()).toMatch(/too many record requests/);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
