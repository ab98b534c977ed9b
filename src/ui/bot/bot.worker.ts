/// <reference lib="webworker" />
/**
 * The board's bot off the page's thread: `createBot(kind)` (src/ai) is handed one seat's view, one request at a
 * time, and answers with its action and what the board may show of its thoughts (./thoughts.ts).
 */
import { createBot, type BotName, type SeatBot } from '../../ai';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { boardThoughts } from './thoughts';

export interface BotRequest {
  id: number;
  kind: BotName;
  view: GameState;
  seat: Faction;
  opts: { budgetMs?: number; seed: string };
}

const bots = new Map<string, SeatBot>();

self.onmessage = async (e: MessageEvent<BotRequest>) => {
  const { id, kind, view, seat, opts } = e.data;
  try {
    const key = JSON.stringify([kind, opts]);
    let bot = bots.get(key);
    if (!bot) {
      if (bots.size >= 8) bots.clear(); // a worker outlives its screen (./seatBot.ts): keep only recent bots
      bots.set(key, (bot = createBot(kind, opts)));
    }
    const { action, thoughts } = await bot.choose(view, seat);
    (self as unknown as Worker).postMessage({ id, answer: { action, thoughts: boardThoughts(thoughts, view, seat) } });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: String(err) });
  }
};
