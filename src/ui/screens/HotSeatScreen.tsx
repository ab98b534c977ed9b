/**
 * Hot-seat: both seats on one screen, each through its own boardgame.io client (Local multiplayer), so each
 * seat's board is drawn from that seat's playerView only. Whenever the seat that must act changes, only the
 * privacy cover is rendered until the next player clicks. The public view is also published for a spectator tab.
 */
import { useEffect, useState } from 'react';
import type { Faction } from '../../game/content';
import { Board } from '../board/Board';
import { sendAction } from '../session/clients';
import { publisher } from '../session/spectatorChannel';
import { useClientState } from '../session/useClientView';
import { Loading } from './Loading';
import { PrivacyCover } from './PrivacyCover';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';
import { useLocalMatch } from './useLocalMatch';

export function HotSeatScreen({ seed, onExit }: { seed?: string; onExit(): void }) {
  const match = useLocalMatch(seed);
  const rebel = match?.client('R') ?? null;
  const imperial = match?.client('I') ?? null;
  const spectator = match?.client(null) ?? null;
  const sR = useClientState(rebel);
  const sI = useClientState(imperial);
  const sS = useClientState(spectator);
  const [shown, setShown] = useState<Faction | null>(null);
  const replay = useLocalReplay(match, spectator, 'hotseat', localPlayers({}));

  const [pub, setPub] = useState<ReturnType<typeof publisher> | null>(null);
  useEffect(() => {
    const p = publisher();
    setPub(p);
    return () => p.close();
  }, []);
  useEffect(() => {
    if (sS && pub) pub.publish(sS.G);
  }, [sS, pub]);

  if (!sR || !sI || !sS) return <Loading />;
  if (sS.G.winner) return <Board view={sS.G} seat={null} onExit={onExit} endActions={replay} />;
  const acting = sR.G.pending?.seat ?? null;
  // The three clients update together; while they disagree (mid-update) show nothing of either seat.
  if (!acting || sI.G.pending?.seat !== acting || sS.G.pending?.seat !== acting) return <Loading text="…" />;
  if (shown !== acting) return <PrivacyCover seat={acting} onReady={() => setShown(acting)} />;
  const client = acting === 'R' ? rebel! : imperial!;
  const state = acting === 'R' ? sR : sI;
  return <Board key={acting} view={state.G} seat={acting} onAction={(a) => sendAction(client, a)} onExit={onExit} />;
}
