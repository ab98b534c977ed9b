// @vitest-environment happy-dom
/**
 * Issue 22 item 1: in a local game a hint asked for stays in the log after a reload. The notes are kept beside the
 * game's save in localStorage (src/ui/hint/useLocalHints.ts) and deleted with it (src/ui/saved/localSave.ts).
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/rules';
import { loadHintNotes, useLocalHints } from '../../src/ui/hint/useLocalHints';
import { deleteSaved } from '../../src/ui/saved/localSave';
import { hintsKey } from '../../src/ui/saved/savedRecord';

const view = (round: number, publicEvents: number) => ({
  round,
  log: [...Array.from({ length: publicEvents }, () => ({ e: 'x' })), { e: 'secret', to: 'R' }],
}) as unknown as GameState;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('local hint notes', () => {
  it('survive a remount of the screen (a reload) for the same save, and not for another', async () => {
    const first = renderHook(() => useLocalHints('save-a'));
    await act(async () => { expect(await first.result.current.ask(view(2, 5), 'R')).toBeNull(); });
    await act(async () => { await first.result.current.ask(view(3, 9), 'I'); });
    expect(first.result.current.left).toBeNull(); // no limit locally
    first.unmount();
    const again = renderHook(() => useLocalHints('save-a'));
    expect(again.result.current.notes).toEqual([{ seat: 'R', round: 2, at: 5 }, { seat: 'I', round: 3, at: 9 }]);
    expect(renderHook(() => useLocalHints('save-b')).result.current.notes).toEqual([]);
  });

  it('are deleted with the save, and something unreadable stored under the key reads as none', () => {
    localStorage.setItem(hintsKey('save-c'), JSON.stringify([{ seat: 'R', round: 1, at: 0 }, { seat: 'X', round: 1, at: 0 }]));
    expect(loadHintNotes('save-c')).toEqual([{ seat: 'R', round: 1, at: 0 }]);
    deleteSaved('save-c');
    expect(localStorage.getItem(hintsKey('save-c'))).toBeNull();
    localStorage.setItem(hintsKey('save-d'), '{not json');
    expect(loadHintNotes('save-d')).toEqual([]);
  });
});
