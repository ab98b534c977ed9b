/** The latest state a boardgame.io client holds (its seat's view), re-rendering on every update. */
import { useEffect, useState } from 'react';
import type { ClientState, GameClient } from './clients';

export function useClientState(client: GameClient | null): ClientState | null {
  const [state, setState] = useState<ClientState | null>(() => client?.getState() ?? null);
  useEffect(() => {
    if (!client) return undefined;
    setState(client.getState());
    return client.subscribe((s) => setState(s));
  }, [client]);
  return state;
}
