// @vitest-environment happy-dom
/**
 * A new view is a new decision (src/ui/prompt/useDecision.ts): the first frame committed with the new view already
 * has the choices started over and is no longer busy. When the reset ran in an effect, one painted frame showed the
 * new view with the buttons still disabled by the previous send, and a click landing there (the random clicker of
 * tests/e2e/hotseat.test.ts) saw other choices than a moment later, so the same seeds played different games.
 */
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { Action, GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { useDecision, type Decision } from '../../src/ui/prompt/useDecision';
import { stateAt } from './states';

afterEach(cleanup);

describe('useDecision starts over with each new view', () => {
  it('the first committed frame of a new view is not busy and has no choices of the old one', () => {
    const s = stateAt('turn', 'reset');
    const seat = s.pending!.seat as Faction;
    const first = viewFor(s, seat);
    const send = vi.fn<(a: Action) => void>();
    const frames: { view: GameState; busy: boolean; chosen: number }[] = [];
    let decision: Decision | undefined;
    function Probe({ view }: { view: GameState }) {
      const d = useDecision(view, seat, send);
      decision = d;
      // What is on screen at each commit, before any effect of that commit ran.
      useLayoutEffect(() => { frames.push({ view, busy: d.busy, chosen: d.step.kind === 'field' ? d.step.chosen.length : 0 }); });
      return null;
    }
    const { rerender } = render(<Probe view={first} />);
    // A one-click action (R4.2.1: e.g. pass): sent at once, the screen is busy until the next view.
    const counts = new Map<string, number>();
    for (const a of decision!.actions) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
    const direct = [...counts].find(([, n]) => n === 1)![0];
    act(() => decision!.onType(direct as Action['type']));
    expect(send).toHaveBeenCalledTimes(1);
    expect(decision!.busy).toBe(true);
    const next = viewFor(structuredClone(s), seat); // the same decision re-asked, as a new view
    frames.length = 0;
    rerender(<Probe view={next} />);
    const shown = frames.filter((f) => f.view === next);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.map((f) => f.busy), 'a frame of the new view was still busy').toEqual(shown.map(() => false));
    expect(shown.every((f) => f.chosen === 0)).toBe(true);
  });
});
