/** `GET /games`: the games this server plays (boardgame.io's route; one game here). */
import { route } from '../router';

export const gamesRoute = route('GET', '/games', async (lobby): Promise<string[]> => [lobby.gameName]);
