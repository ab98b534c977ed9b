/**
 * The four colours of action chits and of the phases (docs/imperios/RULES.md IM1.2, IM2.2, IM4.5). Pure data.
 */
export const COLOURS = ['red', 'yellow', 'blue', 'black'] as const;

export type Colour = (typeof COLOURS)[number];

/** IM2.2.1, G10: 100 chits of each colour, the set-up chits included. */
export const CHITS_PER_COLOUR = 100;

export function isColour(x: unknown): x is Colour {
  return typeof x === 'string' && (COLOURS as readonly string[]).includes(x);
}
