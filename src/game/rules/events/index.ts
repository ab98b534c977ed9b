/**
 * The game log's vocabulary: every event kind the core logs, with its payload (issue 21 item 2). The maps are split
 * by area (set-up, a round's phases, missions, combat, the solo rival, the table); `LogEvents` joins them, and the
 * event union, `LogKind` and `log()`'s signature (../log.ts) derive from it, so an event logged with a wrong or
 * missing field, or a kind nobody declared, fails to compile.
 *
 * This is typing only: an event at runtime is `{ e, round, ...payload }` plus `to` when private, exactly as stored
 * games, records and replays hold it. A field of a payload must not be named `e`, `round` or `to` (the head of every
 * event: `to` is the audience, R8.1; a planet a unit goes to is `dest`): `ReservedFieldsUnused` below checks it.
 */
import type { Faction } from '../../content';
import type { CombatEvents } from './combat';
import type { MissionEvents } from './missions';
import type { RoundEvents } from './rounds';
import type { SetupEvents } from './setup';
import type { SoloEvents } from './solo';
import type { TableEvents } from './table';

export type { NoFields } from './base';
export type { Die, LostUnit } from './combat';
export type { LeaderIcons, Token } from './missions';

/** Every event kind with its payload. */
export interface LogEvents extends SetupEvents, RoundEvents, MissionEvents, CombatEvents, SoloEvents, TableEvents {}

export type LogKind = keyof LogEvents;

/** Who may see a log event: everyone (no `to`), one seat, or both players but not spectators (R8). */
export type Audience = Faction | 'players';

/** What every event carries besides its payload. (A type, not an interface: events are then plain records.) */
export type EventHead<K extends LogKind> = {
  e: K;
  round: number;
  /** Private event: only this seat (or only the two players) may see it; the view strips it for everyone else. */
  to?: Audience;
};

/**
 * Issue 10 (src/game/playedBy.ts): every event a decision of the server bot caused is tagged `byBot: true` after
 * the core logged it. Games stored before session 9 were tagged `by: 'bot'` instead, which overwrote the combat
 * events' own `by` (the rolling faction); those kinds are typed with their own `by` only.
 */
type BotTag<K extends LogKind> = { byBot?: true } & ('by' extends keyof LogEvents[K] ? unknown : { by?: 'bot' });

/** One event of kind `K` (of one of the kinds `K`: the union of each), as the log holds it. */
export type LogEventOf<K extends LogKind> = K extends LogKind ? EventHead<K> & BotTag<K> & LogEvents[K] : never;

/** A game-log event: a union discriminated by `e`. */
export type LogEvent = LogEventOf<LogKind>;

/** Compile-time check: no payload uses a head field's name (a payload `to` would hide its event from both seats). */
type ReservedFieldsUsed = { [K in LogKind]: Extract<keyof LogEvents[K], 'e' | 'round' | 'to'> }[LogKind];
type MustBeTrue<T extends true> = T;
export type ReservedFieldsUnused = MustBeTrue<[ReservedFieldsUsed] extends [never] ? true : false>;

/**
 * Every kind, at runtime (the sentence test renders each). The object form makes the compiler check the list:
 * a kind missing here, or one that is not a kind, fails to compile.
 */
const KIND_SET: Record<LogKind, true> = {
  setup: true, soloStarted: true, imperialSetup: true, baseChosen: true, baseHidden: true,
  roundStarted: true, missionDrawn: true, missionDrawnCard: true, missionDeckReshuffled: true, missionDeckEmpty: true,
  missionPlanned: true, missionPlannedCard: true, planningDone: true, passed: true, fleetMoved: true,
  objectiveWindowOpened: true, objectiveWindowClosed: true, objectiveRevealed: true, objectiveScored: true,
  objectiveDrawn: true, objectiveDrawnCard: true, objectiveDeckEmpty: true, leadersRetrieved: true,
  missionDiscarded: true, probeDrawn: true, probeDrawnCard: true, probeDeckEmpty: true, timeAdvanced: true,
  built: true, arrivals: true, arrivalsReturned: true, deployed: true, baseMoved: true,
  missionRevealed: true, opposed: true, notOpposed: true, missionAttempt: true, missionSucceeded: true,
  tokenPlaced: true, tokensRemoved: true, unitsPlaced: true, leaderCaptured: true, leaderRescued: true,
  baseRevealed: true, patrolNamed: true, probeTaken: true, probeAlreadyHeld: true, probeNotMoved: true,
  planetDestroyed: true, relocationStarted: true, probesSeen: true, relocated: true, relocatedTo: true,
  slipstreamed: true, queueSabotaged: true, interceptNothing: true, interceptSeen: true, missionIntercepted: true,
  missionInterceptedCard: true, councilDrew: true, councilCards: true, councilKept: true, councilKeptCard: true,
  baseSectorAnnounced: true, objectiveBuried: true, objectiveBuriedCard: true, propagandaNothing: true,
  combatStarted: true, strikeStarted: true, diceRolled: true, hit: true, unitDestroyed: true, combatEnded: true,
  strikeEnded: true, secretPlansShown: true, secretPlansPromptClosed: true,
  botDeckReady: true, botTurnedOver: true, botSkippedUnder: true, botDeckReshuffled: true, botDefaultAction: true,
  botPassed: true, botTopDiscarded: true, botDeckEmpty: true, botInterceptNothing: true,
  tookBack: true, seatToBot: true, seatTakenBack: true, gameOver: true,
};
export const LOG_KINDS = Object.keys(KIND_SET) as LogKind[];
