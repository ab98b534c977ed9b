/**
 * scripts/check-commits.mjs (issue 21 item 7, run by .ci/run): commit messages need a subject of at most 72
 * characters and a body. Checked on a scratch repository: a good range passes, and a long subject or a missing body
 * fails with the commit named; merges are not checked.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = join(process.cwd(), 'scripts', 'check-commits.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mint-commits-'));
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' },
  }).trim();
let n = 0;
const commit = (...messages: string[]) => {
  const file = `f${n}.txt`; // a file a commit: branches merge without conflicts
  writeFileSync(join(dir, file), String(n++));
  git('add', file);
  git('commit', '-q', ...messages.flatMap((m) => ['-m', m]));
  return git('rev-parse', '--short', 'HEAD');
};
const check = (range: string) => spawnSync(process.execPath, [SCRIPT, range], { cwd: dir, encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/check-commits.mjs', () => {
  git('init', '-q', '-b', 'main');
  const base = commit('start', 'the first commit');

  it('passes subjects of at most 72 characters that have a body', () => {
    commit('x'.repeat(72), 'a body');
    commit('short subject', 'why it was done');
    const r = check(`${base}..HEAD`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('ok');
  });

  it('fails a subject of 73 characters and a commit without a body, naming both', () => {
    const from = git('rev-parse', '--short', 'HEAD');
    const long = commit('y'.repeat(73), 'a body');
    const bare = commit('no body here');
    const r = check(`${from}..HEAD`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${long}: subject is 73 characters`);
    expect(r.stderr).toContain(`${bare}: no body`);
    expect(r.stderr).not.toContain(from);
  });

  it('does not check merge commits', () => {
    git('checkout', '-q', '-b', 'side', base);
    commit('side work', 'on a branch');
    git('checkout', '-q', 'main');
    git('reset', '-q', '--hard', base);
    commit('main work', 'on main');
    git('merge', '-q', '--no-ff', 'side', '-m', 'Merge branch side with a subject that is far longer than seventy-two characters');
    const r = check(`${base}..HEAD`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
