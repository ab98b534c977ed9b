/**
 * Solo against the rival deck (RULES §9): one human client on an in-page match whose Game plays solo; the rival's
 * steps happen inside the core and are narrated one by one by the rival panel, the human's prompt waiting until
 * the last one is shown. Moves are saved (src/ui/solo/savedSolo.ts) so a reload resumes the game.
 */
import { useEffect, useRef, useState } from 'react';
import type { SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';
import { Board } from '../board/Board';
import { sendAction, type ClientState, type GameClient } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { Loading } from '../screens/Loading';
import { useLocalMatch } from '../screens/useLocalMatch';
import { RivalPanel, rivalLines } from './RivalPanel';
import { clearSolo, newSoloSeed, saveSolo, type SavedSolo } from './savedSolo';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';

/** Replay saved moves one at a time, each once the previous one's update (a higher _stateID) has arrived. */
function replay(client: GameClient, moves: Action[], done: (ok: boolean) => void): () => void {
  let i = 0;
  let waitingFor = -1;
  let finished = false;
  const finish = (ok: boolean) => {
    if (finished) return;
    finished = true;
    done(ok);
  };
  const step = (s: ClientState | null) => {
    if (finished || !s || s._stateID <= waitingFor) return;
    if (i >= moves.length) { finish(true); return; }
    waitingFor = s._stateID;
    // Not from inside the update: the master stores the new state only after it has broadcast it.
    setTimeout(() => {
      if (finished) return;
      try {
        sendAction(client, moves[i++]);
      } catch {
        finish(false);
      }
    }, 0);
  };
  const unsub = client.subscribe(step);
  const watchdog = setTimeout(() => finish(false), 30000);
  step(client.getState());
  return () => { finished = true; unsub(); clearTimeout(watchdog); };
}

/** How many of `total` items are shown, one more every `pauseMs` (all at once at mount). */
export function usePaced(total: number, pauseMs: number, ready: boolean): number {
  const [shown, setShown] = useState(total);
  const first = useRef(true);
  useEffect(() => {
    if (!ready) return;
    if (first.current) { first.current = false; setShown(total); }
  }, [ready, total]);
  useEffect(() => {
    if (shown >= total) return undefined;
    const t = setTimeout(() => setShown((n) => n + 1), pauseMs);
    return () => clearTimeout(t);
  }, [shown, total, pauseMs]);
  return Math.min(shown, total);
}

export function SoloScreen({ start, seed, pauseMs = 700, onExit }: {
  start: { solo: SoloSetup } | { resume: SavedSolo }; seed?: string; pauseMs?: number; onExit(): void;
}) {
  const [saved] = useState<SavedSolo>(() => ('resume' in start ? start.resume : { seed: seed ?? newSoloSeed(), solo: start.solo, moves: [] }));
  const human = saved.solo.bot === 'R' ? 'I' : 'R';
  const match = useLocalMatch(saved.seed, saved.solo);
  const client = match?.client(human) ?? null;
  const state = useClientState(client);
  const replayButtons = useLocalReplay(match, client, 'solo', localPlayers({ [saved.solo.bot]: { name: 'Rival deck', kind: 'rival' } }, { [human]: 'You' }));
  const [restored, setRestored] = useState(saved.moves.length === 0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (saved.moves.length === 0) saveSolo(saved);
  }, [saved]);
  useEffect(() => {
    if (!client || restored) return undefined;
    return replay(client, saved.moves, (ok) => {
      if (!ok) { setFailed(true); clearSolo(); }
      setRestored(true);
    });
  }, [client, restored, saved]);
  // A move is saved once the master accepted it (its update arrived); a refused move changes nothing.
  const sent = useRef<{ action: Action; after: number } | null>(null);
  useEffect(() => {
    const s = sent.current;
    if (!state || !s || state._stateID <= s.after) return;
    sent.current = null;
    saved.moves.push(s.action);
    if (state.G.winner) clearSolo(); // nothing left to resume
    else saveSolo(saved);
  }, [state, saved]);

  const total = state ? rivalLines(state.G).length : 0;
  const shown = usePaced(total, pauseMs, restored);
  if (!state || !client || !restored) return <Loading text={saved.moves.length ? 'Resuming your solo game…' : undefined} />;
  const caughtUp = shown >= total;
  const act = (a: Action) => {
    sent.current = { action: a, after: state._stateID };
    sendAction(client, a);
  };
  const extra = (
    <>
      <RivalPanel view={state.G} shown={shown} />
      {failed && <div role="alert">The saved game could not be fully restored.</div>}
    </>
  );
  return <Board view={state.G} seat={human} onAction={caughtUp ? act : undefined} onExit={onExit} extra={extra} endActions={replayButtons} />;
}
