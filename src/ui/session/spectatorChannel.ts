/**
 * Spectating a hot-seat game from another tab of the same browser: the hot-seat screen publishes the public
 * view (the spectator playerView, which holds no secret of either seat) on a BroadcastChannel; the spectator
 * screen listens and asks for the current view when it opens.
 */
import type { GameState } from '../../game/rules';

const NAME = 'mint-imperium-spectate';

type Message = { kind: 'view'; view: GameState } | { kind: 'hello' } | { kind: 'closed' };

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(NAME) : null;
}

/** For the hot-seat screen: publish views; answers a spectator's hello with the latest one. */
export function publisher(): { publish(view: GameState): void; close(): void } {
  const ch = channel();
  let last: GameState | null = null;
  if (ch) {
    ch.onmessage = (e: MessageEvent<Message>) => {
      if (e.data?.kind === 'hello' && last) ch.postMessage({ kind: 'view', view: last } satisfies Message);
    };
  }
  return {
    publish(view) {
      last = view;
      ch?.postMessage({ kind: 'view', view } satisfies Message);
    },
    close() {
      ch?.postMessage({ kind: 'closed' } satisfies Message);
      ch?.close();
    },
  };
}

/** For the spectator screen: calls `onView` with each public view; `onClosed` when the game's tab leaves. */
export function subscribe(onView: (v: GameState) => void, onClosed: () => void): () => void {
  const ch = channel();
  if (!ch) return () => {};
  ch.onmessage = (e: MessageEvent<Message>) => {
    if (e.data?.kind === 'view') onView(e.data.view);
    if (e.data?.kind === 'closed') onClosed();
  };
  ch.postMessage({ kind: 'hello' } satisfies Message);
  return () => ch.close();
}
