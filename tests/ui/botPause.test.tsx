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
      // Every text the strip shows, as the DOM changes: a loaded machine may not poll during the pause.
      const shown: string[] = [];
      const observer = new MutationObserver(() => {
        const text = stripText();
        if (text !== shown.at(-1)) shown.push(text);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      render(<BotScreen human="R" difficulty="easy" seed="ui-pause" botOptions={{ budgetMs: 5, seed: 'p' }} pauseMs={pauseMs} onExit={() => {}} />);
      let movedAt = 0;
      for (let i = 0; i < 250 && !movedAt; i++) {
        if (/Imperial bot: /.test(stripText())) movedAt = Date.now();
        else await sleep(20);
      }
      observer.disconnect();
      if (pauseMs > 0) {
        const moved = shown.findIndex((t) => /Imperial bot: /.test(t));
        expect(shown.slice(0, moved).some((t) => /Imperial bot is thinking…/.test(t)), shown.join(' | ')).toBe(true);
      }
      expect(movedAt, 'the bot moved').toBeGreaterThan(0);
      expect(movedAt - t0).toBeGreaterThanOrEqual(pauseMs);
    });
  }
});
