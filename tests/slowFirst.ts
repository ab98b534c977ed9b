/**
 * The order vitest runs the test files in (vitest.config.ts `sequence.sequencer`). Vitest runs the files it has
 * timed before longest first, but a clean clone (CI) has no timings, and then it runs the largest files first: a
 * short file that plays many games (tests/ai/passiveRebel.test.ts, ≈ 2 min on one core) came last, alone, while
 * the other worker sat idle. These files, the slowest measured (docs/TESTING.md), go first, in this order; the rest
 * keep vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FILES = [
  'tests/ai/passiveRebel.test.ts',
  'tests/integration/loadtest-failure.test.ts',
  'tests/integration/imperios-platform.test.ts',
  'tests/integration/cluster-secrets.test.ts',
  'tests/ai/legality.test.ts',
  'tests/integration/bgio-bots.test.ts',
  'tests/property/undo.test.ts',
  'tests/unit/imperios/properties-6-7.test.ts',
  'tests/integration/server-restart.test.ts',
  'tests/unit/imperios/properties-4-5.test.ts',
];

/** Where `moduleId` stands in SLOW_FILES, or after them all. */
export function slowRank(moduleId: string): number {
  const path = moduleId.replace(/\\/g, '/');
  const i = SLOW_FILES.findIndex((f) => path.endsWith(`/${f}`));
  return i < 0 ? SLOW_FILES.length : i;
}

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, at) => ({ file, at, rank: slowRank(file.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map((x) => x.file);
  }
}
