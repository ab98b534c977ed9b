/**
 * When a game against bots is written to its save (../localSaves.ts). Hot-seat games are saved after every move;
 * here the bots make most moves, and the save (the whole record, sealed) grows with each, so writing it after
 * every bot move costs the page more than the bots' thinking late in a game. It is written whenever the game waits
 * for the player or is over, and otherwise at most every `SOLO_SAVE_EVERY_MS`; leaving writes the latest (LocalGame).
 * A reload loses at most the bot moves of that interval, which the bots then play again.
 */
import { awaitedSeats, type ImperiosState } from '../../../games/imperios/rules';
import type { SoloSeats } from './soloSeats';

export const SOLO_SAVE_EVERY_MS = 2000;

/** A check per game: is this state to be written now? (It remembers when it last said yes.) */
export function soloSaveDue(solo: SoloSeats, now: () => number = Date.now): (state: ImperiosState) => boolean {
  let last = -Infinity;
  return (state) => {
    const t = now();
    if (state.phase !== 'over' && !awaitedSeats(state).includes(solo.human) && t - last < SOLO_SAVE_EVERY_MS) return false;
    last = t;
    return true;
  };
}
