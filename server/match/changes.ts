/**
 * "A match changed" inside one server process (issue 21 item 4): the rooms that react to a match (the bot driver,
 * the table timer) subscribe here, and the rooms that change one (the hub, the lobby, the table route) emit here.
 * It replaces the callbacks that server/index.ts assigned after construction to break the hub ⇄ bots ⇄ timer cycle:
 * every room is built with the same `MatchChanges`, and a listener added later hears every change after that.
 * Listeners run synchronously; one that throws is reported and does not stop the others.
 */
import type { Server } from 'boardgame.io';

export interface MatchChangeKinds {
  /** A state was written (here or, for a bot's seat, by another process), a seated player synced, a bot match was
   *  created, or a seat was handed to the bot: a bot's decision may be due. */
  activity: { matchID: string };
  /** The match's table (clock, absences, hand-overs) was sent or may have new deadlines to arm. */
  table: { matchID: string; metadata: Server.MatchData };
}

export type MatchChangeKind = keyof MatchChangeKinds;
type Listener<K extends MatchChangeKind> = (change: MatchChangeKinds[K]) => void;

export class MatchChanges {
  private readonly listeners: { [K in MatchChangeKind]: Listener<K>[] } = { activity: [], table: [] };

  constructor(private readonly onError: (err: unknown, where: string) => void = (err, where) => console.error(`[match] ${where}:`, err)) {}

  /** Hear every later change of this kind; returns the function that stops it. */
  on<K extends MatchChangeKind>(kind: K, listener: Listener<K>): () => void {
    const list = this.listeners[kind] as Listener<K>[];
    list.push(listener);
    return () => {
      const i = list.indexOf(listener);
      if (i >= 0) list.splice(i, 1);
    };
  }

  emit<K extends MatchChangeKind>(kind: K, change: MatchChangeKinds[K]): void {
    for (const listener of [...(this.listeners[kind] as Listener<K>[])]) {
      try {
        listener(change);
      } catch (err) {
        this.onError(err, `${kind} listener`);
      }
    }
  }
}
