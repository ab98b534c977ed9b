/**
 * The map (issue 23 item 5): land and sea cells from mapGeometry.ts, islands as shapes of their own, the half not in
 * play for the player count greyed and hatched (IM3.1.1), real borders thin and mere meetings of cells thick (no
 * link there, IM2.1.2), the Minos strait dashed (IM2.1.3). On each territory: its name, its site (Metropolis or City
 * with the number that is its cost and its points, IM2.1.6), its wreath (IM13.1.2) and every civilization's totems,
 * a doubled marker for control (IM1.2). Territories the prompt offers glow and are buttons (Tab, Enter).
 */
import { memo, type KeyboardEvent } from 'react';
import { TERRITORIES, TERRITORY_LIST, halvesFor, type Territory, type TerritoryId } from '../../games/imperios/content/map';
import type { PublicState, Route } from '../../games/imperios/rules';
import { colors } from '../theme';
import { hiddenLinks, labelPoint, mapCells, pathOf, viewBoxFor } from './mapGeometry';
import { SeatGlyph } from './SeatMark';
import { seatName } from './seats';

const LAND = '#4a4632';
const SEA = '#173a5c';
const OUT = '#1c2029';

export interface MapViewProps {
  view: Pick<PublicState, 'players' | 'board'>;
  /** Territories the prompt offers now; they glow and are buttons. */
  choosable?: ReadonlySet<TerritoryId>;
  onChoose?(t: TerritoryId): void;
  /** A route to draw (the one being chosen, or an announcement waiting for block answers). */
  route?: Route | null;
  /** A territory the question is about (an attack's target): ringed. */
  focus?: TerritoryId | null;
}

function totemsText(view: MapViewProps['view'], t: TerritoryId): string {
  const row = view.board[t];
  if (!row) return 'not in play';
  const parts = row.flatMap((n, seat) => (n > 0 ? [`${seatName(seat)} ${n === 2 ? 'controls it (2 totems)' : '1 totem'}`] : []));
  return parts.length ? parts.join(', ') : 'no totems';
}

/** What a screen reader hears for a territory. */
export function territoryLabel(view: MapViewProps['view'], t: Territory): string {
  const site = t.site ? (t.site.kind === 'metropolis' ? 'Metropolis 5' : `City ${t.site.level}`) : t.kind === 'sea' ? 'sea' : 'land';
  const wreath = t.wreath > 0 ? `, wreath ${t.wreath}` : '';
  return `${t.name}: ${site}${t.island ? ', island' : ''}${wreath}; ${totemsText(view, t.id)}`;
}

function nameLines(name: string): string[] {
  if (name.length <= 12 || !name.includes(' ')) return [name];
  const words = name.split(' ');
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
}

function SiteBadge({ t, x, y }: { t: Territory; x: number; y: number }) {
  if (!t.site) return null;
  const metro = t.site.kind === 'metropolis';
  return (
    <g transform={`translate(${x} ${y})`} aria-hidden="true">
      {metro ? (
        <>
          <circle r={6.2} fill="#f2c14e" stroke="#0b0e14" strokeWidth={0.8} />
          <circle r={4.6} fill="none" stroke="#0b0e14" strokeWidth={0.6} />
        </>
      ) : (
        <rect x={-5} y={-5} width={10} height={10} rx={1.5} fill="#e9dcc0" stroke="#0b0e14" strokeWidth={0.8} />
      )}
      <text y={2.6} textAnchor="middle" fontSize={7} fontWeight={800} fill="#111">{t.site.level}</text>
    </g>
  );
}

function Wreath({ n, x, y }: { n: number; x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} aria-hidden="true">
      <path d="M -4 2 Q -5 -3 0 -5 M 4 2 Q 5 -3 0 -5" fill="none" stroke="#8fd18b" strokeWidth={1.3} />
      <text y={2.3} textAnchor="middle" fontSize={6} fontWeight={700} fill="#bfeabb">{n}</text>
    </g>
  );
}

function Totems({ row, x, y }: { row: readonly number[]; x: number; y: number }) {
  const present = row.flatMap((n, seat) => (n > 0 ? [{ seat, n }] : []));
  const perRow = 4;
  const gap = 13;
  return (
    <g aria-hidden="true">
      {present.map(({ seat, n }, i) => {
        const line = Math.floor(i / perRow);
        const inLine = Math.min(perRow, present.length - line * perRow);
        const col = i % perRow;
        return <SeatGlyph key={seat} seat={seat} r={5.2} double={n === 2} x={x + (col - (inLine - 1) / 2) * gap} y={y + line * 13} />;
      })}
    </g>
  );
}

const Cells = memo(function Cells({ players }: { players: number }) {
  const cells = mapCells();
  const inPlay = (t: Territory) => territoryInPlay(t, players);
  const order = [...TERRITORY_LIST].sort((a, b) => rank(a) - rank(b));
  const drawn = new Set<string>();
  return (
    <g>
      {order.map((t) => {
        const fill = !inPlay(t) ? OUT : t.kind === 'sea' ? SEA : LAND;
        const d = cells.get(t.id)!.pieces.map(pathOf).join(' ');
        return <path key={t.id} d={d} fill={fill} stroke={t.island ? '#c8b98a' : fill} strokeWidth={t.island ? 0.9 : 0.8} />;
      })}
      {TERRITORY_LIST.flatMap((t) =>
        cells.get(t.id)!.edges.map((e, i) => {
          if (!e.across || t.island) return null;
          const key = [t.id, e.across].sort().join('|') + i;
          if (drawn.has(key)) return null;
          drawn.add(key);
          const real = t.borders.includes(e.across);
          const out = !inPlay(t) || !inPlay(TERRITORIES[e.across]);
          return (
            <line key={`${t.id}-${i}`} x1={e.a.x} y1={e.a.y} x2={e.b.x} y2={e.b.y}
              stroke={real ? (out ? '#2b303b' : '#8d8a78') : '#07090d'} strokeWidth={real ? 0.55 : 2.2} strokeLinecap="round" />
          );
        }),
      )}
      <rect x={0} y={0} width={1000} height={600} fill="url(#imp-out-hatch)" mask="url(#imp-out-mask)" pointerEvents="none" />
      {hiddenLinks().map(([a, b]) => {
        const p = labelPoint(a);
        const q = labelPoint(b);
        return <line key={a + b} x1={p.x} y1={p.y} x2={q.x} y2={q.y} stroke="#e9dcc0" strokeWidth={1.2} strokeDasharray="3 2.5" opacity={0.85} />;
      })}
    </g>
  );
});

