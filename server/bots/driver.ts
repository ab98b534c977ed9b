/**
 * Plays the server-bot seats of every hosted game. It hears the hub's `activity` changes (../match/changes.ts: a
 * match created, a move played, a player synced, a seat handed over) and `kick(matchID)` at server start: while a
 * bot seat may move, the driver reads the state, finds the match's game by its `metadata.gameName`, asks that game's
 * bot part (../match/hosted-game.ts `HostedBots`) for the seat's view, gives the bot that view only, and plays its
 * answer through the hub's move service (`MatchHub.botMove`: the same checks as a player's move, the seat being the
 * bot's instead of credentials). One loop per match at a time; matches never wait for each other (Mint's search
 * runs in worker threads). It knows no game's rules: everything game-specific is behind `HostedBots`.
 */
import { seatMetadata, isPlayerID } from '../seats/credentials';
import { awaitedPlayers, botKindIn, type BotChoice, type BotPlayers, type HostedGame } from '../match/hosted-game';
import { botKindOf } from '../match/match-data';
import { MatchHub } from '../match/hub';
import type { BotLeases } from '../cluster/leases';

export interface BotDriverOptions {
  hub: MatchHub;
  /** The hosted games (the hub's); those with `bots` have theirs started here and closed by `close()`. */
  games: readonly HostedGame[];
  /** Least time between the move a bot answers and its answer (lets a human see what happened). Default 0. */
  minDelayMs?: number;
  onError?: (err: unknown, where: string) => void;
  /** Several processes: only the holder of a match's lease plays its bot (../cluster/leases.ts). */
  leases?: BotLeases;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class BotDriver {
  private readonly running = new Map<string, { again: boolean }>();
  /** Each game's bot part and its started players, by game name. */
  private readonly games = new Map<string, { hosted: HostedGame; players: BotPlayers }>();
  private closed = false;
  private readonly idle = new Set<() => void>();
  /** Bot moves played (for tests and the load test). */
  moves = 0;
  /** Several processes: matches whose lease this process may hold (taken here, or found expired by the sweep). */
  private readonly leased = new Set<string>();
  /** Several processes: lease renewals of the decisions being played now. */
  private readonly renewals = new Map<string, NodeJS.Timeout>();
  private readonly sweep: NodeJS.Timeout | undefined;
  private readonly stopListening: () => void;

  constructor(private readonly opts: BotDriverOptions) {
    for (const hosted of opts.games) {
      if (hosted.bots) this.games.set(hosted.game.name as string, { hosted, players: hosted.bots.start() });
    }
    // A move, a sync, a new bot match or a hand-over (../match/changes.ts): a bot's decision may be due.
    this.stopListening = opts.hub.changes.on('activity', ({ matchID }) => this.kick(matchID));
    const leases = opts.leases;
    if (leases) {
      // A lease that expired while its bot was deciding: its process died (or stalled). Take the match over.
      this.sweep = setInterval(() => {
        leases.expired().then((ids) => {
          for (const id of ids) {
            this.leased.add(id);
            this.kick(id);
            // The dead process may have written the bot's move without publishing it.
            this.opts.hub.catchUp(id);
          }
        }, (err) => this.opts.onError?.(err, 'bot lease sweep'));
      }, Math.max(200, Math.floor(leases.leaseMs / 2)));
      this.sweep.unref();
    }
  }

  kick(matchID: string): void {
    if (this.closed) return;
    const r = this.running.get(matchID);
    if (r) {
      r.again = true;
      return;
    }
    const run = { again: true };
    this.running.set(matchID, run);
    void (async () => {
      try {
        while (run.again && !this.closed) {
          run.again = false;
          while (!this.closed && await this.leasedStep(matchID));
        }
      } catch (err) {
        this.opts.onError?.(err, `bot (match ${matchID})`);
      } finally {
        this.running.delete(matchID);
        if (this.running.size === 0) for (const f of this.idle) f();
      }
    })();
  }

  /** Matches whose bot is thinking or moving. */
  get active(): number {
    return this.running.size;
  }

  /** Stop starting new moves, end the bots' work in progress, and wait for the loops and the bots to end. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    if (this.sweep) clearInterval(this.sweep);
    // Closing the bots ends searches in progress, so the loops waiting for them end too.
    const botsClosed = Promise.all([...this.games.values()].map(({ players }) => players.close()));
    if (this.running.size > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
    await botsClosed;
    // Several processes: what this one was deciding is taken over by another without waiting for the expiry.
    await this.opts.leases?.expireMine([...this.leased]).catch((err) => this.opts.onError?.(err, 'bot lease hand-back'));
  }

  /** `step`, and with leases: a step that found nothing to decide gives the match's lease up. */
  private async leasedStep(matchID: string): Promise<boolean> {
    const leases = this.opts.leases;
    if (!leases) return this.step(matchID);
    try {
      return await this.step(matchID);
    } finally {
      const renewal = this.renewals.get(matchID);
      clearInterval(renewal);
      this.renewals.delete(matchID);
      if (renewal === undefined && this.leased.delete(matchID)) {
        await leases.release(matchID).catch((err) => this.opts.onError?.(err, 'bot lease release'));
      }
    }
  }

  /**
   * Several processes: take (or renew) the match's lease for the decision about to be played, and keep it renewed
   * while the search runs (a long think is not taken for a dead process). False: another process holds it (it was
   * told of the move too, and plays it).
   */
  private async holdLease(matchID: string): Promise<boolean> {
    const leases = this.opts.leases!;
    if (!await leases.acquire(matchID)) return false;
    this.leased.add(matchID);
    this.renewals.set(matchID, setInterval(() => {
      leases.acquire(matchID).catch((err) => this.opts.onError?.(err, 'bot lease renewal'));
    }, Math.max(100, Math.floor(leases.leaseMs / 3))));
    return true;
  }

  /** Play one bot move if a bot may move now; true if one was played (so there may be another). */
  private async step(matchID: string): Promise<boolean> {
    const { hub } = this.opts;
    const { state, metadata } = await hub.current(matchID);
    if (!state || !metadata) return false;
    // The match's own game: its bots, its view, whose decision it waits for. A game without bots has no bot seat.
    const game = this.games.get(metadata.gameName);
    if (!game || state.ctx.gameover !== undefined) return false;
    const { hosted, players } = game;
    const bots = hosted.bots!;
    // Whose decisions are due: one seat in a two-player game, possibly several in Imperios (block answers, reserve).
    const due = awaitedPlayers(hosted, state);
    for (const id of MatchHub.allowedPlayers(state.ctx)) {
      // A solo match's rival seat (data.rival) is no bot kind: the engine plays it inside the human's moves.
      const kind = botKindIn(bots, botKindOf(seatMetadata(metadata, id)));
      if (!kind || !isPlayerID(id) || !due.includes(id)) continue;
      if (this.opts.leases && !await this.holdLease(matchID)) return false;
      const started = Date.now();
      const view = bots.view(state, id);
      let choice: BotChoice;
      try {
        choice = await players.choose(kind, view, id, { matchID });
      } catch (err) {
        if (this.closed) return false; // shutting down: the bot pool refuses new work, nothing to report
        this.opts.onError?.(err, `bot ${kind} (match ${matchID}), playing a random move instead`);
        choice = await players.fallback(view, id);
      }
      const wait = (this.opts.minDelayMs ?? 0) - (Date.now() - started);
      if (wait > 0) await sleep(wait);
      if (this.closed) return false;
      const res = await hub.botMove(matchID, metadata.gameName, id, { type: choice.move, args: choice.args }, state._stateID);
      if (res.ok) {
        this.moves++;
        return true;
      }
      // Someone else moved first (stale), the match ended or went away: look again only if it was stale.
      if (res.error === 'stale state') return true;
      this.opts.onError?.(new Error(res.error), `bot move refused (match ${matchID})`);
      return false;
    }
    return false;
  }
}
