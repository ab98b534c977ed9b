/**
 * Small phrases the coach builds from the game itself (issue 20 item 6): the names of the cards, leaders and
 * planets actually in play, never those the script hoped for, and the words for the objective windows and the
 * rules that open them (RULES R4.2.9, R4.4.9, R4.5.2).
 */
import { iconCount, LEADERS, MISSIONS, OBJECTIVES, type Attribute, type LeaderId, type MissionId, type ObjectiveId } from '../../game/content';
import { ATTRIBUTE_NAMES } from '../format';

const NUMBER = ['no', 'one', 'two', 'three', 'four'];

/** "a, b and c". */
export function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "two Diplomacy icons", "one Force icon", "no Force icon". */
export function iconWords(leader: LeaderId, attribute: Attribute): string {
  const n = iconCount(leader, attribute);
  return `${NUMBER[n] ?? n} ${ATTRIBUTE_NAMES[attribute]} icon${n === 1 || n === 0 ? '' : 's'}`;
}

/** "Envoy Nessa Quill (two Diplomacy icons)"; the plain name when there is no attribute to count. */
export function leaderFor(leader: LeaderId, attribute: Attribute | null): string {
  return attribute ? `${LEADERS[leader].name} (${iconWords(leader, attribute)})` : LEADERS[leader].name;
}

export const leader = (l: LeaderId): string => LEADERS[l].name;
export const mission = (c: MissionId): string => MISSIONS[c]?.name ?? 'a mission';
export const objective = (c: ObjectiveId): string => OBJECTIVES[c]?.name ?? 'an objective';

/** A card's own text without its timing prefix ("End of Operations: …" → "…"). */
export function condition(c: ObjectiveId): string {
  const text = OBJECTIVES[c]?.text ?? '';
  return text.replace(/^[^:]*:\s*/, '').replace(/\.$/, '');
}

export type Window = 'operations' | 'refresh' | 'combat';

/** When each window opens, in a sentence's words. */
export const WINDOW_WORDS: Record<Window, string> = {
  combat: 'right after a combat',
  operations: 'at the end of Operations, once both sides have passed',
  refresh: 'at the end of Refresh',
};

/** When an objective of each timing is checked. */
export const TIMING_WORDS: Record<Window, string> = {
  combat: 'only right after a combat',
  operations: 'only at the end of Operations',
  refresh: 'only at the end of Refresh',
};

/** The rule that opens each window: R4.2.9 end of Operations, R4.4.9 end of Refresh, R4.5.2 after a combat. */
export const WINDOW_RULE: Record<Window, string> = { combat: 'R4.5.2', operations: 'R4.2.9', refresh: 'R4.4.9' };
