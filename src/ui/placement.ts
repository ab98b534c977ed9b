/**
 * Where the motion overlay may draw (pure, plain rectangles; issue 20 item 5). A combat's dice and hits go over
 * the planet they belong to — never over the player's own cards (the hand strip) or the prompt bar, whatever the
 * board size. The DOM side (motion/animate.ts, story/StoryParts.tsx) measures the rectangles and hands them here.
 */

export interface Rect { left: number; top: number; width: number; height: number }

const right = (r: Rect) => r.left + r.width;
const bottom = (r: Rect) => r.top + r.height;

/** True when the two rectangles share some area (touching edges do not count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.left < right(b) && b.left < right(a) && a.top < bottom(b) && b.top < bottom(a);
}

/** The common part of two rectangles, or null when they share no area. */
export function intersection(a: Rect, b: Rect): Rect | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const w = Math.min(right(a), right(b)) - left;
  const h = Math.min(bottom(a), bottom(b)) - top;
  return w > 0 && h > 0 ? { left, top, width: w, height: h } : null;
}

const GAP = 4;

/**
 * The top-left corner for a box of `size` over `anchor` (the visible part of a planet): centred on it, kept inside
 * `bounds` (the viewport below any reserved top), and moved out of every `avoid` rectangle (prompt bar, hand
 * strip) — above it when there is room, else below it. When no spot in `bounds` is free of them all (a screen
 * filled by the prompt and the hand), the box keeps the spot that overlaps them the least.
 */
export function placeBox(size: { width: number; height: number }, anchor: Rect, avoid: Rect[], bounds: Rect): { left: number; top: number } {
  const clampX = (x: number) => Math.min(Math.max(x, bounds.left + GAP), Math.max(bounds.left + GAP, right(bounds) - size.width - GAP));
  const clampY = (y: number) => Math.min(Math.max(y, bounds.top + GAP), Math.max(bounds.top + GAP, bottom(bounds) - size.height - GAP));
  const left = clampX(anchor.left + (anchor.width - size.width) / 2);
  const centre = anchor.top + anchor.height / 2;
  const at = (top: number): Rect => ({ left, top, width: size.width, height: size.height });
  const overlap = (top: number) => avoid.reduce((sum, r) => {
    const i = intersection(at(top), r);
    return sum + (i ? i.width * i.height : 0);
  }, 0);
  // Candidates: centred on the anchor, then just above and just below each rectangle to avoid (clamped into
  // bounds); the free one nearest the anchor's centre wins.
  const candidates = [clampY(centre - size.height / 2)];
  for (const r of avoid) candidates.push(clampY(r.top - size.height - GAP), clampY(bottom(r) + GAP));
  const distance = (top: number) => Math.abs(top + size.height / 2 - centre);
  const free = candidates.filter((t) => overlap(t) === 0).sort((a, b) => distance(a) - distance(b));
  if (free.length > 0) return { left, top: free[0] };
  const least = [...candidates].sort((a, b) => overlap(a) - overlap(b) || distance(a) - distance(b));
  return { left, top: least[0] };
}

/**
 * A mark exactly over `target` (a unit's chip), cut so that it covers none of `avoid`: the part above or below
 * the first rectangle it meets, whichever is larger; null when nothing of it is left (the chip is under the
 * prompt bar: the mark would only cover the prompt).
 */
export function clipAway(target: Rect, avoid: Rect[]): Rect | null {
  let r: Rect | null = target;
  for (const a of avoid) {
    if (!r || !intersects(r, a)) continue;
    const above: number = a.top - r.top;
    const below: number = bottom(r) - bottom(a);
    if (above <= 0 && below <= 0) return null;
    r = above >= below ? { ...r, height: above } : { ...r, top: bottom(a), height: below };
  }
  return r && r.height > 0 && r.width > 0 ? r : null;
}

/**
 * How much of the screen's foot the overlay must leave bare: down from the highest top edge among the rectangles
 * docked at the bottom of the viewport (the phone's fixed prompt bar; the desktop's bottom row of prompt and hand).
 * A ghost sliding onto a chip scrolled under them would otherwise be drawn over them. 0 when none is docked.
 */
export function dockedInset(rects: Rect[], viewportHeight: number): number {
  const docked = rects.filter((r) => bottom(r) >= viewportHeight - 1 && r.top < viewportHeight);
  return docked.length === 0 ? 0 : Math.max(0, viewportHeight - Math.min(...docked.map((r) => r.top)));
}

/**
 * Phone toasts (issue 20 item 9): the top of a full-width stack of `height` px inside the band [`top`, `bottom`)
 * (the screen between the header's reserved top and the prompt bar) that covers none of `avoid` (the planets the
 * prompt offers). The lowest free spot wins (nearest the prompt, where the eyes are); null when none is free.
 */
export function toastTop(height: number, band: { top: number; bottom: number }, avoid: Rect[]): number | null {
  const blocked = avoid.map((r) => [r.top, bottom(r)] as const).filter(([t, b]) => b > band.top && t < band.bottom)
    .sort((a, b) => b[1] - a[1]);
  // Try from the bottom of the band upward: just above the band's end, then just above each blocked stretch.
  const starts = [band.bottom - height - GAP, ...blocked.map(([t]) => t - height - GAP)].sort((a, b) => b - a);
  for (const top of starts) {
    if (top < band.top) continue;
    if (blocked.every(([t, b]) => top + height <= t || top >= b)) return top;
  }
  return null;
}
