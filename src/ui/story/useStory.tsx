/**
 * The board's story of what just happened (issue 13 items 3, 4, 7), all read from the viewer's own log:
 * - `mark`: the viewer's log length when it last decided (the screen may pass it: hot-seat remounts the board per
 *   seat). Without one, just after the viewer's last act in the log (a spectator: the latest act of either side).
 * - the "last move" banner (the opponent's latest act, fresh while newer than the mark), the planets the
 *   opponent's pieces moved to or from since the mark (highlighted until the next decision), phone toasts for
 *   every new log line, the combat summary (opens when a combat ends, stays until dismissed, reopened from the
 *   log), and — after a hot-seat cover — "while you were away".
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Faction } from '../../game/content';
import type { Action, GameState, LogEvent } from '../../game/rules';
import { combatStories, type CombatStory } from './combats';
import { CombatSummary } from './CombatSummary';
import { actorOf, actsSince, linesSince, touchedSince } from './recent';
import { AwaySummary, Highlights, LastMoveBanner } from './StoryParts';
import { Toasts } from './Toasts';
import { MomentCard } from './MomentCard';
import { momentsSince } from './moments';

function defaultMark(log: readonly LogEvent[], seat: Faction | null): number {
  for (let i = log.length - 1; i >= 0; i--) {
    const by = actorOf(log[i]);
    if (seat === null ? by !== null : by === seat) return seat === null ? i : i + 1;
  }
  return 0;
}

export interface Story {
  /** The viewer's action sender, moving the mark (undefined when the viewer may not act). */
  act?: (a: Action) => void;
  banner: ReactNode;
  /** The away summary and the combat summary: placed in the page flow, never over a choice. */
  panel: ReactNode;
  /** Fixed, click-through layers: planet highlights, phone toasts. */
  layers: ReactNode;
  /** Opens the summary of the k-th combat or strike of the log. */
  openCombat(k: number): void;
  stories: CombatStory[];
  /** Issue 20 item 2: the event card the player must acknowledge first (its choices wait meanwhile), or null. */
  moment: ReactNode;
  blocked: boolean;
}

export function useStory(view: GameState, seat: Faction | null, onAction: ((a: Action) => void) | undefined,
  opts: { since?: number; away?: boolean; phone: boolean; moments?: boolean }): Story {
  const log = view.log;
  const [mark, setMark] = useState(() => opts.since ?? defaultMark(log, seat));
  const [awayFrom] = useState(() => (opts.away ? mark : null));
  const [awayOpen, setAwayOpen] = useState(true);
  const logLength = useRef(log.length);
  logLength.current = log.length;
  // Moments (issue 20 item 2) are shown to a seat that plays, from its mark on, one at a time until acknowledged.
  const [ackFrom, setAckFrom] = useState(mark);
  const act = useCallback((a: Action) => {
    setMark(logLength.current);
    setAckFrom(logLength.current);
    setAwayOpen(false);
    onAction!(a);
  }, [onAction]);
  const from = seat === null ? defaultMark(log, null) : mark;

  const stories = useMemo(() => combatStories(log), [log]);
  const [openIdx, setOpenIdx] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<readonly number[]>([]);
  // The latest combat, if it ended since the mark, opens by itself (once; older ones wait in the log).
  const auto = useMemo(() => {
    for (let k = stories.length - 1; k >= 0; k--) {
      const s = stories[k];
      if (s.end === undefined) continue;
      return s.end >= mark && !dismissed.includes(s.start) ? k : null;
    }
    return null;
  }, [stories, mark, dismissed]);
  const shownIdx = view.combat ? null : (openIdx ?? auto);
  const shown = shownIdx !== null ? stories[shownIdx] : undefined;
  const close = () => {
    if (shown) setDismissed((d) => [...d, shown.start]);
    setOpenIdx(null);
  };

  const acts = useMemo(() => actsSince(log, 0, seat), [log, seat]);
  const latest = acts[acts.length - 1];
  const freshCount = acts.filter((x) => x.index >= from).length;
  const touched = useMemo(() => touchedSince(log, from, seat), [log, from, seat]);
  const away = awayFrom !== null && awayOpen ? linesSince(log, awayFrom, seat) : [];

  const pending = useMemo(() => (seat && onAction && opts.moments !== false ? momentsSince(log, ackFrom, seat) : []),
    [log, ackFrom, seat, onAction, opts.moments]);
  const moment = pending.length > 0
    ? <MomentCard moment={pending[0]} left={pending.length} onOk={() => setAckFrom(pending[0].index + 1)} />
    : null;

  const panel = (
    <>
      {away.length > 0 && <AwaySummary seat={seat} lines={away} onClose={() => setAwayOpen(false)} />}
      {shown && <CombatSummary story={shown} viewer={seat} onClose={close} />}
    </>
  );
  return {
    act: onAction ? act : undefined,
    banner: latest ? <LastMoveBanner act={latest} fresh={latest.index >= from} more={Math.max(0, freshCount - 1)} viewer={seat} /> : null,
    panel,
    layers: (
      <>
        <Highlights touched={touched} />
        {opts.phone && <Toasts view={view} seat={seat} />}
      </>
    ),
    openCombat: (k: number) => { if (stories[k]) setOpenIdx(k); },
    stories,
    moment,
    blocked: pending.length > 0,
  };
}

