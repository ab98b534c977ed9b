/** Action chits as small squares in their colour with a letter (R, Y, B, K), so they read without colour too. */
import { COLOURS, type Colour } from '../../games/imperios/content/colours';
import type { Chits } from '../../games/imperios/rules';
import { COLOUR_NAMES, chitsText } from './wording';

export const CHIT_STYLE: Record<Colour, { bg: string; fg: string; letter: string }> = {
  red: { bg: '#b52f2f', fg: '#fff', letter: 'R' },
  yellow: { bg: '#f2c14e', fg: '#111', letter: 'Y' },
  blue: { bg: '#2a64bd', fg: '#fff', letter: 'B' },
  black: { bg: '#0b0b0b', fg: '#fff', letter: 'K' },
};

export function Chit({ colour, n }: { colour: Colour; n?: number }) {
  const s = CHIT_STYLE[colour];
  return (
    <span aria-hidden="true" data-chit={colour} style={{
      display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 2, minWidth: 26, height: 20, padding: '0 4px',
      borderRadius: 4, background: s.bg, color: s.fg, border: '1px solid #8792a8', fontSize: 11, fontWeight: 800,
    }}>
      {s.letter}{n !== undefined && <span style={{ fontWeight: 700 }}>{n}</span>}
    </span>
  );
}

/** A row of chits by colour; colours with none are left out. */
export function ChitRow({ chits, label }: { chits: Chits; label: string }) {
  const shown = COLOURS.filter((c) => chits[c] > 0);
  return (
    <span role="img" aria-label={`${label}: ${chitsText(chits)}`} style={{ display: 'inline-flex', gap: 3, flexWrap: 'wrap' }}>
      {shown.length === 0 ? <span style={{ color: '#9aa4b5' }}>—</span> : shown.map((c) => <Chit key={c} colour={c} n={chits[c]} />)}
    </span>
  );
}

export function colourName(c: Colour): string {
  return COLOUR_NAMES[c];
}
