/**
 * The log with the hints asked for (issue 22 item 1): "The Imperial asked for a hint." after the public events that
 * came before it. Hints are not game events (they never touch the rules' state: online the server keeps them
 * with the match's table, locally the screen does), so they are merged into the lines here, by the count of
 * public events, which is the same in every seat's view.
 */
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { HintNote } from '../hint/types';
import { describeLog, type LogLine } from '../log/sentences';

const FACTION: Record<Faction, string> = { R: 'Rebel', I: 'Imperial' };

/** A line of the board's log panel: a game event's, or a hint's (`e: 'hint'`). */
export type PanelLine = Omit<LogLine, 'e'> & { e: LogLine['e'] | 'hint' };

export function withHintNotes(log: GameState['log'], seat: Faction | null, notes: readonly HintNote[] = []): PanelLine[] {
  if (notes.length === 0) return describeLog(log, seat);
  const sorted = [...notes].sort((a, b) => a.at - b.at);
  const out: PanelLine[] = [];
  let from = 0;
  let seen = 0;
  let k = 0;
  for (let i = 0; i <= log.length && k < sorted.length; i++) {
    // Before event i, `seen` public events have passed: notes asked after exactly those go here.
    while (k < sorted.length && sorted[k].at <= seen) {
      out.push(...describeLog(log.slice(from, i), seat));
      from = i;
      const n = sorted[k++];
      out.push({ round: n.round, text: `The ${FACTION[n.seat]} asked for a hint.`, private: false, e: 'hint' });
    }
    if (i < log.length && log[i].to === undefined) seen++;
  }
  out.push(...describeLog(log.slice(from), seat));
  for (; k < sorted.length; k++) {
    out.push({ round: sorted[k].round, text: `The ${FACTION[sorted[k].seat]} asked for a hint.`, private: false, e: 'hint' });
  }
  return out;
}
