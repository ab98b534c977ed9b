/**
 * A local match that is saved after every decision and resumed from its record (./localSave.ts): a fresh in-page
 * match with the record's seed, its moves replayed one at a time through each move's own seat client, then play
 * goes on. `client(seat)` gives clients whose moves are recorded once the master accepted them (their update
 * arrived with a higher _stateID; a refused move changes nothing and is not kept). A finished game is deleted; so
 * is a new game left before its first move (nothing to lose, and it would only fill the list). A record that does
 * not replay to its end is kept as it was (issue 20 item 4: never lost — a later try may replay it all) and the
 * game goes on from where the replay got, saved as a new game.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CONFIG, type Faction } from '../../game/content';
import type { Action } from '../../game/rules';
import { actionOf } from '../../protocol';
import { sendAction, type ClientState, type GameClient, type LocalMatch } from '../session/clients';
import { useLocalMatch } from '../screens/useLocalMatch';
import { deleteSaved, newSavedGame, saveLocal, setOpen, type SavedLocal, type SavedMove } from './localSave';

/**
 * Replay moves one at a time, each once the previous one's update has arrived; `before` runs before each. `done`
 * gets whether all were replayed and how many the master accepted.
 */
export function replayMoves(match: LocalMatch, moves: SavedMove[], done: (ok: boolean, accepted: number) => void,
  before?: (m: SavedMove) => void): () => void {
  let i = 0;
  let accepted = 0;
  let finished = false;
  let unsub = () => {};
  const finish = (ok: boolean) => {
    if (finished) return;
    finished = true;
    unsub();
    clearTimeout(watchdog);
    done(ok, accepted);
  };
  const watchdog = setTimeout(() => finish(false), 30000);
  const next = () => {
    if (finished) return;
    if (i >= moves.length) { finish(true); return; }
    const m = moves[i++];
    const client = match.client(m.seat);
    const at = client.getState();
    if (!at) { finish(false); return; }
    unsub();
    unsub = client.subscribe((s: ClientState | null) => {
      // Not from inside the update: the master stores the new state only after it has broadcast it.
      if (s && s._stateID > at._stateID) {
        accepted = i;
        setTimeout(next, 0);
      }
    });
    try {
      before?.(m);
      sendAction(client, m.action);
    } catch {
      finish(false);
    }
  };
  // Wait for the first state of a fresh match.
  const first = match.client(moves[0]?.seat ?? 'R');
  if (first.getState()) setTimeout(next, 0);
  else {
    unsub = first.subscribe((s) => { if (s) setTimeout(next, 0); });
  }
  return () => { finished = true; unsub(); clearTimeout(watchdog); };
}

/** Said when a record does not replay to its end (the screens show it above the board). */
export const RESTORE_FAILED = 'The saved game could not be fully restored: it goes on from where the replay got, as a new save. '
  + 'The saved game itself is kept as it was on the start screen.';

export interface SavedMatch {
  match: LocalMatch | null;
  /** True once the record's moves are all replayed (at once for a new game). */
  restored: boolean;
  /** The record could not be replayed to its end (it is kept as it was; the game goes on from where it got, as a new save). */
  failed: boolean;
  /** A seat's client whose accepted moves are saved. */
  client(seat: Faction): GameClient | null;
}

/** `onSend(seat, logLength)` runs before each move of a seat (replayed ones too), with that seat's view's log length. */
export function useSavedMatch(saved: SavedLocal, opts: { onSend?: (seat: Faction, logLength: number) => void } = {}): SavedMatch {
  // R9.11: a solo save carries its knobs (SoloScreen finds them first for a save from before: ./soloOfSave.ts).
  const solo = saved.setup.mode === 'solo' ? saved.setup.solo : undefined;
  // B7 — a new game gets DEFAULT_CONFIG and keeps it in its save; a resumed one its own (issue 24 item 4).
  const match = useLocalMatch(saved.seed, solo, saved.config ?? DEFAULT_CONFIG);
  const [restored, setRestored] = useState(saved.moves.length === 0);
  const [failed, setFailed] = useState(false);
  const onSend = useRef(opts.onSend);
  onSend.current = opts.onSend;

  useEffect(() => {
    setOpen(saved.id);
    saved.config ??= DEFAULT_CONFIG; // saved with every move from now on (the record is kept and pushed to in place)
    if (saved.moves.length === 0) {
      saved.round = 0;
      saveLocal(saved);
    }
    // A new game closed before its first move is not kept (a reload does not close it: it is resumed).
    return () => { if (saved.moves.length === 0) deleteSaved(saved.id); };
  }, [saved]);
  useEffect(() => {
    if (!match || restored) return undefined;
    return replayMoves(match, saved.moves, (ok, accepted) => {
      if (!ok) {
        setFailed(true);
        // The record stays as it was; the game on screen (its first `accepted` moves) goes on as a new save.
        const fork = newSavedGame(saved.setup, saved.seed);
        saved.id = fork.id;
        saved.moves = saved.moves.slice(0, accepted);
        setOpen(saved.id);
      }
      saved.round = match.client(saved.moves[0]?.seat ?? 'R').getState()?.G.round ?? saved.round;
      if (saved.moves.length > 0) saveLocal(saved); // its round and "last played" date, for the start screen
      setRestored(true);
    }, (m) => onSend.current?.(m.seat, match.client(m.seat).getState()?.G.log.length ?? 0));
  }, [match, restored, saved]);

  const recording = useMemo(() => {
    const made = new Map<Faction, GameClient>();
    // One decision at a time: a newer move (of either seat) replaces a refused one still waiting.
    let waiting = () => {};
    return (seat: Faction): GameClient | null => {
      if (!match) return null;
      const found = made.get(seat);
      if (found) return found;
      const inner = match.client(seat);
      const record = (action: Action) => {
        const at = inner.getState()?._stateID ?? -1;
        onSend.current?.(seat, inner.getState()?.G.log.length ?? 0);
        waiting();
        const unsub = inner.subscribe((s) => {
          if (!s || s._stateID <= at) return;
          unsub();
          waiting = () => {};
          saved.moves.push({ seat, action });
          saved.round = s.G.round;
          if (s.G.winner) deleteSaved(saved.id); // nothing left to resume
          else saveLocal(saved);
        });
        waiting = unsub;
      };
      const moves = new Proxy(inner.moves, {
        get(target, name) {
          const move = target[name as string];
          if (typeof name !== 'string' || !move) return move;
          return (...args: unknown[]) => {
            // The action the move carries (src/protocol/moves.ts); a malformed call is refused by the Game: nothing to keep.
            const decoded = actionOf(name, args);
            if (!('error' in decoded)) record(decoded.action as Action);
            move(...args);
          };
        },
      });
      // Everything else (state, subscriptions, any other client method) is the seat's own client.
      const c = new Proxy(inner, {
        get(target, name) {
          if (name === 'moves') return moves;
          const v = Reflect.get(target, name) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
      made.set(seat, c);
      return c;
    };
  }, [match, saved]);

  return { match, restored, failed, client: recording };
}
