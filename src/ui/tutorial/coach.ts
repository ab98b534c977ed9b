/**
 * What the coach says at each moment of the guided game: the lesson's instruction for the current decision (in
 * this project's own words, with the RULES id), the suggested action the page highlights, and a recap of what
 * the last lesson did (read from the log). Every name it uses comes from the game as it is (./lessons.ts), so it
 * follows a player who chose differently (issue 20 item 6). Pure: from the Rebel's view, its legal actions and
 * the progress.
 */
import type { Action, GameState } from '../../game/rules';
import { lessonWords } from './lessons';
import { recapOf } from './recap';
import { suggestedRebel } from './script';
import { currentStep, finished, STEPS, tally, type Progress, type StepId } from './steps';
import { list } from './words';

export interface Coach {
  step: StepId | 'done';
  title: string;
  rule: string;
  text: string;
  /** What the page highlights and the player is asked to do now; null while the Imperial acts. */
  action: Action | null;
  /** One sentence on how the previous lesson went (from the log), when there is one. */
  recap: string | null;
}

/** The last words: the round played, and — never hidden behind a tick — the lessons that were skipped. */
function closing(progress: Progress): string {
  const { skipped } = tally(progress);
  const round = 'That is the round: Planning, Operations, Objective, Refresh (R1.3).';
  const goOn = 'The game goes on against the easy bot — play it out, or leave the tutorial.';
  if (skipped.length === 0) return `${round} You did every lesson. ${goOn}`;
  const names = list(skipped.map((s) => `“${s.title}”`));
  return `${round} ${skipped.length === 1 ? 'One lesson was' : `${skipped.length} lessons were`} skipped because the game went another way: ${names}. ${skipped.length === 1 ? 'It comes' : 'They come'} up in every game — the rules reference explains ${skipped.length === 1 ? 'it' : 'them'}. ${goOn}`;
}

export function coachFor(view: GameState, legal: Action[], progress: Progress): Coach {
  const last = progress.outcomes.length > 0 ? STEPS[progress.outcomes.length - 1] : null;
  const recap = last && progress.outcomes[progress.outcomes.length - 1] === 'done' ? recapOf(view, last.id) : null;
  if (finished(progress)) {
    return { step: 'done', title: 'You played a whole round', rule: 'R1.3', recap, text: closing(progress), action: null };
  }
  const step = currentStep(progress)!;
  const action = suggestedRebel(view, legal.filter((a) => a.type !== 'undo'));
  const said = lessonWords(view, step.id, action);
  return { step: step.id, title: step.title, rule: said.rule ?? step.rule, text: said.text, action, recap };
}
