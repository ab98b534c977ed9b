/**
 * How the board tells the four to seven civilizations apart (issue 23 item 5): a colour from the Okabe–Ito palette
 * (distinct for the common colour-vision deficiencies), a shape, and the seat's number, so a civilization never
 * reads by colour alone. Seats are 0..n−1 (docs/imperios/RULES.md IM3.2); people count from 1.
 */
import type { Seat } from '../../games/imperios/rules';

export type SeatShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'pentagon' | 'hexagon' | 'star';

export interface SeatLook {
  /** Fill of the seat's markers; also a text colour on the dark surfaces (≥ 4.5:1 on #1a2233). */
  colour: string;
  /** The number's colour on that fill. */
  ink: string;
  shape: SeatShape;
  /** The colour's name, for screen readers and the legend. */
  colourName: string;
}

// Okabe–Ito, the dark blue lightened so that it reads on the dark board.
const LOOKS: readonly SeatLook[] = [
  { colour: '#e69f00', ink: '#111', shape: 'circle', colourName: 'orange' },
  { colour: '#56b4e9', ink: '#111', shape: 'square', colourName: 'sky blue' },
  { colour: '#2fbf8f', ink: '#111', shape: 'triangle', colourName: 'green' },
  { colour: '#f0e442', ink: '#111', shape: 'diamond', colourName: 'yellow' },
  { colour: '#6aa6ff', ink: '#111', shape: 'pentagon', colourName: 'blue' },
  { colour: '#ff7a3d', ink: '#111', shape: 'hexagon', colourName: 'vermilion' },
  { colour: '#e08cc0', ink: '#111', shape: 'star', colourName: 'pink' },
];

export function seatLook(seat: Seat): SeatLook {
  return LOOKS[seat % LOOKS.length];
}

/** "Player 3": the seat's number counted from 1. */
export function seatName(seat: Seat): string {
  return `Player ${seat + 1}`;
}

/** "Player 3 (green triangle)": a name that does not depend on seeing colour. */
export function seatLabel(seat: Seat): string {
  const look = seatLook(seat);
  return `${seatName(seat)} (${look.colourName} ${look.shape})`;
}
