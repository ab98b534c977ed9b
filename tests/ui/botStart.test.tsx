// @vitest-environment happy-dom
/**
 * The start screen's bot choices: "Play against the bot" offers a difficulty (normal unless changed) and a side;
 * "Watch two bots" a difficulty for each bot. What is chosen is exactly what the app is told to start.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartScreen } from '../../src/ui/screens/StartScreen';

afterEach(cleanup);

const radio = (group: HTMLElement, name: RegExp) => within(group).getByRole('radio', { name }) as HTMLInputElement;

describe('start screen: play against the bot', () => {
  it('asks the difficulty and the side, normal by default', () => {
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Play against the bot/ }));
    const group = screen.getByRole('region', { name: 'Play against the bot' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['easy', 'normal', 'hard']);
    expect(radio(group, /Normal/).checked).toBe(true);
    fireEvent.click(within(group).getByRole('button', { name: /Play the Imperial/ }));
    expect(onStart).toHaveBeenLastCalledWith({ mode: 'bot', human: 'I', difficulty: 'normal' });
  });

  it('starts with the difficulty chosen', () => {
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play against the bot/ }));
    const group = screen.getByRole('region', { name: 'Play against the bot' });
    fireEvent.click(radio(group, /Easy/));
    expect(radio(group, /Easy/).checked).toBe(true);
    expect(radio(group, /Normal/).checked).toBe(false);
    fireEvent.click(within(group).getByRole('button', { name: /Play the Rebel/ }));
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(onStart).toHaveBeenCalledWith({ mode: 'bot', human: 'R', difficulty: 'easy' });
  });
});

describe('start screen: watch two bots', () => {
  it('asks a difficulty for each bot', () => {
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Watch two bots/ }));
    const group = screen.getByRole('region', { name: 'Watch two bots' });
    const [rebel, imperial] = within(group).getAllByRole('group');
    expect(rebel.textContent).toMatch(/^Rebel bot/);
    expect(imperial.textContent).toMatch(/^Imperial bot/);
    fireEvent.click(radio(rebel, /Hard/));
    fireEvent.click(radio(imperial, /Easy/));
    fireEvent.click(within(group).getByRole('button', { name: /Start watching/ }));
    expect(onStart).toHaveBeenCalledWith({ mode: 'bots', pair: { rebel: 'hard', imperial: 'easy' } });
  });
});
