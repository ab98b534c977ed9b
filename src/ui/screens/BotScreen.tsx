/**
 * A game against the bot: the human's seat through one client, the bot's seat through another. The bot only
 * ever sees its own seat's view (src/ui/bot).
 */
import { useEffect, useState } from 'react';
import type { Faction } from '../../game/content';
import { Board } from '../board/Board';
import type { Bot } from '../bot/Bot';
import { makeBot, type BotOptions } from '../bot/mctsBot';
import { useBotDriver } from '../bot/useBotDriver';
import { sendAction } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { factionName } from '../theme';
import { Loading } from './Loading';
import { useLocalMatch } from './useLocalMatch';

export function useBot(opts: BotOptions): Bot | null {
  const [bot, setBot] = useState<Bot | null>(null);
  const key = JSON.stringify(opts);
  useEffect(() => {
    const b = makeBot(JSON.parse(key) as BotOptions);
    setBot(b);
    return () => b.dispose?.();
  }, [key]);
  return bot;
}

export function BotScreen({ human, seed, botOptions, onExit }: {
  human: Faction; seed?: string; botOptions: BotOptions; onExit(): void;
}) {
  const botSeat: Faction = human === 'R' ? 'I' : 'R';
  const match = useLocalMatch(seed);
  const mine = match?.client(human) ?? null;
  const bot = useBot(botOptions);
  const thinking = useBotDriver(match?.client(botSeat) ?? null, botSeat, bot);
  const state = useClientState(mine);
  if (!state || !mine) return <Loading />;
  const extra = thinking ? (
    <div role="status" style={{ position: 'fixed', top: 8, right: 12, zIndex: 40, fontSize: 12, padding: '2px 8px', borderRadius: 8, background: '#232d42' }}>
      The {factionName(botSeat)} bot is thinking…
    </div>
  ) : null;
  return <Board view={state.G} seat={human} onAction={(a) => sendAction(mine, a)} onExit={onExit} extra={extra} />;
}
