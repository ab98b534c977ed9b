/**
 * Attribute icons (R7.2: Diplomacy, Intel, Force) as inline SVG. Each has its own shape — a speech bubble, an
 * eye, a fist-like burst — and its own colour, so a leader can be matched to a mission in greyscale too. The
 * icons carry no text content (labels and buttons keep their text); their name is the accessible label.
 */
import type { ReactElement } from 'react';
import type { Attribute } from '../../../game/content';
import { ATTRIBUTE_NAMES } from '../../format';

export const ATTRIBUTE_COLORS: Record<Attribute, string> = { D: '#6fb3e8', I: '#c39af0', F: '#f08a4b' };

const GLYPHS: Record<Attribute, ReactElement> = {
  // Diplomacy: a speech bubble
  D: <path d="M3 4.5h14a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5H9l-4 3.5v-3.5H3A1.5 1.5 0 0 1 1.5 13V6A1.5 1.5 0 0 1 3 4.5z" />,
  // Intel: an eye
  I: (
    <>
      <path d="M1 10c2.6-4.2 5.6-6 9-6s6.4 1.8 9 6c-2.6 4.2-5.6 6-9 6s-6.4-1.8-9-6z" />
      <circle cx="10" cy="10" r="3" fill="#1a2233" />
    </>
  ),
  // Force: a burst
  F: <path d="M10 1l2.2 5.2L18 4.5l-3.2 4.6L19 13l-5.6.4L12 19l-2-4.8L8 19l-1.4-5.6L1 13l4.2-3.9L2 4.5l5.8 1.7z" />,
};

export function AttributeIcon({ attr, size = 14 }: { attr: Attribute; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" role="img" aria-label={ATTRIBUTE_NAMES[attr]} focusable="false"
      data-attr={attr} style={{ flex: 'none', verticalAlign: 'middle' }} fill={ATTRIBUTE_COLORS[attr]}>
      {GLYPHS[attr]}
    </svg>
  );
}

/** A leader's icons in a row (R7.2: icons may repeat). */
export function AttributeIcons({ attrs, size = 12 }: { attrs: Attribute[]; size?: number }) {
  return (
    <span style={{ display: 'inline-flex', gap: 1, alignItems: 'center' }} data-icons={attrs.join('')}>
      {attrs.map((a, i) => <AttributeIcon key={i} attr={a} size={size} />)}
    </span>
  );
}
