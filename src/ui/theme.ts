/** Design tokens (BOARD-DESIGN "Identity") and the page-wide styles. */
import { createGlobalStyle } from 'styled-components';
import type { Faction } from '../game/content';

export const colors = {
  bg: '#0f1420',
  surface: '#1a2233',
  surface2: '#232d42',
  border: '#34405a',
  text: '#e6e9ef',
  muted: '#9aa4b5',
  // WCAG AA (issue 12 item 5): the faction colours are also text colours, ≥ 4.5:1 on bg, surface and surface2
  // (#d64545 gave 3.1–4.2). Light text on a faction background uses the deep variants (≥ 5.3:1 with text).
  rebel: '#f07474',
  imperial: '#3fae6a',
  rebelDeep: '#a93434',
  imperialDeep: '#1f6b3b',
  highlight: '#f2c14e',
  disrupt: '#e0952b',
  danger: '#ff6b6b',
} as const;

export const factionColor = (f: Faction): string => (f === 'R' ? colors.rebel : colors.imperial);
/** A faction background that carries light text (privacy cover, badges). */
export const factionDeep = (f: Faction): string => (f === 'R' ? colors.rebelDeep : colors.imperialDeep);
export const factionName = (f: Faction): string => (f === 'R' ? 'Rebel' : 'Imperial');

/** The highlight for a legal choice: an outline and a glow, never colour alone. */
export const glow = `outline: 3px solid ${colors.highlight}; outline-offset: 1px; box-shadow: 0 0 12px 3px rgba(242, 193, 78, 0.55);
  &:focus-visible { outline: 4px double #7fb2ff; outline-offset: 2px; }`;

/** Breakpoint of the phone layout (grid on top, tabs below, prompt bar fixed at the bottom). */
export const PHONE_MAX = 760;
export const phone = `@media (max-width: ${PHONE_MAX}px)`;

/**
 * Issue 20 item 6 — a panel that must stay readable above the board (the tutorial's coach) reserves the top of the
 * viewport: it sets this CSS variable to its bottom edge in px, and the board's fixed layers (the combat sheet, the
 * motion overlay) start below it. Unset (0) on every other screen. Layers stacked under such a panel:
 */
export const RESERVED_TOP = '--board-reserved-top';
export const reservedTop = `var(${RESERVED_TOP}, 0px)`;
/**
 * z-index of the panel that reserves the top: above the combat sheet (20), the phone's prompt bar (30) and toasts
 * (40), below the end screen (50) and the dialogs the player opens (60).
 */
export const RESERVED_Z = 45;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; margin: 0; }
  body {
    background: ${colors.bg};
    color: ${colors.text};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 14px;
    line-height: 1.35;
    font-variant-numeric: tabular-nums;
  }
  button { font: inherit; color: inherit; }
  :focus-visible { outline: 3px solid #7fb2ff; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
  .sr-only {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;
