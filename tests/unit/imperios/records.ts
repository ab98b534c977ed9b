/**
 * Records of Imperios for the replay tests (unit and board): random decisions played through boardgame.io's
 * reducer as the server plays them, seat 2 handed to the bot for a stretch (IM15.5), ended by seat 4 leaving (G56),
 * and the record the server would serve of it.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { IMPERIOS_HOSTED } from '../../../server/games/imperios';
import { ACT, makeImperiosGame } from '../../../src/games/imperios/game';
import type { ImperiosRecord } from '../../../src/games/imperios/record';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';

/** A record of `moves` random decisions of a 5-player Tutorial game, seat 2 with the bot for a stretch, then a forfeit. */
export function recordOf(moves: number, seed: string): ImperiosRecord {
  const game = ProcessGameConfig(makeImperiosGame({ seed }));
  const reducer = CreateGameReducer({ game });
  const initialState = InitializeGame({ game, numPlayers: 5, setupData: { mode: 'tutorial' } }) as State<ImperiosState>;
  let state = initialState;
  const chooser = { rng: seedState(`${seed}-moves`) };
  const log: { action: { type: string; payload: unknown }; played?: unknown }[] = [];
  let botSince = -1;
  for (let i = 0; i < moves; i++) {
    const seat = awaitedSeats(state.G)[0];
    const legal = legalActions(state.G, seat);
    const args = [legal[randomInt(chooser, legal.length)]];
    const payload = { type: ACT, args, playerID: String(seat) };
    let next = reducer(state, { type: 'MAKE_MOVE', payload } as never) as State<ImperiosState>;
    let played: unknown;
    if (seat === 2 && i > 20 && botSince < 0) botSince = i;
    if (seat === 2 && botSince >= 0) {
      played = i === botSince ? { bot: true, handedOver: 'away' } : i < moves - 40 ? { bot: true } : undefined;
      if (played === undefined && botSince !== -2) {
        played = { takenBack: true };
        botSince = -2;
      }
      if (played) next = IMPERIOS_HOSTED.notePlayed!(state, next, String(seat), ACT, played as never);
    }
    state = next;
    log.push({ action: { type: 'MAKE_MOVE', payload }, ...(played ? { played } : {}) });
  }
  const over = IMPERIOS_HOSTED.forfeit(state, '4', 'forfeit');
  const r = IMPERIOS_HOSTED.record!({
    matchID: 'm',
    state: over,
    initialState,
    metadata: { gameName: 'imperios', players: {}, setupData: { mode: 'tutorial' } } as never,
    log: log as never,
  });
  if ('error' in r) throw new Error(r.error);
  return r.record as ImperiosRecord;
}
