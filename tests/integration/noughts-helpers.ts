/**
 * Helpers of the Hidden Noughts tests (platform-*.test.ts): the state a raw socket was last sent, and a scripted
 * player that marks the first empty cell of a fixed order whenever it is its turn.
 */
import type { NoughtsState } from '../../src/games/noughts/game';
import { NOUGHTS_BOTS, NOUGHTS_HOSTED } from '../../server/games/noughts';
import type { HostedBots, HostedGame } from '../../server/match/hosted-game';
import { moveAction, waitFor, type RawClient } from './server-helpers';

/** A Noughts state as a socket receives it (sync answer or update). */
export type Sent = { G: NoughtsState; ctx: { gameover?: { winner?: string; draw?: true }; currentPlayer: string }; _stateID: number };

/** The newest state a raw socket was sent (sync answer or update), or null. */
export function latest(c: RawClient): Sent | null {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const [event, , body] = c.received[i]!;
    if (event === 'update') return body as Sent;
    if (event === 'sync') return (body as { state: Sent }).state;
  }
  return null;
}

/**
 * The scripted player of seat `playerID`: whenever the newest state it was sent is its turn, it marks the first
 * empty cell of a fixed order; it returns the final state it was sent. Waits on what arrives, never on time.
 */
export async function playScripted(c: RawClient, matchID: string, playerID: string, credentials: string): Promise<Sent> {
  const order = [4, 0, 8, 2, 6, 1, 3, 5, 7];
  let sentOn = -1;
  for (;;) {
    await waitFor(() => {
      const s = latest(c);
      return s !== null && (s.ctx.gameover !== undefined || (s.ctx.currentPlayer === playerID && s._stateID > sentOn));
    }, 10_000, `seat ${playerID}'s turn or the end`);
    const s = latest(c)!;
    if (s.ctx.gameover !== undefined) return s;
    const cell = order.find((i) => s.G.cells[i] === null)!;
    sentOn = s._stateID;
    c.socket.emit('update', moveAction('mark', [cell], playerID, credentials), s._stateID, matchID, playerID);
  }
}

/** Hidden Noughts with its real bots, `spy` told of each decision a bot is asked for (with what it was handed). */
export function noughtsWithBotSpy(spy: (kind: string, view: NoughtsState, playerID: string, matchID: string) => void): HostedGame<NoughtsState> {
  const bots: HostedBots<NoughtsState, NoughtsState> = {
    ...NOUGHTS_BOTS,
    start() {
      const real = NOUGHTS_BOTS.start();
      return {
        ...real,
        choose: (kind, view, playerID, job) => {
          spy(kind, view, playerID, job.matchID);
          return real.choose(kind, view, playerID, job);
        },
      };
    },
  };
  return { ...NOUGHTS_HOSTED, bots };
}
