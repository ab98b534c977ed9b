/**
 * "Hint" on the player's own decision (issue 22 item 1): asks for permission (local: always; online: the server
 * counts it and logs it for both players), then runs the search bot on this player's own view in a worker
 * (./run.ts) with a progress bar and Cancel, and shows its top three choices with the player's estimated chance
 * of winning and why, each ringed on the board with its rank (./highlight.ts). A lazy chunk: not in the first load.
 * Remounted for each new decision (Board keys it), so a hint never outlives the decision it was for.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Hint } from '../../ai/hint';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { colors, phone } from '../theme';
import { useIsPhone } from '../useIsPhone';
import { HINT_CSS, RANK_COLORS, markChoices } from './highlight';
import { HintCancelled, startHint, type HintRun } from './run';
import type { HintAccess } from './types';
import { plainLabel } from '../log/plainLabel';

const Button = styled.button.attrs({ type: 'button' })`
  margin-left: 8px;
  padding: 2px 10px;
  min-height: 28px;
  border-radius: 6px;
  border: 1px solid #5fd38d;
  background: #173326;
  color: ${colors.text};
  font-size: 13px;
  font-weight: 700;
  cursor: pointer;
  &:disabled { opacity: 0.55; cursor: default; }
  ${phone} { min-height: 44px; }
`;

const Panel = styled.section`
  position: fixed;
  right: 4px;
  top: 128px;
  z-index: 45;
  /* Over the right-hand column (the opponent's side), leaving the planets it rings in sight. */
  width: min(284px, calc(100vw - 8px));
  max-height: calc(100vh - 330px);
  overflow-y: auto;
  padding: 10px 12px;
  border-radius: 10px;
  border: 1px solid #5fd38d;
  background: ${colors.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.55);
  font-size: 13px;
  /* Phone: docked just above the prompt bar, full width (bottom set from the bar's measured top: usePromptTop),
     folding to its one line so the rings on the planets behind it can be seen. */
  ${phone} { top: auto; left: 4px; right: 4px; width: auto; max-height: 36vh; padding: 8px 10px; }
  &[data-folded='true'] { overflow: hidden; }
  h2 { margin: 0 0 6px; font-size: 15px; }
  ol { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 8px; }
  p { margin: 0; }
`;

const Rank = styled.span<{ $c: string }>`
  display: inline-block;
  width: 20px;
  height: 20px;
  margin-right: 6px;
  border-radius: 50%;
  background: ${(p) => p.$c};
  color: #10131a;
  font-weight: 700;
  text-align: center;
  line-height: 20px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  h2 { margin: 0 0 6px; }
  &[data-folded='true'] h2 { margin: 0; }
`;

const Fold = styled.button.attrs({ type: 'button' })`
  flex: none;
  min-height: 44px;
  padding: 0 10px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  color: ${colors.text};
  font-size: 13px;
  cursor: pointer;
`;

/**
 * Phone: the distance from the bottom of the screen to the top of the fixed prompt bar (it grows, shrinks and
 * folds), so the panel stands just above it and never over the question, its choices or the Hint button.
 */
function usePromptTop(on: boolean): number | null {
  const [bottom, setBottom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!on) return undefined;
    const bar = document.querySelector('[data-testid="prompt"]');
    if (!bar) return undefined;
    const measure = () => setBottom(Math.max(0, Math.round(window.innerHeight - bar.getBoundingClientRect().top)));
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    ro?.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [on]);
  return on ? bottom : null;
}

const Muted = styled.p`
  color: ${colors.muted};
