/**
 * A saved local game in a few words for the start screen (issue 20 item 4): the mode, the sides, the round, the
 * moves played and when it was last played. Nothing else of the record is ever shown (./localSave.ts: it holds
 * both seats' secrets).
 */
import { DIFFICULTY_NAMES } from '../bot/Bot';
import { factionName } from '../theme';
import type { SavedLocal } from './localSave';

export interface SavedText {
  /** "Hot-seat game". */
  title: string;
  /** "You play the Rebel against the Normal bot". */
  sides: string;
  /** "Round 3 · 12 moves played". */
  progress: string;
  /** "last played 4 Mar 2026, 14:05". */
  when: string;
}

const TITLES: Record<SavedLocal['setup']['mode'], string> = { hotseat: 'Hot-seat game', bot: 'Game against the bot', solo: 'Solo game' };

export function dateText(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function describeSaved(s: SavedLocal): SavedText {
  const n = s.moves.length;
  const moves = `${n} ${n === 1 ? 'move' : 'moves'} played`;
  const round = s.round === undefined ? '' : s.round === 0 ? 'Set-up · ' : `Round ${s.round} · `;
  let sides: string;
  switch (s.setup.mode) {
    case 'hotseat': sides = 'Both players on this device'; break;
    case 'bot': sides = `You play the ${factionName(s.setup.human)} against the ${DIFFICULTY_NAMES[s.setup.difficulty]} bot`; break;
    case 'solo': {
      const { bot, difficulty } = s.setup.solo;
      sides = `You play the ${factionName(bot === 'R' ? 'I' : 'R')} against the ${factionName(bot)} rival deck (${DIFFICULTY_NAMES[difficulty]})`;
      break;
    }
  }
  const date = s.savedAt !== undefined ? dateText(s.savedAt) : '';
  return {
    title: TITLES[s.setup.mode],
    sides,
    progress: `${round}${moves}`,
    when: date ? `last played ${date}` : 'saved by an earlier version (no date kept)',
  };
}

/** One line naming a saved game, for a question about it: "Hot-seat game, Round 3 · 12 moves played, last played …". */
export function savedLine(s: SavedLocal): string {
  const t = describeSaved(s);
  return `${t.title}, ${t.progress}, ${t.when}`;
}
