/**
 * The CSS that marks what the coach asks the player to click: the suggested action's type button, its planets,
 * its card and its option buttons (leader, hit), as found by the board's own data attributes. A dashed ring in
 * the highlight colour on top of the board's glow for legal choices (never colour alone: the coach text names them).
 */
import type { Action } from '../../game/rules';
import { FIELDS, valueKey } from '../prompt/choices';

export function highlightSelectors(action: Action | null): string[] {
  if (!action) return [];
  const out = [`[data-testid="prompt"] [data-choice="type"][data-type="${action.type}"]`];
  for (const field of FIELDS[action.type]) {
    const v = field.get(action);
    if ((field.kind === 'planet' || field.kind === 'dest') && typeof v === 'string') out.push(`[data-planet="${v}"]`);
    else if ((field.kind === 'mission' || field.kind === 'objective') && typeof v === 'string') out.push(`[data-card="${v}"]`);
    if (field.kind !== 'units') out.push(`[data-testid="prompt"] [data-choice="option"][data-value='${valueKey(v)}']`);
  }
  return out;
}

export function highlightCss(action: Action | null): string {
  const sel = highlightSelectors(action);
  if (sel.length === 0) return '';
  return `${sel.join(',\n')} {
  outline: 3px dashed #f2c14e !important; outline-offset: 3px !important;
  animation: coach-pulse 1.2s ease-in-out 2;
}
@keyframes coach-pulse { 50% { outline-offset: 6px; } }
@media (prefers-reduced-motion: reduce) { ${sel.join(', ')} { animation: none; } }`;
}
