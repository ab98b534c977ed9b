/**
 * The replay's analysis strip, under its control bar: "Analyse" with a depth, then the progress (decisions done of
 * the total) with Cancel, then the report (./AnalysisReport.tsx, a lazy chunk) with Hide / Show. Like the control
 * bar it stands above the end screen's backdrop, so the chart still works at the last step.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { Select } from '../replay/ReplayControls';
import { colors, phone } from '../theme';
import { plainLabel } from '../log/plainLabel';
import { DEFAULT_DEPTH, DEPTHS, type AnalysisDepth, type ReplayAnalysis } from './settings';
import type { ReplayAnalysisControl } from './useReplayAnalysis';

const AnalysisReport = lazy(() => import('./AnalysisReport'));

const Strip = styled.section`
  position: relative;
  z-index: 60;
  padding: 6px 12px;
  background: #141a27;
  border-bottom: 1px solid ${colors.border};
  font-size: 13px;
  ${phone} { padding: 4px 6px; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
`;

// Drawn by hand: the browsers' own bar is a faint grey track on this background.
const Bar = styled.progress`
  appearance: none;
  width: 180px;
  height: 10px;
  border: 1px solid ${colors.border};
  border-radius: 5px;
  overflow: hidden;
  background: ${colors.surface2};
  &::-webkit-progress-bar { background: ${colors.surface2}; }
  &::-webkit-progress-value { background: ${colors.highlight}; }
  &::-moz-progress-bar { background: ${colors.highlight}; }
`;

function Depth({ value, onChange }: { value: AnalysisDepth; onChange(d: AnalysisDepth): void }) {
  return (
    <Select value={value} onChange={(e) => onChange(e.target.value as AnalysisDepth)} aria-label="Analysis depth (searches a decision)" data-analysis="depth">
      {DEPTHS.map((d) => <option key={d.id} value={d.id}>{d.label} · {d.iterations} searches</option>)}
    </Select>
  );
}

export interface AnalysisBarProps {
  control: ReplayAnalysisControl;
  currentAction: number;
  onJump(action: number): void;
}

/**
 * The turning points' moves in the board's words (mission, planet and leader names for the search's ids). Done here,
 * in the replay's chunk, which has the game's content already: the lazy report importing it would split the
 * content out of the first load's chunks (one more request, +0.5 kB gzip: tests/e2e/a11y.test.ts's budget).
 */
export function inWords(a: ReplayAnalysis): ReplayAnalysis {
  const words = (list: ReplayAnalysis['turningPoints']['R']) => list.map((t) => ({
    ...t, played: { ...t.played, label: plainLabel(t.played.label) }, best: { ...t.best, label: plainLabel(t.best.label) },
  }));
  return { ...a, turningPoints: { R: words(a.turningPoints.R), I: words(a.turningPoints.I) } };
}

export function AnalysisBar({ control, currentAction, onJump }: AnalysisBarProps) {
  const { state, start, cancel } = control;
  const shown = state.status === 'done' ? state.analysis : null;
  const worded = useMemo(() => (shown ? inWords(shown) : null), [shown]);
  const [depth, setDepth] = useState<AnalysisDepth>(DEFAULT_DEPTH);
  const [open, setOpen] = useState(true);
  const heading = <strong style={{ color: colors.highlight }}>Computer analysis</strong>;

  if (state.status === 'running') {
    const { done, total } = state;
    return (
      <Strip aria-label="Computer analysis" data-testid="analysis" data-status="running">
        <Row>
          {heading}
          <Bar max={total || 1} value={done} aria-label="Decisions analysed" />
          <span role="status" data-testid="analysis-progress">
            {total ? `Decision ${done} of ${total}` : 'Starting…'} · {state.iterations} searches each
          </span>
          <ChoiceButton onClick={cancel} data-analysis="cancel">Cancel</ChoiceButton>
        </Row>
      </Strip>
    );
  }

  if (state.status === 'done') {
    const s = state.analysis.settings;
    return (
      <Strip aria-label="Computer analysis" data-testid="analysis" data-status="done">
        <Row>
          {heading}
          <span style={{ color: colors.muted, fontSize: 12 }}>
            {state.analysis.curve.length} decisions, {s.iterations} searches each, from each player&apos;s own view
          </span>
          <span style={{ marginLeft: 'auto', display: 'flex', flexWrap: 'wrap', gap: 6 }}>
            <Depth value={depth} onChange={setDepth} />
            <ChoiceButton $small onClick={() => start(depth)} data-analysis="again" title="Analyse at the chosen depth (kept analyses show at once)">
              Analyse again
            </ChoiceButton>
            <ChoiceButton $small onClick={() => setOpen((o) => !o)} aria-expanded={open} data-analysis="toggle">
              {open ? 'Hide' : 'Show'}
            </ChoiceButton>
          </span>
        </Row>
        {open && (
          <Suspense fallback={<p style={{ margin: 4 }}>Drawing the chart…</p>}>
            <AnalysisReport analysis={worded ?? state.analysis} currentAction={currentAction} onJump={onJump} />
          </Suspense>
        )}
      </Strip>
    );
  }

  return (
    <Strip aria-label="Computer analysis" data-testid="analysis" data-status={state.status}>
      <Row>
        <ChoiceButton $primary onClick={() => start(depth)} data-analysis="start"
          title="The bot judges every decision from its player's view at the time">Analyse</ChoiceButton>
        <Depth value={depth} onChange={setDepth} />
        {state.status === 'failed'
          ? <span role="alert" style={{ color: colors.danger }}>The analysis failed: {state.message}</span>
          : <span style={{ color: colors.muted, fontSize: 12 }}>The bot replays the game and estimates each side&apos;s chance after every decision.</span>}
      </Row>
    </Strip>
  );
}
