/** A board bot of one difficulty for the life of a screen (its Web Worker is ended or kept warm for the next one). */
import { useEffect, useState } from 'react';
import type { BoardBotOptions, Bot, Difficulty } from './Bot';
import { makeBot } from './seatBot';

export function useBot(difficulty: Difficulty, opts: BoardBotOptions): Bot | null {
  const [bot, setBot] = useState<Bot | null>(null);
  const key = JSON.stringify(opts);
  useEffect(() => {
    const b = makeBot(difficulty, JSON.parse(key) as BoardBotOptions);
    setBot(b);
    return () => b.dispose?.();
  }, [difficulty, key]);
  return bot;
}
