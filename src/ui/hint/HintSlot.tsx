/**
 * The Hint button before it is pressed: a plain button in the first load, so the hint's panel, worker and search
 * (./HintBox.tsx, a lazy chunk) load only when a player asks (the first-load budget, tests/e2e/a11y.test.ts).
 */
import { lazy, Suspense, useState } from 'react';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { HintAccess } from './types';

const HintBox = lazy(() => import('./HintBox'));

export function HintSlot({ view, seat, access }: { view: GameState; seat: Faction; access: HintAccess }) {
  const [asked, setAsked] = useState(false);
  const out = access.left !== null && access.left <= 0;
  if (asked) return <Suspense fallback={null}><HintBox view={view} seat={seat} access={access} autoStart /></Suspense>;
  return (
    <button type="button" data-testid="hint-button" disabled={out} onClick={() => setAsked(true)} className="hint-button"
      title={out ? 'No hints left in this game' : 'Ask the bot what it would do (your opponent sees that you asked)'}
      style={{ marginLeft: 8, padding: '2px 12px', minHeight: 44, minWidth: 44, borderRadius: 6, border: '1px solid #5fd38d', background: '#173326', color: 'inherit', fontWeight: 700, cursor: 'pointer' }}>
      {out ? 'No hints left' : access.left === null ? 'Hint' : `Hint (${access.left} left)`}
    </button>
  );
}
