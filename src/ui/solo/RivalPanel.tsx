/**
 * RULES §9 on the board: the rival deck (count, the skipped cards known at its bottom), the skipped row of its
 * last turn, its discard pile, and its latest steps one by one, each with a short pause (RivalFeed).
 */
import { MISSIONS, type MissionId } from '../../game/content';
import type { GameState, LogEvent } from '../../game/rules';
import { describeEvent } from '../log/sentences';
import { factionColor, factionName } from '../theme';

/** Log events that tell what the rival did (its own steps and the results they caused). */
export function isRivalEvent(ev: LogEvent, bot: string): boolean {
  if (ev.e.startsWith('bot')) return true;
  return (ev.e === 'missionRevealed' || ev.e === 'fleetMoved' || ev.e === 'deployed' || ev.e === 'opposed') && ev.faction === bot;
}

const names = (cards: MissionId[]) => (cards.length ? cards.map((c) => MISSIONS[c]?.name ?? 'a card').join(', ') : '—');

/** The rival's steps as sentences for the human, oldest first. */
export function rivalLines(view: GameState): string[] {
  const human = view.solo!.bot === 'R' ? 'I' : 'R';
  return view.log.filter((ev) => isRivalEvent(ev, view.solo!.bot)).map((ev) => describeEvent(ev, human)).filter(Boolean) as string[];
}

/** `shown`: how many rival lines are on screen so far (the screen paces them, see SoloScreen). */
export function RivalPanel({ view, shown }: { view: GameState; shown: number }) {
  const solo = view.solo!;
  const lines = rivalLines(view);
  const recent = lines.slice(Math.max(0, shown - 3), shown);
  const known = solo.deck.slice(solo.deck.length - solo.bottomKnown);
  return (
    <aside data-testid="rival" data-bot={solo.bot} aria-label="Rival deck"
      style={{ margin: '6px 0', fontSize: 12, padding: '6px 10px', borderRadius: 8, background: '#1b2334',
        border: `1px solid ${factionColor(solo.bot)}` }}>
      <div><strong style={{ color: factionColor(solo.bot) }}>Rival {factionName(solo.bot)}</strong> ({solo.difficulty})</div>
      <div data-testid="rival-deck">Deck: {solo.deck.length} card{solo.deck.length === 1 ? '' : 's'}{known.length ? `; at the bottom: ${names(known)}` : ''}</div>
      <div data-testid="rival-skipped">Skipped last turn: {names(solo.lastSkipped)}</div>
      <div data-testid="rival-discard">Discard: {names(solo.discard)}</div>
      <ol data-testid="rival-feed" data-caught-up={shown >= lines.length} style={{ margin: '4px 0 0', paddingLeft: 16 }}>
        {recent.map((t, k) => <li key={`${shown}-${k}`}>{t}</li>)}
      </ol>
    </aside>
  );
}
