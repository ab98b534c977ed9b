/**
 * A turning point's mark: a Rebel drop is a downward triangle, an Imperial one a diamond, each in its faction's
 * colour, so the two read apart without colour too (BOARD-DESIGN "Identity"). The chart draws `markerPath` at a
 * point; lists and the log use the inline icon.
 */
import type { Faction } from '../../game/content';
import { factionColor } from '../theme';

/** The shape centred on (x, y), about 2·r across. */
export function markerPath(seat: Faction, x: number, y: number, r: number): string {
  return seat === 'R'
    ? `M${x - r} ${y - r * 0.8}H${x + r}L${x} ${y + r}Z`
    : `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`;
}

export function TurnMarker({ seat, size = 12 }: { seat: Faction; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" focusable="false" style={{ verticalAlign: '-1px' }}>
      <path d={markerPath(seat, 6, 6, 5)} fill={factionColor(seat)} stroke="#0f1420" strokeWidth="1" />
    </svg>
  );
}
