/**
 * Seats this browser holds, kept in localStorage per matchID so a reload (or a new tab) reconnects to the same
 * seat, and the last name used. Credentials never leave this browser except to the server. Each game keeps its seats
 * under its own key (`seatStore`): Mint's here, Imperios' in src/ui/imperios/online/imperiosLobby.ts, so one game's
 * "My matches" never opens another game's seat on its board.
 */
import type { Joined } from './lobbyApi';

const NAME_KEY = 'mint-imperium:name';

function store(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** One game's held seats in localStorage, under `prefix` + matchID. */
export interface SeatStore {
  save(j: Joined): void;
  load(matchID: string): Joined | null;
  /** Every seat held (the lobby's "My matches"), the most recently joined first. */
  all(): Joined[];
  forget(matchID: string): void;
}

export function seatStore(prefix: string): SeatStore {
  const read = (matchID: string): (Joined & { savedAt: number }) | null => {
    const raw = store()?.getItem(prefix + matchID);
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
  };
  return {
    save(j) {
      // savedAt orders "My matches" (newest first); it is not part of Joined.
      store()?.setItem(prefix + j.matchID, JSON.stringify({ ...j, savedAt: Date.now() }));
      store()?.setItem(NAME_KEY, j.name);
    },
    load(matchID) {
      const j = read(matchID);
      if (!j) return null;
      const { savedAt: _s, ...joined } = j;
      return joined;
    },
    all() {
      const s = store();
      if (!s) return [];
      const out: (Joined & { savedAt: number })[] = [];
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (!key?.startsWith(prefix)) continue;
        const j = read(key.slice(prefix.length));
        if (j) out.push(j);
      }
      return out.sort((a, b) => b.savedAt - a.savedAt).map(({ savedAt: _s, ...j }) => j);
    },
    forget(matchID) {
      store()?.removeItem(prefix + matchID);
    },
  };
}

/** Mint Imperium's seats. */
export const MINT_SEATS = seatStore('mint-imperium:seat:');

export const saveSeat = (j: Joined): void => MINT_SEATS.save(j);
export const loadSeat = (matchID: string): Joined | null => MINT_SEATS.load(matchID);
export const allSeats = (): Joined[] => MINT_SEATS.all();
export const forgetSeat = (matchID: string): void => MINT_SEATS.forget(matchID);

export function lastName(): string {
  return store()?.getItem(NAME_KEY) ?? '';
}
