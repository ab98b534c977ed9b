/**
 * The boardgame.io Game: a thin adapter over the pure rules core (src/game/rules).
 *
 * One source of truth (ENGINE-NOTES): `G` is the core's GameState, and everything boardgame.io keeps in `ctx`
 * is derived from it after every move and hook:
 * - phase:    ctx.phase follows G.phase. Each phase ends when G.phase moves on (`endIf`), `next` is G.phase, and
 *             `onBegin` calls the core's advance() to run the work queued behind the phase boundary.
 *             The Objective phase asks nothing: it resolves in onBegin and ends at once.
 * - turn:     the turn belongs to G.turn in Operations and to the seat of G.pending elsewhere (turnOwner).
 *             `turn.order.first/next` read it, and `turn.endIf` ends the turn with `{ next: owner }` as soon as
 *             the owner changes.
 * - stage:    when the pending seat is not the turn owner (opposition, hit assignment, Secret Plans, card
 *             choices, objective windows), that seat alone is put in stage `respond` (turn.onBegin/onMove call
 *             setActivePlayers); it is cleared when the decision returns to the owner.
 * - gameover: the game's endIf reads G.winner.
 * So exactly the seat of G.pending may move (checked by `flowMismatch`, used by the guard plugin and tests).
 *
 * Security (docs/bgio-notes.md, STACK.md):
 * - a plugin named 'random' replaces the stock time-derived seed by a crypto-random one (hole 3);
 * - moves that carry a secret are `redact: true`, so their args never reach the opponent's log;
 * - `client: false` on every move: a client only holds its playerView (secrets are 'HIDDEN'), on which the
 *   core cannot run faithfully, so clients wait for the master instead of guessing optimistically;
 * - `disableUndo`: boardgame.io makes every move undoable by default, which would let a player take back a
 *   move after seeing what it revealed (opposition, dice, drawn cards). Take-backs are the core's own `undo`
 *   move instead (src/game/rules/undo.ts), validated by apply() like any other and kept out of `ai.enumerate`;
 * - the 'mint-guard' plugin refuses any action (notably a raw GAME_EVENT such as endGame, setActivePlayers
 *   or pass{remove}, which the master accepts from any active player whatever `events` says) that would leave
 *   ctx out of line with G, and lets moves refuse arguments that boardgame.io cannot print (see makeMove);
 * - moves live on a null-prototype object, so 'toString' & co. are not moves;
 * - `acceptClientAction` is the filter the server should apply to socket actions (what the Game cannot stop).
 */
import type { Ctx, FnContext, Game, PlayerID } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import {
  DEFAULT_CONFIG, DIFFICULTIES, soloLevelProblem, type Faction, type GameConfig, type SoloLevel, type SoloSetup,
} from './content';
import {
  ACTION_TYPES, SECRET_ACTIONS, advance, applyFound, applyLegal, createState, decisionActions, findLegal,
  type ActionType, type GameState, type Phase, type Rng,
} from './rules';
import { viewFor } from './rules/view';
// Not through './rules' (its index): that re-export alone made the bundler split the first load into more chunks.
import { copyForMove, shareUnchanged } from './rules/moveCopy';
import { cryptoRandomPlugin, guardPlugin, printable, type GuardApi } from '../platform/bgio-plugins';
import { actionOf, moveOf, playerOf, SEATS, seatOf, type SeatID } from '../protocol';
import { takeVouched } from './vouch';

// Player "0" is the Rebel, player "1" the Imperial (src/protocol/seats.ts); many callers import them from here.
export { playerOf, seatOf };
export type PlayerSeat = SeatID;

/** The core's Rng backed by boardgame.io's random plugin: Die(n) - 1 is Alea like the core's seededRng. */
export function rngFrom(random: { Die(spotvalue?: number): number }): Rng {
  return { int: (n: number) => random.Die(n) - 1 };
}