/** Seas under land, islands on top. */
function rank(t: Territory): number {
  return t.kind === 'sea' ? 0 : t.island ? 2 : 1;
}

/** IM3.1.1: whether a territory is in play for the player count. */
export function territoryInPlay(t: Territory, players: number): boolean {
  const halves = halvesFor(players);
  return t.halves.some((h) => halves.includes(h));
}

function OutMask({ players }: { players: number }) {
  const cells = mapCells();
  return (
    <defs>
      <pattern id="imp-out-hatch" width={8} height={8} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <line x1={0} y1={0} x2={0} y2={8} stroke="#2f3542" strokeWidth={2} />
      </pattern>
      <mask id="imp-out-mask">
        {TERRITORY_LIST.filter((t) => !territoryInPlay(t, players)).map((t) => (
          <path key={t.id} d={cells.get(t.id)!.pieces.map(pathOf).join(' ')} fill="#fff" />
        ))}
      </mask>
    </defs>
  );
}

function RouteLine({ route }: { route: Route }) {
  const pts = route.map(labelPoint);
  return (
    <g data-route={route.join('>')} pointerEvents="none">
      <polyline points={pts.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke="#0b0e14" strokeWidth={6} strokeLinejoin="round" opacity={0.7} />
      <polyline points={pts.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={colors.highlight} strokeWidth={3} strokeLinejoin="round" strokeDasharray="7 3" />
      {pts.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={i === pts.length - 1 ? 7 : 4} fill={i === pts.length - 1 ? 'none' : colors.highlight} stroke={colors.highlight} strokeWidth={2} />
      ))}
    </g>
  );
}

export function MapView({ view, choosable, onChoose, route, focus }: MapViewProps) {
  const vb = viewBoxFor(view.players);
  const cells = mapCells();
  const onKey = (t: TerritoryId) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onChoose?.(t);
    }
  };
  // Drawn in the cells' order, islands last: a sea's cell reaches under the islands in it (mapGeometry.ts), so a sea
  // drawn after an island would take the clicks meant for the island (Minos, Chipre…: issue 23 item 3).
  const inPlay = TERRITORY_LIST.filter((t) => territoryInPlay(t, view.players)).sort((a, b) => rank(a) - rank(b));
  return (
    <svg viewBox={`${vb.x} ${vb.y} ${vb.width} ${vb.height}`} role="group" aria-label="Map of the ancient world" data-testid="imp-map"
      style={{ width: '100%', height: '100%', display: 'block', background: colors.bg }}>
      <OutMask players={view.players} />
      <Cells players={view.players} />
      {inPlay.map((t) => {
        const on = choosable?.has(t.id) ?? false;
        const d = cells.get(t.id)!.pieces.map(pathOf).join(' ');
        const label = territoryLabel(view, t);
        if (!on) {
          return (
            <path key={t.id} d={d} fill="transparent" data-territory={t.id} aria-label={label} role="img">
              <title>{label}</title>
            </path>
          );
        }
        return (
          <g key={t.id} role="button" tabIndex={0} aria-label={`${label} — choose`} data-choice="territory" data-territory={t.id}
            onClick={() => onChoose?.(t.id)} onKeyDown={onKey(t.id)} style={{ cursor: 'pointer', outline: 'none' }} className="imp-choosable">
            <title>{`${label} — choose`}</title>
            <path d={d} fill="rgba(242, 193, 78, 0.22)" stroke={colors.highlight} strokeWidth={2.2} />
          </g>
        );
      })}
      {route && route.length > 0 && <RouteLine route={route} />}
      {focus && (() => {
        const p = labelPoint(focus);
        return <circle cx={p.x} cy={p.y} r={16} fill="none" stroke={colors.danger} strokeWidth={2.5} strokeDasharray="4 2" pointerEvents="none" />;
      })()}
      <g pointerEvents="none">
        {inPlay.map((t) => {
          const lines = nameLines(t.name);
          const row = view.board[t.id] ?? [];
          const top = t.y - 9 - (lines.length - 1) * 4;
          return (
            <g key={t.id}>
              {lines.map((line, i) => (
                <text key={i} x={t.x} y={top + i * 8} textAnchor="middle" fontSize={t.kind === 'sea' ? 7 : 7.5}
                  fontStyle={t.kind === 'sea' ? 'italic' : undefined} fill={t.kind === 'sea' ? '#b9d4ef' : '#f1ead8'}
                  stroke="#0b0e14" strokeWidth={2} paintOrder="stroke" fontWeight={600}>{line}</text>
              ))}
              <SiteBadge t={t} x={t.x - (t.wreath > 0 ? 8 : 0)} y={t.y} />
              {t.wreath > 0 && <Wreath n={t.wreath} x={t.x + (t.site ? 8 : 0)} y={t.y} />}
              <Totems row={row} x={t.x} y={t.y + (t.site || t.wreath > 0 ? 14 : 4)} />
            </g>
          );
        })}
      </g>
    </svg>
  );
}
