/**
 * The replay's game log: the whole game's lines for the chosen viewpoint, grouped by round. Lines up to the
 * current step read normally, the moment's own lines are marked, later lines are dimmed; clicking a line goes to
 * the moment it happened.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { colors, factionName } from '../theme';
import { Box as LogBox, Round, Scroll } from '../board/LogPanel';
import { points, type TurningMark } from '../analysis/marks';
import { TurnMarker } from '../analysis/TurnMarker';
import type { ReplayLine } from './viewpoint';

// The frame, scroller and round headings of the board's log; the replay's log is a little taller.
const Box = styled(LogBox)`
  min-height: 260px;
`;

const Line = styled.button.attrs({ type: 'button' })<{ $when: 'past' | 'now' | 'future' }>`
  display: block;
  width: 100%;
  text-align: left;
  padding: 2px 4px;
  border: none;
  border-left: 3px solid ${(p) => (p.$when === 'now' ? colors.highlight : 'transparent')};
  border-bottom: 1px solid rgba(255, 255, 255, 0.04);
  background: ${(p) => (p.$when === 'now' ? '#3a3214' : 'transparent')};
  color: ${(p) => (p.$when === 'future' ? '#6b7486' : colors.text)};
  font-size: inherit;
  line-height: 1.35;
  cursor: pointer;
  &:hover { background: ${colors.surface2}; }
`;

const Private = styled.span`
  font-size: 10px;
  font-weight: 700;
  padding: 0 4px;
  margin-right: 4px;
  border-radius: 3px;
  background: #3a3350;
  color: ${colors.text};
`;

const Turn = styled(Private)`
  background: #2b2f3f;
  border: 1px solid ${colors.border};
`;

/** Under a turning point's first line: what the bot preferred and what the move played cost. */
const Preferred = styled.span`
  display: block;
  color: ${colors.muted};
  font-size: 12px;
`;

function privateLabel(to: ReplayLine['to']): string | null {
  if (to === undefined) return null;
  if (to === 'players') return 'players only';
  return `${factionName(to)} only`;
}

export interface ReplayLogProps {
  lines: ReplayLine[];
  step: number;
  onStep(step: number): void;
  /** The computer analysis's turning points by step (src/ui/analysis/marks.ts): their lines are marked. */
  marks?: ReadonlyMap<number, TurningMark>;
}

export function ReplayLog({ lines, step, onStep, marks }: ReplayLogProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Keep the current moment in sight (the last line at or before the step).
  let current = -1;
  for (let i = 0; i < lines.length && lines[i].step <= step; i++) current = i;
  // A move's lines share its step: a turning point's note (what the bot preferred) goes under the first only.
  const firstOfStep = new Map<number, number>();
  lines.forEach((l, i) => { if (!firstOfStep.has(l.step)) firstOfStep.set(l.step, i); });
  useEffect(() => {
    const box = ref.current;
    const el = box?.querySelector<HTMLElement>(`[data-line="${current}"]`);
    if (!box || !el) return;
    const top = el.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - el.offsetHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }, [current]);
  const rounds: { round: number; items: { line: ReplayLine; i: number }[] }[] = [];
  lines.forEach((line, i) => {
    const last = rounds[rounds.length - 1];
    if (last && last.round === line.round) last.items.push({ line, i });
    else rounds.push({ round: line.round, items: [{ line, i }] });
  });
  return (
    <Box aria-label="Game log of the replay">
      <h2 style={{ margin: 0, fontSize: 15 }}>Game log <span style={{ fontSize: 11, fontWeight: 400, color: colors.muted }}>click a line to go there</span></h2>
      <Scroll ref={ref} data-testid="replay-log">
        {rounds.map((r, ri) => (
          <div key={ri}>
            <Round>{r.round === 0 ? 'Setup' : `Round ${r.round}`}</Round>
            {r.items.map(({ line, i }) => {
              const when = line.step > step ? 'future' : line.step === step ? 'now' : 'past';
              const label = privateLabel(line.to);
              const mark = marks?.get(line.step);
              return (
                <Line key={i} $when={when} data-line={i} data-step={line.step} aria-current={i === current ? 'true' : undefined}
                  data-turning={mark?.seat} onClick={() => onStep(line.step)}>
                  {mark && (
                    <Turn title={`${factionName(mark.seat)}'s turning point ${mark.rank} by the computer analysis`}>
                      <TurnMarker seat={mark.seat} size={10} /> turning point {mark.rank}
                    </Turn>
                  )}
                  {line.bot && <Private title="The server bot made this decision">bot</Private>}{label && <Private>{label}</Private>}{line.text}
                  {mark && firstOfStep.get(line.step) === i && (
                    <Preferred data-testid="turning-note">the bot preferred “{mark.best}” — −{points(mark.drop)} points</Preferred>
                  )}
                </Line>
              );
            })}
          </div>
        ))}
      </Scroll>
    </Box>
  );
}
