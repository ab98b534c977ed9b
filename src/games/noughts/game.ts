/**
 * Hidden Noughts: the platform's test game (issue 21 item 6), small enough to read in a minute, with one secret so
 * the platform's secrecy is tested on a game that is not Mint Imperium.
 *
 * Two players ('0' plays X and moves first, '1' plays O) take turns marking an empty cell of a 3×3 grid. Three in a
 * row wins. At set-up each player is dealt a secret "claim" card naming one cell; if the grid fills with no row,
 * the player whose claimed cell holds their own mark wins, and if both or neither do, it is a draw. A player sees
 * their own claim; the opponent and spectators see neither claim until the game is over.
 */
import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

export type Mark = 'X' | 'O';
export type Seat = '0' | '1';

export interface NoughtsState {
  cells: (Mark | null)[];
  /** Each seat's claimed cell (0–8); null where the audience may not see it. */
  claims: Record<Seat, number | null>;
}

export const NOUGHTS_NAME = 'hidden-noughts';
export const MARKS: Record<Seat, Mark> = { '0': 'X', '1': 'O' };
/** The rows, columns and diagonals: three of one mark in any of them wins. */
export const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

export const SEATS: readonly Seat[] = ['0', '1'];
export const isSeat = (x: unknown): x is Seat => SEATS.includes(x as Seat);
export const otherSeat = (seat: Seat): Seat => SEATS[1 - SEATS.indexOf(seat)]!;

/** Whether `cell` (as a move sends it) is an empty cell of the grid. */
export function isOpenCell(G: NoughtsState, cell: unknown): cell is number {
  return typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < 9 && G.cells[cell] === null;
}

/** The end of the game in this grid, or undefined while it goes on. */
export function outcome(G: NoughtsState): { winner?: Seat; draw?: true; reason: 'line' | 'claim' | 'draw' } | undefined {
  for (const seat of SEATS) {
    if (LINES.some((line) => line.every((c) => G.cells[c] === MARKS[seat]))) return { winner: seat, reason: 'line' };
  }
  if (G.cells.some((c) => c === null)) return undefined;
  const holds = (seat: Seat) => G.claims[seat] !== null && G.cells[G.claims[seat]!] === MARKS[seat];
  const holding = SEATS.filter(holds);
  if (holding.length === 1) return { winner: holding[0], reason: 'claim' };
  return { draw: true, reason: 'draw' };
}

export const HiddenNoughts: Game<NoughtsState> = {
  name: NOUGHTS_NAME,
  minPlayers: 2,
  maxPlayers: 2,
  setup: ({ random }) => ({
    cells: Array(9).fill(null),
    claims: { '0': random.Die(9) - 1, '1': random.Die(9) - 1 },
  }),
  // Only for boardgame.io's own transports; the platform cuts views with ./hosted.ts.
  playerView: ({ G, playerID }) => viewOfNoughts(G, playerID ?? null, false),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    mark: {
      move: ({ G, playerID }, cell: unknown) => {
        if (!isSeat(playerID) || !isOpenCell(G, cell)) return INVALID_MOVE;
        G.cells[cell] = MARKS[playerID];
        return undefined;
      },
      client: false,
    },
  },
  endIf: ({ G }) => outcome(G),
};

/** G as `playerID` (null: a spectator) may see it: the other claim hidden until `over`. */
export function viewOfNoughts(G: NoughtsState, playerID: string | null, over: boolean): NoughtsState {
  if (over) return G;
  const claims = { ...G.claims };
  for (const seat of SEATS) if (seat !== playerID) claims[seat] = null;
  return { cells: G.cells, claims };
}
