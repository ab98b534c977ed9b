/**
 * Hints in an online match (issue 22 item 1): the match's hint table from the server's 'mint:table' snapshot
 * turned into what the board offers (src/ui/hint/types.ts). Without a table (a match created without hints) there
 * is nothing: no button, no log lines. Each ask goes to the server first (`POST …/hint`), which counts and logs it.
 */
import { createElement } from 'react';
import { isSeatID, seatOfID, type HintTable } from '../../protocol';
import type { HintAccess } from '../hint/types';

export function onlineHints(table: HintTable | undefined, me: string | null, ask: () => Promise<string | null>): HintAccess | undefined {
  if (!table) return undefined;
  const used = me !== null && isSeatID(me) ? table.used[me] ?? 0 : table.limit;
  return {
    left: Math.max(0, table.limit - used),
    notes: table.asked.map((h) => ({ seat: seatOfID(h.seat), round: h.round, at: h.at })),
    ask: () => ask(),
  };
}

/** The end screen says whether the match allowed hints, and how many each player took. */
export function HintsNote({ hints }: { hints: HintTable | undefined }) {
  const text = hints ? `Hints allowed (${hints.limit} each): the Rebel took ${hints.used[0] ?? 0}, the Imperial ${hints.used[1] ?? 0}.` : 'No hints in this match.';
  return createElement('span', { 'data-testid': 'end-hints' }, text);
}
