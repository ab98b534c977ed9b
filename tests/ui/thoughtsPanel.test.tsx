// @vitest-environment happy-dom
/**
 * "What the bot thinks": closed until the player opens it; shows the bot's win chance, iterations and think time,
 * and for the Imperial bot its base guesses by planet name; nothing of the bot's cards. Rendered alone with fixed
 * thoughts, and in a real game against the easy bot (inline bot: happy-dom has no Web Worker).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISSIONS } from '../../src/game/content';
import { ThoughtsPanel } from '../../src/ui/bot/ThoughtsPanel';
import { BotScreen } from '../../src/ui/screens/BotScreen';

afterEach(cleanup);

describe('ThoughtsPanel', () => {
  it('shows win chance, effort and the base guesses with planet names', () => {
    render(<ThoughtsPanel viewer="R" bots={[{
      seat: 'I', difficulty: 'Hard',
      thoughts: { seat: 'I', winChance: 0.634, iterations: 12345, elapsedMs: 298, baseGuesses: [{ planet: 'F', p: 0.41 }, { planet: 'H', p: 0.2 }] },
    }]} />);
    const card = screen.getByTestId('thoughts-panel');
    expect(card.textContent).toContain('Imperial bot (Hard)');
    expect(screen.getByTestId('win-chance').textContent).toMatch(/Its chance to win.*63%/);
    expect(screen.getByTestId('search-effort').textContent).toBe('Last move: it looked at 12,345 possible futures in under a second.');
    const guesses = screen.getAllByTestId('base-guess').map((g) => g.textContent);
    expect(guesses).toEqual(['Marrowind (F)41%', 'Sunder Reach (H)20%']);
    expect(screen.getByTestId('base-guesses').textContent).toContain('Where it thinks your base is');
    expect(screen.getByTestId('base-guess-rest').textContent).toBe('All other planets together: 39%');
  });

  it('for a Rebel bot, or before the first move, shows no base guesses', () => {
    render(<ThoughtsPanel viewer={null} bots={[
      { seat: 'R', difficulty: 'Easy', thoughts: { seat: 'R', winChance: 0.5, iterations: 1, elapsedMs: 3 } },
      { seat: 'I', difficulty: 'Normal', thoughts: null },
    ]} />);
    expect(screen.queryByTestId('base-guesses')).toBeNull();
    expect(screen.getByTestId('search-effort').textContent).toBe('Last move: it looked at 1 possible future in under a second.');
    const imperial = screen.getByTestId('thoughts-panel').querySelector('[data-thoughts="I"]') as HTMLElement;
    expect(imperial.textContent).toContain('It has not made a move yet.');
  });
});

describe('the panel in a game against the bot', () => {
  it('opens from the strip and shows what the Imperial bot thought, and none of its cards', async () => {
    vi.stubGlobal('Worker', undefined); // the inline bot, whatever the DOM library offers
    try {
      render(<BotScreen human="R" difficulty="easy" seed="ui-thoughts" botOptions={{ budgetMs: 10, seed: 't' }}
        pauseMs={0} onExit={() => {}} />);
      // The Imperial sets up first: wait for the bot's move and its log line in the strip.
      await act(async () => {
        for (let i = 0; i < 100 && !/Imperial bot: /.test(screen.queryByTestId('bot-strip')?.textContent ?? ''); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      const strip = screen.getByTestId('bot-strip');
      expect(strip.textContent).toMatch(/Imperial bot: .+/);
      expect(screen.queryByTestId('thoughts-panel')).toBeNull();
      const toggle = within(strip).getByRole('button', { name: 'What the bot thinks' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      // The panel's code loads when it is first opened (BotStrip: React.lazy).
      const panel = await screen.findByTestId('thoughts-panel');
      expect(panel.textContent).toContain('Imperial bot (Easy)');
      expect(within(panel).getByTestId('search-effort').textContent).toMatch(/^Last move: (it looked at [\d,]+ possible futures? in (under a second|[\d.]+ seconds)|it did not need to look ahead.*)\.$/);
      for (const m of Object.values(MISSIONS)) expect(panel.textContent).not.toContain(m.name);
      fireEvent.click(within(strip).getByRole('button', { name: 'Hide' }));
      expect(screen.queryByTestId('thoughts-panel')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
