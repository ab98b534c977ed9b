/**
 * Where a hint's choice shows on the board: its planet (the one it goes to or acts on), its card, its leader, its
 * prompt button (an action type, or an option of the current step). Each such element gets `data-hint="1"` (its
 * ranks, space separated) while the hint is shown, and `HINT_CSS` draws a numbered ring in the rank's colour,
 * distinct from the legal choices' glow. Set on the DOM by the (lazy) hint panel, so the board's components know
 * nothing of hints.
 */
import type { Action } from '../../game/rules';

export const RANK_COLORS = ['#5fd38d', '#6fb3ff', '#d59cff'] as const;

/** The selectors of the elements that stand for `a`. */
export function selectorsFor(a: Action): string[] {
  const rec = a as unknown as Record<string, unknown>;
  const planet = ['to', 'target', 'planet', 'capitalOn'].map((k) => rec[k]).find((v) => typeof v === 'string');
  const out: string[] = [];
  if (typeof planet === 'string') out.push(`[data-planet="${planet}"]`);
  if (typeof rec.card === 'string') out.push(`[data-card="${rec.card}"]`);
  const prompt = '[data-testid="prompt"]';
  out.push(`${prompt} [data-choice="type"][data-type="${a.type}"]`);
  // An option button's data-value is its value as JSON (src/ui/prompt/choices.ts valueKey): "L" with its quotes.
  for (const k of ['leader', 'planet', 'card', 'to', 'target', 'unit']) {
    if (typeof rec[k] === 'string') out.push(`${prompt} [data-choice="option"][data-value='${JSON.stringify(rec[k])}']`);
  }
  return out;
}

/** Mark the elements of each choice (best first) with its rank; returns the undo. */
export function markChoices(root: ParentNode, actions: Action[]): () => void {
  const marked = new Map<Element, string[]>();
  actions.forEach((a, i) => {
    for (const sel of selectorsFor(a)) {
      for (const el of root.querySelectorAll(sel)) {
        const ranks = marked.get(el) ?? [];
        if (!ranks.includes(String(i + 1))) ranks.push(String(i + 1));
        marked.set(el, ranks);
      }
    }
  });
  for (const [el, ranks] of marked) {
    el.setAttribute('data-hint', ranks.join(' '));
    el.setAttribute('data-hint-label', ranks.join('·'));
  }
  return () => {
    for (const el of marked.keys()) {
      el.removeAttribute('data-hint');
      el.removeAttribute('data-hint-label');
    }
  };
}

/**
 * The rings: the best rank an element holds decides its colour; its ranks ("1·3") sit in a badge: inside a
 * planet's bottom right corner (its card clips what stands out), over a button's top right corner.
 */
export const HINT_CSS = [3, 2, 1].map((r) => `
[data-hint~="${r}"] { outline: 3px dashed ${RANK_COLORS[r - 1]} !important; outline-offset: 2px; position: relative; }
[data-hint~="${r}"]::after {
  content: attr(data-hint-label); position: absolute; bottom: 3px; right: 3px; z-index: 5; min-width: 20px; height: 20px;
  padding: 0 4px; box-sizing: border-box; border-radius: 10px; background: ${RANK_COLORS[r - 1]}; color: #10131a;
  font: 700 13px/20px sans-serif; text-align: center; pointer-events: none;
}`).join('\n') + `
:not([data-planet])[data-hint]::after { bottom: auto; right: -10px; top: -10px; }`;
