/** `GET /games`: the games this server plays (boardgame.io's route): every hosted game, the default first. */
import { route } from '../router';

export const gamesRoute = route('GET', '/games', async (lobby): Promise<string[]> => lobby.gameNames);
