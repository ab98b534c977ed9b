/** The search's move labels (src/ai/analysis/label.ts, ids only) in the board's words: planet and leader names. */
import { LEADERS, PLANETS, type LeaderId, type PlanetId } from '../../game/content';

export function plainLabel(label: string): string {
  return label
    .replace(/\bLD-[A-Z0-9]+\b/g, (id) => LEADERS[id as LeaderId]?.name ?? id)
    .replace(/(^|[\s(])(IMP|[A-N])(?=$|[\s),])/g, (m, pre: string, id: string) => (PLANETS[id as PlanetId] ? `${pre}${PLANETS[id as PlanetId].name}` : m));
}
