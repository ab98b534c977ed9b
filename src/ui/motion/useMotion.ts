/**
 * Motion that explains (issue 12 item 3): after each change of the view, the new log events are handed to the
 * motion queue (play.ts, loaded on first use). The state is already on screen; motion only decorates it and
 * never holds input. With prefers-reduced-motion: reduce nothing is queued or drawn. A board mounted with
 * `since` (hot-seat, after the privacy cover) replays what happened since the seat's last decision; a take-back
 * slides the fleet back; any other log that shrinks (a replay stepping back) shows no motion.
 */
import { useEffect, useRef } from 'react';
import type { GameState } from '../../game/rules';

type Play = typeof import('./play');
/** As reduced.ts, written here so the first load takes no extra chunk for it. */
const reduced = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
let loaded: Play | null = null;
/** How long after the board mounts the motion chunk is fetched when nothing asked for it before. */
const PREFETCH_MS = 1500;
let loading: Promise<Play> | null = null;

function withPlay(f: (m: Play) => void): void {
  if (loaded) { f(loaded); return; }
  loading ??= import('./play').then((m) => (loaded = m));
  loading.then(f, () => { /* motion is decoration: a failed chunk load only means no motion */ });
}

export function useMotion(view: GameState, since?: number): void {
  const mounted = useRef(true);
  const over = useRef(false);
  // On the next frame, not inside React's commit: the board's own follow-up renders go first, motion after them
  // (and none once the game has ended meanwhile).
  const later = (f: () => void) => requestAnimationFrame(() => { if (mounted.current && !over.current) f(); });
  const last = useRef<{ len: number; time: number; objective: number; undos: number; planets: GameState['planets'] } | null>(null);
  useEffect(() => {
    const prev = last.current;
    const undos = view.log.reduce((n, e) => (e.e === 'tookBack' ? n + 1 : n), 0);
    const now = { len: view.log.length, time: view.time, objective: view.objective, undos, planets: view.planets };
    last.current = now;
    // The game is over: the end screen takes the stage, and nothing of the last combat may stay drawn over or
    // under it (issue 20 item 5: a dice strip stuck under the replay's end screen).
    over.current = !!view.winner;
    if (view.winner) { loaded?.clearMotion(); return; }
    if (prev && undos > prev.undos && !reduced()) {
      later(() => withPlay((m) => m.enqueueTakeBack(prev.planets, now.planets)));
      return;
    }
    const from = prev === null ? (since !== undefined && since < now.len ? since : null) : prev.len <= now.len ? prev.len : null;
    if (from === null || reduced()) return;
    if (from === now.len && prev && prev.time === now.time && prev.objective === now.objective) return;
    const events = view.log.slice(from);
    const before = prev ? { time: prev.time, objective: prev.objective } : null;
    later(() => withPlay((m) => m.enqueueMotion(events, before, now)));
  }, [view]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // Fetch the motion chunk soon after the board is on screen, so the first move is not drawn late; not at once,
    // so that it does not compete with the board's first load (a motion queued before then loads it anyway).
    mounted.current = true;
    const t = reduced() ? undefined : setTimeout(() => withPlay(() => {}), PREFETCH_MS);
    return () => {
      mounted.current = false;
      clearTimeout(t);
      loaded?.clearMotion();
      last.current = null; // mounted again (React's StrictMode in development): replay `since` again
    };
  }, []);
}
