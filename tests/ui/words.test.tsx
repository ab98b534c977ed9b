// @vitest-environment happy-dom
/**
 * Issue 20 item 10, "Words", on the board as a player meets them:
 * (a) a mission's result says who won from the reader's side ("you win: the mission fails" for the one who opposed);
 * (b) the build-queue choice says when each spot's units arrive, not "spot 1: 2, spot 2: 0";
 * (c) the bot panel says "looked at 82 possible futures", not "82 iterations in 100 ms";
 * (d) leaving asks in the page's own dialog (role, focus, Escape), and no window.confirm is left in src/ui;
 * (e) two identical events in a row are one line with a count, in the board's log and in the last-move banner.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { GameState, LogEvent } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { ThoughtsPanel } from '../../src/ui/bot/ThoughtsPanel';
import { describeEvent } from '../../src/ui/log/sentences';
import { stateAt } from './states';
import { anyEvent } from '../helpers/logFields';

const confirmSpy = vi.fn(() => true);
beforeEach(() => { confirmSpy.mockClear(); window.confirm = confirmSpy; });
afterEach(cleanup);

const logLines = (c: HTMLElement) => [...c.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent ?? '');

describe('(a) a mission result is said from the reader\'s side', () => {
  // The Imperial revealed; the Rebel opposed and rolled higher: the mission fails, and the Rebel won.
  const attempt: Record<string, unknown> = {
    e: 'missionAttempt', round: 2, card: 'I-S4', faction: 'I', die: 2, total: 3, oppDie: 5, oppTotal: 6, success: false,
    attribute: 'F', leaders: [{ leader: 'LD-I3', icons: 1 }], oppLeaders: [{ leader: 'LD-R1', icons: 1 }], tiesToRevealer: true,
  };

  it('the opposing winner reads "you win", the revealer reads who beat them, a spectator reads both names', () => {
    expect(describeEvent(anyEvent(attempt), 'R')).toMatch(/ — you win: the mission fails\.$/);
    expect(describeEvent(anyEvent(attempt), 'I')).toMatch(/ — the Rebel wins: the mission fails\.$/);
    expect(describeEvent(anyEvent(attempt), null)).toMatch(/ — the Rebel wins: the mission fails\.$/);
    const won = { ...attempt, die: 6, total: 7, oppDie: 1, oppTotal: 2, success: true };
    expect(describeEvent(anyEvent(won), 'I')).toMatch(/ — you win: the mission succeeds\.$/);
    expect(describeEvent(anyEvent(won), 'R')).toMatch(/ — the Imperial wins: the mission succeeds\.$/);
    for (const v of ['R', 'I', null] as const) expect(describeEvent(anyEvent(attempt), v)).not.toMatch(/— (failure|success)/);
  });

  it('the board\'s log of the player who opposed says they won', () => {
    const s = stateAt('turn', 'words-attempt');
    s.log.push(anyEvent({ ...attempt, round: s.round }));
    const { container } = render(<Board view={viewFor(s, 'R')} seat="R" onAction={() => {}} />);
    expect(logLines(container).at(-1)).toMatch(/you roll 5 \+ 1 .* = 6 — you win: the mission fails\.$/);
  });
});

describe('(b) the build-queue choice says when each spot arrives', () => {
  /** A Refresh build with too few starfighters in supply: the Imperial chooses which are built (R4.4.6). */
  function shortfall(): GameState {
    const s = stateAt('turn', 'words-shortfall');
    s.phase = 'refresh';
    s.pending = { kind: 'shortfall', seat: 'I', unit: 'f', due: [1, 1, 0], available: 1 } as GameState['pending'];
    return s;
  }

  it('each option names the units and "this round" / "next round" with the spot, and the question explains the spots', () => {
    const { container } = render(<Board view={viewFor(shortfall(), 'I')} seat="I" onAction={() => {}} />);
    const prompt = container.querySelector('[data-testid="prompt"]') as HTMLElement;
    const options = within(prompt).getAllByRole('button').map((b) => b.textContent ?? '').filter((t) => t.startsWith('Build'));
    expect(options).toEqual([
      'Build 1 starfighter arriving this round (spot 1)',
      'Build 1 starfighter arriving next round (spot 2)',
    ]);
    expect(prompt.textContent).not.toMatch(/spot 1: \d/);
    expect(prompt.textContent).toContain('spot 1 arrives this round, spot 2 next round, spot 3 in 2 rounds');
  });
});

