/**
 * The prompt bar: one sentence saying what is asked and of whom, the choices made so far, and the buttons for
 * the current step of the decision (src/ui/prompt/choices.ts). Every button is a value of some legal action.
 * On a phone it can fold to that one sentence (issue 20 item 9, ./Fold.tsx), so the board under it can be seen.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { LEADERS, type Faction, type LeaderId } from '../../game/content';
import { AttributeIcons } from '../board/details/AttributeIcon';
import { RevealedMission } from '../board/details/RevealedMission';
import type { ActionType, GameState } from '../../game/rules';
import { colors, factionColor, phone } from '../theme';
import { FIELDS, type Step } from './choices';
import { PENDING_RULE } from '../rules/pendingRules';
import { useRules } from '../rules/RulesContext';
import { AutoPassNotice, RoundEndWarnings, roundEndingOptions } from './RoundEndNotes';
import { ChoiceButton } from './ChoiceButton';
import { UnavailableChoices, unitsReason } from './Unavailable';
import { useKeyboardPrompt } from './useKeyboardPrompt';
import { FoldToggle, PendingBadge } from './Fold';
import { useIsPhone } from '../useIsPhone';
import { UnitPicker } from './UnitPicker';
import { TAKE_BACK_WORDS } from '../log/sentences';
import { ENDING_TYPES, TYPE_LABELS, askSentence, optionLabel, optionTitle, waitSentence } from './wording';

const Bar = styled.section<{ $c: string }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 12px;
  background: ${colors.surface};
  border-top: 3px solid ${(p) => p.$c};
  min-width: 0;
  ${phone} {
    position: fixed;
    left: 0;
    right: 0;
    bottom: 0;
    z-index: 30;
    max-height: 42vh;
    overflow-y: auto;
    padding: 6px 8px calc(6px + env(safe-area-inset-bottom));
    box-shadow: 0 -6px 18px rgba(0, 0, 0, 0.5);
  }
`;

const Sentence = styled.p`
  margin: 0;
  font-size: 15px;
  font-weight: 700;
  ${phone} { font-size: 13.5px; }
`;

const Ask = styled.p`
  margin: 0;
  color: ${colors.muted};
  font-size: 13px;
`;

const Why = styled.button.attrs({ type: 'button' })`
  margin-left: 8px;
  padding: 2px 6px;
  min-height: 28px;
  border: none;
  background: transparent;
  color: #8fc1ff;
  text-decoration: underline;
  font-size: 13px;
  font-weight: 600;
  cursor: pointer;
  ${phone} { min-height: 44px; }
`;

const Keys = styled.p`
  margin: 0;
  color: ${colors.muted};
  font-size: 12px;
  ${phone} { display: none; }
`;

/** Everything under the sentence: hidden while the bar is folded (phone only). */
const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  &[hidden] { display: none; }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  & > :first-child { flex: 1; min-width: 0; }
  /* Phone: the bar scrolls inside its 42vh when the question is long (an opposition's card); the question and the
     fold toggle stay at its top edge. */
  ${phone} {
    position: sticky;
    top: -6px;
    z-index: 1;
    margin-top: -6px;
    padding-top: 6px;
    background: ${colors.surface};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

export interface PromptBarProps {
  view: GameState;
  seat: Faction | null;
  step: Step;
  /** Summary of the values chosen so far ("From Corvane (A) → Tessaly (C)"). */
  summary: string;
  busy: boolean;
  onType(type: ActionType): void;
  onValue(value: unknown): void;
  onBack(): void;
  canGoBack: boolean;
  /** Issue 9 — take back the last decision; given only when the core offers it (useDecision's `undo`). */
  onUndo?: () => void;
  /** Issue 20 item 2 — the choices wait until the player acknowledged what just happened (the card over the board). */
  paused?: boolean;
  /** Issue 22 — the "Hint" button (src/ui/hint, a lazy chunk), shown beside the question on the player's decision. */
  hint?: ReactNode;
}

/** The Undo button's label: what the last decision was, in the log's coarse words ("Undo a fleet move"). */
function undoLabel(view: GameState): string {
  const kinds = view.undo?.kinds ?? [];
  const last = kinds[kinds.length - 1];
  return last ? `Undo ${TAKE_BACK_WORDS[last]}` : 'Undo';
}

function sentence(view: GameState, seat: Faction | null): string {
  const p = view.pending;
  if (view.winner) return 'The game is over.';
  if (!p) return 'Waiting for the game to continue…';
  return seat === p.seat ? askSentence(view, p) : waitSentence(view, p);
}

export function PromptBar({ view, seat, step, summary, busy, onType, onValue, onBack, canGoBack, onUndo, paused, hint }: PromptBarProps) {
  const p = view.pending;
  const mine = !!p && !view.winner && p.seat === seat;
  const rules = useRules();
  const rule = p && !view.winner ? PENDING_RULE[p.kind] : null;
  const ref = useRef<HTMLElement>(null);
  const stepKey = `${view.log.length}:${p?.kind}:${step.kind}:${step.kind === 'field' ? `${step.type}.${step.chosen.length}` : ''}`;
  useKeyboardPrompt(ref, stepKey, mine && !busy, canGoBack, onBack);
  const roundEnders = mine && seat ? roundEndingOptions(view, seat, step) : new Map<string, unknown>();
  // Issue 20 item 9: folded only by the player, only on a phone, and never kept: each new question or step opens
  // the bar again, so a question is never asked behind a folded bar (the folded line still says what is asked).
  const isPhone = useIsPhone();
  // The step it was folded at: folded only while that step lasts (read at render, so the new step's first choice
  // is already shown when the keyboard prompt puts the focus on it).
  const [foldedAt, setFoldedAt] = useState<string | null>(null);
  const folded = foldedAt === stepKey;
  const shut = isPhone && folded && !view.winner;
  const bodyId = useId();
  return (
    <Bar ref={ref} $c={p ? factionColor(p.seat) : colors.border} aria-label="Decision" data-testid="prompt" data-pending={p?.kind ?? 'none'}
      data-mine={mine ? 'true' : 'false'} data-folded={shut ? 'true' : 'false'}>
      <Head>
        <Sentence>
          {shut && mine && <PendingBadge />}
          <span aria-live="polite" data-testid="prompt-sentence">{sentence(view, seat)}</span>
          {rule && (
            <Why onClick={() => rules.openRule(rule)} data-testid="why" data-rule={rule} aria-haspopup="dialog"
              aria-label={`Why? Open rule ${rule}`}>why?</Why>
          )}
          {mine && hint}
        </Sentence>
        {isPhone && !view.winner && <FoldToggle folded={folded} mine={mine} controls={bodyId} onToggle={() => setFoldedAt(folded ? null : stepKey)} />}
      </Head>
      <Body id={bodyId} hidden={shut}>
        {p?.kind === 'oppose' && !view.winner && <RevealedMission view={view} seat={seat} />}
        {paused && <Ask data-testid="prompt-paused">First read what just happened (the card above), then press OK.</Ask>}
        {mine && step.kind === 'field' && (
          <Ask>{summary ? `${summary} — ` : ''}{step.field.ask}.</Ask>
        )}
        {mine && <Keys>Keys: Tab to a choice · Enter to choose{canGoBack ? ' · Esc to go back' : ''}</Keys>}
        {mine && (
          <Buttons>
            {step.kind === 'type' && step.types.map((t) => {
              const ending = ENDING_TYPES.includes(t);
              return (
                <ChoiceButton key={t} $primary={!ending} disabled={busy} onClick={() => onType(t)}
                  data-choice="type" data-ending={ending ? 'true' : undefined} data-type={t} data-ends-round={roundEnders.has(t) ? 'true' : undefined}>
                  {roundEnders.has(t) && <span aria-label="ends your round" title="Ends your round" style={{ marginRight: 4 }}>⚠</span>}
                  {TYPE_LABELS[t]}{FIELDS[t].length > 0 ? '…' : ''}
                </ChoiceButton>
              );
            })}
            {step.kind === 'field' && step.field.kind === 'units' && (
              <UnitPicker key={step.options.map((o) => o.key).join()} options={step.options} faction={seat ?? 'R'} onPick={onValue}
                reasonFor={(u) => unitsReason(view, seat, step, u)} />
            )}
            {step.kind === 'field' && step.field.kind !== 'units' && step.options.map((o) => {
              const ending = o.value === null || (step.field.kind === 'bool' && o.value === false);
              return (
                <ChoiceButton key={o.key} $primary={!ending} disabled={busy} onClick={() => onValue(o.value)}
                  title={optionTitle(step.field.kind, o.value)} data-choice="option" data-ending={ending ? 'true' : undefined}
                  data-value={o.key} data-ends-round={roundEnders.has(o.key) ? 'true' : undefined}>
                  {roundEnders.has(o.key) && <span aria-label="ends your round" title="Ends your round" style={{ marginRight: 4 }}>⚠</span>}
                  {step.field.kind === 'leader' && LEADERS[o.value as LeaderId] && (
                    <span style={{ marginRight: 5 }}><AttributeIcons attrs={LEADERS[o.value as LeaderId].icons} size={14} /></span>
                  )}
                  {optionLabel(step.field.kind, o.value, view, seat)}
                </ChoiceButton>
              );
            })}
            {canGoBack && (
              <ChoiceButton onClick={onBack} disabled={busy} data-choice="back" aria-label="Back: undo the last choice">← Back</ChoiceButton>
            )}
            {onUndo && (
              <ChoiceButton onClick={onUndo} disabled={busy} data-choice="undo"
                title="Take back your last decision: nothing hidden was revealed, no die was rolled and your opponent has not decided since">
                ↶ {undoLabel(view)}
              </ChoiceButton>
            )}
          </Buttons>
        )}
        {mine && seat && <RoundEndWarnings view={view} seat={seat} step={step} />}
        {!mine && seat && <AutoPassNotice view={view} seat={seat} />}
        {mine && seat && <UnavailableChoices view={view} seat={seat} step={step} />}
      </Body>
    </Bar>
  );
}
