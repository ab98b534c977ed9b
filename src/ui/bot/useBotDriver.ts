/**
 * Plays one seat with a `Bot` through that seat's own boardgame.io client: whenever the seat's view shows a
 * decision pending for it, ask the bot (which sees only that view) and send its move, unless the game moved on
 * meanwhile. Returns whether the bot is thinking.
 */
import { useEffect, useRef, useState } from 'react';
import type { Faction } from '../../game/content';
import { sendAction, type GameClient } from '../session/clients';
import { useClientState } from '../session/useClientView';
import type { Bot } from './Bot';

export function useBotDriver(client: GameClient | null, seat: Faction, bot: Bot | null, minDelayMs = 250): boolean {
  const state = useClientState(client);
  const [thinking, setThinking] = useState(false);
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
      .then(async (m) => {
        const wait = minDelayMs - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (client.getState()?._stateID === id) sendAction(client, { type: m.move, ...m.args });
      })
      .catch((err: unknown) => {
        // A bot failure must not freeze the game silently: show it in the console and let a retry happen.
        console.error('bot failed', err);
        askedAt.current = null;
        setFailures((n) => n + 1);
      })
      .finally(() => setThinking(false));
  }, [client, bot, seat, state, minDelayMs, failures]);
  return thinking;
}
