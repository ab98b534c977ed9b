/**
 * The search bot's own random source (docs/imperios/BOTS.md): seeded by the bot's seed, never by the game's
 * generator, so what the bot draws (worlds, playout choices) cannot reveal the real future draws (IM14.1).
 */
import { nextFloat, seedState } from '../rules/rng';

export interface BotRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A fresh 32-bit generator state: the hidden `rng` of one determinized world. */
  worldSeed(): number;
}

export function botRandom(seed: string | number): BotRandom {
  const holder = { rng: seedState(`imperios-bot:${seed}`) };
  const next = () => nextFloat(holder);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    worldSeed: () => Math.floor(next() * 4294967296) >>> 0,
  };
}
