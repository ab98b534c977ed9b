/** Helpers of the abuse tests (server-abuse*.test.ts): a finished match, a duel whose move round trip is timed. */
import type { State } from 'boardgame.io';
import { MintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { api, GAME, matchWithPlayers, moveAction, rawClient, rawSync, rawUpdate, waitFor, type RawClient } from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

/** A match that is over (the Rebel left: forfeit), with its log; what a spectator flood asks for. */
export async function finishedMatch(base: string): Promise<string> {
  const { matchID, creds } = await matchWithPlayers(base);
  const r = await api(base, `/games/${GAME}/${matchID}/leave`, { playerID: '0', credentials: creds['0'] });
  if (r.status !== 200) throw new Error(`leave: ${r.status} ${r.text}`);
  return matchID;
}

/** Two players on raw sockets; `step()` plays the first legal move of whoever must move and times the round trip. */
export class Duel {
  private state!: State<GameState>;
  readonly times: number[] = [];
  private constructor(readonly matchID: string, private readonly creds: Record<string, string>, private readonly c: Record<string, RawClient>) {}

  static async start(base: string): Promise<Duel> {
    const { matchID, creds } = await matchWithPlayers(base);
    const c = { '0': await rawClient(base), '1': await rawClient(base) };
    const d = new Duel(matchID, creds, c);
    await rawSync(c['1'], matchID, '1', creds['1']);
    d.state = ((await rawSync(c['0'], matchID, '0', creds['0']))[2] as { state: State<GameState> }).state;
    return d;
  }

  /** Round trip in ms (move sent → the state it produced received). */
  async step(): Promise<number> {
    const seat = this.state.G.pending!.seat;
    const id = seat === 'R' ? '0' : '1';
    const view = this.state; // the mover's own view is what a UI enumerates; the first option of the master view is legal too
    const [m] = enumerate(view.G, view.ctx, id);
    const t0 = performance.now();
    const answer = await rawUpdate(this.c[id], moveAction(m.move, m.args, id, this.creds[id]), this.state._stateID, this.matchID, id);
    const dt = performance.now() - t0;
    if (answer[0] !== 'update') throw new Error(`move refused: ${JSON.stringify(answer)}`);
    // The next mover's own view of that state (every seat gets its view of each state).
    const next = answer[2] as State<GameState>;
    const nextSeat = next.G.pending?.seat;
    if (nextSeat && nextSeat !== seat) {
      const other = this.c[nextSeat === 'R' ? '0' : '1'];
      const mine = () => other.received.find((msg) => msg[0] === 'update' && (msg[2] as State)._stateID === next._stateID);
      await waitFor(() => !!mine(), 5000, 'the other seat\'s update');
      this.state = mine()![2] as State<GameState>;
    } else this.state = next;
    this.times.push(dt);
    return dt;
  }

  close(): void {
    this.c['0'].close();
    this.c['1'].close();
  }
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
