/**
 * Seats this browser holds, kept in localStorage per matchID so a reload (or a new tab) reconnects to the same
 * seat, and the last name used. Credentials never leave this browser except to the server.
 */
import type { Joined } from './lobbyApi';

const PREFIX = 'mint-imperium:seat:';
const NAME_KEY = 'mint-imperium:name';

function store(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function saveSeat(j: Joined): void {
  store()?.setItem(PREFIX + j.matchID, JSON.stringify(j));
  store()?.setItem(NAME_KEY, j.name);
}

export function loadSeat(matchID: string): Joined | null {
  const raw = store()?.getItem(PREFIX + matchID);
  if (!raw) return null;
  try {
    const j = JSON.parse(raw) as Joined;
    if (typeof j.playerID === 'string' && typeof j.credentials === 'string' && j.matchID === matchID) return j;
  } catch {
    // fall through
  }
  return null;
}

export function forgetSeat(matchID: string): void {
  store()?.removeItem(PREFIX + matchID);
}

export function lastName(): string {
  return store()?.getItem(NAME_KEY) ?? '';
}
