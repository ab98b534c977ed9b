/**
 * The hot-seat game of Imperios Milenarios on screen in this tab (issue 23: a reload comes back into it), as Mint's
 * `OPEN_KEY` does for its local games (../saved/localSave.ts): the id of its save (./localSaves.ts) in this tab's
 * sessionStorage, so a reload or a reopened tab returns to it, while another tab opens on the start screen and does
 * not play the same game at once. Set while a running game is on screen, cleared when it is left through "Leave"
 * or once it is over (nothing left to play). "Learn to play" is named `tutorial` (its lesson is kept in the tab:
 * ./tutorial/tutorialSave.ts). Part of the first load (App.tsx reads it): it imports nothing.
 */
export const IMPERIOS_OPEN_KEY = 'imperios-open';
const ID = /^[a-z0-9-]{1,40}$/;

function tab(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null; // storage turned off: a reload lands on the start screen
  }
}

export function setImperiosOpen(id: string | null): void {
  try {
    if (id) tab()?.setItem(IMPERIOS_OPEN_KEY, id);
    else tab()?.removeItem(IMPERIOS_OPEN_KEY);
  } catch {
    // a full or refused storage: the game goes on, a reload then lands on the start screen
  }
}

/** The id of the save that was on screen when the page went away, or null. */
export function imperiosOpenId(): string | null {
  const id = tab()?.getItem(IMPERIOS_OPEN_KEY) ?? null;
  return id && ID.test(id) ? id : null;
}
