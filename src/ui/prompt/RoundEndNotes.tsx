/**
 * Issue 20 item 3 — no surprise passes. Before a choice that leaves the player nothing to do for the rest of the
 * round (src/game/rules/roundEnd.ts), the prompt says which options do so and why, and marks those buttons; after
 * the core passed for the player (R4.2.2), a notice says so, with the reason, for the rest of that Operations.
 */
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import { roundEndsAfter, type Action, type GameState, type LogEventOf, type RoundEnd } from '../../game/rules';
import { leaderName, planetLabel } from '../format';
import { colors } from '../theme';
import { valueKey, type Step } from './choices';

const Note = styled.p`
  margin: 0;
  padding: 6px 10px;
  border-radius: 8px;
  border: 2px solid ${colors.highlight};
  background: rgba(242, 193, 78, 0.12);
  color: ${colors.text};
  font-size: 14px;
`;

/** Why a round ends, as the end of a sentence. */
function because(end: RoundEnd): string {
  if (end.blocked) return `your last fleet able to move is on ${planetLabel(end.blocked)}, and no planned mission would be left`;
  return end.reason === 'noLeader' ? 'you would have no leader left to move a fleet and no planned mission'
    : 'no fleet of yours could move and no planned mission would be left';
}

/**
 * Per option of the current step (by its key): the round end every action of that option leads to. An option
 * some of whose completions keep the round open is not marked (a later choice can still avoid it).
 */
export function roundEndingOptions(view: GameState, seat: Faction, step: Step): Map<string, RoundEnd> {
  const out = new Map<string, RoundEnd>();
  if (step.kind === 'type') {
    // "Oppose…" / "Reveal a mission…" before its fields: marked when every way of doing it ends the round (with a
    // single leader to send, the click on "Oppose…" is the whole decision).
    for (const t of ['oppose', 'revealMission'] as const) {
      const ends = step.actions.filter((a) => a.type === t).map((a) => roundEndsAfter(view, seat, a));
      if (ends.length > 0 && ends.every((e) => e !== null)) out.set(t, ends[0]!);
    }
    return out;
  }
  if (step.kind !== 'field') return out;
  if (step.type !== 'oppose' && step.type !== 'revealMission') return out;
  for (const o of step.options) {
    const actions = step.actions.filter((a) => valueKey(step.field.get(a)) === o.key);
    const ends = actions.map((a) => roundEndsAfter(view, seat, a));
    if (ends.length > 0 && ends.every((e) => e !== null)) out.set(o.key, ends[0]!);
  }
  return out;
}

/** The sentence for an option that ends the round ("Sending Tavi Rook there ends your round: …"). */
export function roundEndWarning(action: Action | undefined, view: GameState, seat: Faction, end: RoundEnd): string {
  const planLeader = action?.type === 'revealMission' ? view.planned[seat].find((p) => p.card === action.card)?.leader : undefined;
  const what = action?.type === 'oppose' ? `Sending ${leaderName(action.leader)} there`
    : planLeader ? `Revealing this mission (${leaderName(planLeader)} goes to its target)` : 'This choice';
  return `${what} ends your round: ${because(end)}, so you will pass automatically for the rest of this Operations.`;
}

export function RoundEndWarnings({ view, seat, step }: { view: GameState; seat: Faction; step: Step }) {
  const ending = roundEndingOptions(view, seat, step);
  if (ending.size === 0) return null;
  if (step.kind === 'type') {
    const text = [...ending].map(([type, end]) => {
      const only = step.actions.filter((a) => a.type === type);
      return roundEndWarning(only.length === 1 ? only[0] : undefined, view, seat, end).replace(/^This choice/, type === 'oppose' ? 'Opposing' : 'Revealing a mission');
    }).join(' ');
    return <Note role="note" data-testid="round-end-warning">⚠ {text}</Note>;
  }
  if (step.kind !== 'field') return null;
  const first = [...ending.values()][0];
  const text = ending.size === step.options.length && step.options.length > 1
    ? `Every choice here ends your round: ${because(first)}, so you will pass automatically for the rest of this Operations.`
    : [...ending].map(([key, end]) => roundEndWarning(step.actions.find((a) => valueKey(step.field.get(a)) === key), view, seat, end)).join(' ');
  return <Note role="note" data-testid="round-end-warning">⚠ {text}</Note>;
}

/** The player's automatic pass this Operations (R4.2.2), shown while the round goes on without them. */
export function AutoPassNotice({ view, seat }: { view: GameState; seat: Faction }) {
  if (view.winner || view.phase !== 'operations' || !view.passed[seat]) return null;
  let ev: LogEventOf<'passed'> | undefined;
  // Passes happen only in Operations (R4.2.2), so the seat's last pass of this round is the one to explain.
  for (let i = view.log.length - 1; i >= 0; i--) {
    const e = view.log[i];
    if (e.round !== view.round) break;
    if (e.e === 'passed' && e.faction === seat) { ev = e; break; }
  }
  if (!ev || !ev.auto) return null;
  const why = ev.auto === 'noLeader' ? 'you had no leader left in your pool to move a fleet, and no planned mission'
    : 'none of your fleets could move (a leader of yours stands on each, or no unit there may leave) and you had no planned mission';
  return (
    <Note role="status" data-testid="auto-pass" data-reason={String(ev.auto)}>
      You passed automatically: {why}. Your round is over; {seat === 'R' ? 'the Imperial' : 'the Rebel'} may go on acting until they pass (you may still oppose their missions).
    </Note>
  );
}
