// @vitest-environment happy-dom
/**
 * Issue 20 item 1 — the whole truth at the end: once a game is over the view is the whole state (src/game/rules/
 * view.ts), so the end screen names the base's planet, the board marks it for every viewer, the story tells when
 * the base was hidden, found or moved and the objectives scored, with links into the replay at each moment, and it
 * lists the cards never played and the probe deck (src/ui/board/EndScreen.tsx, src/ui/story/endStory.ts).
 * Reading of the rules (noted on issue 20): R8.1's views hide what a player may not see while the game runs; once
 * R1.2 has ended it, no secret protects anything, so every seat and spectator gets the whole state.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, MISSIONS, PLANETS, type LetterId } from '../../src/game/content';
import { seededRng, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { playRandomGame } from '../../src/sim/randomGame';
import { Board } from '../../src/ui/board/Board';
import { replayFromLocation, replayHref } from '../../src/ui/replay/routes';
import { endStory } from '../../src/ui/story/endStory';
import { fields } from '../helpers/logFields';

afterEach(cleanup);

/** The first random game (seeds `end-<i>`) whose final state passes `want`. */
function finishedGame(want: (s: GameState) => boolean): GameState {
  for (let i = 0; i < 400; i++) {
    const { state } = playRandomGame(seededRng(`end-${i}`), seededRng(`end-choices-${i}`), DEFAULT_CONFIG);
    if (state.winner && want(state)) return state;
  }
  throw new Error('no such game in 400 seeds');
}

const name = (p: LetterId) => PLANETS[p].name;

describe('R8.1 after R1.2: the end of the game shows the whole truth', () => {
  it('a base never found: the Imperial\'s end screen names its planet, and the board marks it', async () => {
    const s = finishedGame((x) => !x.base.revealed && x.base.planet !== null && x.winner!.faction === 'R');
    const base = s.base.planet!;
    render(<Board view={viewFor(s, 'I')} seat="I" />);
    await screen.findByTestId('end-screen', {}, { timeout: 15_000 }); // a lazy chunk: over 1 s on busy cores
    const end = screen.getByTestId('end-screen');
    expect(within(end).getByTestId('end-base').textContent).toBe(`The Rebel base was on ${name(base)} (${base}), and the Imperial never found it.`);
    const card = document.querySelector(`[data-planet="${base}"]`)!;
    expect(card.querySelector('[data-base-mark="hidden"]')).not.toBeNull();
    expect(document.querySelectorAll('[data-base-mark]')).toHaveLength(1);
    // The Rebel panel names it too (it said "Hidden somewhere on a lettered planet").
    expect(document.querySelector('[data-base]')!.textContent).toContain(`Hidden on ${name(base)}`);
    // "See the board" folds the end screen; the bar brings it back.
    fireEvent.click(within(end).getByText('See the board'));
    expect(screen.queryByTestId('end-screen')).toBeNull();
    fireEvent.click(within(screen.getByTestId('end-bar')).getByText('Show the end of the game'));
    expect(screen.getByTestId('end-screen')).toBeTruthy();
  });

  it('a spectator gets the same story; it lists unplayed cards and the probe deck', async () => {
    const s = finishedGame((x) => x.hands.R.length > 0 && x.probes.deck.length > 0);
    render(<Board view={viewFor(s, null)} seat={null} />);
    await screen.findByTestId('end-screen', {}, { timeout: 15_000 }); // a lazy chunk: over 1 s on busy cores
    const cards = screen.getByTestId('end-cards').textContent!;
    for (const c of s.hands.R) expect(cards).toContain(MISSIONS[c].name);
    for (const c of s.hands.I) expect(cards).toContain(MISSIONS[c].name);
    const deck = screen.getByTestId('end-probe-deck').textContent!;
    for (const p of s.probes.deck) expect(deck).toContain(name(p));
    const story = screen.getByTestId('end-story').textContent!;
    expect(story).toContain(`The Rebel hid the base on ${name(s.log.find((e) => e.e === 'baseChosen')!.planet as LetterId)}`);
  });

  it('the story tells a secret relocation and a find, each line a link into the replay at its event', async () => {
    const s = finishedGame((x) => x.log.some((e) => e.e === 'relocatedTo' && e.dest) && x.log.some((e) => e.e === 'baseRevealed'));
    render(<Board view={viewFor(s, 'I')} seat="I" momentLink={{ href: (e) => replayHref({ kind: 'local', id: 'abc123', event: e }) }} />);
    await screen.findByTestId('end-screen', {}, { timeout: 15_000 }); // a lazy chunk: over 1 s on busy cores
    const links = [...screen.getByTestId('end-story').querySelectorAll('a')];
    const moved = links.find((a) => a.getAttribute('data-moment') === 'moved')!;
    const i = s.log.findIndex((e) => e.e === 'relocatedTo' && e.dest);
    expect(moved.getAttribute('href')).toBe(`/?record=abc123&event=${i}`);
    const ev = fields(s.log[i]);
    expect(moved.textContent).toBe(`Round ${ev.round}: The base moved in secret from ${name(ev.from as LetterId)} (${ev.from}) to ${name(ev.dest as LetterId)} (${ev.dest}).`);
    expect(links.some((a) => a.getAttribute('data-moment') === 'found')).toBe(true);
    // Every scored objective is a moment.
    const scored = s.log.filter((e) => e.e === 'objectiveScored').length;
    expect(endStory(s)!.moments.filter((m) => m.kind === 'scored')).toHaveLength(scored);
  });

  it('inside the replay a moment jumps to its step instead of leaving the page', async () => {
    const s = finishedGame(() => true);
    const went: number[] = [];
    render(<Board view={s} seat={null} momentLink={{ go: (e) => went.push(e) }} />);
    await screen.findByTestId('end-screen', {}, { timeout: 15_000 }); // a lazy chunk: over 1 s on busy cores
    const first = screen.getByTestId('end-story').querySelector('button')!;
    fireEvent.click(first);
    expect(went).toEqual([endStory(s)!.moments[0].event]);
  });

  it('a replay address carries the moment to open at, for local and server replays', () => {
    expect(replayFromLocation({ pathname: '/', search: '?record=abc123&event=42' })).toEqual({ kind: 'local', id: 'abc123', event: 42 });
    expect(replayFromLocation({ pathname: '/replay/m-1', search: '?event=7' })).toEqual({ kind: 'server', matchID: 'm-1', event: 7 });
    expect(replayHref({ kind: 'server', matchID: 'm-1', event: 7 })).toBe('/replay/m-1?event=7');
    // A bad event number is ignored, not an error.
    expect(replayFromLocation({ pathname: '/', search: '?record=abc123&event=-1' })).toEqual({ kind: 'local', id: 'abc123' });
  });

  it('R8.2: while the game runs, the view still hides the base and the story is not told', () => {
    const s = finishedGame((x) => !x.base.revealed && x.base.planet !== null);
    const running = viewFor({ ...s, winner: null }, 'I');
    expect(running.base.planet).toBe('HIDDEN');
    expect(endStory(running)).toBeNull();
  });
});
