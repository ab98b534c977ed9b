/**
 * A civilization's marker: its shape in its colour with its number inside (seats.ts). Drawn in SVG, both on the
 * map (inside the map's own SVG, `asSvg`) and inline in text (a small standalone SVG).
 */
import type { Seat } from '../../games/imperios/rules';
import { seatLook, seatLabel, type SeatShape } from './seats';

/** The outline of a shape centred on 0,0 with radius r. */
export function shapePath(shape: SeatShape, r: number): string {
  const poly = (n: number, rot: number, radii: (i: number) => number = () => r) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (i * 2 * Math.PI) / n;
      return `${(radii(i) * Math.cos(a)).toFixed(2)},${(radii(i) * Math.sin(a)).toFixed(2)}`;
    }).join(' ');
  switch (shape) {
    case 'circle':
      return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
    case 'square':
      return `M ${-r * 0.85} ${-r * 0.85} H ${r * 0.85} V ${r * 0.85} H ${-r * 0.85} Z`;
    case 'triangle':
      return `M ${poly(3, -Math.PI / 2, () => r * 1.15)} Z`;
    case 'diamond':
      return `M ${poly(4, -Math.PI / 2, () => r * 1.1)} Z`;
    case 'pentagon':
      return `M ${poly(5, -Math.PI / 2)} Z`;
    case 'hexagon':
      return `M ${poly(6, 0)} Z`;
    case 'star':
      return `M ${poly(10, -Math.PI / 2, (i) => (i % 2 === 0 ? r * 1.2 : r * 0.6))} Z`;
  }
}

/** The marker as SVG elements around `x, y`; `double` marks control (two totems, IM1.2). */
export function SeatGlyph({ seat, x = 0, y = 0, r = 6, double = false }: {
  seat: Seat; x?: number; y?: number; r?: number; double?: boolean;
}) {
  const look = seatLook(seat);
  return (
    <g transform={`translate(${x} ${y})`} data-seat-mark={seat}>
      {double && <path d={shapePath(look.shape, r * 1.45)} fill="none" stroke={look.colour} strokeWidth={r * 0.28} />}
      <path d={shapePath(look.shape, r)} fill={look.colour} stroke="#0b0e14" strokeWidth={r * 0.18} />
      <text y={r * 0.36} textAnchor="middle" fontSize={r * 1.05} fontWeight={800} fill={look.ink} pointerEvents="none">
        {seat + 1}
      </text>
    </g>
  );
}

/** The marker inline in text, with the seat's full name for screen readers. */
export function SeatMark({ seat, size = 18 }: { seat: Seat; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="-10 -10 20 20" role="img" aria-label={seatLabel(seat)} style={{ verticalAlign: 'middle', flex: 'none' }}>
      <SeatGlyph seat={seat} r={7.2} />
    </svg>
  );
}
