/**
 * Hints in a local game (hot-seat, against the bot, solo): no limit; each one asked for is noted for the log and
 * kept beside the game's save (`mint-hints:<save id>` in localStorage), so a reload or a resumed save still shows
 * "The Rebel asked for a hint." where it was. Deleting the save deletes them (../saved/localSave.ts).
 */
import { useMemo, useState } from 'react';
import { hintsKey, storage } from '../saved/savedRecord';
import { publicEvents, type HintAccess, type HintNote } from './types';

const isNote = (x: unknown): x is HintNote => typeof x === 'object' && x !== null
  && ((x as HintNote).seat === 'R' || (x as HintNote).seat === 'I')
  && Number.isInteger((x as HintNote).round) && Number.isInteger((x as HintNote).at);

/** The notes kept for a save; none if nothing (or something unreadable) is stored. */
export function loadHintNotes(saveId: string): HintNote[] {
  try {
    const raw = storage()?.getItem(hintsKey(saveId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isNote) : [];
  } catch {
    return [];
  }
}

function keep(saveId: string, notes: HintNote[]): void {
  try {
    storage()?.setItem(hintsKey(saveId), JSON.stringify(notes));
  } catch {
    // storage full or refused: the note still shows until the page is left
  }
}

export function useLocalHints(saveId: string): HintAccess {
  const [notes, setNotes] = useState<HintNote[]>(() => loadHintNotes(saveId));
  return useMemo(() => ({
    left: null,
    notes,
    ask: async (view, seat) => {
      setNotes((n) => {
        const next = [...n, { seat, round: view.round, at: publicEvents(view) }];
        keep(saveId, next);
        return next;
      });
      return null;
    },
  }), [notes, saveId]);
}
