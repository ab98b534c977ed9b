/** Hints in a local game (hot-seat, against the bot, solo): no limit; each one asked for is noted for the log. */
import { useMemo, useState } from 'react';
import { publicEvents, type HintAccess, type HintNote } from './types';

export function useLocalHints(): HintAccess {
  const [notes, setNotes] = useState<HintNote[]>([]);
  return useMemo(() => ({
    left: null,
    notes,
    ask: async (view, seat) => {
      setNotes((n) => [...n, { seat, round: view.round, at: publicEvents(view) }]);
      return null;
    },
  }), [notes]);
}
