/**
 * The test order (tests/slowFirst.ts): the slow files it names exist (a renamed file would silently go back to
 * running last), and they rank first, in the listed order, before every other file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES, slowRank } from '../slowFirst';

describe('slow test files first', () => {
  it('names files that exist, and ranks them first in order', () => {
    const root = join(import.meta.dirname, '..', '..');
    for (const f of SLOW_FILES) expect(existsSync(join(root, f)), f).toBe(true);
    expect(SLOW_FILES.map((f) => slowRank(join(root, f)))).toEqual(SLOW_FILES.map((_, i) => i));
    expect(slowRank(join(root, 'tests/unit/slowFirst.test.ts'))).toBe(SLOW_FILES.length);
    expect(slowRank('C:\\work\\tests\\ai\\passiveRebel.test.ts')).toBe(0);
  });
});
