/**
 * "Watch two bots": each seat played by a bot of its own difficulty, each handed only its seat's view; the board
 * shows the public (spectator) view, the log, and the strip with both bots' moves and thoughts.
 */
import { Board } from '../board/Board';
import { DIFFICULTY_NAMES, type BoardBotOptions, type Difficulty } from '../bot/Bot';
import { BotStrip } from '../bot/BotStrip';
import { useBot } from '../bot/useBot';
import { useBotDriver } from '../bot/useBotDriver';
import { useClientState } from '../session/useClientView';
import { Loading } from './Loading';
import { useLocalMatch } from './useLocalMatch';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';

export interface BotPair {
  rebel: Difficulty;
  imperial: Difficulty;
}

export function BotsScreen({ pair, seed, botOptions, pauseMs, onExit }: {
  pair: BotPair; seed?: string; botOptions: BoardBotOptions; pauseMs?: number; onExit(): void;
}) {
  const match = useLocalMatch(seed);
  // Two bots, two seeds: they must not share one stream of choices.
  const rebelBot = useBot(pair.rebel, botOptions.seed ? { ...botOptions, seed: `${botOptions.seed}-R` } : botOptions);
  const imperialBot = useBot(pair.imperial, botOptions.seed ? { ...botOptions, seed: `${botOptions.seed}-I` } : botOptions);
  const rebel = useBotDriver(match?.client('R') ?? null, 'R', rebelBot, pauseMs);
  const imperial = useBotDriver(match?.client('I') ?? null, 'I', imperialBot, pauseMs);
  const state = useClientState(match?.client(null) ?? null);
  const replay = useLocalReplay(match, match?.client(null) ?? null, 'bots', localPlayers({
    R: { name: `Bot (${DIFFICULTY_NAMES[pair.rebel]})`, kind: `ismcts-${pair.rebel}` },
    I: { name: `Bot (${DIFFICULTY_NAMES[pair.imperial]})`, kind: `ismcts-${pair.imperial}` },
  }));
  if (!state) return <Loading />;
  const strip = (
    <BotStrip view={state.G} viewer={null} bots={[
      { seat: 'R', difficulty: DIFFICULTY_NAMES[pair.rebel], status: rebel },
      { seat: 'I', difficulty: DIFFICULTY_NAMES[pair.imperial], status: imperial },
    ]} />
  );
  return <Board view={state.G} seat={null} onExit={onExit} leaveNote="A game between two bots is not saved." extra={strip} endActions={replay.buttons} momentLink={replay.momentLink} />;
}
