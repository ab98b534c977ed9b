/** Names and short texts for content ids, shared by the board and the prompt bar. */
import {
  LEADERS, MISSIONS, OBJECTIVES, PLANETS, unitDef,
  type Attribute, type Faction, type LeaderId, type MissionId, type ObjectiveId, type PlanetId, type UnitType,
} from '../game/content';
import { isHidden } from '../game/rules/view';

export const UNIT_NAMES: Record<UnitType, [string, string]> = {
  f: ['starfighter', 'starfighters'],
  c: ['capital ship', 'capital ships'],
  s: ['Star Fortress', 'Star Fortresses'],
};

export function units(n: number, t: UnitType): string {
  return `${n} ${UNIT_NAMES[t][n === 1 ? 0 : 1]}`;
}

export function unitSetText(u: { f: number; c: number; s: number }): string {
  const parts = (['f', 'c', 's'] as const).filter((t) => u[t] > 0).map((t) => units(u[t], t));
  return parts.length ? parts.join(' + ') : 'no units';
}

export function planetLabel(p: PlanetId | 'BASE' | string | null): string {
  if (p === 'BASE') return 'the base card';
  if (p === null) return '—';
  const def = PLANETS[p as PlanetId];
  if (!def) return String(p);
  return def.letter ? `${def.name} (${def.letter})` : def.name;
}

export const ATTRIBUTE_NAMES: Record<Attribute, string> = { D: 'Diplomacy', I: 'Intel', F: 'Force' };
const TYPE_NAMES = { production: 'Production', loyal: 'Rebel Loyal', remote: 'Remote' } as const;

export function planetTooltip(p: PlanetId): string {
  const d = PLANETS[p];
  const tab = d.tab.length
    ? d.tab.map((t) => `${units(t.count, t.unit)} → build spot ${t.spot}`).join('; ')
    : 'no production';
  const who = d.tabFaction === 'R' ? ' (red tab: Rebel units only)' : d.tabFaction === 'I' ? ' (Imperial units only)' : '';
  return `${d.name}${d.letter ? ` (${d.letter})` : ''} — sector ${d.sector}, ${TYPE_NAMES[d.type]} planet. Production: ${tab}${who}.`;
}

export function planetTypeName(p: PlanetId): string {
  return TYPE_NAMES[PLANETS[p].type];
}

export function leaderName(l: LeaderId): string {
  return LEADERS[l].name;
}

/** Initials of a leader's personal name (title dropped): "Envoy Nessa Quill" → "NQ". */
export function leaderInitials(l: LeaderId): string {
  const words = LEADERS[l].name.split(' ').slice(1);
  return words.map((w) => w[0]).join('');
}

export function leaderTooltip(l: LeaderId, captured = false): string {
  const d = LEADERS[l];
  const icons = d.icons.map((i) => ATTRIBUTE_NAMES[i]).join(', ');
  return `${d.name} (${d.faction === 'R' ? 'Rebel' : 'Imperial'} leader) — icons: ${icons}.${captured ? ' Captured: cannot act until rescued.' : ''}`;
}

export function missionName(c: MissionId | string): string {
  return isHidden(c) ? 'Hidden mission' : MISSIONS[c as MissionId]?.name ?? String(c);
}

export function missionTooltip(c: MissionId | string): string {
  if (isHidden(c)) return 'A face-down mission card: only its owner knows it.';
  const d = MISSIONS[c as MissionId];
  const attr = d.attribute ? `${ATTRIBUTE_NAMES[d.attribute]} mission` : 'Cannot be opposed';
  // Unopposable cards already open their text with "Cannot be opposed." — say it once.
  const text = d.attribute ? d.text : d.text.replace(/^Cannot be opposed\.\s*/, '');
  return `${d.name} — ${attr}${d.starting ? ', starting mission (returns to hand)' : ''}. ${text}`;
}

export function objectiveName(c: ObjectiveId | string): string {
  return isHidden(c) ? 'Hidden objective' : OBJECTIVES[c as ObjectiveId]?.name ?? String(c);
}

export function objectiveTooltip(c: ObjectiveId | string): string {
  if (isHidden(c)) return 'A secret Rebel objective.';
  const d = OBJECTIVES[c as ObjectiveId];
  return `${d.name} (objective deck ${d.deck === 1 ? 'I' : 'II'}) — ${d.text}`;
}

export function unitTooltip(f: Faction, t: UnitType, count?: number): string {
  const d = unitDef(f, t);
  const dice = [d.white ? `${d.white} white` : '', d.black ? `${d.black} black` : ''].filter(Boolean).join(' + ');
  const extra = t === 's' ? ' Only Secret Plans lets the Rebel finish it below 1 HP.' : f === 'I' && t === 'f' ? ' Moves only with a capital ship or the Star Fortress.' : '';
  return `${count !== undefined ? `${count} × ` : ''}${d.name}: ${d.hp} HP, rolls ${dice} dice.${extra}`;
}

export const WIN_REASONS: Record<string, string> = {
  occupation: 'the Imperial holds the revealed Rebel base with no Rebel unit left on it',
  obliterator: 'the Obliterator destroyed the planet of the Rebel base',
  objectives: 'the objective token reached the time token',
  forfeit: 'the other player left the match', // online only: leaving an unfinished match forfeits it (server/lobby/routes/leave.ts)
  time: 'the other player ran out of time', // online only: the opponent claimed the win (server/table.ts)
};