/**
 * The seat whose view `playerID` gets: its faction, or null (spectator) for no seat — and, in solo, for the bot's
 * seat, which nobody plays: whoever joins it must not see the rival deck, base or objectives (R8.4).
 */
export function viewerOf(G: GameState, playerID: PlayerID | null | undefined): Faction | null {
  const seat = seatOf(playerID);
  return G.solo && seat === G.solo.bot ? null : seat;
}

/** The human's faction in a solo game (null in the 2-player game). */
export function humanOf(G: GameState): Faction | null {
  return G.solo ? (G.solo.bot === 'R' ? 'I' : 'R') : null;
}

/**
 * setupData of a solo match (RULES §9): `{ mode: 'solo', bot: 'R' | 'I', difficulty }`, and `level` (R9.11's knobs)
 * only when a saved game resumes with the knobs it kept; a new game takes today's table.
 */
export interface SoloSetupData { mode: 'solo'; bot: Faction; difficulty: SoloSetup['difficulty']; level?: SoloLevel }

/** The solo setup named by `setupData`, undefined for none (2-player, or the Game's default), or an error. */
export function soloFromSetupData(setupData: unknown): SoloSetup | undefined | { error: string } {
  if (setupData === undefined || setupData === null) return undefined;
  if (typeof setupData !== 'object' || Array.isArray(setupData)) return { error: 'setupData must be an object' };
  const d = setupData as Record<string, unknown>;
  if (d.mode === 'duel' && Object.keys(d).length === 1) return undefined;
  if (d.mode !== 'solo') return { error: 'setupData.mode must be "solo" or "duel"' };
  if (d.bot !== 'R' && d.bot !== 'I') return { error: 'setupData.bot must be "R" or "I"' };
  if (!(DIFFICULTIES as unknown[]).includes(d.difficulty)) return { error: 'setupData.difficulty must be easy, normal or hard' };
  if (Object.keys(d).length !== (d.level === undefined ? 3 : 4)) return { error: 'setupData has unknown fields' };
  const le = d.level === undefined ? null : soloLevelProblem(d.level, 'setupData.level');
  if (le) return { error: le };
  return { bot: d.bot, difficulty: d.difficulty as SoloSetup['difficulty'], ...(d.level ? { level: { ...(d.level as SoloLevel) } } : {}) };
}

const PHASES: Exclude<Phase, 'gameover'>[] = ['setup', 'planning', 'operations', 'objective', 'refresh'];

/**
 * The seat whose turn it is: G.turn in Operations, else the seat of the pending decision; null when over.
 * In solo always the human: the rival's steps run inside the core between the human's moves (RULES §9).
 */
export function turnOwner(G: GameState): Faction | null {
  if (G.winner) return null;
  if (G.solo) return humanOf(G);
  if (G.phase === 'operations') return G.turn;
  return G.pending ? G.pending.seat : null;
}

/** ctx.activePlayers as derived from G for a turn held by `currentPlayer`: the pending seat in `respond`. */
export function expectedActivePlayers(G: GameState, currentPlayer: PlayerID): Record<string, string> | null {
  if (G.winner || !G.pending) return null;
  const p = playerOf(G.pending.seat);
  return p === currentPlayer ? null : { [p]: 'respond' };
}

/** The game's end, as boardgame.io's `ctx.gameover`. */
export function gameoverOf(G: GameState): { winner: PlayerSeat; reason: string } | undefined {
  return G.winner ? { winner: playerOf(G.winner.faction), reason: G.winner.reason } : undefined;
}

function sameActive(a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined):
boolean {
  const ka = a ? Object.keys(a) : [];
  const kb = b ? Object.keys(b) : [];
  return ka.length === kb.length && ka.every((k) => b !== null && b !== undefined && b[k] === a![k]);
}

/**
 * Why ctx is not what G says it should be, or null when they agree. After every accepted action: the phase is
 * G.phase, the turn is the owner's, and exactly the pending seat may move (in `respond` if it is not the owner).
 */
