/**
 * The solo bots' driver (src/ui/imperios/solo/soloDriver.ts) never stalls the game (issue 23): when the bot's
 * worker fails, the quick bot on the page answers the decision; when that fails too, the first legal action does.
 * Either way the answer is one the rules accept (IM14.1: the bot is still handed its seat's view only).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitedSeats, legalActions, type Action, type ImperiosState } from '../../../src/games/imperios/rules';
import { coreSession } from '../../../src/ui/imperios/session';
import * as soloBot from '../../../src/ui/imperios/solo/soloBot';
import type { SoloBotRunner } from '../../../src/ui/imperios/solo/botRunner';
import { SoloBotDriver } from '../../../src/ui/imperios/solo/soloDriver';
import { waitFor } from '../../integration/server-helpers';

afterEach(() => vi.restoreAllMocks());

const failing: SoloBotRunner = { where: 'page', choose: () => Promise.reject(new Error('worker lost')), dispose() {} };

/** A 4-player game whose first decision is a bot's (the player sits elsewhere), the driver on it, its first move. */
function driven() {
  const session = coreSession({ players: 4, mode: 'tutorial', seed: 'solo-driver-fallback' });
  const first = session.getState() as ImperiosState;
  const bot = awaitedSeats(first)[0]!;
  const human = (bot + 1) % 4;
  const driver = new SoloBotDriver(session, { human, level: 'hard' }, failing, { pauseMs: 0, seed: 'd' });
  // The bots go on until the player's turn: the first move is the one asked about `first`.
  const firstMove: { seat: number; action: Action }[] = [];
  driver.subscribe(() => {
    const last = driver.getStatus().last;
    if (last && firstMove.length === 0) firstMove.push(last);
  });
  return { session, first, bot, driver, firstMove };
}

describe('IM14.1 solo bots: a failed bot never stalls the game', () => {
  it('the worker fails: the quick bot on the page answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const quick = vi.spyOn(soloBot, 'answerSoloBot');
    const { session, first, bot, driver, firstMove } = driven();
    driver.start();
    await waitFor(() => firstMove.length > 0, 10_000, 'a bot move');
    driver.stop();
    expect(session.getState()).not.toBe(first);
    expect(quick).toHaveBeenCalledWith(expect.objectContaining({ level: 'greedy' }));
    expect(firstMove[0]!.seat).toBe(bot);
    expect(legalActions(first, bot)).toContainEqual(firstMove[0]!.action);
  });

  it('the quick bot fails too: the first legal action is played', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(soloBot, 'answerSoloBot').mockImplementation(() => { throw new Error('quick bot broken'); });
    const { session, first, bot, driver, firstMove } = driven();
    const expected: Action = legalActions(first, bot)[0]!;
    driver.start();
    await waitFor(() => firstMove.length > 0, 10_000, 'a bot move');
    driver.stop();
    expect(firstMove[0]).toEqual({ seat: bot, action: expected });
    expect(session.getState()).not.toBe(first);
  });
});
