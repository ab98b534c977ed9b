/**
 * npm run rules:fingerprint [-- --from ../shared/RULES.md]
 *
 * The in-game reference must cite only rule ids the authoritative rules have, and copy none of their sentences
 * (the project writes its own words). The authoritative text lives outside this repository (../shared/RULES.md),
 * so a clone could not check either. This keeps a fingerprint of it in the repository instead
 * (tests/fixtures/rules-fingerprint.json): the ids it names, and a short hash of every long sentence and clause
 * (over 50 characters, markup and spacing normalised). tests/ui/rules.test.tsx checks the reference against the
 * fingerprint everywhere; rerun this command whenever the shared rules change. What it cannot catch: a copied
 * sentence cut or reworded so that no whole normalised sentence or clause matches.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';

export interface RulesFingerprint {
  /** sha-256 of the RULES.md the fingerprint was taken from (to tell whether it is current). */
  sourceSha256: string;
  /** Every rule id RULES.md names (R4.2.3, PL-A, LD-R1, I-S3, O1-8, …). */
  ids: string[];
  /** First 16 hex digits of the sha-256 of each normalised long sentence or clause. */
  sentences: string[];
}

/** Markup and spacing dropped, so a sentence matches however it was wrapped or emphasised. */
export function normalise(text: string): string {
  return text.replace(/\*\*|\*|`/g, '').replace(/\s+/g, ' ').trim();
}

/** The sentences of a text, and the clauses (split at ; and :) of each, longer than 50 characters. */
export function longPieces(text: string): string[] {
  const sentences = normalise(text).split(/(?<=[.!?])\s+/);
  const clauses = sentences.flatMap((s) => s.split(/(?<=[;:])\s+/));
  return [...new Set([...sentences, ...clauses].map((s) => s.trim()).filter((s) => s.length > 50))];
}

export const pieceHash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

export const RULE_ID_RE = /\b[A-Z][A-Z0-9]*(?:[.-][A-Z0-9]+)+\b/g;

export function fingerprint(rulesMd: string): RulesFingerprint {
  return {
    sourceSha256: createHash('sha256').update(rulesMd).digest('hex'),
    ids: [...new Set(rulesMd.match(RULE_ID_RE) ?? [])].sort(),
    sentences: [...new Set(longPieces(rulesMd).map(pieceHash))].sort(),
  };
}

/** Where the fingerprint is kept, from the repository's root. */
export const FINGERPRINT_PATH = 'tests/fixtures/rules-fingerprint.json';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--from');
  const from = i > 0 ? process.argv[i + 1] : fileURLToPath(new URL('../../../shared/RULES.md', import.meta.url));
  let md: string;
  try {
    md = readFileSync(from, 'utf8');
  } catch {
    console.error(`cannot read ${from}: give the authoritative rules with --from PATH`);
    process.exit(2);
  }
  const fp = fingerprint(md);
  writeFileSync(fileURLToPath(new URL(`../../${FINGERPRINT_PATH}`, import.meta.url)), `${JSON.stringify(fp, null, 1)}\n`);
  console.log(`wrote tests/fixtures/rules-fingerprint.json: ${fp.ids.length} ids, ${fp.sentences.length} sentences and clauses`);
}
