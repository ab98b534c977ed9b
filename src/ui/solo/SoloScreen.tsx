/**
 * Solo against the rival deck (RULES §9): one human client on an in-page match whose Game plays solo; the rival's
 * steps happen inside the core and are narrated one by one by the rival panel, the human's prompt waiting until
 * the last one is shown. Moves are saved like every local game's (src/ui/saved) so a reload resumes the game.
 */
import { useEffect, useRef, useState } from 'react';
import type { Faction, SoloSetup } from '../../game/content';
import type { Action } from '../../game/rules';
import { Board } from '../board/Board';
import { newSavedGame, type SavedLocal } from '../saved/localSave';
import { RESTORE_FAILED, useSavedMatch } from '../saved/useSavedMatch';
import { soloOfSave } from '../saved/soloOfSave';
import { sendAction } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { Loading } from '../screens/Loading';
import { RivalPanel, rivalLines } from './RivalPanel';
import { localPlayers, useLocalReplay } from '../replay/ReplayButtons';
import { useLocalHints } from '../hint/useLocalHints';

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
  start: { solo: SoloSetup } | { resume: SavedLocal }; seed?: string; pauseMs?: number; onExit(): void;
}) {
  // R9.11: a save from before games kept their knobs finds its table first (only solo saves can need it, so the
  // search lives in this lazy screen, not in the page's first load).
  const [saved] = useState<SavedLocal>(() => {
    const s = 'resume' in start ? start.resume : newSavedGame({ mode: 'solo', solo: start.solo }, seed);
    soloOfSave(s);
    return s;
  });
  const solo = saved.setup.mode === 'solo' ? saved.setup.solo : { bot: 'I' as Faction, difficulty: 'normal' as const };
  const human: Faction = solo.bot === 'R' ? 'I' : 'R';
  const sm = useSavedMatch(saved);
  const hints = useLocalHints(saved.id); // issue 22: unlimited in local games, kept with the save
  const restored = sm.restored;
  const client = restored ? sm.client(human) : null;
  const state = useClientState(client);
  const replayButtons = useLocalReplay(sm.match, client, 'solo', localPlayers({ [solo.bot]: { name: 'Rival deck', kind: 'rival' } }, { [human]: 'You' }));

  const total = state ? rivalLines(state.G).length : 0;
  const shown = usePaced(total, pauseMs, restored && !!state);
  if (!state || !client) return <Loading text={saved.moves.length ? 'Resuming your solo game…' : undefined} />;
  const caughtUp = shown >= total;
  const act = (a: Action) => sendAction(client, a);
  const extra = (
    <>
      <RivalPanel view={state.G} shown={shown} />
      {sm.failed && <div role="alert">{RESTORE_FAILED}</div>}
    </>
  );
  return <Board hints={hints} view={state.G} seat={human} onAction={caughtUp ? act : undefined} onExit={onExit} extra={extra} endActions={replayButtons.buttons} momentLink={replayButtons.momentLink} />;
}
