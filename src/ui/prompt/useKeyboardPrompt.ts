/**
 * Keyboard play (issue 12 item 4). Every choice is a native button (planets, cards, hits, unit steppers and the
 * prompt's own buttons), so Tab / Shift+Tab reach them and Enter or Space chooses. This hook adds the rest:
 * - Escape goes back one step of the decision being built (the prompt's "Back"), unless a dialog used it;
 * - when a new step is asked of this seat and the focus is nowhere (the chosen button was removed) or in the
 *   prompt, the focus moves to the prompt's first choice, so the next decision starts where the keys are.
 */
import { useEffect, type RefObject } from 'react';

export function useKeyboardPrompt(bar: RefObject<HTMLElement | null>, stepKey: string, mine: boolean,
  canGoBack: boolean, onBack: () => void): void {
  useEffect(() => {
    if (!mine || !canGoBack) return;
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key !== 'Escape' || ev.defaultPrevented) return;
      if (document.querySelector('[aria-modal="true"]')) return; // the rules sheet, the cover, the page's questions
      ev.preventDefault();
      onBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mine, canGoBack, onBack]);

  useEffect(() => {
    if (!mine) return;
    const el = bar.current;
    if (!el) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!lost && !el.contains(active)) return;
    const first = el.querySelector<HTMLElement>('[data-choice]:not([disabled]):not([data-choice="back"])');
    first?.focus();
  }, [bar, stepKey, mine]);
}
