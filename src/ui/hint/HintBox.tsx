/**
 * "Hint" on the player's own decision (issue 22 item 1): asks for permission (local: always; online: the server
 * counts it and logs it for both players), then runs the search bot on this player's own view in a worker
 * (./run.ts) with a progress bar and Cancel, and shows its top three choices with the player's estimated chance
 * of winning and why, each ringed on the board with its rank (./highlight.ts). A lazy chunk: not in the first load.
 * Remounted for each new decision (Board keys it), so a hint never outlives the decision it was for.
 */
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Hint } from '../../ai/hint';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { colors, phone } from '../theme';
import { HINT_CSS, RANK_COLORS, markChoices } from './highlight';
import { HintCancelled, startHint, type HintRun } from './run';
import type { HintAccess } from './types';
import { plainLabel } from './label';

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
  ${phone} { top: auto; bottom: calc(42vh + 12px); max-height: 40vh; }
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
  const run = useRef<HintRun | null>(null);
  useEffect(() => () => run.current?.cancel(), []);
  const shown = phase.k === 'shown' ? phase.hint : null;
  useEffect(() => (shown ? markChoices(document, shown.choices.map((c) => c.action)) : undefined), [shown]);
  const out = access.left !== null && access.left <= 0;
  const started = useRef(false);
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
        <Panel aria-label="Hint" data-testid="hint-panel" data-phase={phase.k}>
          <h2>What would the bot do?</h2>
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
        </Panel>
      )}
    </>
  );
}
