/**
 * Phone toasts for new log lines (issue 13 item 4; the log is a hidden tab there). Issue 20 item 9: they never
 * cover the planets the prompt is about — the planets it offers (`data-choice="planet"`) and the planet of the
 * question itself (the opposed mission's target, the combat whose hit is assigned). They sit in the lowest spot
 * between the top of the screen and the prompt bar that covers none of them (src/ui/placement.ts `toastTop`),
 * re-measured as the page scrolls, resizes or the prompt bar folds. With no such spot they move off screen: still
 * read by screen readers (a polite live region), and every line is in the Log tab.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { Faction, PlanetId } from '../../game/content';
import type { GameState } from '../../game/rules';
import { describeLog } from '../log/sentences';
import { toastTop, type Rect } from '../placement';
import { colors, RESERVED_TOP } from '../theme';

const slide = keyframes`
  from { transform: translateY(-8px); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

const OFF_SCREEN = -10_000;

const ToastBox = styled.div`
  position: fixed;
  left: 6px;
  right: 6px;
  z-index: 40;
  display: flex;
  flex-direction: column;
  gap: 4px;
  pointer-events: none;
`;

const Toast = styled.div`
  padding: 6px 10px;
  border-radius: 8px;
  background: rgba(35, 45, 66, 0.96);
  border: 1px solid ${colors.border};
  border-left: 4px solid ${colors.highlight};
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.5);
  font-size: 12.5px;
  animation: ${slide} 200ms ease-out;
`;

const TOAST_MS = 4000;
const MAX_TOASTS = 3;

/** The planet of the pending question itself, when it has one (it is not a choice, so not `data-choice`). */
export function questionPlanet(view: GameState): PlanetId | null {
  const kind = view.pending?.kind;
  if ((kind === 'oppose' || kind === 'pursuit') && view.mission) return view.mission.target;
  if ((kind === 'assignHit' || kind === 'secretPlans') && view.combat) return view.combat.planet;
  return null;
}

const rectOf = (el: Element): Rect => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height };
};

/**
 * The toasts' top edge: the lowest spot between the reserved top of the screen and the fixed prompt bar that
 * covers no planet the prompt is about; OFF_SCREEN when there is none. Measured after each render and on scroll,
 * resize and any change of the prompt bar's size.
 */
function useToastTop(box: React.RefObject<HTMLDivElement | null>, about: PlanetId | null, active: boolean): number {
  const [top, setTop] = useState(OFF_SCREEN);
  const measure = useRef(() => {});
  measure.current = () => {
    const el = box.current;
    if (!el || !active) return;
    const bar = document.querySelector('[data-testid="prompt"]');
    const barTop = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : window.innerHeight;
    const reserved = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(RESERVED_TOP)) || 0;
    const planets = [...document.querySelectorAll('[data-choice="planet"]')];
    const own = about ? document.querySelector(`[data-planet="${about}"]`) : null;
    if (own) planets.push(own);
    const avoid = planets.map(rectOf).filter((r) => r.width > 0 && r.height > 0);
    const next = toastTop(el.offsetHeight, { top: reserved, bottom: barTop }, avoid) ?? OFF_SCREEN;
    setTop((t) => (t === next ? t : next));
  };
  useLayoutEffect(() => measure.current());
  useEffect(() => {
    if (!active) return undefined;
    let frame = 0;
    const soon = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; measure.current(); }); };
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    const bar = document.querySelector('[data-testid="prompt"]');
    const watch = typeof ResizeObserver === 'function' ? new ResizeObserver(soon) : null;
    if (bar) watch?.observe(bar);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      watch?.disconnect();
    };
  }, [active]);
  return top;
}

/** Phone: each new log line shows as a toast for a few seconds (lines already there at mount are not repeated). */
export function Toasts({ view, seat }: { view: GameState; seat: Faction | null }) {
  const lines = describeLog(view.log, seat);
  const seen = useRef(lines.length);
  const next = useRef(0);
  const box = useRef<HTMLDivElement>(null);
  const [toasts, setToasts] = useState<{ id: number; text: string }[]>([]);
  // A repeat folds into the last line ("… ×2", issue 20 item 10): the line is new news though the count is not.
  const lastText = lines[lines.length - 1]?.text ?? '';
  const seenLast = useRef(lastText);
  useEffect(() => {
    const grew = lines.length === seen.current && lastText !== seenLast.current && lines.length > 0;
    seenLast.current = lastText;
    if (lines.length <= seen.current && !grew) { seen.current = lines.length; return; }
    const added = grew ? lines.slice(-1) : lines.slice(seen.current);
    seen.current = lines.length;
    // A burst (a combat, a Refresh) keeps its last lines and counts the rest, so no line goes by unannounced.
    const kept = added.length > MAX_TOASTS ? added.slice(-(MAX_TOASTS - 1)) : added;
    const texts = added.length > MAX_TOASTS
      ? [`${added.length - kept.length} more new lines before these: see the Log tab.`, ...kept.map((l) => l.text)]
      : kept.map((l) => l.text);
    const fresh = texts.map((text) => ({ id: next.current++, text }));
    setToasts((t) => [...t, ...fresh].slice(-MAX_TOASTS));
    const ids = new Set(fresh.map((f) => f.id));
    setTimeout(() => setToasts((t) => t.filter((x) => !ids.has(x.id))), TOAST_MS);
  }, [lines.length, lastText]); // eslint-disable-line react-hooks/exhaustive-deps
  const top = useToastTop(box, questionPlanet(view), toasts.length > 0);
  return (
    <ToastBox ref={box} role="status" aria-live="polite" data-testid="toasts" data-placed={top === OFF_SCREEN ? 'off-screen' : 'shown'}
      style={{ top }}>
      {toasts.map((t) => <Toast key={t.id} data-testid="toast">{t.text}</Toast>)}
    </ToastBox>
  );
}
