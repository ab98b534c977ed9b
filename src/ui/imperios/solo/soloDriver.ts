/**
 * Plays the bots' seats of a solo game, beside React: it listens to the session, and whenever the game awaits a bot
 * (alone, or beside other seats: a block offer, the reserve), the lowest such seat is asked through the runner with
 * its view only (./soloBot.ts); the answer is played once at least `pauseMs` has passed since the decision came up,
 * so the player can follow each bot move on the board and in the log. Letting an action pass shows nothing on the
 * board and is played at once. If the game moved on meanwhile (the player answered a block offer first), the answer
 * is dropped and the new decision asked. Outside React, the bots never wait for the board to draw their last move
 * (../solo/SoloTable.tsx draws the board at its own pace).
 */
import { awaitedSeats, legalActions, type Action, type Seat } from '../../../games/imperios/rules';
import { asCore, type ImperiosView } from '../core';
import type { ImperiosSession } from '../session';
import type { SoloBotRunner } from './botRunner';
import { answerSoloBot, soloBotRequest } from './soloBot';
import type { SoloSeats } from './soloSeats';

/** Least time between a bot's decision coming up and its move on the board (ms; the URL's `?botPause=` overrides it). */
export const SOLO_BOT_PAUSE_MS = 350;

export interface SoloBotStatus {
  /** The bot seat being asked now. */
  thinking: Seat | null;
  last: { seat: Seat; action: Action } | null;
  /** How many bot moves were played on this screen. */
  moves: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SoloBotDriver {
  private status: SoloBotStatus = { thinking: null, last: null, moves: 0 };
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  /** The state a bot was asked about; a new one is asked only when the state changes. */
  private asked: ImperiosView | null = null;
  private requests = 0;

  constructor(
    private readonly session: ImperiosSession,
    private readonly solo: SoloSeats,
    private readonly runner: SoloBotRunner,
    private readonly opts: { pauseMs: number; seed: string },
  ) {}

  readonly getStatus = (): SoloBotStatus => this.status;

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.session.subscribe(() => this.consider());
    this.consider();
  }

  /** Stops asking; an answer on its way is dropped. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.asked = null;
  }

  private set(next: Partial<SoloBotStatus>): void {
    this.status = { ...this.status, ...next };
    for (const fn of this.listeners) fn();
  }

  private consider(): void {
    const view = this.session.getState();
    const seat = view && !view.result ? awaitedSeats(asCore(view)).find((s) => s !== this.solo.human) : undefined;
    if (!view || seat === undefined) {
      if (this.status.thinking !== null) this.set({ thinking: null });
      return;
    }
    if (this.asked === view) return;
    this.asked = view;
    if (this.status.thinking !== seat) this.set({ thinking: seat });
    const started = Date.now();
    const request = soloBotRequest(view, seat, this.solo.level, `${this.opts.seed}:${++this.requests}:${seat}`);
    void this.runner.choose(request)
      .catch((err: unknown) => {
        // A failed bot must not stall the game: say so, and answer this decision with the quick bot on the page.
        console.error(`the bot of seat ${seat} failed; the quick bot answers instead`, err);
        try {
          return answerSoloBot({ ...request, level: 'greedy' });
        } catch {
          return legalActions(asCore(view), seat)[0]; // the quick bot too: the first legal answer, not a stalled game
        }
      })
      .then(async (action) => {
        const wait = action.kind === 'letPass' ? 0 : this.opts.pauseMs - (Date.now() - started);
        if (wait > 0) await sleep(wait);
        if (this.asked !== view || this.session.getState() !== view) return;
        this.status = { ...this.status, last: { seat, action }, moves: this.status.moves + 1 };
        this.session.act(seat, action);
        if (this.session.getState() === view) {
          // Refused (it cannot be: the bot answers from legalActions); play the first legal answer rather than stall.
          console.error(`the rules refused the bot's answer for seat ${seat}`, action);
          this.session.act(seat, legalActions(asCore(view), seat)[0]);
        }
        for (const fn of this.listeners) fn();
      });
  }
}
