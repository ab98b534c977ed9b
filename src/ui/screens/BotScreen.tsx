/**
 * A game against the bot: the human's seat through one client, the bot's seat through another. The bot only
 * ever sees its own seat's view (src/ui/bot); the strip under the header says what it does and opens "what the
 * bot thinks". Saved after every decision of either seat and resumed on reload (src/ui/saved; the record is
 * sealed: it holds the bot's secrets); the bot starts thinking only once the saved moves are replayed.
 */
import { useState } from 'react';
import type { Faction } from '../../game/content';
import { Board } from '../board/Board';
import { DIFFICULTY_NAMES, type BoardBotOptions, type Difficulty } from '../bot/Bot';
import { BotStrip } from '../bot/BotStrip';
import { useBot } from '../bot/useBot';
import { useBotDriver } from '../bot/useBotDriver';
import { newSavedGame, type SavedLocal } from '../saved/localSave';
import { RESTORE_FAILED, useSavedMatch } from '../saved/useSavedMatch';
import { sendAction } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { Loading } from './Loading';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';
import { useLocalHints } from '../hint/useLocalHints';

/** A new game (`human`, `difficulty`; `seed` fixes it for tests) or `saved`, a record to resume. */
export function BotScreen({ human: newHuman, difficulty: newDifficulty, seed, saved: resume, botOptions, pauseMs, onExit }: {
  human?: Faction; difficulty?: Difficulty; seed?: string; saved?: SavedLocal; botOptions: BoardBotOptions; pauseMs?: number; onExit(): void;
}) {
  const [saved] = useState<SavedLocal>(() => resume
    ?? newSavedGame({ mode: 'bot', human: newHuman ?? 'R', difficulty: newDifficulty ?? 'normal' }, seed));
  const { human, difficulty } = saved.setup.mode === 'bot' ? saved.setup : { human: 'R' as Faction, difficulty: 'normal' as Difficulty };
  const botSeat: Faction = human === 'R' ? 'I' : 'R';
  const sm = useSavedMatch(saved);
  const hints = useLocalHints(saved.id); // issue 22: unlimited in local games, kept with the save
  const mine = sm.restored ? sm.client(human) : null;
  const bot = useBot(difficulty, botOptions);
  const status = useBotDriver(sm.restored ? sm.client(botSeat) : null, botSeat, sm.restored ? bot : null, pauseMs);
  const state = useClientState(mine);
  const replay = useLocalReplay(sm.match, mine, 'bot', localPlayers({ [botSeat]: { name: `Bot (${DIFFICULTY_NAMES[difficulty]})`, kind: `ismcts-${difficulty}` } }, { [human]: 'You' }));
  if (!state || !mine) return <Loading text={saved.moves.length && !sm.restored ? 'Resuming your game against the bot…' : undefined} />;
  const strip = (
    <>
      <BotStrip view={state.G} viewer={human} bots={[{ seat: botSeat, difficulty: DIFFICULTY_NAMES[difficulty], status }]} />
      {sm.failed && <div role="alert">{RESTORE_FAILED}</div>}
    </>
  );
  return <Board hints={hints} view={state.G} seat={human} onAction={(a) => sendAction(mine, a)} onExit={onExit} extra={strip} endActions={replay.buttons} momentLink={replay.momentLink} />;
}
