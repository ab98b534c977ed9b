/**
 * One finished match as the statistics count it (issue 22 item 3): its rules config, result, length, mission cards
 * and who sat where, read from the stored state (G with its game log) and metadata. Stored as a row of
 * `mint_match_summary` (server/storage/match-summaries.ts) so that the figures never re-read whole games; the match
 * stays the source, and bumping SUMMARY_VERSION makes every row be recomputed from it.
 *
 * Left out, and why (docs/SERVER.md "Statistics"):
 * - `solo`: a match against the rival deck (RULES §9) is another game; its wins say nothing about the two-player
 *   balance, so it is not counted (the figures say how many there were).
 * - `betweenBots`: no seat held by a person (server bots on both; the lobby cannot create one, but stored data can).
 *   A seat handed to the bot mid-game stays its owner's, as in the game record.
 * - `earlyForfeit`: ended by a player leaving or running out of time (`forfeit`, `time`) before round 2: no game
 *   was played, and counting it would make the win share measure who walks away from a bad deal.
 * - `noResult`: metadata says over but the state has no winner (a crash between the two writes, docs/STORAGE.md).
 */
import { createHash } from 'node:crypto';
import type { Server, State } from 'boardgame.io';
import { DEFAULT_CONFIG, type Faction, type GameConfig } from '../../src/game/content';
import type { GameState, WinReason } from '../../src/game/rules';
import { missionOutcomes, type CardStats } from '../../src/sim/figures';
import { seatOf } from '../../src/protocol';
import { SEATS, seatMetadata } from '../seats/credentials';
import { isRivalSeat } from '../match/match-data';
import { mintBotKindOf, type BotKind } from '../games/mint-bots';

/** Bump when the summary's fields or their meaning change: stored rows of another version are recomputed. */
export const SUMMARY_VERSION = 1;

export type LeftOutReason = 'solo' | 'betweenBots' | 'earlyForfeit' | 'noResult';

export interface CountedFigures {
  config: GameConfig;
  winner: Faction;
  reason: WinReason;
  /** The round the game ended in. */
  rounds: number;
  /** Two people, or a person against a server bot (its kind and side). */
  table: 'humans' | 'bot';
  bot?: { kind: BotKind; seat: Faction };
  /** Per mission card: reveals and successes (src/sim/figures.ts `missionOutcomes`). */
  cards: Record<string, CardStats>;
}

export type MatchSummary = (CountedFigures & { leftOut?: Exclude<LeftOutReason, 'noResult'> }) | { leftOut: 'noResult' };

/** JSON with object keys sorted at every level: equal configs give equal text whatever their key order. */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(x);
}

/** A rules config's key: 12 hex digits of the SHA-256 of its canonical JSON. */
export function configKey(config: GameConfig): string {
  return createHash('sha256').update(canonical(config)).digest('hex').slice(0, 12);
}

export const DEFAULT_CONFIG_KEY = configKey(DEFAULT_CONFIG);

const botSeat = (p: Server.PlayerMetadata | undefined): BotKind | null =>
  (p?.data as { handedOver?: unknown } | undefined)?.handedOver === true ? null : mintBotKindOf(p);

/** The summary of a finished match from its stored state (with G.log) and metadata. */
export function summarizeMatch(state: State<GameState>, metadata: Server.MatchData): MatchSummary {
  const G = state.G;
  if (!G?.winner) return { leftOut: 'noResult' };
  const bots = SEATS.map((id) => ({ seat: seatOf(id), kind: botSeat(seatMetadata(metadata, id)) }))
    .filter((b): b is { seat: Faction; kind: BotKind } => b.kind !== null);
  const figures: CountedFigures = {
    config: G.config, winner: G.winner.faction, reason: G.winner.reason, rounds: G.round,
    table: bots.length === 0 ? 'humans' : 'bot',
    ...(bots.length === 1 ? { bot: bots[0] } : {}),
    cards: missionOutcomes(G.log ?? []),
  };
  const rival = SEATS.some((id) => isRivalSeat(seatMetadata(metadata, id)));
  if (G.solo || rival) return { ...figures, leftOut: 'solo' };
  if (bots.length === 2) return { ...figures, leftOut: 'betweenBots' };
  if ((G.winner.reason === 'forfeit' || G.winner.reason === 'time') && G.round < 2) return { ...figures, leftOut: 'earlyForfeit' };
  return figures;
}