export function flowMismatch(G: GameState, ctx: Ctx): string | null {
  const over = gameoverOf(G);
  if (over) {
    const go = ctx.gameover as { winner?: unknown; reason?: unknown } | undefined;
    if (!go || go.winner !== over.winner || go.reason !== over.reason) return 'gameover differs from G.winner';
    return null;
  }
  if (ctx.gameover !== undefined) return 'gameover without G.winner';
  if (ctx.phase !== G.phase) return `phase ${String(ctx.phase)} but G.phase ${G.phase}`;
  if (ctx.playOrder.length !== 2 || ctx.playOrder.some((id, i) => id !== SEATS[i])) return 'play order changed';
  const owner = turnOwner(G);
  if (owner && ctx.currentPlayer !== playerOf(owner)) {
    return `turn of ${ctx.currentPlayer} but G gives it to ${playerOf(owner)}`;
  }
  if (!sameActive(ctx.activePlayers, expectedActivePlayers(G, ctx.currentPlayer))) {
    return `activePlayers ${JSON.stringify(ctx.activePlayers)} not derived from G.pending`;
  }
  return null;
}

/** The guard plugin's name and API (a move uses it to refuse without INVALID_MOVE, see makeMove). */
const GUARD = 'mint-guard';
/** The key under which a move finds the state before it (see basePlugin). */
const BASE = Symbol('mint-base');

/**
 * boardgame.io wraps a move in its plugins' fnWrap, the core plugins (immer first) innermost, so a game plugin sees
 * `G` before immer turns it into a draft: that plain object is the state before the move, and boardgame.io never
 * changes it (it is the previous state). It is passed on in the context, which immer's wrapper spreads into the
 * context the move receives. Moves and the turn hooks (syncStage) get it: reading the plain state instead of the draft
 * spares immer a proxy for every object read (a large part of a move's cost on the server).
 */
const basePlugin = {
  name: 'mint-base',
  fnWrap: (fn: (context: FnContext<GameState>, ...args: unknown[]) => unknown, type: string) => (type === 'MOVE' || type === 'TURN_ON_MOVE'
    || type === 'TURN_ON_BEGIN'
    ? (context: FnContext<GameState>, ...args: unknown[]) => fn({ ...context, [BASE]: context.G } as FnContext<GameState>, ...args)
    : fn),
};

type MoveContext = {
  G: GameState;
  playerID: PlayerID;
  random: { Die(spotvalue?: number): number };
  [GUARD]?: GuardApi;
  [BASE]?: GameState;
};


/** The same fields in a new object (shallow), built in one go, so it has V8's fast properties. */
function fastCopy(G: GameState): GameState {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(G)) out[k] = (G as unknown as Record<string, unknown>)[k];
  return out as unknown as GameState;
}

