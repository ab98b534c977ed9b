/** Finding entries in the rules reference: by id (with the nearest parent id as fallback) and by words. */
import type { RuleEntry, RuleSection } from './ruleText';

/**
 * The entry for `id`, or for its nearest listed parent (R4.2.3.5 → R4.2.3 → R4.2 → R4), or null. Lets the
 * card-detail view and the prompt cite the precise RULES id even where the reference summarises a whole group.
 */
export function findRule(sections: RuleSection[], id: string): RuleEntry | null {
  const all = sections.flatMap((s) => s.entries);
  for (let key = id; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    const hit = all.find((en) => en.id === key);
    if (hit) return hit;
  }
  // A section id (R4) or a prefix: the first entry below it.
  return all.find((en) => en.id.startsWith(`${id}.`)) ?? null;
}

const norm = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Sections keeping only entries whose id, title or text contain every word of `query` (all of them if empty). */
export function searchRules(sections: RuleSection[], query: string): RuleSection[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((s) => ({
      ...s,
      entries: s.entries.filter((en) => {
        const hay = norm(`${en.id} ${en.title} ${en.text.join(' ')} ${s.title}`);
        return words.every((w) => hay.includes(w));
      }),
    }))
    .filter((s) => s.entries.length > 0);
}
