#!/usr/bin/env node
/**
 * Commit messages (issue 21 item 7): a subject line of at most 72 characters, a blank line, then a body saying why.
 * Checks every commit after CUTOFF (the first commit made under this rule; older history is left as it is), merges
 * excepted. Run by .ci/run; `node scripts/check-commits.mjs [range]` checks another range (e.g. origin/main..HEAD).
 * A clone without the cutoff commit (shallow) checks HEAD alone.
 */
import { execFileSync } from 'node:child_process';

const CUTOFF = '521ad6e'; // 2026-12-05, session 9: "R9.11: solo games keep their level's knobs; old records find theirs"
const MAX_SUBJECT = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });

function range() {
  if (process.argv[2]) return process.argv[2];
  try {
    git('cat-file', '-e', `${CUTOFF}^{commit}`);
    return `${CUTOFF}^..HEAD`;
  } catch {
    return 'HEAD^!';
  }
}

const SEP = '\u001e';
const out = git('log', '--no-merges', `--format=%h%x1f%s%x1f%b${SEP}`, range());
const problems = [];
for (const entry of out.split(SEP)) {
  const t = entry.replace(/^\n+/, '');
  if (!t.trim()) continue;
  const [hash, subject, body = ''] = t.split('\u001f');
  if (subject.length > MAX_SUBJECT)
    problems.push(`${hash}: subject is ${subject.length} characters (at most ${MAX_SUBJECT}): ${subject}`);
  if (!body.trim()) problems.push(`${hash}: no body (say why under the subject, after a blank line): ${subject}`);
}
if (problems.length > 0) {
  console.error(
    `Commit messages that break the rule (README, "Set-up": npm run check:commits):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(`commit messages: ${range()} ok`);