function makeMove(type: ActionType, takeBacks: boolean) {
  return {
    move: (context: MoveContext, ...args: unknown[]) => {
      try {
        // On INVALID_MOVE the reducer logs `invalid move: ${type} args: ${args}`, which throws for args without
        // a usable toString (Object.create(null), or JSON such as {"toString": 1}) — on a server, an unhandled
        // rejection that stops the process. Such calls are refused through the guard plugin instead: the move
        // changes nothing and the guard declares the action invalid, so the state is restored all the same.
        if (!printable(args)) {
          if (!context[GUARD]) return INVALID_MOVE;
          context[GUARD].refuse();
          return undefined;
        }
        const { G, playerID, random } = context;
        const seat = seatOf(playerID);
        if (!seat) return INVALID_MOVE;
        // The state before the move as a plain object (the base plugin below); boardgame.io never changes it.
        const base = context[BASE];
        // The server checked this very move on this very state already (./vouch.ts, issue 21 item 4): its legal
        // action, without searching the legal actions a second time. Otherwise the move's envelope
        // (src/protocol/moves.ts: one action; who played it is the server's note, src/game/playedBy.ts, never an
        // argument) checked against legalActions (seat, pending decision, exact shape); findLegal never throws.
        let legal = base ? takeVouched(base, seat, type, args) : null;
        if (!legal) {
          const decoded = actionOf(type, args);
          if ('error' in decoded) return INVALID_MOVE;
          legal = findLegal(base ?? G, seat, decoded.action);
          if (!legal) return INVALID_MOVE;
        }
        // The decision runs on a copy of the plain state, returned as the new G, not through immer's draft `G`:
        // immer copied every array and object on a written path (the whole log array at each new line) and froze
        // them, about half of a move's time in boardgame.io (docs/SERVER.md "Session 15", issue 21 item 8). Any
        // throw below is a core bug, and the copy is then dropped with the move.
        const next = base ? copyForMove(base) : G;
        if (!takeBacks) applyLegal(next, legal, rngFrom(random));
        // Take-backs: the snapshot of this decision shares `base`'s objects instead of copying them (rules/undo.ts).
        else if (!applyFound(next, seat, legal, rngFrom(random), base)) return INVALID_MOVE;
        if (base) shareUnchanged(base, next);
        // A fresh top-level object: the rules delete top-level keys (the take-back stack), which leaves an object in
        // V8's slow dictionary mode, and every later read of the state (views, JSON, the next copy) would pay for
        // it. Frozen at the top only: immer then takes the returned state as it is, where it would walk and freeze
        // every object of it (a state is never changed once made: the next move copies it, views build new ones).
        return base ? Object.freeze(fastCopy(next)) : undefined;
      } catch {
        return INVALID_MOVE;
      }
    },
    redact: SECRET_ACTIONS.includes(type),
    client: false,
  };
}

/** turn.onBegin / turn.onMove: put the pending seat in `respond` when it is not the turn owner, else no stage. */
function syncStage(context: FnContext<GameState>): void {
  const { ctx, events } = context;
  // Read only: the plain state (see basePlugin), not immer's draft of it.
  const G = (context as { [BASE]?: GameState })[BASE] ?? context.G;
  const want = expectedActivePlayers(G, ctx.currentPlayer);
  if (sameActive(ctx.activePlayers, want)) return;
  events.setActivePlayers(want ? { value: want } : []);
}

/** Index in playOrder of the turn owner (both first and next; playOrder stays ['0', '1']). */
function ownerPos({ G, ctx }: FnContext<GameState>): number {
  const owner = turnOwner(G);
  const pos = owner ? ctx.playOrder.indexOf(playerOf(owner)) : -1;
  return pos >= 0 ? pos : Math.max(0, ctx.playOrderPos);
}

/** The move names (one per core action type). */
export const MOVE_NAMES: readonly ActionType[] = ACTION_TYPES;

/**
 * For the server, before an action from a socket reaches boardgame.io's master: true only for a MAKE_MOVE of
 * one of our moves, made as `playerID` (the seat the socket authenticated, when given: STACK.md hole 2), with
 * args boardgame.io can print. The master passes any GAME_EVENT from an active player to the flow whatever
 * `events` says, and an event named like an Object.prototype method ('toString', 'hasOwnProperty', 'valueOf')
 * throws inside the reducer, as does a move whose `type` is not a string; this game never needs a client event,
 * undo, redo or plugin action.
 */
export function acceptClientAction(action: unknown, playerID?: PlayerID): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const { type, payload } = action as { type?: unknown; payload?: unknown };
  if (type !== 'MAKE_MOVE' || typeof payload !== 'object' || payload === null) return false;
  const p = payload as { type?: unknown; args?: unknown; playerID?: unknown };
  return typeof p.type === 'string' && (MOVE_NAMES as readonly string[]).includes(p.type)
    && (p.args === undefined || (Array.isArray(p.args) && printable(p.args)))
    && typeof p.playerID === 'string' && (playerID === undefined || p.playerID === playerID);
}

