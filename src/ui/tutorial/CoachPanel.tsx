/**
 * The coach of Mint's tutorial: the strip (./CoachFrame.tsx) with the lessons of ./steps.ts, what to do now and why
 * with its rule (a link into the rules reference), and how the last lesson went.
 */
import { useRules } from '../rules/RulesContext';
import { colors } from '../theme';
import { CoachFrame, lessonState, RuleLink } from './CoachFrame';
import type { Coach } from './coach';
import { STEPS, tally, type Progress } from './steps';

/** How far: "3/7", "3/7 · 1 skipped"; at the end "✓ all 7 lessons" only when none was skipped. */
export function countText(progress: Progress): string {
  const n = progress.outcomes.length;
  const { done, skipped } = tally(progress);
  const skips = skipped.length > 0 ? ` · ${skipped.length} skipped` : '';
  if (n < STEPS.length) return `${n + 1}/${STEPS.length}${skips}`;
  return skipped.length === 0 ? `✓ all ${STEPS.length} lessons` : `${done.length} of ${STEPS.length} lessons done${skips}`;
}

export function CoachPanel({ coach, progress, onLeave }: { coach: Coach; progress: Progress; onLeave(): void }) {
  const rules = useRules();
  const lessons = STEPS.map((s, i) => ({ id: s.id, title: s.title, state: lessonState(progress.outcomes, i) }));
  return (
    <CoachFrame lessons={lessons} count={countText(progress)} onLeave={onLeave}
      attrs={{ 'data-step': coach.step, 'data-coach-action': coach.action ? JSON.stringify(coach.action) : '' }}>
      {coach.recap && <p style={{ color: colors.muted }}>✓ {coach.recap}</p>}
      <p>
        <strong>{coach.title}.</strong> {coach.text}{' '}
        <RuleLink onClick={() => rules.openRule(coach.rule)} data-rule={coach.rule} aria-haspopup="dialog">
          Rule {coach.rule}
        </RuleLink>
      </p>
    </CoachFrame>
  );
}