describe('(c) the bot panel speaks of possible futures', () => {
  it('"looked at N possible futures", with the time in plain words; a forced move needs no look ahead', () => {
    render(<ThoughtsPanel viewer="R" bots={[
      { seat: 'I', difficulty: 'Normal', thoughts: { seat: 'I', winChance: 0.5, iterations: 82, elapsedMs: 2400 } },
      { seat: 'R', difficulty: 'Easy', thoughts: { seat: 'R', iterations: 0, elapsedMs: 0 } },
    ]} />);
    const [imperial, rebel] = screen.getAllByTestId('search-effort').map((p) => p.textContent);
    expect(imperial).toBe('Last move: it looked at 82 possible futures in 2.4 seconds.');
    expect(rebel).toMatch(/did not need to look ahead/);
    expect(screen.getByTestId('thoughts-panel').textContent).not.toMatch(/iteration| ms\b/);
  });
});

describe('(d) leaving asks in the page\'s own dialog', () => {
  it('an alertdialog with the focus inside; Escape and "Stay" keep the game; "Leave" leaves; never window.confirm', () => {
    const onExit = vi.fn();
    const s = stateAt('turn', 'words-leave');
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} onExit={onExit} />);
    const leave = screen.getByTestId('leave-button');
    leave.focus();
    fireEvent.click(leave);
    const d = screen.getByRole('alertdialog', { name: 'Leave this game?' });
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(d.textContent).toContain('stays saved on this device');
    expect(document.activeElement?.textContent).toBe('Stay');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(leave);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stay' }));
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(leave);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('no window.confirm (nor alert or prompt) anywhere in src/ui', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f)) files.push(p);
      }
    };
    walk(resolve(__dirname, '../../src/ui'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => /\b(window\.)?(confirm|alert|prompt)\(/.test(readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')));
    expect(offenders).toEqual([]);
  });
});

describe('(e) identical events in a row read as one line with a count', () => {
  /** A Rebel turn whose log ends with the Imperial deploying two starfighters to Imperium (as a Refresh does). */
  function twoDeploys(): GameState {
    const s = stateAt('turn', 'words-repeat');
    const ev: LogEvent = { e: 'deployed', round: s.round, faction: 'I', unit: 'f', dest: 'IMP' };
    s.log.push({ ...ev }, { ...ev });
    return s;
  }

  it('in the board\'s log and in the last-move banner', () => {
    const s = twoDeploys();
    const seat: Faction = 'R';
    const view = viewFor(s, seat);
    const { container } = render(<Board view={view} seat={seat} onAction={() => {}} since={view.log.length - 2} />);
    const lines = logLines(container);
    expect(lines.at(-1)).toBe('The Imperial deployed a starfighter to Imperium. ×2');
    expect(lines.at(-2)).not.toContain('deployed a starfighter to Imperium');
    const banner = container.querySelector('[data-testid="last-move"]')!;
    expect(banner.getAttribute('data-fresh')).toBe('true');
    expect(banner.textContent).toContain('The Imperial deployed a starfighter to Imperium. ×2');
    expect(banner.textContent).not.toMatch(/more in the log/); // the pair is one act, not "+1 more"
  });
});

describe('the end of a match the server called is said in words (server/forfeit.ts)', () => {
  it('a seat that left, or ran out of time, is named; the rules\' ends keep their words', () => {
    const over = (winner: Faction, reason: string) => describeEvent({ e: 'gameOver', round: 5, winner, reason }, null);
    expect(over('R', 'forfeit')).toBe('The Rebel wins: the Imperial left the game.');
    expect(over('I', 'time')).toBe('The Imperial wins: the Rebel\'s clock ran out.');
    expect(over('R', 'objectives')).toBe('The Rebel wins: the objective token reached the time token.');
  });
});
