/**
 * Issue 20 item 11 — the project stands alone: docs/RULES.md is the player-facing rules, rendered from the in-game
 * reference (src/ui/rules/rulesMarkdown.ts), and the README points to it, not to a file outside the repository.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, makeConfig } from '../../src/game/content';
import { rulesMarkdown } from '../../src/ui/rules/rulesMarkdown';
import { RULE_SECTIONS } from '../../src/ui/rules/ruleText';

const read = (rel: string) => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');

describe('docs/RULES.md', () => {
  it('is exactly what the in-game reference renders (run npm run rules:doc after changing the reference)', () => {
    expect(read('docs/RULES.md')).toBe(rulesMarkdown());
  });

  it('has every entry of the reference under its id, with the default config\'s numbers', () => {
    const md = read('docs/RULES.md');
    for (const s of RULE_SECTIONS) {
      expect(md).toContain(`## ${s.id}. ${s.title}`);
      for (const e of s.entries) expect(md, e.id).toContain(`### ${e.id} ${e.title}\n\n${e.text[0]}`);
    }
    expect(md).toContain(`objective token on space ${DEFAULT_CONFIG.objectiveStart}`);
    // The knobs are read from the config, not written into the document: another config renders other numbers.
    expect(rulesMarkdown(makeConfig({ objectiveStart: 9 }))).toContain('objective token on space 9');
  });

  it('the README sends readers to docs/RULES.md, never outside the repository', () => {
    const readme = read('README.md');
    expect(readme).toContain('docs/RULES.md');
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });
});
