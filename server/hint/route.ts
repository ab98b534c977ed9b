/**
 * `POST /games/mint-imperium/:id/hint` (issue 22 item 1): a seated player asks for a hint at their own decision.
 * The hint itself is computed in the player's browser from their own view (src/ui/hint); the server only decides
 * whether it may be taken, counts it and tells the table. Granted only when all hold:
 * - the match was created with hints allowed (`metadata.hints`, set once by the lobby: ../lobby/new-match.ts);
 * - the caller holds the seat (its credentials; a spectator has none) and the seat is not played by the server bot;
 * - the game is running and the pending decision is that seat's;
 * - the seat has hints left (`limit`, per seat per match).
 * Then, in the match's queue: the seat's count goes up and the hint is appended to `hints.asked` (who, round, after
 * how many public log events, at which state), written to the metadata and announced to every socket of the match
 * in 'mint:table', so both players' logs say "the Imperial asked for a hint". Nothing of the game state changes:
 * no move, no `_stateID`, no record or fingerprint change, and a take-back leaves the count as it is. Refused calls
 * answer `{ error }` (403 bad credentials, 404 no match, 409 not allowed now) and change nothing.
 */
import type { Middleware } from 'koa';
import type { State } from 'boardgame.io';
import type { GameState } from '../../src/game/rules';
import { playerOfMaybe, type HintGranted } from '../../src/protocol';
import { credentialsMatch, isSeatID, seatMetadata } from '../seats/credentials';
import { fail, onlyKeys, readJsonObject, type RateLimit } from '../http';
import { matchPostStart } from '../http/match-post';
import type { Limiter } from '../cluster/shared-limits';
import type { MatchHub } from '../match/hub';
import type { TableMetadata } from '../table/state';

/** Hint calls per address (a player asks a few times per game). */
export const DEFAULT_HINT_RATE: RateLimit = { max: 20, windowMs: 10_000 };

export function hintRoute(opts: { hub: MatchHub; bodyLimitBytes: number; limiter: Limiter | null }): Middleware {
  const { hub, limiter } = opts;
  const gameName = hub.game.name as string;
  return async (ctx, next) => {
    const matchID = await matchPostStart(ctx, 'hint', gameName, limiter, 'hint');
    if (matchID === null) return next();
    const body = await readJsonObject(ctx, opts.bodyLimitBytes);
    onlyKeys(body, ['playerID', 'credentials']);
    const { playerID, credentials } = body;
    if (!isSeatID(playerID)) fail(400, 'playerID must be "0" or "1"');
    // As the table route: credentials that cannot be the seat's are refused before the queue or any state read.
    const pre = await hub.seatKeys.check(matchID, playerID, credentials);
    if (pre === 'match not found') fail(404, 'match not found');
    if (pre !== 'maybe') fail(403, 'invalid credentials');
    let left = 0;
    await hub.enqueue(matchID, async () => {
      hub.forget(matchID);
      const { state, metadata } = await hub.db.fetch(matchID, { state: true, metadata: true });
      if (!state || !metadata || metadata.gameName !== gameName) fail(404, 'match not found'); // another game's match: not here
      if (!credentialsMatch(metadata, playerID, credentials)) fail(403, 'invalid credentials');
      const t = metadata as TableMetadata;
      if (!t.hints) fail(409, 'this match was created without hints');
      const s = state as State<GameState>;
      if (s.ctx.gameover !== undefined || s.G.winner) fail(409, 'the game is over');
      if ((seatMetadata(metadata, playerID)?.data as { bot?: unknown } | undefined)?.bot !== undefined) {
        fail(409, 'your seat is played by the bot');
      }
      if (playerOfMaybe(s.G.pending?.seat) !== playerID) fail(409, 'it is not your decision');
      const used = t.hints.used[playerID] ?? 0;
      if (used >= t.hints.limit) fail(409, `you have used all ${t.hints.limit} hints of this match`);
      const at = s.G.log.filter((e) => e.to === undefined).length;
      t.hints = {
        ...t.hints, used: { ...t.hints.used, [playerID]: used + 1 },
        asked: [...t.hints.asked, { seat: playerID, round: s.G.round, at, stateID: s._stateID }],
      };
      left = t.hints.limit - used - 1;
      await hub.db.setMetadata(matchID, metadata);
      hub.forget(matchID);
      hub.announce(matchID, metadata);
      hub.onEvent({ event: 'hintAsked', matchID, playerID, stateID: s._stateID, left });
    });
    const granted: HintGranted = { left };
    ctx.body = granted;
  };
}
