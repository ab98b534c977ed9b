// @vitest-environment happy-dom
/**
 * A bot's move shows no sooner than `pauseMs` after its decision came up (so a person can follow it), with the
 * "thinking" status meanwhile and its log line in the strip afterwards. The pause is a prop (URL `?botPause=`).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotScreen } from '../../src/ui/screens/BotScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
const stripText = () => screen.queryByTestId('bot-strip')?.textContent ?? '';

describe('bot move pause', () => {
  for (const pauseMs of [0, 500]) {
    it(`plays the bot's move after at least ${pauseMs} ms, showing "thinking" until then`, async () => {
      vi.stubGlobal('Worker', undefined); // the inline bot
      const t0 = Date.now();
      render(<BotScreen human="R" difficulty="easy" seed="ui-pause" botOptions={{ budgetMs: 5, seed: 'p' }} pauseMs={pauseMs} onExit={() => {}} />);
      await sleep(20);
      if (pauseMs > 0) {
        await sleep(100);
        expect(stripText()).toMatch(/Imperial bot is thinking…/);
      }
      let movedAt = 0;
      for (let i = 0; i < 250 && !movedAt; i++) {
        if (/Imperial bot: /.test(stripText())) movedAt = Date.now();
        else await sleep(20);
      }
      expect(movedAt, 'the bot moved').toBeGreaterThan(0);
      expect(movedAt - t0).toBeGreaterThanOrEqual(pauseMs);
    });
  }
});
