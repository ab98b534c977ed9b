/**
 * Hot-seat: both seats on one screen, each through its own boardgame.io client (Local multiplayer), so each
 * seat's board is drawn from that seat's playerView only. Whenever the seat that must act changes, only the
 * privacy cover is rendered until the next player clicks; then the board opens with "while you were away" (the
 * lines this seat may see since its last decision, src/ui/story). The game is saved after every decision and
 * resumed on reload behind the cover (src/ui/saved). The public view is also published for a spectator tab.
 */
import { useEffect, useRef, useState } from 'react';
import type { Faction } from '../../game/content';
import { Board } from '../board/Board';
import { newSavedGame, type SavedLocal } from '../saved/localSave';
import { RESTORE_FAILED, useSavedMatch } from '../saved/useSavedMatch';
import { sendAction } from '../session/clients';
import { publisher } from '../session/spectatorChannel';
import { useClientState } from '../session/useClientView';
import { Loading } from './Loading';
import { PrivacyCover } from './PrivacyCover';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';
import { useLocalHints } from '../hint/useLocalHints';

/** A new game (`seed` fixes it for tests) or `saved`, a record to resume. */
export function HotSeatScreen({ seed, saved: resume, onExit }: { seed?: string; saved?: SavedLocal; onExit(): void }) {
  const [saved] = useState<SavedLocal>(() => resume ?? newSavedGame({ mode: 'hotseat' }, seed));
  const hints = useLocalHints(saved.id); // issue 22: unlimited in local games, kept with the save
  // Each seat's log length when it last decided: where its "while you were away" starts.
  const marks = useRef<Record<Faction, number>>({ R: 0, I: 0 });
  const [awayFor, setAwayFor] = useState<Faction | null>(null);
  const sm = useSavedMatch(saved, {
    onSend: (seat, logLength) => { marks.current[seat] = logLength; setAwayFor(null); },
  });
  const ready = sm.restored;
  const rebel = ready ? sm.client('R') : null;
  const imperial = ready ? sm.client('I') : null;
  const spectator = ready ? sm.match?.client(null) ?? null : null;
  const sR = useClientState(rebel);
  const sI = useClientState(imperial);
  const sS = useClientState(spectator);
  const replay = useLocalReplay(sm.match, spectator, 'hotseat', localPlayers({}));
  const [shown, setShown] = useState<Faction | null>(null);

  const [pub, setPub] = useState<ReturnType<typeof publisher> | null>(null);
  useEffect(() => {
    const p = publisher();
    setPub(p);
    return () => p.close();
  }, []);
  useEffect(() => {
    if (sS && pub) pub.publish(sS.G);
  }, [sS, pub]);

  if (!sR || !sI || !sS) return <Loading text={saved.moves.length && !ready ? 'Resuming your hot-seat game…' : undefined} />;
  if (sS.G.winner) return <Board view={sS.G} seat={null} onExit={onExit} endActions={replay.buttons} momentLink={replay.momentLink} />;
  const acting = sR.G.pending?.seat ?? null;
  // The three clients update together; while they disagree (mid-update) show nothing of either seat.
  if (!acting || sI.G.pending?.seat !== acting || sS.G.pending?.seat !== acting) return <Loading text="…" />;
  if (shown !== acting) return <PrivacyCover seat={acting} onReady={() => { setShown(acting); setAwayFor(acting); }} />;
  const client = acting === 'R' ? rebel! : imperial!;
  const state = acting === 'R' ? sR : sI;
  return (
    <>
      {sm.failed && <div role="alert">{RESTORE_FAILED}</div>}
      <Board hints={hints} key={acting} view={state.G} seat={acting} onAction={(a) => sendAction(client, a)} onExit={onExit}
        since={marks.current[acting]} away={awayFor === acting} />
    </>
  );
}
