// @vitest-environment happy-dom
/**
 * Issue 20 item 6 — the tutorial's coach on the page (src/ui/tutorial/CoachPanel.tsx), in the real guided game
 * played in the core (tests/helpers/tutorialGame.ts):
 * - a player who plans another card with another leader reads about that card and the leaders they still have,
 *   never the script's Rally Support and Spymaster Ilo Brecht;
 * - a skipped lesson is never ticked, and the last line counts the lessons done and skipped;
 * - the coach is never covered: it stacks above the combat sheet, the phone's prompt bar and toasts, stays on
 *   screen when a phone scrolls (sticky), shares the height with the prompt bar, and the combat sheet starts
 *   below the top it reserves. (tests/e2e/tutorial.test.ts checks the same with elementFromPoint in Chromium.)
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Board } from '../../src/ui/board/Board';
import { RESERVED_TOP } from '../../src/ui/theme';
import { coachFor } from '../../src/ui/tutorial/coach';
import { CoachPanel } from '../../src/ui/tutorial/CoachPanel';
import { STEPS } from '../../src/ui/tutorial/steps';
import { follower, planning, playTutorial, type Moment } from '../helpers/tutorialGame';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty(RESERVED_TOP);
});

function showCoach(m: Moment) {
  const coach = coachFor(m.view, m.legal, m.progress);
  render(<CoachPanel coach={coach} progress={m.progress} onLeave={() => {}} />);
  return { coach, text: screen.getByTestId('coach-text').textContent ?? '' };
}

/** The first moment the Rebel must answer `kind` while lesson `step` is current (and `also` holds). */
function momentOf(moments: Moment[], step: string, kind: string, also: (m: Moment) => boolean = () => true): Moment {
  const m = moments.find((x) => x.view.pending?.seat === 'R' && x.view.pending.kind === kind
    && (STEPS[x.progress.outcomes.length]?.id ?? 'done') === step && also(x));
  if (!m) throw new Error(`no ${kind} moment in the ${step} lesson`);
  return m;
}

describe('the coach follows a player who deviates', () => {
  // Sabotage (R-S2) with Spymaster Ilo Brecht instead of Rally Support with Envoy Nessa Quill.
  const { moments } = playTutorial(planning('R-S2', 'LD-R3'));

  it('names the card and leader actually planned, and the leaders still free', () => {
    const { text } = showCoach(momentOf(moments, 'plan', 'plan', (m) => m.view.planned.R.length > 0));
    expect(text).toMatch(/You planned Sabotage with Spymaster Ilo Brecht/);
    expect(text).toMatch(/keep Envoy Nessa Quill and Captain Tarek Vonn free/);
    expect(text).not.toMatch(/Rally Support/);
  });

  it('sends a leader who is still in the pool on the fleet move, and highlights that move', () => {
    const m = momentOf(moments, 'move', 'turn');
    const { coach, text } = showCoach(m);
    expect(coach.text).not.toMatch(/Spymaster Ilo Brecht/); // he is on the planned Sabotage
    expect(coach.action).toMatchObject({ type: 'moveFleet', leader: 'LD-R1' });
    expect(text).toMatch(/send Envoy Nessa Quill with it/);
    expect(text).toMatch(/✓ You planned Sabotage with Spymaster Ilo Brecht\./); // the recap: what the player did
    expect(screen.getByTestId('coach').getAttribute('data-coach-action')).toBe(JSON.stringify(coach.action));
  });

  it('asks to reveal the mission actually planned, with that card’s own requirement', () => {
    const { coach, text } = showCoach(momentOf(moments, 'reveal', 'turn'));
    expect(coach.action).toMatchObject({ type: 'revealMission', card: 'R-S2' });
    expect(text).toMatch(/Reveal your planned Sabotage on /);
    expect(text).toMatch(/Place a disrupt token/);
    expect(text).not.toMatch(/Rally Support|loyalty marker/);
  });

  it('recaps what the player did, not the script', () => {
    // The last moment of the lesson after the reveal: its outcome is in the log.
    const afterReveal = moments.filter((x) => x.progress.outcomes.length === 4).pop()!;
    showCoach(afterReveal);
    const text = screen.getByTestId('coach-text').textContent;
    expect(text).toMatch(/✓ Sabotage is unopposed and succeeds\. A disrupt token now lies on /);
    expect(text).not.toMatch(/Rally Support|loyalty marker/);
  });
});

