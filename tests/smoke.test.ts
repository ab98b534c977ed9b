import { describe, expect, it } from 'vitest';
import { INVALID_MOVE } from 'boardgame.io/core';

describe('toolchain smoke test', () => {
  it('imports boardgame.io/core', () => {
    expect(INVALID_MOVE).toBe('INVALID_MOVE');
  });
});
