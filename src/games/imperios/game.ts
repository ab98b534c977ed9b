/**
 * Imperios Milenarios as a boardgame.io Game (issue 23 item 4): a thin mirror of the pure rules core (./rules).
 *
 * The core is the authority; everything boardgame.io keeps in `ctx` is derived from G after every move:
 * - G is the core's ImperiosState. One move, `act(action)`, takes a core Action made by the seat `playerID`
 *   (seat = Number(playerID)) and runs `applyAction`; a refusal is INVALID_MOVE and changes nothing.
 * - phase: ctx.phase follows G.phase (set-up, the pool step, the Red, Yellow, Blue and Black phases, the reserve).
 *   Each phase ends when G.phase moves on and the next is G.phase. The Age check (IM11.3) and the end check (IM12.2)
 *   ask nobody anything: the core runs them between the Black phase and the reserve, inside the move that ends the
 *   Black phase, so they have no boardgame.io phase of their own.
 * - turn: the seat that owns the decision (`turnOwner`): the chooser, the pool taker or the civilization whose turn
 *   it is; the announcer while a block is asked; the attacker while a defence is asked; the First Player during the
 *   reserve.
 * - stages: every seat the core awaits (`awaitedSeats`) is active, in the stage named by the pending decision
 *   (`metropolis`, `pool`, `turn`, `block`, `takeBack`, `defend`, `assaultPay`, `good`, `reserve`); in the Red
 *   phase every other seat that can muster is active too, in stage `muster` (IM6.1.3, G21). So `ctx.activePlayers`
 *   lists exactly the seats with a legal action.
 * - gameover: from the core's final result (IM13), `{ winner, ranking, reasons, scores }`, winner and ranking as
 *   playerIDs.
 *
 * Secrets (docs/imperios/RULES.md IM14.1, G48): hands are open, only the future draws are hidden, i.e. the core's
 * random generator `rng`. `playerView` cuts it (the platform cuts it again: server/games/imperios.ts). So that no
 * player can recover it from the draws they see, the generator is re-seeded before every move from boardgame.io's
 * random plugin, which is seeded with 128 crypto-random bits (never a guessable seed); a finished match replays
 * exactly from that seed and its moves.
 */
import type { Ctx, FnContext, Game, PlayerID } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { isModeId, MODE_IDS, type ModeId } from './content/modes';
import {
  actionError,
  applyAction,
  applyChecked,
  awaitedSeats,
  createGame,
  isRefusal,
  legalActions,
  publicView,
  setupError,
  type Action,
  type ImperiosState,
  type PublicState,
  type Seat,
} from './rules';
import { musterActions } from './rules/legal';
import { gameoverOf, type ImperiosGameover } from './gameover';

export { gameoverOf, type ImperiosGameover };
import { cryptoRandomPlugin, guardPlugin, printable, type GuardApi } from '../../platform/bgio-plugins';
import { Vouches } from '../../platform/vouch';

export const IMPERIOS_NAME = 'imperios';
export const IMPERIOS_MIN_PLAYERS = 4;
export const IMPERIOS_MAX_PLAYERS = 7;

/** The move's name: the only move of the game. */
export const ACT = 'act';

/** `setupData` of a match: the mode (IM3.1.2; Normal when absent). */
export interface ImperiosSetupData {
  mode?: ModeId;
}

/** The stage of an active seat: the kind of decision the core waits for from it, or `muster` (IM6.1.3). */
export type ImperiosStage = NonNullable<ImperiosState['pending']>['kind'] | 'muster';

/** The seat of a playerID ('0' … '6'), or null. */
export function seatOf(G: Pick<ImperiosState, 'players'>, playerID: PlayerID | null | undefined): Seat | null {
  if (typeof playerID !== 'string' || !/^[0-9]$/.test(playerID)) return null;
  const seat = Number(playerID);
  return seat < G.players ? seat : null;
}

/** The setup data's mode, or an error for anything but `undefined`, `{}` or `{ mode }`. */
export function modeFromSetupData(setupData: unknown): ModeId | { error: string } {
  if (setupData === undefined || setupData === null) return 'normal';
  if (typeof setupData !== 'object' || Array.isArray(setupData)) return { error: 'setupData must be an object' };
  const d = setupData as Record<string, unknown>;
  for (const k of Object.keys(d)) if (k !== 'mode') return { error: 'setupData has unknown fields' };
  if (d.mode === undefined) return 'normal';
  if (!isModeId(d.mode)) return { error: `setupData.mode must be one of ${MODE_IDS.join(', ')}` };
  return d.mode;
}

/** The seat that owns the current decision (ctx.currentPlayer), or null when the game is over. */
export function turnOwner(G: ImperiosState): Seat | null {
  const p = G.pending;
  if (!p || G.phase === 'over') return null;
  switch (p.kind) {
    case 'defend':
      return p.attacker;
    case 'reserve':
      return G.firstPlayer;
    default:
      return p.seat;
  }
}

