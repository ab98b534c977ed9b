/**
 * The rectangles the motion overlay is placed by (issue 20 item 5), measured in the page: what must stay clear
 * (the prompt bar and the player's hand), where the overlay may draw (the viewport below a reserved top), and the
 * part of a planet actually on screen (a planet scrolled half out of the board's scrolling area, under the desktop's
 * bottom row, is only visible up to that row). src/ui/placement.ts does the arithmetic.
 */
import { intersection, type Rect } from '../placement';
import { RESERVED_TOP } from '../theme';

const toRect = (r: DOMRect): Rect => ({ left: r.left, top: r.top, width: r.width, height: r.height });

/** The prompt bar and the hand strip(s) on screen: the overlay never covers them. */
export function keepClear(): Rect[] {
  return [...document.querySelectorAll('[data-testid="prompt"], [data-testid="hand"]')]
    .map((el) => toRect(el.getBoundingClientRect()))
    .filter((r) => r.width > 0 && r.height > 0);
}

/** The viewport below the panel that reserves the top of the screen (the tutorial's coach; 0 elsewhere). */
export function screenBounds(): Rect {
  const reserved = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(RESERVED_TOP)) || 0;
  const top = Math.min(Math.max(0, reserved), window.innerHeight);
  return { left: 0, top, width: window.innerWidth, height: window.innerHeight - top };
}

/** The part of `el` that is on screen: cut by every ancestor that clips or scrolls, and by the viewport. */
export function visiblePart(el: Element): Rect | null {
  let r: Rect | null = intersection(toRect(el.getBoundingClientRect()), screenBounds());
  for (let p = el.parentElement; p && r; p = p.parentElement) {
    const cs = getComputedStyle(p);
    if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') r = intersection(r, toRect(p.getBoundingClientRect()));
  }
  return r;
}
