/**
 * A game against the bot: the human's seat through one client, the bot's seat through another. The bot only
 * ever sees its own seat's view (src/ui/bot); the strip under the header says what it does and opens "what the
 * bot thinks".
 */
import type { Faction } from '../../game/content';
import { Board } from '../board/Board';
import { DIFFICULTY_NAMES, type BoardBotOptions, type Difficulty } from '../bot/Bot';
import { BotStrip } from '../bot/BotStrip';
import { useBot } from '../bot/useBot';
import { useBotDriver } from '../bot/useBotDriver';
import { sendAction } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { Loading } from './Loading';
import { useLocalMatch } from './useLocalMatch';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';

export function BotScreen({ human, difficulty, seed, botOptions, pauseMs, onExit }: {
  human: Faction; difficulty: Difficulty; seed?: string; botOptions: BoardBotOptions; pauseMs?: number; onExit(): void;
}) {
  const botSeat: Faction = human === 'R' ? 'I' : 'R';
  const match = useLocalMatch(seed);
  const mine = match?.client(human) ?? null;
  const bot = useBot(difficulty, botOptions);
  const status = useBotDriver(match?.client(botSeat) ?? null, botSeat, bot, pauseMs);
  const state = useClientState(mine);
  const replay = useLocalReplay(match, mine, 'bot', localPlayers({ [botSeat]: { name: `Bot (${DIFFICULTY_NAMES[difficulty]})`, kind: `ismcts-${difficulty}` } }, { [human]: 'You' }));
  if (!state || !mine) return <Loading />;
  const strip = <BotStrip view={state.G} viewer={human} bots={[{ seat: botSeat, difficulty: DIFFICULTY_NAMES[difficulty], status }]} />;
  return <Board view={state.G} seat={human} onAction={(a) => sendAction(mine, a)} onExit={onExit} extra={strip} endActions={replay} />;
}