/** ctx.activePlayers as derived from G: every seat with a legal action, in its stage; null when over. */
export function expectedActivePlayers(G: ImperiosState): Record<string, ImperiosStage> | null {
  const p = G.pending;
  if (!p || G.phase === 'over') return null;
  const out: Record<string, ImperiosStage> = {};
  for (const seat of awaitedSeats(G)) out[String(seat)] = p.kind;
  if (G.phase === 'red') {
    for (let seat = 0; seat < G.players; seat++) {
      if (!(String(seat) in out) && musterActions(G, seat).length > 0) out[String(seat)] = 'muster';
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

function sameActive(a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined) {
  const ka = a ? Object.keys(a) : [];
  const kb = b ? Object.keys(b) : [];
  return ka.length === kb.length && ka.every((k) => b?.[k] === a![k]);
}

/** Why ctx is not what G says it should be, or null when they agree (checked after every accepted action). */
export function flowMismatch(G: ImperiosState, ctx: Ctx): string | null {
  const over = gameoverOf(G);
  if (over) {
    const go = ctx.gameover as ImperiosGameover | undefined;
    return go && go.winner === over.winner ? null : 'gameover differs from the core result';
  }
  if (ctx.gameover !== undefined) return 'gameover without a core result';
  if (ctx.phase !== G.phase) return `phase ${String(ctx.phase)} but G.phase ${G.phase}`;
  if (ctx.playOrder.length !== G.players || ctx.playOrder.some((id, i) => id !== String(i))) {
    return 'play order changed';
  }
  const owner = turnOwner(G);
  if (owner !== null && ctx.currentPlayer !== String(owner)) {
    return `turn of ${ctx.currentPlayer} but G gives it to ${owner}`;
  }
  if (!sameActive(ctx.activePlayers, expectedActivePlayers(G))) {
    return `activePlayers ${JSON.stringify(ctx.activePlayers)} not derived from G`;
  }
  return null;
}

/** A 32-bit generator state from boardgame.io's random plugin (Alea, seeded with 128 crypto-random bits). */
function freshRng(random: { Number(): number }): number {
  return Math.floor(random.Number() * 4294967296) >>> 0;
}

const GUARD = 'imperios-guard';
const BASE = Symbol('imperios-base');

type MoveContext = FnContext<ImperiosState> & {
  playerID: PlayerID;
  [GUARD]?: GuardApi;
  [BASE]?: ImperiosState;
};

/**
 * Hands moves and the turn hooks the state before immer drafts it (boardgame.io runs a game plugin's fnWrap outside
 * immer's): the core copies what it changes and returns a new state, so it reads the plain object, not a proxy.
 */
const basePlugin = {
  name: 'imperios-base',
  fnWrap:
    (fn: (context: FnContext<ImperiosState>, ...args: unknown[]) => unknown, type: string) =>
    (context: FnContext<ImperiosState>, ...args: unknown[]) =>
      type === 'MOVE' || type === 'TURN_ON_MOVE' || type === 'TURN_ON_BEGIN'
        ? fn({ ...context, [BASE]: context.G } as FnContext<ImperiosState>, ...args)
        : fn(context, ...args),
};

const vouches = new Vouches<ImperiosState, true>();

/**
 * The server's check of a move before boardgame.io's reducer runs it (server/games/imperios.ts, issue 21 item 4):
 * whether `move(...args)` by `playerID` is legal on `G` now; when it is, the move that the reducer runs next on this
 * same `G` applies it unchecked (../../platform/vouch.ts).
 */
export function vouchAct(G: ImperiosState, playerID: PlayerID, move: string, args: unknown): boolean {
  const seat = seatOf(G, playerID);
  const ok =
    move === ACT && seat !== null && Array.isArray(args) && args.length === 1 && actionError(G, seat, args[0]) === null;
  vouches.keep(G, playerID, move, args, ok ? true : null);
  return ok;
}

/** The one move: a core action for the seat `playerID`. */
function act(context: MoveContext, ...args: unknown[]): ImperiosState | typeof INVALID_MOVE | undefined {
  // boardgame.io prints a refused move's args; args without a usable toString would throw there, so they are
  // refused through the guard plugin instead (nothing changes, the action is declared invalid).
  if (!printable(args)) {
    if (!context[GUARD]) return INVALID_MOVE;
    context[GUARD].refuse();
    return undefined;
  }
  const G = context[BASE] ?? context.G;
  const seat = seatOf(G, context.playerID);
  if (seat === null || args.length !== 1) return INVALID_MOVE;
  try {
    // The server checked this very move on this very state already (vouchAct): no second check.
    const checked = context[BASE] !== undefined && vouches.take(context[BASE], String(seat), ACT, args) !== null;
    // IM14.1: the draws this move makes come from a generator nobody has seen.
    const fresh = { ...G, rng: freshRng(context.random) };
    const next = checked ? applyChecked(fresh, seat, args[0] as Action) : applyAction(fresh, seat, args[0]);
    return isRefusal(next) ? INVALID_MOVE : next;
  } catch {
    // applyAction refuses bad input without throwing; a throw is a core bug, and the move is then refused whole.
    return INVALID_MOVE;
  }
}

/** turn.onBegin / turn.onMove: ctx.activePlayers from G. */
function syncStages(context: FnContext<ImperiosState>): void {
  const G = (context as { [BASE]?: ImperiosState })[BASE] ?? context.G;
  const want = expectedActivePlayers(G);
  if (sameActive(context.ctx.activePlayers, want)) return;
  context.events.setActivePlayers(want ? { value: want } : []);
}

/** The index in playOrder of the turn owner (turn.order.first and next). */
function ownerPos({ G, ctx }: FnContext<ImperiosState>): number {
  const owner = turnOwner(G);
  return owner !== null ? owner : Math.max(0, ctx.playOrderPos);
}

const PHASES = ['setup', 'pool', 'red', 'yellow', 'blue', 'black', 'reserve'] as const;

export interface ImperiosGameOptions {
  /** A fixed seed for boardgame.io's random plugin (tests, replays); without it, 128 crypto-random bits. */
  seed?: string;
  /** The mode when a match has no setupData (a local client, hot-seat, cannot pass one); default Normal. */
  mode?: ModeId;
}

export function makeImperiosGame(opts: ImperiosGameOptions = {}): Game<ImperiosState> {
  // Null prototype: boardgame.io looks moves up with `name in moves`; 'toString' & co. must not be moves.
  const moves: Record<string, unknown> = Object.create(null);
  moves[ACT] = { move: act, client: false };

  const phases: NonNullable<Game<ImperiosState>['phases']> = {};
  for (const name of PHASES) {
    phases[name] = {
      start: name === 'setup',
      endIf: ({ G }) => G.phase !== name,
      // Read after onEnd, when ctx.phase is already null (docs/bgio-notes.md a): G only.
      next: ({ G }) => ((PHASES as readonly string[]).includes(G.phase) ? G.phase : undefined),
    };
  }

  return {
    name: IMPERIOS_NAME,
    minPlayers: IMPERIOS_MIN_PLAYERS,
    maxPlayers: IMPERIOS_MAX_PLAYERS,
    disableUndo: true,
    events: {
      endGame: false,
      endPhase: false,
      endTurn: false,
      setPhase: false,
      endStage: false,
      setStage: false,
      pass: false,
      setActivePlayers: false,
    },
    plugins: [
      basePlugin,
      cryptoRandomPlugin(opts.seed),
      // Any action (a raw GAME_EVENT too) that leaves ctx out of line with G is refused.
      guardPlugin<ImperiosState>(GUARD, flowMismatch),
    ],
    setup: ({ ctx, random }, setupData?: ImperiosSetupData) => {
      const mode = setupData === undefined ? (opts.mode ?? 'normal') : modeFromSetupData(setupData);
      // validateSetupData refuses bad data before a server creates a match; a local client falls back to Normal.
      const seed = `${freshRng(random).toString(16)}-${freshRng(random).toString(16)}`;
      return createGame({ players: ctx.numPlayers, mode: typeof mode === 'string' ? mode : 'normal', seed });
    },
    validateSetupData: (setupData: ImperiosSetupData | undefined, numPlayers: number) => {
      const mode = modeFromSetupData(setupData);
      if (typeof mode !== 'string') return mode.error;
      return setupError({ players: numPlayers, mode, seed: 0 }) ?? undefined;
    },
    moves: moves as Game<ImperiosState>['moves'],
    phases,
    turn: {
      order: { first: ownerPos, next: ownerPos },
      endIf: ({ G, ctx }) => {
        const owner = turnOwner(G);
        return owner !== null && String(owner) !== ctx.currentPlayer ? { next: String(owner) } : false;
      },
      onBegin: syncStages,
      onMove: syncStages,
      stages: {
        metropolis: {},
        pool: {},
        turn: {},
        block: {},
        takeBack: {},
        defend: {},
        assaultPay: {},
        good: {},
        reserve: {},
        muster: {},
      },
    },
    endIf: ({ G }) => gameoverOf(G),
    // Only for boardgame.io's own transports (a local client); the platform cuts views itself.
    playerView: ({ G }) => publicView(G) as unknown as ImperiosState,
    ai: {
      enumerate: (G: ImperiosState, ctx: Ctx, playerID: PlayerID) => {
        const seat = seatOf(G, playerID);
        if (seat === null || ctx.gameover !== undefined) return [];
        return legalActions(G, seat).map((action: Action) => ({ move: ACT, args: [action] }));
      },
    },
  };
}

/** The Game every client and the server play. */
export const ImperiosGame: Game<ImperiosState> = makeImperiosGame();

/** What any audience may see of G (IM14.1): everything but the random generator. */
export function imperiosView(G: ImperiosState): PublicState {
  return publicView(G);
}