export interface MintImperiumOptions {
  /** Fixed seed (tests, replays). Without it every match gets a fresh crypto-random seed. */
  seed?: string;
  config?: GameConfig;
  /** RULES §9 — the default solo setup when the match has no setupData (local clients cannot pass one). */
  solo?: SoloSetup;
  /**
   * Issue 9 — keep the take-back stack (default). A search that plays the Game's moves in its playouts (src/ai/mcts.ts)
   * turns it off: moves then step with applyLegal, which keeps no snapshot, so `undo` is never legal there.
   */
  takeBacks?: boolean;
}

export function makeMintImperium(opts: MintImperiumOptions = {}): Game<GameState> {
  const config = opts.config ?? DEFAULT_CONFIG;

  // Null prototype: boardgame.io looks moves up with `name in moves`, so on a plain object a raw action named
  // 'toString', 'constructor' or 'hasOwnProperty' would run Object.prototype methods as moves (and throw).
  const moves: Record<string, ReturnType<typeof makeMove>> = Object.create(null);
  for (const type of ACTION_TYPES) moves[type] = makeMove(type, opts.takeBacks ?? true);

  const phases: NonNullable<Game<GameState>['phases']> = {};
  for (const name of PHASES) {
    phases[name] = {
      start: name === 'setup',
      onBegin: ({ G, random }) => {
        advance(G, rngFrom(random));
      },
      endIf: ({ G }) => G.phase !== name,
      // Evaluated after onEnd, when ctx.phase is already null (bgio-notes a): read G only.
      next: ({ G }) => ((PHASES as string[]).includes(G.phase) ? G.phase : undefined),
    };
  }

  const game: Game<GameState> = {
    name: 'mint-imperium',
    minPlayers: 2,
    maxPlayers: 2,
    disableUndo: true,
    // No event dispatchers on clients; the guard below also refuses raw GAME_EVENT actions that break the flow.
    events: {
      endGame: false, endPhase: false, endTurn: false, setPhase: false, endStage: false, setStage: false,
      pass: false, setActivePlayers: false,
    },
    plugins: [
      basePlugin,
      // 128 crypto-random bits instead of the stock seed (docs/bgio-notes.md c; src/platform/bgio-plugins.ts).
      cryptoRandomPlugin(opts.seed),
      guardPlugin<GameState>(GUARD, flowMismatch),
    ],
    // RULES §9 — the same Game plays solo when setupData (or opts.solo) says so: one human seat; the bot's seat is
    // never asked anything, its view is the spectator's.
    setup: ({ random }, setupData?: unknown) => {
      const fromData = soloFromSetupData(setupData);
      const solo = fromData && 'error' in fromData ? null : fromData ?? opts.solo ?? null;
      return createState(rngFrom(random), config, solo);
    },
    validateSetupData: (setupData: unknown) => {
      const r = soloFromSetupData(setupData);
      return r && 'error' in r ? r.error : undefined;
    },
    moves: moves as unknown as Game<GameState>['moves'],
    phases,
    turn: {
      order: { first: ownerPos, next: ownerPos },
      endIf: ({ G, ctx }) => {
        const owner = turnOwner(G);
        return owner && playerOf(owner) !== ctx.currentPlayer ? { next: playerOf(owner) } : false;
      },
      onBegin: syncStage,
      onMove: syncStage,
      stages: { respond: {} },
    },
    endIf: ({ G }) => gameoverOf(G),
    playerView: ({ G, playerID }) => viewFor(G, viewerOf(G, playerID)),
    ai: {
      enumerate: (G: GameState, ctx: Ctx, playerID: PlayerID) => {
        const seat = viewerOf(G, playerID);
        if (!seat || ctx.gameover !== undefined) return [];
        // Never `undo`: a bot searching take-backs would only loop (src/game/rules/undo.ts).
        return decisionActions(G, seat).map(moveOf);
      },
    },
  };
  return game;
}

export const MintImperium: Game<GameState> = makeMintImperium();
