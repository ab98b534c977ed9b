/**
 * The search bot is a pure module (docs/imperios/BOTS.md): its files import only the Imperios rules core, its
 * content and each other — never boardgame.io, React, Node or the network.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(__dirname, '../../../src/games/imperios/ai');

function importsOf(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  return [...text.matchAll(/(?:import|export)[^'";]*?from\s+'([^']+)'/g)].map((m) => m[1]);
}

describe('the search bot imports only the core and its content', () => {
  it('every search file imports ../rules, ../content or a sibling', () => {
    const files = readdirSync(DIR).filter((f) => f.startsWith('search') && f.endsWith('.ts'));
    expect(files).toContain('search.ts');
    for (const file of files) {
      for (const spec of importsOf(file)) {
        // The one exception: the tournament's interval arithmetic, pure numbers shared with Mint's studies.
        if (file === 'searchTournament.ts' && spec === '../../../platform/stats') continue;
        expect(spec, `${file} imports ${spec}`).toMatch(/^(\.\.\/rules(\/[\w]+)?|\.\.\/content\/[\w]+|\.\/[\w.]+)$/);
      }
    }
  });
});
