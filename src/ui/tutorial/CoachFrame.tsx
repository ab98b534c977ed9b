/**
 * The coach's strip, shared by Mint's tutorial (./CoachPanel.tsx) and Imperios' (../imperios/tutorial/): the lessons
 * (done ✓, skipped –, current), how far, "Leave tutorial" always in reach, and what to do now in a polite live region,
 * so a screen reader hears each new instruction. Apart from CoachPanel so that Imperios' chunk takes the strip
 * without Mint's lessons (whose log module would otherwise leave the first load's view chunk for a shared one).
 *
 * Never covered (issue 20 item 6): it stacks above the board's own layers (RESERVED_Z: the combat sheet, the
 * phone's prompt bar and toasts), stays on screen while a phone scrolls (sticky), and reserves the top of the
 * viewport (RESERVED_TOP) so the combat sheet and the motion overlay start below it.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, phone, RESERVED_TOP, RESERVED_Z } from '../theme';

const Strip = styled.section`
  position: relative;
  z-index: ${RESERVED_Z};
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 4px 8px;
  padding: 8px 10px;
  border: 2px solid ${colors.highlight};
  border-radius: 10px;
  background: ${colors.surface2};
  font-size: 14px;
  p { margin: 0; line-height: 1.35; }
  ${phone} {
    position: sticky;
    top: 0;
    /* With the prompt bar (at most 42vh) the whole screen stays shared, never overlapped. */
    max-height: 40vh;
    overflow-y: auto;
    margin: 2px 4px;
    padding: 6px 8px;
    font-size: 13.5px;
    box-shadow: 0 6px 14px rgba(0, 0, 0, 0.45);
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  flex: 1;
  li {
    padding: 1px 7px;
    border-radius: 999px;
    border: 1px solid ${colors.border};
    color: ${colors.muted};
    font-size: 12.5px;
  }
  li[data-state='current'] { border-color: ${colors.highlight}; color: ${colors.text}; font-weight: 700; }
  li[data-state='done'] { color: ${colors.text}; }
  li[data-state='skipped'] { text-decoration: line-through; }
  /* On a phone the list is read out but not drawn (the count says how far): the board must stay in view. */
  ${phone} { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

const MARK = { done: '✓', skipped: '–', current: '▸', later: '' } as const;

/** Keeps RESERVED_TOP at the strip's bottom edge (it moves as a phone scrolls the header away, or the text grows). */
function useReserveTop(ref: RefObject<HTMLElement | null>): void {
  const update = useRef(() => {});
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const now = () => {
      frame = 0;
      const el = ref.current;
      if (el) root.style.setProperty(RESERVED_TOP, `${Math.max(0, Math.ceil(el.getBoundingClientRect().bottom))}px`);
    };
    const soon = () => { if (!frame) frame = requestAnimationFrame(now); };
    update.current = now;
    now();
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(soon) : null;
    if (ref.current) resize?.observe(ref.current);
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      resize?.disconnect();
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      if (frame) cancelAnimationFrame(frame);
      update.current = () => {};
      root.style.removeProperty(RESERVED_TOP);
    };
  }, [ref]);
  // Content above the strip may change height on any render (the header, a banner): measure again.
  useLayoutEffect(() => update.current());
}

export type LessonState = 'done' | 'skipped' | 'current' | 'later';

/** The strip: `lessons` with their states, `count` (how far), and `children`. */
export function CoachFrame({ lessons, count, onLeave, children, attrs }: {
  lessons: readonly { id: string; title: string; state: LessonState }[];
  count: string;
  onLeave(): void;
  children: ReactNode;
  /** data-* attributes for the strip (tests read the step from them). */
  attrs?: Record<`data-${string}`, string>;
}) {
  const strip = useRef<HTMLElement>(null);
  useReserveTop(strip);
  return (
    <Strip ref={strip} aria-label="Tutorial coach" data-testid="coach" {...attrs}>
      <Row>
        <strong style={{ color: colors.highlight }}>Learn to play</strong>
        <span style={{ color: colors.muted, fontSize: 12.5, flex: 'none' }} data-testid="coach-count">{count}</span>
        <Steps aria-label="Lessons">
          {lessons.map(({ id, title, state }) => {
            const label = state === 'skipped' ? `${title} (skipped: it cannot happen now)` : title;
            const note = state === 'skipped' ? ' (skipped)' : state === 'done' ? ' (done)' : '';
            return (
              <li key={id} data-state={state} aria-current={state === 'current' ? 'step' : undefined} title={label}>
                {MARK[state]} {title}<span className="sr-only">{note}</span>
              </li>
            );
          })}
        </Steps>
        <ChoiceButton $small onClick={onLeave} data-testid="leave-tutorial" style={{ marginLeft: 'auto' }}>Leave tutorial</ChoiceButton>
      </Row>
      <div aria-live="polite" data-testid="coach-text">{children}</div>
    </Strip>
  );
}

/** A lesson's state from how many outcomes are known (`outcomes[i]` for the lessons already past). */
export function lessonState(outcomes: readonly ('done' | 'skipped')[], i: number): LessonState {
  const n = outcomes.length;
  return i < n ? outcomes[i] : i === n ? 'current' : 'later';
}

/** The rule a lesson cites, as a link-styled button. */
export const RuleLink = styled.button.attrs({ type: 'button' })`
  background: none;
  border: none;
  color: #7fb2ff;
  text-decoration: underline;
  cursor: pointer;
  padding: 0;
  font: inherit;
`;

