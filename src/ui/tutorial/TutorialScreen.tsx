/**
 * "Learn to play" (issue 12 item 1): a real local game (the core through the in-page master, like the game
 * against the bot) on the tutorial's fixed seed, the player as the Rebel, the Imperial played by the tutorial
 * opponent (the round-1 script, then the easy bot), with the coach panel on top. The Rebel's base is hidden for
 * the player (the scripted prefix, R3.9); every other Rebel decision is the player's. Not saved: leaving ends it.
 * Completion is stored once the lessons are behind the player (./completion.ts).
 */
import { useEffect, useMemo, useRef } from 'react';
import { legalActions } from '../../game/rules';
import { Board } from '../board/Board';
import type { BoardBotOptions } from '../bot/Bot';
import { BotStrip } from '../bot/BotStrip';
import { useBot } from '../bot/useBot';
import { useBotDriver } from '../bot/useBotDriver';
import { Loading } from '../screens/Loading';
import { useLocalMatch } from '../screens/useLocalMatch';
import { sendAction } from '../session/clients';
import { useClientState } from '../session/useClientView';
import { coachFor } from './coach';
import { CoachPanel } from './CoachPanel';
import { markTutorialDone } from './completion';
import { highlightCss } from './highlight';
import { tutorialOpponent } from './opponent';
import { TUTORIAL_SEED, tutorialBase } from './script';
import { advanceProgress, finished, START, type Progress } from './steps';

export function TutorialScreen({ botOptions, pauseMs, onExit }: { botOptions: BoardBotOptions; pauseMs?: number; onExit(): void }) {
  const match = useLocalMatch(TUTORIAL_SEED);
  const mine = match?.client('R') ?? null;
  const real = useBot('easy', botOptions);
  const opponent = useMemo(() => (real ? tutorialOpponent(real) : null), [real]);
  const status = useBotDriver(match?.client('I') ?? null, 'I', opponent, pauseMs);
  const state = useClientState(mine);
  const view = state?.G ?? null;

  // Progress only moves forward; it is derived from each new view (idempotent, so a repeated render is harmless).
  const progress = useRef<Progress>(START);
  if (view) progress.current = advanceProgress(progress.current, view);
  const done = finished(progress.current);
  useEffect(() => { if (done) markTutorialDone(); }, [done]);

  // The prepared position: the base is hidden for the player (R3.9), then the lessons begin.
  useEffect(() => {
    if (!mine || view?.pending?.kind !== 'chooseBase') return;
    const a = tutorialBase(view, legalActions(view, 'R'));
    if (a) sendAction(mine, a);
  }, [mine, view]);

  const legal = useMemo(() => (view ? legalActions(view, 'R') : []), [view]);
  const coach = view ? coachFor(view, legal, progress.current) : null;
  if (!view || !mine || !coach) return <Loading text="Preparing the tutorial…" />;
  const extra = (
    <>
      <style>{highlightCss(coach.action)}</style>
      <CoachPanel coach={coach} progress={progress.current} onLeave={onExit} />
      {/* Once the lessons are over the easy bot plays: the usual strip says what it does and thinks. */}
      {done && <BotStrip view={view} viewer="R" bots={[{ seat: 'I', difficulty: 'Easy', status }]} />}
    </>
  );
  return <Board view={view} seat="R" onAction={(a) => sendAction(mine, a)} onExit={onExit} extra={extra} moments={false}
    leaveNote="The guided round is not saved: “Learn to play” on the start screen begins it again." />;
}
