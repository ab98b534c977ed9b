/**
 * The Rebel's win share as horizontal bars, one row per source (people, bots), each with its Wilson 95% interval as
 * a whisker under the bar and the even line at 50%: plain SVG like the analysis's win curve (no chart library in the bundle).
 * The numbers are written beside each bar too, so the chart reads without colour.
 */
import { useRef } from 'react';
import { colors } from '../theme';
import { useWidth } from '../chart/useWidth';

export interface ShareRow {
  label: string;
  /** Small print under the label (games, effort). */
  note: string;
  wins: number;
  games: number;
  ci95: [number, number];
  /** Bot figures are drawn hatched: they are not people. */
  bots?: boolean;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Below this width the labels go above their bar (a phone). */
const NARROW = 560;

export function ShareChart({ rows }: { rows: ShareRow[] }) {
  const svg = useRef<SVGSVGElement>(null);
  const W = useWidth(svg);
  const narrow = W < NARROW;
  const LABEL = narrow ? 0 : 270;
  const BAR = W - LABEL - 10;
  const ROW = narrow ? 100 : 60;
  /** The bar's top within its row: beside the label, or under it. */
  const top = narrow ? 52 : 0;
  const H = rows.length * ROW + 16;
  const x = (p: number) => LABEL + p * BAR;
  return (
    <svg ref={svg} width="100%" height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="The Rebel's share of wins, people and bots" data-chart="share"
      style={{ display: 'block', fontSize: 13 }}>
      <defs>
        <pattern id="bot-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill={colors.rebelDeep} />
          <line x1="0" y1="0" x2="0" y2="6" stroke={colors.rebel} strokeWidth="2" />
        </pattern>
      </defs>
      {rows.map((r, i) => {
        const ty = 8 + i * ROW;
        const y = ty + top;
        const share = r.games > 0 ? r.wins / r.games : 0;
        return (
          <g key={r.label} data-row={r.label}>
            <text x={0} y={ty + 14} fill={colors.text} fontWeight={600}>{r.label}</text>
            <text x={0} y={ty + 30} fill={colors.muted} fontSize={11}>{r.note}</text>
            {r.games > 0 && (
              <text x={0} y={ty + 45} fill={colors.muted} fontSize={11}>{`95% interval of the Rebel's share: ${pct(r.ci95[0])}–${pct(r.ci95[1])}`}</text>
            )}
            <rect x={x(0)} y={y} width={BAR} height={24} rx={4} fill={colors.imperialDeep} />
            {r.games > 0 && <rect x={x(0)} y={y} width={share * BAR} height={24} rx={4} fill={r.bots ? 'url(#bot-hatch)' : colors.rebelDeep} />}
            <text x={x(0) + 8} y={y + 17} fill="#fff" fontWeight={700}>{r.games > 0 ? `Rebel ${pct(share)}` : 'no game yet'}</text>
            {r.games > 0 && <text x={x(1) - 8} y={y + 17} fill="#fff" fontWeight={700} textAnchor="end">{`Imperial ${100 - Math.round(share * 100)}%`}</text>}
            <line x1={x(0.5)} x2={x(0.5)} y1={y - 4} y2={y + 44} stroke={colors.text} strokeDasharray="3 3" opacity={0.6} />
            {r.games > 0 && (
              <g stroke={colors.highlight} strokeWidth={2}>
                <line x1={x(r.ci95[0])} x2={x(r.ci95[1])} y1={y + 34} y2={y + 34} />
                <line x1={x(r.ci95[0])} x2={x(r.ci95[0])} y1={y + 29} y2={y + 39} />
                <line x1={x(r.ci95[1])} x2={x(r.ci95[1])} y1={y + 29} y2={y + 39} />
                <circle cx={x(share)} cy={y + 34} r={3.5} fill={colors.highlight} stroke="none" />
              </g>
            )}
          </g>
        );
      })}
      <text x={x(0.5)} y={H - 4} fill={colors.muted} fontSize={11} textAnchor="middle">even: 50%</text>
    </svg>
  );
}
