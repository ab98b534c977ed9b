/**
 * How long the games lasted: games per final round (1–11) as columns, the quartiles as a band and the median as a
 * line beneath them (the page says the numbers in words). Plain SVG; each column has its count written on it.
 */
import { useRef } from 'react';
import type { RoundsFigure } from '../../protocol';
import { colors } from '../theme';
import { useWidth } from '../chart/useWidth';

const H = 170;
const PAD = { left: 8, right: 8, top: 18, bottom: 44 };
const ROUNDS = 11;

export function RoundsChart({ rounds }: { rounds: RoundsFigure }) {
  const svg = useRef<SVGSVGElement>(null);
  const W = useWidth(svg);
  const counts = Array.from({ length: ROUNDS }, (_, i) => rounds.histogram[i + 1] ?? 0);
  const most = Math.max(1, ...counts);
  const col = (W - PAD.left - PAD.right) / ROUNDS;
  const x = (round: number) => PAD.left + (round - 1) * col;
  const base = H - PAD.bottom;
  const h = (n: number) => (n / most) * (base - PAD.top);
  const bandY = base + 22;
  return (
    <svg ref={svg} width="100%" height={H} viewBox={`0 0 ${W} ${H}`} role="img" data-chart="rounds" style={{ display: 'block', fontSize: 12 }}
      aria-label={`Games by the round they ended in; median round ${rounds.median}, half of them between rounds ${rounds.p25} and ${rounds.p75}`}>
      {counts.map((n, i) => (
        <g key={i}>
          <rect x={x(i + 1) + 4} y={base - h(n)} width={col - 8} height={h(n)} rx={3} fill={colors.surface2} stroke={colors.border} />
          {n > 0 && <text x={x(i + 1) + col / 2} y={base - h(n) - 4} fill={colors.text} textAnchor="middle">{n}</text>}
          <text x={x(i + 1) + col / 2} y={base + 14} fill={colors.muted} textAnchor="middle">{i + 1}</text>
        </g>
      ))}
      <rect x={x(rounds.p25) + col * 0.25} y={bandY - 5} width={Math.max(col * 0.5, x(rounds.p75) - x(rounds.p25) + col * 0.5)} height={10} rx={5}
        fill={colors.highlight} opacity={0.35} />
      <line x1={x(rounds.median) + col / 2} x2={x(rounds.median) + col / 2} y1={bandY - 9} y2={bandY + 9} stroke={colors.highlight} strokeWidth={3} />
    </svg>
  );
}
