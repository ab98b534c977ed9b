/**
 * Whose eyes the replay looks through. A finished game has nothing left to hide (RULES R8.3 item 9: the seed
 * may be shown once the game is over), so besides the spectator's public view and either seat's view the replay
 * offers "everything": the full state, both hands, the base, every deck in order.
 */
import type { Faction } from '../../game/content';
import type { GameState, LogEvent } from '../../game/rules';
import { canSee } from '../../game/rules/log';
import { viewFor } from '../../game/rules/view';
import { describeRun, foldRuns, madeByBot } from '../log/sentences';
import type { Timeline } from './timeline';

export type Viewpoint = 'public' | 'R' | 'I' | 'all';

export const VIEWPOINTS: { id: Viewpoint; label: string; title: string }[] = [
  { id: 'public', label: 'Spectator', title: 'What both players could see: the public view' },
  { id: 'R', label: 'Rebel', title: 'What the Rebel player saw' },
  { id: 'I', label: 'Imperial', title: 'What the Imperial player saw' },
  { id: 'all', label: 'Everything', title: 'The whole game: the base, both hands, every deck in order' },
];

/** The seat the board is drawn for: a faction's own view, or none (spectator and "everything"). */
export function boardSeat(vp: Viewpoint): Faction | null {
  return vp === 'R' || vp === 'I' ? vp : null;
}

/** The state the board shows at one step: viewFor for a seat or the public, the full state for "everything". */
export function stateFor(full: GameState, vp: Viewpoint): GameState {
  return vp === 'all' ? full : viewFor(full, boardSeat(vp));
}

export interface ReplayLine {
  /** Index in the full log of the line's first event. */
  index: number;
  /** The replay step at which the line's last event exists (click: go there). */
  step: number;
  round: number;
  text: string;
  /** Whose eyes only, if private (`players`: both players, not spectators). */
  to?: LogEvent['to'];
  /** The server bot made the decision that caused it (online, src/game/playedBy.ts). */
  bot?: boolean;
}

function visible(ev: LogEvent, vp: Viewpoint): boolean {
  return vp === 'all' || canSee(ev, boardSeat(vp));
}

/**
 * The whole game's log as the viewpoint reads it, each line tied to the step where it happened. Same sentences
 * and folding of repeats as the board's log (describeLog); "everything" words a private line as its owner read it.
 */
export function replayLines(t: Timeline, vp: Viewpoint): ReplayLine[] {
  const shown: { ev: LogEvent; i: number }[] = [];
  t.log.forEach((ev, i) => { if (visible(ev, vp)) shown.push({ ev, i }); });
  const out: ReplayLine[] = [];
  let j = 0;
  let prev: LogEvent | undefined;
  for (const { ev, n } of foldRuns(shown.map((x) => x.ev))) {
    // A run of n identical events (issue 20 item 10): the line leads to the first one's moment, its step the last's.
    const first = shown[j];
    const last = shown[Math.min(shown.length - 1, j + n - 1)];
    j += n;
    const saidAlready = ev.e === 'passed' && prev?.e === 'botPassed' && prev.faction === ev.faction; // as describeLog
    prev = ev;
    if (saidAlready || !first) continue;
    const reader = vp === 'all' ? (ev.to === 'R' || ev.to === 'I' ? ev.to : null) : boardSeat(vp);
    const text = describeRun({ ev, n }, reader);
    if (!text) continue;
    out.push({ index: first.i, step: t.stepOfEvent(last.i), round: ev.round, text, ...(ev.to !== undefined ? { to: ev.to } : {}), ...(madeByBot(ev) ? { bot: true } : {}) });
  }
  return out;
}
