/**
 * `openRule(id)` from anywhere on the page (issue 12 item 2): the prompt's "why?" links, the "Rules" button and
 * — later — the card-detail view. The reference itself (RulesPanel and its text) is a lazy chunk, fetched on the
 * first opening, so the first load does not grow.
 */
import {
  createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode,
} from 'react';
import { DEFAULT_CONFIG, type GameConfig } from '../../game/content';

export interface RulesApi {
  /** Open the rules reference, at the entry `id` (a RULES id; its nearest parent if not listed) or at the top. */
  openRule(id?: string): void;
  close(): void;
  isOpen: boolean;
}

/** The provider's own API: a board registers its game's config, which the reference then states (B7). */
interface RulesInner extends RulesApi {
  setConfig(config: GameConfig | null): void;
}

const RulesContext = createContext<RulesInner | null>(null);

const RulesPanel = lazy(() => import('./RulesPanel'));

/**
 * Provides openRule to its subtree; nested providers defer to the outermost one (one panel per page). `config` is
 * the config of the game on screen (its `state.config`): the reference states its knobs (RULES B7), not the
 * defaults; without a game on screen it states DEFAULT_CONFIG's (issue 24 item 4).
 */
export function RulesProvider({ children, config }: { children: ReactNode; config?: GameConfig }) {
  const outer = useContext(RulesContext);
  if (outer) return <RegisterConfig rules={outer} config={config}>{children}</RegisterConfig>;
  return <OwnRulesProvider config={config}>{children}</OwnRulesProvider>;
}

/** A nested provider (a board inside the App's): hands its game's config to the outermost one while mounted. */
function RegisterConfig({ rules, config, children }: { rules: RulesInner; config?: GameConfig; children: ReactNode }) {
  const { setConfig } = rules;
  useEffect(() => {
    if (!config) return undefined;
    setConfig(config);
    return () => setConfig(null);
  }, [setConfig, config]);
  return <>{children}</>;
}

const sameConfig = (a: GameConfig | null, b: GameConfig | null) => a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));

function OwnRulesProvider({ children, config }: { children: ReactNode; config?: GameConfig }) {
  const [registered, setRegistered] = useState<GameConfig | null>(null);
  // A view's config is a new object at every update: keep the old one while the knobs are the same.
  const setConfig = useCallback((c: GameConfig | null) => setRegistered((old) => (sameConfig(old, c) ? old : c)), []);
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
  const api = useMemo(() => ({ openRule, close, isOpen: state.open, setConfig }), [openRule, close, state.open, setConfig]);
  return (
    <RulesContext.Provider value={api}>
      {children}
      {state.open && (
        <Suspense fallback={<div role="status" className="sr-only">Loading the rules…</div>}>
          <RulesPanel key={state.nonce} target={state.target} onClose={close} config={registered ?? config ?? DEFAULT_CONFIG} />
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
