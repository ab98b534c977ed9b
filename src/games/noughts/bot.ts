/**
 * Hidden Noughts' bots (issue 21 item 6): they decide from one seat's view (`viewOfNoughts`: their own claim, never
 * the opponent's) and answer a cell. `random` marks any empty cell; `greedy` completes its own row if it can, else
 * blocks the opponent's, else takes its claimed cell while it is empty (the claim decides a full grid), else any
 * empty cell. Randomness comes from the caller (`pick(n)`: uniform in [0, n)), so the game layer needs no Node.
 */
import { LINES, MARKS, isOpenCell, otherSeat, type NoughtsState, type Seat } from './game';

export const NOUGHTS_BOT_KINDS = ['greedy', 'random'] as const;
export type NoughtsBotKind = (typeof NOUGHTS_BOT_KINDS)[number];

/** The empty cells of the grid. */
export function openCells(view: NoughtsState): number[] {
  return view.cells.flatMap((_, cell) => (isOpenCell(view, cell) ? [cell] : []));
}

/** An empty cell that would complete a row of `seat`'s marks, if any. */
function completing(view: NoughtsState, seat: Seat): number | undefined {
  for (const line of LINES) {
    const marks = line.filter((c) => view.cells[c] === MARKS[seat]).length;
    const open = line.filter((c) => isOpenCell(view, c));
    if (marks === 2 && open.length === 1) return open[0];
  }
  return undefined;
}

/** The cell a `kind` bot of `seat` marks in `view`; throws when the grid is full (no decision is due). */
export function noughtsBotCell(kind: NoughtsBotKind, view: NoughtsState, seat: Seat, pick: (n: number) => number): number {
  const open = openCells(view);
  if (open.length === 0) throw new Error('the grid is full');
  const any = () => open[pick(open.length)]!;
  if (kind === 'random') return any();
  const claim = view.claims[seat];
  return completing(view, seat) ?? completing(view, otherSeat(seat)) ?? (isOpenCell(view, claim) ? claim : any());
}
