/**
 * The search's move labels (src/ai/analysis/label.ts, ids only: a module of src/ai may not import the board's
 * words) in the board's words: planet, leader, mission and objective names, and "BASE" as the base card. Used by
 * the hint's choices and the analysis's turning points (issue 22), both lazy chunks.
 */
import { LEADERS, MISSIONS, OBJECTIVES, PLANETS, type LeaderId, type MissionId, type ObjectiveId, type PlanetId } from '../../game/content';

export function plainLabel(label: string): string {
  // Planets first: the names put in after hold no lone letter to be taken for a planet.
  return label
    .replace(/(^|[\s(])(IMP|[A-N])(?=$|[\s),])/g, (m, pre: string, id: string) => (PLANETS[id as PlanetId] ? `${pre}${PLANETS[id as PlanetId].name}` : m))
    .replace(/\bLD-[A-Z0-9]+\b/g, (id) => LEADERS[id as LeaderId]?.name ?? id)
    .replace(/\b[RI]-(?:S\d|\d\d)\b/g, (id) => MISSIONS[id as MissionId]?.name ?? id)
    .replace(/\bO\d-\d\b/g, (id) => OBJECTIVES[id as ObjectiveId]?.name ?? id)
    .replace(/(^|[\s(])BASE(?=$|[\s),])/g, '$1the base card');
}
