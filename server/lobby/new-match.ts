/** Creating a match: for `POST …/create` and for a rematch made by `POST …/playAgain`. */
import { createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import { playerOf } from '../../src/protocol';
import type { SoloSetup } from '../../src/game/content';
import { botKindIn } from '../match/hosted-game';
import { isPlayerID, newCredentials, newMatchID, type SeatID } from '../seats/credentials';
import { RIVAL_NAME } from '../match/hub';
import { fail } from '../http';
import { newClock, type ClockSettings } from '../table/clock';
import { seated, startAbsences, type TableMetadata } from '../table/state';
import type { BotSpec } from './checks';
import { isOver } from './matches';
import type { Lobby } from './context';

/** Bot searches are the costliest thing a client can ask for: a few unfinished bot matches per address. */
async function checkBotCap(lobby: Lobby, ip: string): Promise<void> {
  if (lobby.maxBotMatches <= 0) return;
  let open = 0;
  for (const id of await lobby.botMatches.list(ip)) {
    const { metadata } = await lobby.db.fetch(id, { metadata: true });
    if (!metadata || isOver(metadata)) await lobby.botMatches.remove(ip, id);
    else open++;
  }
  if (open >= lobby.maxBotMatches) fail(429, `at most ${lobby.maxBotMatches} unfinished bot matches per address`);
}

export interface NewMatch {
  /** Seats (the game's `players` range, checked by the lobby); default the game's least. */
  numPlayers?: number;
  unlisted: boolean;
  /** Server-bot seats (Mint and Hidden Noughts: one at most). */
  bots?: BotSpec[];
  /** The game's own setupData (../match/hosted-game.ts `setup`), already checked. Never with solo. */
  setupData?: unknown;
  solo?: SoloSetup;
  clock?: ClockSettings;
  /** Issue 22: hints allowed, this many per seat (absent: none). A rematch keeps its match's. */
  hints?: number;
  /** A rematch: each seat (playerID → name) held for its player of the last match. */
  reserved?: Record<string, string>;
  /** A rematch: the match it follows and the seat whose playAgain asked for it. */
  rematch?: { of: string; by: SeatID };
}

/**
 * A new match; its ID. A rematch (`rematch`) holds each seat of `reserved` for its player of the last match, with new
 * credentials only playAgain hands out; the seats of players other than `rematch.by` wait for their playAgain
 * (`unclaimed`, issue 19 item 2).
 */
export async function newMatch(lobby: Lobby, ip: string, spec: NewMatch): Promise<string> {
  const { hub, db, opts, hosted } = lobby;
  const { unlisted, bots = [], solo, clock, hints, reserved = {}, rematch } = spec;
  const numPlayers = spec.numPlayers ?? hosted.players.min;
  const bot = bots[0];
  // Mint's extras exist only for a game that has them (../match/hosted-game.ts `extras`).
  if (solo && !hosted.extras.solo) fail(400, `${lobby.gameName} has no solo mode`);
  // A bot seat only of the game's own kinds (../match/hosted-game.ts `bots`; a rematch's comes from its match).
  if (bot && !hosted.bots) fail(400, `${lobby.gameName} has no server bot`);
  for (const b of bots) {
    if (botKindIn(hosted.bots, b.kind) !== b.kind) fail(400, `${lobby.gameName} has no bot ${b.kind}`);
  }
  if (bots.length > 1 && hosted.players.max <= 2) fail(400, `${lobby.gameName} has one bot seat at most`);
  if (numPlayers < hosted.players.min || numPlayers > hosted.players.max) fail(400, 'cannot create this match');
  if (hints && !hosted.extras.hints) fail(400, `${lobby.gameName} has no hints`);
  if (clock && (bot || solo)) fail(400, 'a clock is for matches between players (not with bot or solo)');
  if (bot && solo) fail(400, 'solo cannot be combined with bot or botKind');
  if (bot) await checkBotCap(lobby, ip);
  // The only setupData ever stored is this one, built here from validated fields (clients cannot send any).
  const setupData = solo ? { mode: 'solo', bot: solo.bot, difficulty: solo.difficulty } : spec.setupData;
  const created = bgioCreateMatch({ game: hosted.game, numPlayers, setupData, unlisted });
  if ('setupDataError' in created) fail(400, 'cannot create this match');
  const { metadata, initialState } = created;
  if (solo) {
    // The rival's seat: a name (so it is never free), no credentials (so nobody syncs or moves as it), the marker.
    const id = Number(playerOf(solo.bot));
    metadata.players[id] = { id, name: RIVAL_NAME, data: { rival: true } };
  }
  for (const b of bots) {
    const id = Number(b.playerID);
    metadata.players[id] = {
      id, name: hosted.bots!.kinds[b.kind]!, credentials: newCredentials(), data: { bot: b.kind }, isConnected: true,
    };
  }
  // A rematch: each seat is held for its player of the last match, with new credentials only playAgain hands out.
  const t = metadata as TableMetadata;
  for (const [id, name] of Object.entries(reserved)) {
    metadata.players[Number(id)] = { id: Number(id), name, credentials: newCredentials() };
  }
  if (rematch) {
    t.rematchOf = rematch.of;
    const waiting = Object.keys(reserved).filter((id): id is SeatID => isPlayerID(id) && id !== rematch.by);
    if (waiting.length > 0) {
      t.unclaimed = waiting;
      t.unclaimedSince = hub.now();
    }
  }
  // Issue 19 item 2: no clock and no absence before both players hold their seats. A rematch with a bot or the
  // rival deck is seated at once (its player asked for it); one waiting for the other player starts on its
  // playAgain (claimRematchSeat in ./routes/play-again.ts), one with an open seat on the join.
  if (seated(metadata)) startAbsences(metadata, hub.now());
  if (clock) t.clock = newClock(clock, numPlayers); // a bank per seat (issue 23: 4–7 seats too)
  // Issue 22: kept in the metadata (stored, read by every process, after restarts); the rules' state never sees it.
  if (hints !== undefined) t.hints = { limit: hints, used: { 0: 0, 1: 0 }, asked: [] };
  const matchID = newMatchID();
  await db.createMatch(matchID, { initialState, metadata });
  opts.onEvent?.({ event: 'created', matchID, ...(bot ? { bot: bot.kind } : {}), ...(solo ? { solo: true } : {}), ...(clock ? { clock: clock.kind } : {}) });
  if (bot) {
    await lobby.botMatches.add(ip, matchID);
    hub.changes.emit('activity', { matchID }); // the bot may open the game
  }
  return matchID;
}
