/**
 * Plays one seat with a `Bot` through that seat's own boardgame.io client: whenever the seat's view shows a
 * decision pending for it, ask the bot (which sees only that view) and send its move after at least `pauseMs`
 * since the decision came up (so a person can follow), unless the game moved on meanwhile. Returns whether the
 * bot is thinking, how many moves it played, and what it thought last.
 */
import { useEffect, useRef, useState } from 'react';
import type { Faction } from '../../game/content';
import { sendAction, type GameClient } from '../session/clients';
import { useClientState } from '../session/useClientView';
import type { Bot } from './Bot';
import type { BoardThoughts } from './thoughts';

/** Least time between a bot's decision coming up and its move, ms (the URL's `?botPause=` overrides it). */
export const DEFAULT_BOT_PAUSE_MS = 600;

export interface BotDriverStatus {
  thinking: boolean;
  moves: number;
  thoughts: BoardThoughts | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useBotDriver(client: GameClient | null, seat: Faction, bot: Bot | null, pauseMs = DEFAULT_BOT_PAUSE_MS): BotDriverStatus {
  const state = useClientState(client);
  const [thinking, setThinking] = useState(false);
  const [moves, setMoves] = useState(0);
  const [thoughts, setThoughts] = useState<BoardThoughts | null>(null);
  const askedAt = useRef<number | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!client || !bot || !state) return;
    const v = state.G;
    if (v.winner || !v.pending || v.pending.seat !== seat) return;
    const id = state._stateID;
    if (askedAt.current === id || failures > 3) return;
    askedAt.current = id;
    setThinking(true);
    const started = Date.now();
    bot.choose(v, seat)
      .then(async (answer) => {
        const wait = pauseMs - (Date.now() - started);
        if (wait > 0) await sleep(wait);
        if (client.getState()?._stateID !== id) return;
        setThoughts(answer.thoughts);
        sendAction(client, answer.action);
        setMoves((n) => n + 1);
      })
      .catch((err: unknown) => {
        // A bot failure must not freeze the game silently: show it in the console and let a retry happen.
        console.error('bot failed', err);
        askedAt.current = null;
        setFailures((n) => n + 1);
      })
      .finally(() => setThinking(false));
  }, [client, bot, seat, state, pauseMs, failures]);
  return { thinking, moves, thoughts };
}
