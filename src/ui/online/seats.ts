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
  // savedAt orders "My matches" (newest first); it is not part of Joined.
  store()?.setItem(PREFIX + j.matchID, JSON.stringify({ ...j, savedAt: Date.now() }));
  store()?.setItem(NAME_KEY, j.name);
}

function readSeat(matchID: string): (Joined & { savedAt: number }) | null {
  const raw = store()?.getItem(PREFIX + matchID);
  if (!raw) return null;
  try {
    const j = JSON.parse(raw) as Joined & { savedAt?: unknown };
    if (typeof j.playerID === 'string' && typeof j.credentials === 'string' && j.matchID === matchID) {
      return { matchID, playerID: j.playerID, credentials: j.credentials, name: String(j.name ?? ''), savedAt: typeof j.savedAt === 'number' ? j.savedAt : 0 };
    }
  } catch {
    // fall through
  }
  return null;
}

export function loadSeat(matchID: string): Joined | null {
  const j = readSeat(matchID);
  if (!j) return null;
  const { savedAt: _s, ...joined } = j;
  return joined;
}

/** Every seat this browser holds (the lobby's "My matches"), the most recently joined first. */
export function allSeats(): Joined[] {
  const s = store();
  if (!s) return [];
  const out: (Joined & { savedAt: number })[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const j = readSeat(key.slice(PREFIX.length));
    if (j) out.push(j);
  }
  return out.sort((a, b) => b.savedAt - a.savedAt).map(({ savedAt: _s, ...j }) => j);
}

export function forgetSeat(matchID: string): void {
  store()?.removeItem(PREFIX + matchID);
}

export function lastName(): string {
  return store()?.getItem(NAME_KEY) ?? '';
}
