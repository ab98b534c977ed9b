/**
 * npm run rules:doc [-- --check]
 *
 * Writes docs/RULES.md, the player-facing rules rendered from the in-game reference (src/ui/rules/rulesMarkdown.ts).
 * `--check` writes nothing and exits 1 when the file is out of date (what CI's test checks too).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rulesMarkdown } from '../ui/rules/rulesMarkdown';

const file = fileURLToPath(new URL('../../docs/RULES.md', import.meta.url));
const text = rulesMarkdown();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    console.error('docs/RULES.md is out of date: run npm run rules:doc');
    process.exit(1);
  }
  console.log('docs/RULES.md is up to date');
} else {
  writeFileSync(file, text);
  console.log(`wrote docs/RULES.md (${text.split('\n').length} lines)`);
}
