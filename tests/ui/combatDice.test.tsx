// @vitest-environment happy-dom
/**
 * The combat dice (R5.5: 4–5 hit, 6 critical) and their "hit" / "crit" / "miss" labels meet WCAG AA for small text
 * (≥ 4.5:1) on both black and white dice, from the moment they are shown: the label's colour against what is
 * behind it, and no fade on the label or around it while the die tumbles (an axe audit during the tumble saw the
 * labels at 20 % opacity, ≈ 2:1, in tests/e2e/a11y.test.ts).
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import { CombatSheet } from '../../src/ui/board/CombatSheet';
import { stateAt } from './states';

afterEach(cleanup);

/** '#rrggbb' or 'rgb(r, g, b[, a])' → [r, g, b, a] (0–255, alpha 0–1). */
function parseColour(c: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(c.trim());
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
  const rgb = /^rgba?\(([^)]+)\)$/.exec(c.trim());
  if (!rgb) throw new Error(`unreadable colour ${JSON.stringify(c)}`);
  const [r, g, b, a = 1] = rgb[1].split(',').map(Number);
  return [r, g, b, a];
}

/** WCAG 2.1 relative luminance and contrast ratio. */
function luminance([r, g, b]: number[]): number {
  const lin = (v: number) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
/** The animation an element runs, or 'none' (happy-dom fills only the `animation` shorthand). */
const animationOf = (e: Element) => {
  const style = getComputedStyle(e);
  return (style.animationName || style.animation || 'none').split(' ')[0];
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The first opaque background behind an element (its own or an ancestor's). */
function backgroundOf(el: Element): number[] {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && parseColour(bg)[3] === 1) return parseColour(bg);
  }
  throw new Error('no opaque background behind the label');
}

describe('combat dice labels (WCAG AA, issue 12 item 5)', () => {
  it('"hit", "crit" and "miss" under black and white dice have ≥ 4.5:1 and never fade; the die is marked for the motion layer', () => {
    const s = structuredClone(stateAt('assignHit', 'kbd4'));
    const dice = (['b', 'w'] as const).flatMap((colour) => [1, 2, 3, 4, 5, 6].map((value) => ({ colour, value })));
    s.combat!.roll!.dice = dice;
    const { container } = render(<CombatSheet view={viewFor(s, s.pending!.seat)} hitOptions={[]} onHit={() => {}} />);
    const sheet = container.querySelector('[data-combat]')!;
    const bodies = [...container.querySelectorAll('svg[role="img"]')].filter((e) => /^(black|white) \d/.test(e.getAttribute('aria-label')!));
    expect(bodies.map((b) => b.getAttribute('aria-label')!.split(',')[0])).toEqual(dice.map((d) => `${d.colour === 'b' ? 'black' : 'white'} ${d.value}`));
    bodies.forEach((body, i) => {
      const { colour, value } = dice[i];
      const face = body.parentElement!;
      const label = face.querySelector(':scope > span')!;
      expect(label.textContent).toBe(value === 6 ? 'crit' : value >= 4 ? 'hit' : 'miss');
      const fg = parseColour(getComputedStyle(label).color);
      const ratio = contrast(fg, backgroundOf(label));
      expect(ratio, `${colour} ${value} "${label.textContent}": ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
      // No fade: neither the label nor anything around it up to the sheet is animated or translucent.
      for (let e: Element | null = label; e && e !== sheet.parentElement; e = e.parentElement) {
        expect(animationOf(e), `${colour} ${value}: <${e.tagName}> animates the label`).toBe('none');
        expect(Number(getComputedStyle(e).opacity || 1), `${colour} ${value}: <${e.tagName}> fades the label`).toBe(1);
      }
      // The die itself still tumbles (BOARD-DESIGN "Motion"): src/ui/motion animates the svg of this roll's faces.
      expect(face.getAttribute('data-die-roll')).toMatch(/^\d+-[RI]$/);
    });
  });
});
