// @vitest-environment happy-dom
/**
 * The hint on the board (issue 22 item 1):
 * - the worker is handed the player's own view and nothing else: the one message posted to it is exactly
 *   `viewFor(state, seat)`, and the secrets of the other seat (the Rebel's base for the Imperial, the Imperial's
 *   hand for the Rebel) are not in it; a full state is refused before any worker starts;
 * - the Hint button is offered on the player's own decision only: never to a spectator, never while the other
 *   seat decides, never without hints (an online match that does not allow them passes none);
 * - the log shows "The Imperial asked for a hint." after the public events it followed, for both seats.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { withHintNotes } from '../../src/ui/board/hintNotes';
import { hintRequest, startHint } from '../../src/ui/hint/run';
import type { HintAccess } from '../../src/ui/hint/types';
import { collectPositions } from '../ai/positions';
import { stateAt } from './states';

const truth = stateAt('turn', 'ui-hint');

/** An Operations turn of `seat` with the base still hidden. */
function turnOf(seat: Faction): GameState {
  const turns = collectPositions('ui-hint', 3, 6).get('turn') ?? [];
  const s = turns.find((t) => t.pending!.seat === seat && !t.base.revealed);
  if (!s) throw new Error(`no turn of ${seat} found`);
  return s;
}

/** A stand-in for the browser's Worker that keeps what the page posts. */
class SpyWorker {
  static posted: unknown[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(m: unknown) { SpyWorker.posted.push(structuredClone(m)); }
  terminate() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  SpyWorker.posted = [];
});

describe('the hint worker is handed only the player\'s view', () => {
  it.each<Faction>(['R', 'I'])('seat %s: the posted message holds viewFor(state, seat) and no secret of the other seat', (seat) => {
    vi.stubGlobal('Worker', SpyWorker);
    const s = turnOf(seat);
    const view = viewFor(s, seat);
    const run = startHint(view, seat, () => {});
    run.result.catch(() => {});
    expect(SpyWorker.posted.length).toBe(1);
    const msg = SpyWorker.posted[0] as { view: GameState; seat: Faction };
    expect(Object.keys(msg).sort()).toEqual(['iterations', 'seat', 'seed', 'view']);
    expect(msg.seat).toBe(seat);
    expect(msg.view).toEqual(view);
    if (seat === 'I') {
      expect(s.base.revealed).toBe(false);
      expect(msg.view.base.planet).not.toBe(s.base.planet);
      expect(JSON.stringify(msg.view.objectives.hand)).not.toContain(s.objectives.hand[0] ?? '§');
    } else {
      for (const card of s.hands.I) expect(msg.view.hands.I).not.toContain(card);
    }
    run.cancel();
  });

  it('refuses the full state before starting any worker', () => {
    vi.stubGlobal('Worker', SpyWorker);
    expect(() => hintRequest(truth, truth.pending!.seat)).toThrow(/own view/);
    expect(() => startHint(truth, truth.pending!.seat, () => {})).toThrow(/own view/);
    expect(SpyWorker.posted).toEqual([]);
  });
});

const access = (left: number | null = null): HintAccess => ({ left, notes: [], ask: async () => null });

describe('the Hint button', () => {
  const seat = truth.pending!.seat;
  const other: Faction = seat === 'R' ? 'I' : 'R';

  it('is on the player\'s own decision, with the hints left when limited', async () => {
    render(<Board view={viewFor(truth, seat)} seat={seat} onAction={() => {}} hints={access(2)} />);
    expect((await screen.findByTestId('hint-button')).textContent).toContain('2 left');
  });

  it('is not offered to a spectator, to the seat that waits, or without hints', async () => {
    const { unmount } = render(<Board view={viewFor(truth, null)} seat={null} hints={access()} />);
    await screen.findByTestId('prompt');
    expect(screen.queryByTestId('hint-button')).toBeNull();
    unmount();
    const b = render(<Board view={viewFor(truth, other)} seat={other} onAction={() => {}} hints={access()} />);
    await screen.findByTestId('prompt');
    expect(screen.queryByTestId('hint-button')).toBeNull();
    b.unmount();
    render(<Board view={viewFor(truth, seat)} seat={seat} onAction={() => {}} />);
    await screen.findByTestId('prompt');
    expect(screen.queryByTestId('hint-button')).toBeNull();
  });

  it('says no hints are left at 0', async () => {
    render(<Board view={viewFor(truth, seat)} seat={seat} onAction={() => {}} hints={access(0)} />);
    const b = await screen.findByTestId('hint-button');
    expect(b.textContent).toContain('No hints left');
    expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the hint in the log', () => {
  it('stands after the public events before it, in every seat\'s view', () => {
    const at = Math.floor(truth.log.filter((e) => e.to === undefined).length / 2);
    const notes = [{ seat: 'I' as Faction, round: 1, at }];
    for (const viewer of ['R', 'I', null] as const) {
      const log = viewFor(truth, viewer).log;
      const lines = withHintNotes(log, viewer, notes);
      const i = lines.findIndex((l) => l.e === 'hint');
      expect(lines[i].text).toBe('The Imperial asked for a hint.');
      // The same public sentences come before it for everyone.
      const publicBefore = withHintNotes(log.filter((e) => e.to === undefined), viewer, notes).findIndex((l) => l.e === 'hint');
      expect(lines.slice(0, i).filter((l) => !l.private).length).toBe(publicBefore);
    }
  });
});

describe('online hints', () => {
  it('are offered only when the match allows them, counted by the server\'s table', async () => {
    const { onlineHints } = await import('../../src/ui/online/hints');
    const ask = async () => null;
    expect(onlineHints(undefined, '0', ask)).toBeUndefined(); // created without hints: no button, no log lines
    const table = { limit: 3, used: { 0: 1, 1: 3 }, asked: [{ seat: '1' as const, round: 2, at: 5, stateID: 9 }] };
    expect(onlineHints(table, '0', ask)!.left).toBe(2);
    expect(onlineHints(table, '1', ask)!.left).toBe(0);
    expect(onlineHints(table, null, ask)!.left).toBe(0);
    expect(onlineHints(table, '0', ask)!.notes).toEqual([{ seat: 'I', round: 2, at: 5 }]);
  });
});
