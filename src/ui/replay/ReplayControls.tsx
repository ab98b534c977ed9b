/**
 * The replay's control bar: first / back / play–pause / forward / last, the speed, a round picker, a scrubber
 * over every step, the viewpoint (spectator, either seat, everything) and the screen's own buttons. It sits
 * above the end screen's backdrop so the last step can be left again.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, phone } from '../theme';
import { VIEWPOINTS, type Viewpoint } from './viewpoint';

const Bar = styled.div`
  position: relative;
  z-index: 60;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  padding: 6px 12px;
  background: #161d2c;
  border-bottom: 2px solid ${colors.highlight};
  ${phone} { padding: 4px 6px; gap: 4px 6px; }
`;

const Second = styled.div`
  flex-basis: 100%;
  display: flex;
  flex-wrap: wrap;
  gap: 2px 16px;
  align-items: baseline;
  font-size: 12.5px;
  min-height: 17px;
  ${phone} { font-size: 11.5px; }
`;

const Info = styled.span`
  flex: 0 1 auto;
  color: ${colors.muted};
  font-size: 12px;
  ${phone} { display: none; } /* the end screen says who won; the board needs the room */
`;

const Moment = styled.span`
  flex: 1 1 320px;
  min-width: 0;
  ${phone} { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const Tag = styled.strong`
  font-size: 12px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${colors.highlight};
`;

const Icon = styled(ChoiceButton)`
  min-width: 36px;
  padding: 2px 8px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

const Seg = styled.button.attrs({ type: 'button', role: 'radio' })<{ $on: boolean }>`
  min-height: 32px;
  padding: 2px 10px;
  border: 1px solid ${(p) => (p.$on ? colors.highlight : colors.border)};
  background: ${(p) => (p.$on ? '#3a3214' : colors.surface2)};
  font-weight: ${(p) => (p.$on ? 700 : 400)};
  cursor: pointer;
  &:first-child { border-radius: 8px 0 0 8px; }
  &:last-child { border-radius: 0 8px 8px 0; }
  & + & { margin-left: -1px; }
  ${phone} { min-height: 44px; padding: 2px 7px; }
`;

/** The replay bar's drop-down, shared with the analysis bar (../analysis/AnalysisBar.tsx). */
export const Select = styled.select`
  min-height: 32px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  color: ${colors.text};
  ${phone} { min-height: 44px; }
`;

const Range = styled.input.attrs({ type: 'range' })`
  flex: 1 1 160px;
  min-width: 120px;
  accent-color: ${colors.highlight};
`;

/** Media-control glyphs as inline SVG (the system fonts of some browsers lack ⏮ ⏭ ⏸). */
type Glyph = 'first' | 'back' | 'play' | 'pause' | 'forward' | 'last';
const PATHS: Record<Glyph, string> = {
  first: 'M1 2h2v12H1zM9 2v12L3.5 8zM15 2v12L9.5 8z',
  back: 'M11 2v12L4 8zM12 2h2v12h-2z',
  play: 'M4 2v12l9-6z',
  pause: 'M3 2h3.5v12H3zM9.5 2H13v12H9.5z',
  forward: 'M2 2h2v12H2zM5 2v12l7-6z',
  last: 'M1 2v12l5.5-6zM7 2v12l5.5-6zM13 2h2v12h-2z',
};
function G({ g }: { g: Glyph }) {
  return <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d={PATHS[g]} fill="currentColor" /></svg>;
}

export const SPEEDS: { label: string; ms: number }[] = [
  { label: '½×', ms: 1600 }, { label: '1×', ms: 800 }, { label: '2×', ms: 400 }, { label: '4×', ms: 200 }, { label: '8×', ms: 100 },
];

export interface ReplayControlsProps {
  step: number;
  length: number;
  round: number;
  lastRound: number;
  playing: boolean;
  speedMs: number;
  viewpoint: Viewpoint;
  /** What happened at this step, in a few words. */
  moment: string;
  onStep(step: number): void;
  onRound(round: number): void;
  onPlay(playing: boolean): void;
  onSpeed(ms: number): void;
  onViewpoint(vp: Viewpoint): void;
  /** The game in a few words (players, result), on the second row. */
  info?: ReactNode;
  children?: ReactNode;
}

export function ReplayControls(p: ReplayControlsProps) {
  const atStart = p.step <= 0;
  const atEnd = p.step >= p.length;
  const rounds = Array.from({ length: p.lastRound + 1 }, (_, r) => r);
  return (
    <Bar role="toolbar" aria-label="Replay controls" data-testid="replay-controls" data-step={p.step} data-length={p.length}
      data-viewpoint={p.viewpoint}>
      <Tag>Replay</Tag>
      <Group>
        <Icon onClick={() => p.onStep(0)} disabled={atStart} aria-label="First step" title="First step (Home)" data-replay="first"><G g="first" /></Icon>
        <Icon onClick={() => p.onStep(p.step - 1)} disabled={atStart} aria-label="Step back" title="Step back (←)" data-replay="back"><G g="back" /></Icon>
        <Icon $primary onClick={() => p.onPlay(!p.playing)} disabled={atEnd && !p.playing}
          aria-label={p.playing ? 'Pause' : 'Play'} title="Play / pause (space)" data-replay="play"><G g={p.playing ? 'pause' : 'play'} /></Icon>
        <Icon onClick={() => p.onStep(p.step + 1)} disabled={atEnd} aria-label="Step forward" title="Step forward (→)" data-replay="forward"><G g="forward" /></Icon>
        <Icon onClick={() => p.onStep(p.length)} disabled={atEnd} aria-label="Last step" title="Last step (End)" data-replay="last"><G g="last" /></Icon>
      </Group>
      <Group>
        <Select value={p.speedMs} onChange={(e) => p.onSpeed(Number(e.target.value))} data-replay="speed" aria-label="Speed" title="Playing speed">
          {SPEEDS.map((s) => <option key={s.ms} value={s.ms}>{s.label}</option>)}
        </Select>
        <Select value={p.round} onChange={(e) => p.onRound(Number(e.target.value))} data-replay="round" aria-label="Go to round" title="Go to the start of a round">
          {rounds.map((r) => <option key={r} value={r}>{r === 0 ? 'Setup' : `Round ${r}`}</option>)}
        </Select>
      </Group>
      <Group style={{ flex: '1 1 220px' }}>
        <Range min={0} max={p.length} value={p.step} onChange={(e) => p.onStep(Number(e.target.value))}
          aria-label="Step" aria-valuetext={`Step ${p.step} of ${p.length}`} data-replay="scrub" />
        <span style={{ fontSize: 12, color: colors.muted, whiteSpace: 'nowrap' }} data-testid="replay-step">Step {p.step} / {p.length}</span>
      </Group>
      <Group role="radiogroup" aria-label="Whose view">
        {VIEWPOINTS.map((v) => (
          <Seg key={v.id} $on={p.viewpoint === v.id} aria-checked={p.viewpoint === v.id} title={v.title}
            onClick={() => p.onViewpoint(v.id)} data-view={v.id}>{v.label}</Seg>
        ))}
      </Group>
      {p.children && <Group style={{ marginLeft: 'auto' }}>{p.children}</Group>}
      <Second>
        <Moment aria-live="polite" data-testid="replay-moment" title={p.moment}>{p.moment}</Moment>
        {p.info && <Info data-testid="replay-title">{p.info}</Info>}
      </Second>
    </Bar>
  );
}
