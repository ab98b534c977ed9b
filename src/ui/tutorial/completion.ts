/** Whether this browser finished the guided first game (shown as "Learn to play ✓" on the start screen). */
const KEY = 'mint.tutorial.done';

export function tutorialDone(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage blocked: the start screen simply shows no tick
  }
}

export function markTutorialDone(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // storage full or blocked: nothing to keep
  }
}
