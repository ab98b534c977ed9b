/**
 * Watching as a spectator: the public view of the hot-seat game open in another tab of this browser
 * (src/ui/session/spectatorChannel.ts), or, if there is none, an offer to watch two bots instead (BotsScreen).
 */
import { useEffect, useState } from 'react';
import type { GameState } from '../../game/rules';
import { Board } from '../board/Board';
import { subscribe } from '../session/spectatorChannel';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';

export function SpectatorScreen({ onWatchBots, onExit }: { onWatchBots(): void; onExit(): void }) {
  const [view, setView] = useState<GameState | null>(null);
  useEffect(() => subscribe(setView, () => setView(null)), []);
  if (view) return <Board view={view} seat={null} onExit={onExit} leaveNote="The game goes on in its own tab; you stop following it here." />;
  return (
    <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 14 }}>
      <h1 style={{ margin: 0 }}>Watch as a spectator</h1>
      <p style={{ margin: 0, color: colors.muted }}>
        No hot-seat game is open in another tab of this browser yet. Start one there with “Play hot-seat”: this
        screen will follow it, showing only what both players may see.
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <ChoiceButton $primary onClick={onWatchBots} data-choice="watch-bots">Watch two bots play instead</ChoiceButton>
        <ChoiceButton onClick={onExit}>Back</ChoiceButton>
      </div>
    </main>
  );
}
