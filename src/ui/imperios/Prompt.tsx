/**
 * The prompt bar (issue 23 item 5): one sentence says what the game waits for and from whom, and the buttons
 * offer exactly the legal choices of the current step (usePrompt, choices.ts). Every choice is a native button
 * (Tab, Enter); a new step puts the focus on its first choice; Escape goes back one step. Territories are chosen on
 * the map or with the buttons here. A map action ends with its route: each legal route is a button, shown on the
 * map while it is hovered or focused.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { AGES } from '../../games/imperios/content/ages';
import { COLOURS } from '../../games/imperios/content/colours';
import { awaitedSeats, blockersOf, type Action, type Chits, type Seat } from '../../games/imperios/rules';
import { blockable } from '../../games/imperios/rules/mapActions';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, phone } from '../theme';
import { Chit } from './Chits';
import { sameAction, TERRITORY_FIELDS } from './choices';
import { asCore, type ImperiosView } from './core';
import { SeatMark } from './SeatMark';
import { seatName } from './seats';
import type { PromptState } from './usePrompt';
import { FIELD_QUESTIONS, KIND_WORDS, mapActionText, pendingQuestion, routeText, valueLabel } from './wording';

const Bar = styled.section`
  background: ${colors.surface};
  border-top: 2px solid ${colors.highlight};
  padding: 8px 12px;
  display: grid;
  gap: 6px;
  ${phone} { position: sticky; bottom: 0; z-index: 30; max-height: 46vh; overflow: auto; padding: 6px 8px; }
  p { margin: 0; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

const ENDING = new Set(['endTurn', 'letPass', 'noDefence', 'stopAssault']);

function KeepPicker({ view, seat, legal, act }: { view: ImperiosView; seat: Seat; legal: Action[]; act(a: Action): void }) {
  const options = legal.filter((a): a is Extract<Action, { kind: 'keepReserve' }> => a.kind === 'keepReserve');
  const civ = view.civs[seat];
  const limit = AGES[civ.age].reserve;
  const best = options.reduce((a, b) => (total(b.keep) > total(a.keep) ? b : a), options[0]);
  const [keep, setKeep] = useState<Chits>(best ? { ...best.keep } : { red: 0, yellow: 0, blue: 0, black: 0 });
  const chosen = options.find((a) => COLOURS.every((c) => a.keep[c] === keep[c]));
  return (
    <Row role="group" aria-label={`Chits to keep, at most ${limit}`}>
      {COLOURS.map((c) => {
        const has = civ.hand[c] + civ.reserve[c];
        if (has === 0) return null;
        return (
          <span key={c} style={{ display: 'inline-flex', gap: 3, alignItems: 'center' }}>
            <ChoiceButton $small aria-label={`One ${c} less`} disabled={keep[c] === 0} onClick={() => setKeep({ ...keep, [c]: keep[c] - 1 })}>−</ChoiceButton>
            <Chit colour={c} n={keep[c]} />
            <span style={{ color: colors.muted }}>/ {has}</span>
            <ChoiceButton $small aria-label={`One ${c} more`} disabled={keep[c] >= has || total(keep) >= limit} onClick={() => setKeep({ ...keep, [c]: keep[c] + 1 })}>+</ChoiceButton>
          </span>
        );
      })}
      <ChoiceButton $primary data-choice="keep" disabled={!chosen} onClick={() => chosen && act(chosen)}>
        Keep {total(keep)} of at most {limit}
      </ChoiceButton>
    </Row>
  );
}

function total(c: Chits): number {
  return c.red + c.yellow + c.blue + c.black;
}

export function Prompt({ view, seat, prompt }: { view: ImperiosView; seat: Seat | null; prompt: PromptState }) {
  const ref = useRef<HTMLElement>(null);
  const { step, legal } = prompt;
  const p = view.pending;
  const awaited = awaitedSeats(asCore(view));
  const mine = seat !== null && awaited.includes(seat);
  const stepKey = JSON.stringify(step.step === 'kind' ? step.kinds : step.picked) + step.step;
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[data-choice]:not([data-choice="back"]):not(:disabled)')?.focus({ preventScroll: true });
  }, [stepKey]);
  const send = prompt.send;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && prompt.picked.kind !== undefined) {
      e.preventDefault();
      prompt.back();
    }
  };
  if (!p) {
    return <Bar ref={ref} data-testid="imp-prompt" data-pending="none" aria-live="polite"><p>{view.phase === 'over' ? 'The game is over.' : '…'}</p></Bar>;
  }
  const question = pendingQuestion(view, p, seat);
  const back = prompt.picked.kind !== undefined && (
    <ChoiceButton data-choice="back" onClick={prompt.back} aria-keyshortcuts="Escape">← Back</ChoiceButton>
  );
  let body: React.ReactNode = null;
  if (legal.length === 0) {
    body = <p style={{ color: colors.muted }}>Waiting for {awaited.map(seatName).join(', ')}.</p>;
  } else if (step.step === 'kind') {
    body = (
      <Row role="group" aria-label="Choose an action">
        {step.kinds.map((kind) => {
          const only = legal.filter((a) => a.kind === kind);
          const direct = only.length === 1 && !('route' in only[0]) && kind !== 'keepReserve';
          const count = only.length > 1 ? ` (${only.length})` : '';
          return (
            <ChoiceButton key={kind} $primary={!ENDING.has(kind)} data-choice={`kind-${kind}`} data-ending={ENDING.has(kind) ? 'true' : undefined}
              onClick={() => (direct ? send(only[0]) : prompt.pick('kind', kind))} title={KIND_WORDS[kind].rule}>
              {KIND_WORDS[kind].label}{direct ? '' : count}
            </ChoiceButton>
          );
        })}
      </Row>
    );
  } else if (step.step === 'field' && step.field === 'keep') {
    body = <KeepPicker view={view} seat={seat!} legal={legal} act={send} />;
  } else if (step.step === 'field') {
    const onMap = TERRITORY_FIELDS.has(step.field);
    body = (
      <>
        <p><strong>{KIND_WORDS[step.picked.kind!].label}:</strong> {FIELD_QUESTIONS[step.field] ?? step.field}{onMap ? ' (they glow on the map), or here:' : ''}</p>
        <Row role="group" aria-label={FIELD_QUESTIONS[step.field] ?? step.field}>
          {back}
          {step.values.map((v) => {
            const value = JSON.stringify(v ?? null);
            return (
              <ChoiceButton key={value} data-choice={onMap ? 'territory-button' : `value-${step.field}`} data-value={value}
                onClick={() => prompt.choose(step.field, v)}>
                {valueLabel(step.field, v)}
              </ChoiceButton>
            );
          })}
        </Row>
      </>
    );
  } else if (step.step === 'route') {
    const state = asCore(view);
    const exposed = blockable(state, seat!, step.action);
    body = (
      <>
        <p><strong>Announce:</strong> {mapActionText(step.action)}. {step.routes.length > 1 ? 'Choose the chain of command (IM5.3.1); the first is the least exposed:' : 'Chain of command (IM5.2):'}</p>
        <Row role="group" aria-label="Choose the route">
          {back}
          {step.routes.map((route, i) => {
            const blockers = exposed ? blockersOf(state, seat!, route) : [];
            const action = { ...step.action, route };
            return (
              <ChoiceButton key={route.join('>')} $primary={i === 0} data-choice="route" data-route={route.join('>')}
                onMouseEnter={() => prompt.showRoute(route)} onFocus={() => prompt.showRoute(route)}
                onClick={() => send(sameAction(action, step.action) ? step.action : action)}>
                {routeText(route)}
                <small style={{ display: 'block', fontWeight: 400, color: colors.muted }}>
                  {blockers.length ? `may be blocked by ${blockers.map(seatName).join(', ')}` : 'no block possible'}
                </small>
              </ChoiceButton>
            );
          })}
        </Row>
      </>
    );
  } else {
    body = <Row>{back}<ChoiceButton $primary data-choice="confirm" onClick={() => send(step.action)}>Confirm</ChoiceButton></Row>;
  }
  return (
    <Bar ref={ref} data-testid="imp-prompt" data-pending={p.kind} data-mine={mine ? 'true' : 'false'} onKeyDown={onKey} aria-label="Your decision">
      <p aria-live="polite" style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
        {awaited.map((s) => <SeatMark key={s} seat={s} />)}
        <span>{question}</span>
        {seat !== null && mine && <strong style={{ color: colors.highlight }}>— {seatName(seat)}, your decision</strong>}
      </p>
      {body}
    </Bar>
  );
}
