/**
 * The win-chance curve: the Rebel's estimated chance after each judged decision (src/ai/analysis), as an SVG
 * drawn by hand (no chart library in the bundle). Round starts are dashed lines, each player's biggest drops are
 * marked with their faction's shape, and the decision at the replay's step has a highlight line.
 *
 * Every point is a button (a column as tall as the chart, so a pointer need not hit a dot): one Tab stop for the
 * whole chart (roving focus), ← → Home End move between points, Enter or Space jumps the replay there.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { CurvePoint, TurningPoint } from '../../ai/analysis';
import type { Faction } from '../../game/content';
import { colors, factionColor, factionName } from '../theme';
import { points } from './marks';
import { markerPath } from './TurnMarker';
import { useWidth } from '../chart/useWidth';

/** Drawn at its box's width in px (text stays 11 px on a phone too); this width until measured (tests). */
const DEFAULT_W = 760;
const H = 150;
const PAD = { left: 34, right: 10, top: 10, bottom: 20 };
const PH = H - PAD.top - PAD.bottom;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  font-size: 11px;
  g[data-point] { outline: none; cursor: pointer; }
  g[data-point]:hover .hit { fill: rgba(255, 255, 255, 0.06); }
  g[data-point]:focus-visible .hit { fill: rgba(127, 178, 255, 0.18); }
  g[data-point]:focus-visible .dot { stroke: #7fb2ff; stroke-width: 3; }
`;

export interface WinCurveProps {
  curve: CurvePoint[];
  turningPoints: Record<Faction, TurningPoint[]>;
  /** The record action the replay shows (its step − 1), to mark where the replay is. */
  currentAction: number;
  onJump(action: number): void;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function WinCurve({ curve, turningPoints, currentAction, onJump }: WinCurveProps) {
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const W = useWidth(svg, DEFAULT_W);
  const PW = W - PAD.left - PAD.right;
  const n = curve.length;
  const x = (i: number) => PAD.left + (n <= 1 ? PW / 2 : (i * PW) / (n - 1));
  const y = (p: number) => PAD.top + (1 - p) * PH;
  const col = n <= 1 ? PW : PW / (n - 1);
  // Turning points by decision: which player's, and its rank.
  const turns = useMemo(() => {
    const m = new Map<number, { seat: Faction; rank: number; drop: number }>();
    for (const seat of ['R', 'I'] as const) turningPoints[seat].forEach((t, i) => m.set(t.decision, { seat, rank: i + 1, drop: t.drop }));
    return m;
  }, [turningPoints]);
  const bounds = useMemo(() => curve.flatMap((p, i) => (i > 0 && p.round !== curve[i - 1].round ? [{ i, round: p.round }] : [])), [curve]);
  // The last point at or before the replay's action.
  let current = -1;
  for (let i = 0; i < n && curve[i].action <= currentAction; i++) current = i;
  const [focus, setFocus] = useState<number | null>(null);
  const tabStop = focus ?? Math.max(0, current);

  const moveTo = (i: number) => {
    const k = Math.max(0, Math.min(n - 1, i));
    setFocus(k);
    svg.current?.querySelector<SVGGElement>(`[data-point="${k}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => moveTo(i - 1), ArrowRight: () => moveTo(i + 1), Home: () => moveTo(0), End: () => moveTo(n - 1),
      Enter: () => onJump(curve[i].action), ' ': () => onJump(curve[i].action),
    };
    const f = keys[e.key];
    if (!f) return;
    // The replay steps on ← → Home End too (a window listener): here they move between points instead.
    e.preventDefault();
    e.stopPropagation();
    f();
  };
  const path = curve.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rebel).toFixed(1)}`).join('');
  const first = curve[0];
  const last = curve[n - 1];

  return (
    <Svg ref={svg} viewBox={`0 0 ${W} ${H}`} role="group" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} data-testid="win-curve">
      <title id={`${id}-t`}>The Rebel&apos;s estimated chance of winning, decision by decision</title>
      <desc id={`${id}-d`}>
        {n} decisions judged over {last ? last.round : 0} rounds: from {first ? pct(first.rebel) : '—'} to {last ? pct(last.rebel) : '—'}.
        Each point is a button that takes the replay to that decision; the arrow keys move between points.
      </desc>
      <rect x={PAD.left} y={PAD.top} width={PW} height={PH / 2} fill={colors.rebel} opacity={0.07} />
      <rect x={PAD.left} y={PAD.top + PH / 2} width={PW} height={PH / 2} fill={colors.imperial} opacity={0.07} />
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0.5)} y2={y(0.5)} stroke={colors.border} />
      <g fill={colors.muted} aria-hidden="true">
        <text x={PAD.left - 4} y={y(1) + 4} textAnchor="end">100%</text>
        <text x={PAD.left - 4} y={y(0.5) + 4} textAnchor="end">50%</text>
        <text x={PAD.left - 4} y={y(0) + 1} textAnchor="end">0%</text>
      </g>
      <g aria-hidden="true" data-testid="round-marks">
        {bounds.map((b) => {
          const bx = (x(b.i - 1) + x(b.i)) / 2;
          return (
            <g key={b.i} data-round={b.round}>
              <line x1={bx} x2={bx} y1={PAD.top} y2={PAD.top + PH} stroke={colors.muted} strokeDasharray="3 3" opacity={0.6} />
              <text x={bx + 2} y={H - 6} fill={colors.muted}>R{b.round}</text>
            </g>
          );
        })}
      </g>
      {current >= 0 && <line x1={x(current)} x2={x(current)} y1={PAD.top} y2={PAD.top + PH} stroke={colors.highlight} strokeWidth={2} aria-hidden="true" />}
      <path d={path} fill="none" stroke={colors.text} strokeWidth={1.5} strokeLinejoin="round" aria-hidden="true" />
      {curve.map((p, i) => {
        const t = turns.get(p.decision);
        const who = factionName(p.seat);
        const label = `Round ${p.round}, ${who}'s decision: the Rebel's chance ${pct(p.rebel)}`
          + (t ? `. ${who}'s turning point ${t.rank}: ${points(t.drop)} points below the bot's move` : '');
        return (
          <g key={p.decision} data-point={i} data-action={p.action} data-turn={t?.seat} role="button" aria-label={label}
            tabIndex={i === tabStop ? 0 : -1} onClick={() => { setFocus(i); onJump(p.action); }} onKeyDown={(e) => onKey(e, i)}
            onFocus={() => setFocus(i)}>
            <rect className="hit" x={x(i) - col / 2} y={PAD.top} width={col} height={PH} fill="transparent" />
            {t && <line x1={x(i)} x2={x(i)} y1={y(p.bestRebel)} y2={y(p.rebel)} stroke={factionColor(t.seat)} strokeWidth={2} strokeDasharray="2 2" />}
            <circle className="dot" cx={x(i)} cy={y(p.rebel)} r={t ? 0 : 2} fill={colors.text} />
            {t && <path className="dot" d={markerPath(t.seat, x(i), y(p.rebel), 6)} fill={factionColor(t.seat)} stroke={colors.bg} strokeWidth={1.2} />}
          </g>
        );
      })}
    </Svg>
  );
}
