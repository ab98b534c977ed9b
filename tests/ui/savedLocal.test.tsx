// @vitest-environment happy-dom
/**
 * Local games survive a reload (issue 13 item 6): the record of every local mode (src/ui/saved), sealed (R8.3
 * item 9 on a local device: no seed, no move readable in storage), the older plain solo record,
 * refused records, and a hot-seat game resumed through real boardgame.io clients: the same state, behind the
 * privacy cover first.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearLocal, loadLocal, openMode, resumeOnReload, saveLocal, setOpen, storageKey, type SavedLocal,
} from '../../src/ui/saved/localSave';
import { HotSeatScreen } from '../../src/ui/screens/HotSeatScreen';
import { DEFAULT_CONFIG, makeConfig } from '../../src/game/content';

afterEach(() => { cleanup(); localStorage.clear(); sessionStorage.clear(); });

const hotseat: SavedLocal = {
  seed: 'unit-hotseat', setup: { mode: 'hotseat' },
  moves: [{ seat: 'I', action: { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 } as never }],
};

describe('saved local games (issue 13 item 6)', () => {
  it('keeps one record per mode and the mode on screen, resumed by a reload', () => {
    saveLocal(hotseat);
    setOpen('hotseat');
    expect(loadLocal('hotseat')).toEqual(hotseat);
    expect(loadLocal('bot')).toBeNull();
    expect(resumeOnReload()).toEqual(hotseat);
    expect(sessionStorage.getItem('mint-imperium-open')).toBe('hotseat'); // this tab only: another tab starts afresh
    setOpen(null);
    expect(resumeOnReload()).toBeNull();
    expect(loadLocal('hotseat')).toEqual(hotseat); // left, not abandoned
    setOpen('hotseat');
    clearLocal('hotseat');
    expect(loadLocal('hotseat')).toBeNull();
    expect(openMode()).toBeNull();
  });

  it('R8.3 item 9: a record holds the seed and the moves sealed, not as readable text (the bot game\'s and every other)', () => {
    const bot: SavedLocal = {
      seed: 'bot-seed-123', setup: { mode: 'bot', human: 'I', difficulty: 'easy' },
      moves: [{ seat: 'R', action: { type: 'chooseBase', planet: 'F' } as never }],
    };
    saveLocal(bot);
    const raw = localStorage.getItem(storageKey('bot'))!;
    expect(raw.startsWith('sealed:')).toBe(true);
    for (const plain of ['bot-seed-123', 'chooseBase', 'planet', '"F"']) expect(raw).not.toContain(plain);
    expect(loadLocal('bot')).toEqual(bot);
    saveLocal(hotseat);
    expect(localStorage.getItem(storageKey('hotseat'))).not.toContain('unit-hotseat');
    expect(loadLocal('hotseat')).toEqual(hotseat);
    // A record sealed under another device key does not open (and is not mistaken for a game).
    localStorage.setItem('mint-imperium-seal', '00'.repeat(16));
    expect(loadLocal('bot')).toBeNull();
  });

  it('reads the older solo record (moves without seats) and refuses malformed ones', () => {
    localStorage.setItem(storageKey('solo'), JSON.stringify({ seed: 's', solo: { bot: 'I', difficulty: 'normal' }, moves: [{ type: 'pass' }] }));
    expect(loadLocal('solo')).toEqual({ seed: 's', setup: { mode: 'solo', solo: { bot: 'I', difficulty: 'normal' } }, moves: [{ seat: 'R', action: { type: 'pass' } }] });
    for (const bad of ['{', '{"seed":1,"moves":[]}', '{"seed":"x","setup":{"mode":"bot"},"moves":[]}', '{"seed":"x","setup":{"mode":"hotseat"},"moves":[{"seat":"X","action":{"type":"pass"}}]}']) {
      localStorage.setItem(storageKey('hotseat'), bad);
      expect(loadLocal('hotseat'), bad).toBeNull();
    }
  });

  it('a hot-seat game saves every accepted move and resumes from its record behind the privacy cover', async () => {
    const first = render(<HotSeatScreen seed="unit-resume" onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    const click = async (sel: string | ((b: HTMLButtonElement) => boolean)) => {
      const b = typeof sel === 'string'
        ? first.container.querySelector<HTMLButtonElement>(sel)
        : [...first.container.querySelectorAll<HTMLButtonElement>('button')].find(sel);
      expect(b, String(sel)).toBeTruthy();
      await act(async () => { b!.click(); await new Promise((r) => setTimeout(r, 30)); });
    };
    await click('[data-choice="ready"]');
    await click((b) => b.closest('[data-testid="prompt"]') !== null && /Imperium/.test(b.textContent ?? ''));
    await click((b) => b.closest('[data-testid="prompt"]') !== null && /2 on Imperium/.test(b.textContent ?? ''));
    const saved = loadLocal('hotseat')!;
    expect(saved.seed).toBe('unit-resume');
    expect(saved.moves.map((m) => [m.seat, m.action.type])).toEqual([['I', 'imperialSetup']]);
    expect(openMode()).toBe('hotseat');
    first.unmount();
    // The "reload": a new screen from the record replays it and shows the Rebel's cover, nothing of either seat.
    const again = render(<HotSeatScreen saved={loadLocal('hotseat')!} onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 200)); });
    const cover = again.container.querySelector('[data-testid="privacy-cover"]');
    expect(cover?.getAttribute('data-seat')).toBe('R');
    expect(again.container.querySelectorAll('[data-planet], [data-panel], [data-testid="hand"]').length).toBe(0);
    await act(async () => { again.container.querySelector<HTMLButtonElement>('[data-choice="ready"]')!.click(); await new Promise((r) => setTimeout(r, 30)); });
    expect(again.container.querySelector('[data-testid="prompt"]')?.getAttribute('data-pending')).toBe('chooseBase');
    // The Rebel has not decided yet: its "while you were away" reads the game so far, the fleet deployment included.
    expect(again.container.querySelector('[data-testid="away-summary"]')?.textContent).toMatch(/The Imperial fleet deploys/);
  });

  it('issue 24 item 4: a new game is saved with DEFAULT_CONFIG; a saved game resumes with the config it was made with', async () => {
    const fresh = render(<HotSeatScreen seed="unit-config-new" onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(loadLocal('hotseat')!.config).toEqual(DEFAULT_CONFIG);
    fresh.unmount();
    // A game saved under other knobs (as every save made before DEFAULT_CONFIG changes) keeps them on resume.
    const config = makeConfig({ objectiveStart: DEFAULT_CONFIG.objectiveStart - 2, probesPerRefresh: DEFAULT_CONFIG.probesPerRefresh + 1 });
    saveLocal({ ...hotseat, config });
    expect(loadLocal('hotseat')!.config).toEqual(config);
    const again = render(<HotSeatScreen saved={loadLocal('hotseat')!} onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 200)); });
    await act(async () => { again.container.querySelector<HTMLButtonElement>('[data-choice="ready"]')!.click(); await new Promise((r) => setTimeout(r, 30)); });
    expect(again.container.querySelector('[data-testid="prompt"]')?.getAttribute('data-pending')).toBe('chooseBase'); // the move replayed
    const token = again.container.querySelector('[data-token="objective"]')?.closest('[data-space]');
    expect(token?.getAttribute('data-space')).toBe(String(config.objectiveStart));
    expect(loadLocal('hotseat')!.config).toEqual(config);
    // A save whose config is not a config is refused.
    saveLocal({ ...hotseat, config: { ...config, probesPerRefresh: 'two' } as never });
    expect(loadLocal('hotseat')).toBeNull();
    // So is one with a knob of the right type out of its B7 range (a million probe draws would hang the core).
    saveLocal({ ...hotseat, config: { ...config, probesPerRefresh: 1_000_000 } });
    expect(loadLocal('hotseat')).toBeNull();
    saveLocal({ ...hotseat, config });
    expect(loadLocal('hotseat')!.config).toEqual(config);
  });
});
