/** `POST /games/:name/create`: a new match, with this server's extras (unlisted, a server bot, solo, a clock, hints). */
import type { CreatedMatch } from '../../../src/protocol';
import { fail } from '../../http';
import { parseClockOption } from '../../table/clock';
import { checkBool, checkBot, checkHints, checkNumPlayers, checkSolo } from '../checks';
import { newMatch } from '../new-match';
import { route } from '../router';

export const createRoute = route('POST', '/games/:name/create', async (lobby, { ctx, ip }): Promise<CreatedMatch> => {
  lobby.checkOrigin(ctx);
  await lobby.rateLimitCreate(ip); // before the body is read: bad requests count too
  const b = await lobby.body(ctx, ['numPlayers', 'unlisted', 'bot', 'botKind', 'solo', 'clock', 'hints', ...lobby.hosted.setup?.fields ?? []]);
  const numPlayers = checkNumPlayers(b.numPlayers, lobby.hosted.players);
  const unlisted = checkBool(b.unlisted, 'unlisted') ?? false;
  const solo = checkSolo(b);
  const bots = checkBot(b, lobby.hosted, numPlayers);
  const clock = parseClockOption(b.clock);
  if (clock && 'error' in clock) fail(400, clock.error);
  const hints = checkHints(b.hints);
  // The game's own fields (Imperios' mode), as the only setupData the match gets besides solo's.
  const own = lobby.hosted.setup?.setupData(b, numPlayers);
  if (own && 'error' in own) fail(400, own.error);
  return { matchID: await newMatch(lobby, ip, { numPlayers, unlisted, bots, solo, clock, hints, setupData: own?.setupData }) };
});
