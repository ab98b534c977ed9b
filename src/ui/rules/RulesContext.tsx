/**
 * `openRule(id)` from anywhere on the page (issue 12 item 2): the prompt's "why?" links, the "Rules" button and
 * — later — the card-detail view. The reference itself (RulesPanel and its text) is a lazy chunk, fetched on the
 * first opening, so the first load does not grow.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export interface RulesApi {
  /** Open the rules reference, at the entry `id` (a RULES id; its nearest parent if not listed) or at the top. */
  openRule(id?: string): void;
  close(): void;
  isOpen: boolean;
}

const RulesContext = createContext<RulesApi | null>(null);

const RulesPanel = lazy(() => import('./RulesPanel'));

/** Provides openRule to its subtree; nested providers defer to the outermost one (one panel per page). */
export function RulesProvider({ children }: { children: ReactNode }) {
  const outer = useContext(RulesContext);
  if (outer) return <>{children}</>;
  return <OwnRulesProvider>{children}</OwnRulesProvider>;
}

function OwnRulesProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; target: string | null; nonce: number }>({ open: false, target: null, nonce: 0 });
  const opener = useRef<HTMLElement | null>(null);
  const openRule = useCallback((id?: string) => {
    if (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setState((s) => ({ open: true, target: id ?? null, nonce: s.nonce + 1 }));
  }, []);
  const close = useCallback(() => {
    setState((s) => ({ ...s, open: false }));
    // Back where the player was (WCAG 2.4.3): the button or link that opened the reference.
    const back = opener.current;
    if (back && back.isConnected) setTimeout(() => back.focus(), 0);
  }, []);
  const api = useMemo(() => ({ openRule, close, isOpen: state.open }), [openRule, close, state.open]);
  return (
    <RulesContext.Provider value={api}>
      {children}
      {state.open && (
        <Suspense fallback={<div role="status" className="sr-only">Loading the rules…</div>}>
          <RulesPanel key={state.nonce} target={state.target} onClose={close} />
        </Suspense>
      )}
    </RulesContext.Provider>
  );
}

const NO_RULES: RulesApi = { openRule: () => {}, close: () => {}, isOpen: false };

/** The page's rules reference; a no-op outside a RulesProvider. */
export function useRules(): RulesApi {
  return useContext(RulesContext) ?? NO_RULES;
}
