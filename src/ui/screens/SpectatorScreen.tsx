/**
 * Watching as a spectator: the public view of the hot-seat game open in another tab of this browser
 * (src/ui/session/spectatorChannel.ts), or, if there is none, of a game between two bots played here.
 */
import { useEffect, useState } from 'react';
import type { GameState } from '../../game/rules';
import { Board } from '../board/Board';
import { useBotDriver } from '../bot/useBotDriver';
import { subscribe } from '../session/spectatorChannel';
import { useClientState } from '../session/useClientView';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { useBot } from './BotScreen';
import { useLocalMatch } from './useLocalMatch';
import type { BotOptions } from '../bot/mctsBot';
import { Loading } from './Loading';

function BotsGame({ seed, botOptions, onExit }: { seed?: string; botOptions: BotOptions; onExit(): void }) {
  const match = useLocalMatch(seed);
  const rebelBot = useBot(botOptions);
  const imperialBot = useBot(botOptions);
  useBotDriver(match?.client('R') ?? null, 'R', rebelBot, 500);
  useBotDriver(match?.client('I') ?? null, 'I', imperialBot, 500);
  const state = useClientState(match?.client(null) ?? null);
  if (!state) return <Loading />;
  return <Board view={state.G} seat={null} onExit={onExit} />;
}

export function SpectatorScreen({ seed, botOptions, onExit }: { seed?: string; botOptions: BotOptions; onExit(): void }) {
  const [view, setView] = useState<GameState | null>(null);
  const [bots, setBots] = useState(false);
  useEffect(() => subscribe(setView, () => setView(null)), []);
  if (bots) return <BotsGame seed={seed} botOptions={botOptions} onExit={onExit} />;
  if (view) return <Board view={view} seat={null} onExit={onExit} />;
  return (
    <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 14 }}>
      <h1 style={{ margin: 0 }}>Watch as a spectator</h1>
      <p style={{ margin: 0, color: colors.muted }}>
        No hot-seat game is open in another tab of this browser yet. Start one there with “Play hot-seat”: this
        screen will follow it, showing only what both players may see.
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <ChoiceButton $primary onClick={() => setBots(true)} data-choice="watch-bots">Watch two bots play instead</ChoiceButton>
        <ChoiceButton onClick={onExit}>Back</ChoiceButton>
      </div>
    </main>
  );
}