describe('lessons skipped are never ticked', () => {
  it('the end counts done and skipped lessons, the skipped one without a tick, and the coach names it', () => {
    // With Sabotage there is no second loyal sector-3 planet: Frontier Friends cannot be scored this round.
    const { moments, progress } = playTutorial(planning('R-S2', 'LD-R3'));
    expect(progress.outcomes).toEqual(['done', 'done', 'done', 'done', 'done', 'skipped', 'done']);
    showCoach(moments[moments.length - 1]);
    const count = screen.getByTestId('coach-count').textContent;
    expect(count).toBe('6 of 7 lessons done · 1 skipped');
    expect(count).not.toMatch(/all/);
    const lesson = within(screen.getByRole('list', { name: 'Lessons' })).getByText(/Score an objective/).closest('li')!;
    expect(lesson.getAttribute('data-state')).toBe('skipped');
    expect(lesson.textContent).not.toMatch(/✓/);
    expect(lesson.textContent).toMatch(/skipped/);
    expect(screen.getByTestId('coach-text').textContent).toMatch(/One lesson was skipped because the game went another way: “Score an objective”/);
  });

  it('a game where every lesson was done says so', () => {
    const { moments } = playTutorial(follower);
    showCoach(moments[moments.length - 1]);
    expect(screen.getByTestId('coach-count').textContent).toBe('✓ all 7 lessons');
    expect(screen.getByTestId('coach-text').textContent).toMatch(/You did every lesson/);
  });

  it('while the lessons go on, the count says how many were skipped so far', () => {
    const { moments } = playTutorial(planning('R-S2', 'LD-R3'));
    const m = moments.find((x) => x.progress.outcomes.length === 6)!;
    showCoach(m);
    expect(screen.getByTestId('coach-count').textContent).toBe('7/7 · 1 skipped');
  });
});

describe.each([true, false])('the coach is never covered (phone: %s)', (isPhone) => {
  function layout() {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: isPhone, media: query, addEventListener() {}, removeEventListener() {} }));
    (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM
      .setViewport(isPhone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
    // The combat of the intended line: the player assigns a critical hit, the combat sheet open.
    const { moments } = playTutorial(follower);
    const m = momentOf(moments, 'combat', 'assignHit');
    const coach = coachFor(m.view, m.legal, m.progress);
    const { container } = render(<Board view={m.view} seat="R" onAction={() => {}} onExit={() => {}}
      extra={<CoachPanel coach={coach} progress={m.progress} onLeave={() => {}} />} />);
    expect(container.querySelector(`[data-layout="${isPhone ? 'phone' : 'desktop'}"]`)).not.toBeNull();
    return container;
  }
  const z = (el: Element) => Number(getComputedStyle(el).zIndex);

  it('stacks above the combat sheet, the prompt bar and the toasts', () => {
    const container = layout();
    const coach = screen.getByTestId('coach');
    const sheet = container.querySelector('[data-combat]')!;
    expect(sheet).not.toBeNull();
    expect(['relative', 'sticky']).toContain(getComputedStyle(coach).position);
    expect(z(coach)).toBeGreaterThan(z(sheet));
    if (isPhone) {
      const prompt = screen.getByTestId('prompt');
      const toasts = screen.getByTestId('toasts');
      expect(getComputedStyle(prompt).position).toBe('fixed');
      expect(z(coach)).toBeGreaterThan(z(prompt));
      expect(z(coach)).toBeGreaterThan(z(toasts));
    }
    // Nothing of the board's own is inside the coach, and the coach is not inside a positioned board layer.
    expect(coach.querySelector('[data-combat], [data-testid="prompt"], [data-testid="toasts"]')).toBeNull();
  });

  it(isPhone ? 'stays on screen as the page scrolls, and leaves the prompt bar its room' : 'sits in the header row', () => {
    layout();
    const coach = screen.getByTestId('coach');
    if (!isPhone) {
      expect(getComputedStyle(coach).position).toBe('relative');
      return;
    }
    const style = getComputedStyle(coach);
    expect(style.position).toBe('sticky');
    expect(style.top).toBe('0px');
    // Both caps in px (happy-dom resolves vh against the 844 px viewport): together under the screen's height.
    const px = (v: string) => Number(/^([\d.]+)px$/.exec(v)?.[1] ?? NaN);
    const prompt = getComputedStyle(screen.getByTestId('prompt'));
    expect(px(style.maxHeight) + px(prompt.maxHeight)).toBeLessThan(844);
    expect(style.overflowY).toBe('auto');
  });

  it('the combat sheet starts below the top the coach reserves', () => {
    const container = layout();
    document.documentElement.style.setProperty(RESERVED_TOP, '180px');
    const top = getComputedStyle(container.querySelector('[data-combat]')!).top;
    // The sheet's top is computed from the reserved top (plus a gap), never a fixed offset from the screen's edge.
    expect(top).toMatch(/180px/);
  });
});
