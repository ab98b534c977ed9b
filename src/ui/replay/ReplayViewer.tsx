/**
 * The replay viewer: the ordinary Board, read-only (no onAction: nothing is clickable), drawn from the state at
 * the current step as the chosen viewpoint sees it, under the replay's control bar, with the replay's own log
 * (every line of the game; a click goes to its moment). Keys: ← → step, Home / End, space plays or pauses.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { GameRecord } from '../../game/record';
import { AnalysisBar } from '../analysis/AnalysisBar';
import { stepOfAction, turningMarks } from '../analysis/marks';
import { plainLabel } from '../log/plainLabel';
import { useReplayAnalysis } from '../analysis/useReplayAnalysis';
import { Board } from '../board/Board';
import { factionName } from '../theme';
import { ReplayControls, SPEEDS } from './ReplayControls';
import { ReplayLog } from './ReplayLog';
import { SecretsStrip } from './SecretsStrip';
import type { Timeline } from './timeline';
import { boardSeat, replayLines, stateFor, type Viewpoint } from './viewpoint';

export interface ReplayViewerProps {
  /** `error`: the record stopped re-running part-way (./timeline.ts). */
  timeline: Timeline & { error?: string };
  /** A few words above the board: who played, when. */
  title?: ReactNode;
  /** Buttons for the control bar and the end screen (download, back). */
  actions?: ReactNode;
  initialStep?: number;
  initialViewpoint?: Viewpoint;
  /** The finished game's record: offers the computer analysis (src/ui/analysis). Absent: no "Analyse". */
  record?: GameRecord;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
}

export function ReplayViewer({ timeline, title, actions, initialStep = 0, initialViewpoint = 'public', record }: ReplayViewerProps) {
  const [step, setStepRaw] = useState(() => Math.max(0, Math.min(timeline.length, initialStep)));
  const [vp, setVp] = useState<Viewpoint>(initialViewpoint);
  const [playing, setPlaying] = useState(false);
  const [speedMs, setSpeedMs] = useState(SPEEDS[1].ms);
  const setStep = useCallback((k: number) => setStepRaw(Math.max(0, Math.min(timeline.length, Math.round(k)))), [timeline]);
  const go = useCallback((k: number) => { setPlaying(false); setStep(k); }, [setStep]);

  useEffect(() => {
    if (!playing) return undefined;
    if (step >= timeline.length) { setPlaying(false); return undefined; }
    const t = setTimeout(() => setStep(step + 1), speedMs);
    return () => clearTimeout(t);
  }, [playing, step, speedMs, timeline, setStep]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') go(step - 1);
      else if (e.key === 'ArrowRight') go(step + 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(timeline.length);
      else if (e.key === ' ' && (e.target as HTMLElement | null)?.tagName !== 'BUTTON') setPlaying((x) => !x && step < timeline.length);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, step, timeline]);

  const full = useMemo(() => timeline.state(step), [timeline, step]);
  const view = useMemo(() => stateFor(full, vp), [full, vp]);
  const lines = useMemo(() => replayLines(timeline, vp), [timeline, vp]);
  const seat = boardSeat(vp);
  const actor = timeline.seatOf(step);
  // In "everything" a private line is worded as its owner read it ("You drew …"): say whose it is.
  const now = lines.filter((l) => l.step === step)
    .map((l) => (vp === 'all' && (l.to === 'R' || l.to === 'I') ? `(${factionName(l.to)} only) ${l.text}` : l.text));
  const moment = step === 0
    ? 'The start of the game: press ▶ or → to step through it.'
    : `${actor ? `${factionName(actor)}'s decision. ` : ''}${now.length ? now.join(' ') : 'Nothing of it shows in this view.'}`;
  const round = timeline.rounds[step];
  // Only a finished game that re-runs to its end can be analysed (analyseRecord re-plays it).
  const analysable = !!record?.result && !timeline.error;
  const analysis = useReplayAnalysis(analysable ? record ?? null : null);
  const marks = useMemo(() => (analysis.state.status === 'done' ? turningMarks(analysis.state.analysis, plainLabel) : undefined), [analysis.state]);

  const controls = (
    <>
      <ReplayControls step={step} length={timeline.length} round={round} lastRound={timeline.lastRound}
        playing={playing} speedMs={speedMs} viewpoint={vp} moment={moment} info={title}
        onStep={go} onRound={(r) => go(timeline.roundStart(r) ?? step)} onPlay={(on) => setPlaying(on && step < timeline.length)}
        onSpeed={setSpeedMs} onViewpoint={setVp}>
        {actions}
      </ReplayControls>
      {vp === 'all' && <SecretsStrip state={full} />}
      {analysable && (
        <AnalysisBar control={analysis} currentAction={step - 1} onJump={(a) => go(stepOfAction(a))} />
      )}
    </>
  );
  return (
    <div data-screen="replay" data-step={step} data-viewpoint={vp}>
      <Board view={view} seat={seat} extra={controls} endActions={actions} momentLink={{ go: (e) => go(timeline.stepOfEvent(e)) }}
        seatLabel={vp === 'all' ? 'Replay: everything' : seat ? `Replay: ${factionName(seat)}'s view` : 'Replay: spectator view'}
        log={<ReplayLog lines={lines} step={step} onStep={go} marks={marks} />} />
    </div>
  );
}
