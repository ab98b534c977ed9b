/**
 * The coach: a strip under the header with the lessons (done ✓, skipped, current), what to do now and why with
 * its rule (a link into the rules reference), how the last lesson went, and "Leave tutorial" always in reach.
 * The text is a polite live region, so a screen reader hears each new instruction.
 */
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { useRules } from '../rules/RulesContext';
import { colors, phone } from '../theme';
import type { Coach } from './coach';
import { STEPS, type Progress } from './steps';

const Strip = styled.section`
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
  ${phone} { margin: 2px 4px; padding: 6px 8px; font-size: 13.5px; }
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

export function CoachPanel({ coach, progress, onLeave }: { coach: Coach; progress: Progress; onLeave(): void }) {
  const rules = useRules();
  const n = progress.outcomes.length;
  return (
    <Strip aria-label="Tutorial coach" data-testid="coach" data-step={coach.step}
      data-coach-action={coach.action ? JSON.stringify(coach.action) : ''}>
      <Row>
        <strong style={{ color: colors.highlight }}>Learn to play</strong>
        <span style={{ color: colors.muted, fontSize: 12.5, flex: 'none' }} aria-hidden="true">{n >= STEPS.length ? '✓ all lessons' : `${n + 1}/${STEPS.length}`}</span>
        <Steps aria-label="Lessons">
          {STEPS.map((s, i) => {
            const state = i < n ? progress.outcomes[i] : i === n ? 'current' : 'later';
            const label = state === 'skipped' ? `${s.title} (skipped: it cannot happen now)` : s.title;
            const note = state === 'skipped' ? ' (skipped)' : state === 'done' ? ' (done)' : '';
            return (
              <li key={s.id} data-state={state} aria-current={state === 'current' ? 'step' : undefined} title={label}>
                {MARK[state]} {s.title}<span className="sr-only">{note}</span>
              </li>
            );
          })}
        </Steps>
        <ChoiceButton $small onClick={onLeave} data-testid="leave-tutorial" style={{ marginLeft: 'auto' }}>Leave tutorial</ChoiceButton>
      </Row>
      <div aria-live="polite" data-testid="coach-text">
        {coach.recap && <p style={{ color: colors.muted }}>✓ {coach.recap}</p>}
        <p>
          <strong>{coach.title}.</strong> {coach.text}{' '}
          <button type="button" onClick={() => rules.openRule(coach.rule)} data-rule={coach.rule} aria-haspopup="dialog"
            style={{ background: 'none', border: 'none', color: '#7fb2ff', textDecoration: 'underline', cursor: 'pointer', padding: 0, font: 'inherit' }}>
            Rule {coach.rule}
          </button>
        </p>
      </div>
    </Strip>
  );
}