`;

type Phase = { k: 'idle' } | { k: 'asking' } | { k: 'running'; done: number; total: number } | { k: 'shown'; hint: Hint } | { k: 'error'; message: string };

const pct = (x: number) => `${Math.round(x * 100)}%`;

export default function HintBox({ view, seat, access, iterations, autoStart }: {
  view: GameState; seat: Faction; access: HintAccess; iterations?: number;
  /** Ask at once (./HintSlot.tsx loads this chunk when the player pressed Hint). */
  autoStart?: boolean;
}) {
  const [phase, setPhase] = useState<Phase>({ k: 'idle' });
  const isPhone = useIsPhone();
  // Phone: the panel folds to its title and the three chances, leaving the planets it rings in sight.
  const [folded, setFolded] = useState(false);
  const open = phase.k !== 'idle' && phase.k !== 'asking';
  const dock = usePromptTop(isPhone && open);
  const run = useRef<HintRun | null>(null);
  useEffect(() => () => run.current?.cancel(), []);
  const shown = phase.k === 'shown' ? phase.hint : null;
  useEffect(() => (shown ? markChoices(document, shown.choices.map((c) => c.action)) : undefined), [shown]);
  const out = access.left !== null && access.left <= 0;
  const started = useRef(false);
  const bodyId = useId();
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void ask();
  }); // once, on mount (a ref, not deps: StrictMode's second mount must not ask twice)

  async function ask() {
    setPhase({ k: 'asking' });
    const refused = await access.ask(view, seat);
    if (refused) return setPhase({ k: 'error', message: refused });
    setPhase({ k: 'running', done: 0, total: 1 });
    const fromUrl = Number(new URLSearchParams(location.search).get('hintIterations')) || undefined; // tests: ?hintIterations=
    const r = startHint(view, seat, (done, total) => setPhase({ k: 'running', done, total }), iterations ?? fromUrl);
    run.current = r;
    r.result.then((hint) => setPhase({ k: 'shown', hint }), (e: unknown) => {
      if (!(e instanceof HintCancelled)) setPhase({ k: 'error', message: e instanceof Error ? e.message : String(e) });
    });
  }

  const label = access.left === null ? 'Hint' : `Hint (${access.left} left)`;
  return (
    <>
      <Button onClick={ask} disabled={out || phase.k === 'asking' || phase.k === 'running'} data-testid="hint-button"
        title={out ? 'No hints left in this game' : 'Ask the bot what it would do (your opponent sees that you asked)'}>
        {out ? 'No hints left' : label}
      </Button>
      {phase.k !== 'idle' && phase.k !== 'asking' && (
        <Panel aria-label="Hint" data-testid="hint-panel" data-phase={phase.k} data-folded={isPhone && folded ? 'true' : 'false'}
          style={dock === null ? undefined : { bottom: dock + 6, maxHeight: `min(36vh, ${Math.max(120, window.innerHeight - dock - 12)}px)` }}>
          <Head data-folded={isPhone && folded ? 'true' : 'false'}>
            <h2>{isPhone && folded && shown ? 'Hint' : 'What would the bot do?'}
              {isPhone && folded && shown && shown.choices.map((c, i) => (
                <Rank key={i} $c={RANK_COLORS[i]} style={{ width: 'auto', padding: '0 5px', borderRadius: 10, margin: '0 0 0 3px', fontSize: 12.5 }}>
                  {i + 1}{Number.isNaN(c.chance) ? '' : ` ${pct(c.chance)}`}
                </Rank>
              ))}
            </h2>
            {isPhone && (
              <Fold onClick={() => setFolded((f) => !f)} aria-expanded={!folded} aria-controls={bodyId} data-testid="hint-fold">
                {folded ? '▴ Show' : '▾ Hide'}
              </Fold>
            )}
          </Head>
          <div id={bodyId} hidden={isPhone && folded}>
          {phase.k === 'running' && (
            <>
              <Muted>Thinking from what you can see (never your opponent's secrets)…</Muted>
              <progress max={phase.total} value={phase.done} aria-label="Hint progress" style={{ width: '100%' }} />
              <Button onClick={() => { run.current?.cancel(); setPhase({ k: 'idle' }); }} data-testid="hint-cancel">Cancel</Button>
            </>
          )}
          {phase.k === 'error' && <p role="alert">{phase.message}</p>}
          {shown && (
            <>
              <style>{HINT_CSS}</style>
              <ol>
                {shown.choices.map((c, i) => (
                  <li key={i} data-hint-rank={i + 1}>
                    <p><Rank $c={RANK_COLORS[i]}>{i + 1}</Rank><strong>{plainLabel(c.label)}</strong> — {Number.isNaN(c.chance) ? 'the only choice' : `${pct(c.chance)} to win`}</p>
                    <Muted>{c.why}.</Muted>
                  </li>
                ))}
              </ol>
              <Muted style={{ marginTop: 6 }}>From {shown.iterations} searches of worlds that fit your view. Estimates, not promises.</Muted>
            </>
          )}
          {(shown || phase.k === 'error') && <Button onClick={() => setPhase({ k: 'idle' })} data-testid="hint-close" style={{ marginTop: 6, marginLeft: 0 }}>Close</Button>}
          </div>
        </Panel>
      )}
    </>
  );
}
