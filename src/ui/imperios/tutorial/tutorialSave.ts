/**
 * The "Learn to play" game on screen in this tab, so a reload comes back into the lesson (issue 23), as it does into
 * a hot-seat game (../openGame.ts names it `tutorial`). Kept in this tab's sessionStorage only: a lesson, not a game
 * to keep, so it is never listed with the saves and goes with the tab. What is kept: the game's record (seed and
 * moves, ../session.ts `resumeSession` replays it) and the state of the bots' stream of choices, so the bots go on
 * choosing as they would have. Sealed as the saves are (../../saved/seal.ts): the seed tells the draws (IM14.1).
 */
import type { ImperiosRecord } from '../../../games/imperios/record';
import { parseImperiosRecord } from '../../../games/imperios/replay';
import { sealed } from '../../saved/seal';

const KEY = 'imperios-tutorial';

export interface TutorialSave {
  record: ImperiosRecord;
  /** The bots' stream (src/games/imperios/rules/rng.ts `RngHolder.rng`) after the last recorded move. */
  bots: number;
}

function tab(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

export function writeTutorial(save: TutorialSave): void {
  try {
    tab()?.setItem(KEY, sealed.encode(JSON.stringify(save)));
  } catch {
    // a full or refused storage: the lesson goes on, a reload then starts at the Imperios screen
  }
}

export function clearTutorial(): void {
  try {
    tab()?.removeItem(KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}

/** The kept lesson, or null when there is none or it cannot be read (then it starts over). */
export function readTutorial(): TutorialSave | null {
  const raw = tab()?.getItem(KEY);
  const text = raw ? sealed.decode(raw) : null;
  if (!text) return null;
  try {
    const x = JSON.parse(text) as Partial<TutorialSave>;
    const record = parseImperiosRecord(x.record);
    if ('error' in record || typeof x.bots !== 'number' || !Number.isInteger(x.bots) || x.bots < 0) return null;
    return { record, bots: x.bots };
  } catch {
    return null;
  }
}
