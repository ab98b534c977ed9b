/**
 * A hot-seat match of Imperios Milenarios on boardgame.io (issue 23 item 7): ImperiosGame on an in-page Local
 * master with one client per seat, all seeing the same public view (IM14.1, G48). Each seat's decisions go through
 * its own client as the one move `act(action)` (src/games/imperios/game.ts), so the page plays exactly what a
 * server would accept.
 */
import type { Game } from 'boardgame.io';
import type { Client } from 'boardgame.io/client';
import type { Local } from 'boardgame.io/multiplayer';
import { ACT, makeImperiosGame } from '../../games/imperios/game';
import type { ImperiosState } from '../../games/imperios/rules';
import type { ImperiosView } from './core';
import type { ImperiosSession, LocalSetup } from './session';

interface SeatClient {
  start(): void;
  stop(): void;
  subscribe(fn: (s: { G: ImperiosView } | null) => void): () => void;
  moves: Record<string, ((...args: unknown[]) => void) | undefined>;
}

/**
 * boardgame.io's client and Local transport, handed over by the page (App.tsx), which holds them already: a static
 * import here would make the bundler cut them out of the first load into shared chunks (+1.9 kB gzip measured),
 * and the first load has no room for that (tests/e2e/a11y.test.ts).
 */
export interface Bgio {
  Client: typeof Client;
  Local: typeof Local;
}

export function bgioSession(setup: LocalSetup, { Client, Local }: Bgio): ImperiosSession {
  const base = makeImperiosGame(setup.seed ? { seed: setup.seed } : {});
  // A local client cannot pass setupData: the chosen mode (IM3.1.2) is bound into the set-up here.
  const game: Game<ImperiosState> = { ...base, setup: (context) => base.setup!(context, { mode: setup.mode }) };
  const multiplayer = Local();
  const clients = Array.from({ length: setup.players }, (_, seat) =>
    Client({ game, multiplayer, numPlayers: setup.players, playerID: String(seat), debug: false }) as unknown as SeatClient,
  );
  let latest: ImperiosView | null = null;
  const listeners = new Set<() => void>();
  // Every client holds the same public view; the first one's updates drive the screen.
  const unsubscribe = clients[0].subscribe((s) => {
    if (s && s.G !== latest) {
      latest = s.G;
      for (const fn of listeners) fn();
    }
  });
  for (const c of clients) c.start();
  return {
    getState: () => latest,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    act(seat, action) {
      clients[seat]?.moves[ACT]?.(action);
    },
    stop() {
      unsubscribe();
      listeners.clear();
      for (const c of clients) c.stop();
    },
  };
}
