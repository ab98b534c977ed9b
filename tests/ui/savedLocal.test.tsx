// @vitest-environment happy-dom
/**
 * Local games survive a reload (issue 13 item 6) and are never lost to a new game (issue 20 item 4): several records
 * per mode, each under its own key (src/ui/saved), sealed (R8.3 item 9 on a local device: no seed, no move readable
 * in storage); the one-per-mode records of before (sealed, and the older plain solo shape) still load; refused
 * records; and a hot-seat game resumed through real boardgame.io clients: the same state, behind the privacy cover
 * first.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteSaved, listSaved, loadSaved, newSavedGame, openId, resumeOnReload, saveKey, saveLocal, setOpen, type SavedLocal,
} from '../../src/ui/saved/localSave';
import { LEGACY_KEYS } from '../../src/ui/saved/legacySave';
import { sealed } from '../../src/ui/saved/seal';
import { HotSeatScreen } from '../../src/ui/screens/HotSeatScreen';
import { DEFAULT_CONFIG, makeConfig } from '../../src/game/content';

afterEach(() => { cleanup(); localStorage.clear(); sessionStorage.clear(); });

const hotseat: SavedLocal = {
  id: 'hotseat-a1', seed: 'unit-hotseat', setup: { mode: 'hotseat' },
  moves: [{ seat: 'I', action: { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 } as never }],
};
const copy = (s: SavedLocal): SavedLocal => JSON.parse(JSON.stringify(s)) as SavedLocal;
const saveKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('mint-imperium-save:'));

describe('saved local games (issue 13 item 6, issue 20 item 4)', () => {
  it('keeps each game under its own key, several per mode, the most recently played first; the tab names the one on screen', () => {
    const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms);
    at(1_000);
    expect(saveLocal(copy(hotseat))).toBe(true);
    at(2_000); // played later
    saveLocal({ ...copy(hotseat), id: 'hotseat-b2', seed: 'unit-hotseat-2' });
    vi.restoreAllMocks();
    saveLocal({ ...copy(hotseat), id: 'bot-c3', setup: { mode: 'bot', human: 'R', difficulty: 'hard' } });
    expect(saveKeys().sort()).toEqual(['mint-imperium-save:bot-c3', 'mint-imperium-save:hotseat-a1', 'mint-imperium-save:hotseat-b2']);
    expect(listSaved('hotseat').map((s) => s.id)).toEqual(['hotseat-b2', 'hotseat-a1']);
    expect(listSaved().map((s) => s.id)).toContain('bot-c3');
    expect(loadSaved('hotseat-a1')).toEqual({ ...hotseat, startedAt: 1_000, savedAt: 1_000 });

    setOpen('hotseat-a1');
    expect(resumeOnReload()?.id).toBe('hotseat-a1');
    expect(sessionStorage.getItem('mint-imperium-open')).toBe('hotseat-a1'); // this tab only: another tab starts afresh
    setOpen(null);
    expect(resumeOnReload()).toBeNull();
    expect(loadSaved('hotseat-a1')).not.toBeNull(); // left, not deleted
    setOpen('hotseat-a1');
    deleteSaved('hotseat-a1');
    expect(loadSaved('hotseat-a1')).toBeNull();
    expect(openId()).toBeNull();
    expect(listSaved('hotseat').map((s) => s.id)).toEqual(['hotseat-b2']);
  });

  it('a new game gets its own id: it never takes the place of a saved one', () => {
    const a = newSavedGame({ mode: 'hotseat' }, 'same-seed');
    const b = newSavedGame({ mode: 'hotseat' }, 'same-seed');
    expect(a.id).not.toBe(b.id);
    saveLocal(a);
    saveLocal(b);
    expect(listSaved('hotseat')).toHaveLength(2);
  });

  it('R8.3 item 9: a record holds the seed and the moves sealed, not as readable text (the bot game\'s and every other)', () => {
    const bot: SavedLocal = {
      id: 'bot-x', seed: 'bot-seed-123', setup: { mode: 'bot', human: 'I', difficulty: 'easy' },
      moves: [{ seat: 'R', action: { type: 'chooseBase', planet: 'F' } as never }],
    };
    saveLocal(bot);
    const raw = localStorage.getItem(saveKey('bot-x'))!;
    expect(raw.startsWith('sealed:')).toBe(true);
    for (const plain of ['bot-seed-123', 'chooseBase', 'planet', '"F"']) expect(raw).not.toContain(plain);
    expect(loadSaved('bot-x')).toEqual(bot);
    saveLocal(copy(hotseat));
    expect(localStorage.getItem(saveKey(hotseat.id))).not.toContain('unit-hotseat');
    // A record sealed under another device key does not open (and is not mistaken for a game).
    localStorage.setItem('mint-imperium-seal', '00'.repeat(16));
    expect(loadSaved('bot-x')).toBeNull();
    expect(listSaved()).toEqual([]);
  });

  it('refuses malformed records: they are neither listed nor resumed', () => {
    const bad = [
      '{', '{"id":"hotseat-z","seed":1,"setup":{"mode":"hotseat"},"moves":[]}',
      '{"id":"hotseat-z","seed":"x","setup":{"mode":"bot"},"moves":[]}', // a bot game without its sides
      '{"id":"hotseat-z","seed":"x","setup":{"mode":"solo","solo":{"bot":"X","difficulty":"easy"}},"moves":[]}',
      '{"id":"hotseat-z","seed":"x","setup":{"mode":"hotseat"},"moves":[{"seat":"X","action":{"type":"pass"}}]}',
      '{"id":"hotseat-z","seed":"x","setup":{"mode":"hotseat"},"moves":[],"round":"three"}',
      '{"id":"other-id","seed":"x","setup":{"mode":"hotseat"},"moves":[]}', // not the record its key names
    ];
    for (const text of bad) {
      localStorage.setItem(saveKey('hotseat-z'), sealed.encode(text));
      expect(loadSaved('hotseat-z'), text).toBeNull();
      expect(listSaved(), text).toEqual([]);
    }
    setOpen('../../etc');
    expect(resumeOnReload()).toBeNull();
  });
});

describe('saves written before issue 20 (one record per mode) still load', () => {
  it('a sealed one-per-mode record is listed, resumable, and moved to its own key without a loss', () => {
    const { id: _id, ...old } = copy(hotseat);
    localStorage.setItem(LEGACY_KEYS.hotseat, sealed.encode(JSON.stringify({ ...old, config: DEFAULT_CONFIG })));
    const bot = { seed: 'old-bot', setup: { mode: 'bot', human: 'R', difficulty: 'normal' }, moves: [] };
    localStorage.setItem(LEGACY_KEYS.bot, sealed.encode(JSON.stringify(bot)));
    const listed = listSaved();
    expect(listed.map((s) => s.id).sort()).toEqual(['legacy-bot', 'legacy-hotseat']);
    expect(loadSaved('legacy-hotseat')).toEqual({ ...old, config: DEFAULT_CONFIG, id: 'legacy-hotseat' });
    expect(loadSaved('legacy-bot')).toEqual({ ...bot, id: 'legacy-bot' });
    // Moved, not copied twice: the old keys are gone once the new ones hold the games.
    expect(localStorage.getItem(LEGACY_KEYS.hotseat)).toBeNull();
    expect(localStorage.getItem(LEGACY_KEYS.bot)).toBeNull();
    expect(localStorage.getItem(saveKey('legacy-hotseat'))!.startsWith('sealed:')).toBe(true);
    expect(listSaved()).toHaveLength(2);
  });

  it('reads the older solo record (plain, moves without seats) and a tab that named a mode resumes it', () => {
    localStorage.setItem(LEGACY_KEYS.solo, JSON.stringify({ seed: 's', solo: { bot: 'I', difficulty: 'normal' }, moves: [{ type: 'pass' }] }));
    sessionStorage.setItem('mint-imperium-open', 'solo'); // the tab of a game on screen when the page was updated
    expect(resumeOnReload()).toEqual({ id: 'legacy-solo', seed: 's', setup: { mode: 'solo', solo: { bot: 'I', difficulty: 'normal' } }, moves: [{ seat: 'R', action: { type: 'pass' } }] });
  });

  it('never overwrites: a legacy id that holds another game makes the copy take the next one; unreadable records stay', () => {
    saveLocal({ ...copy(hotseat), id: 'legacy-hotseat', seed: 'another' });
    const { id: _id, ...old } = copy(hotseat);
    localStorage.setItem(LEGACY_KEYS.hotseat, sealed.encode(JSON.stringify(old)));
    localStorage.setItem(LEGACY_KEYS.bot, 'sealed:garbage:###');
    expect(listSaved('hotseat').map((s) => s.seed).sort()).toEqual(['another', 'unit-hotseat']);
    expect(loadSaved('legacy-hotseat-2')?.seed).toBe('unit-hotseat');
    expect(localStorage.getItem(LEGACY_KEYS.bot)).toBe('sealed:garbage:###'); // not a game, but not ours to delete
    for (const bad of ['{', '{"seed":1,"moves":[]}', '{"seed":"x","setup":{"mode":"bot"},"moves":[]}', '{"seed":"x","setup":{"mode":"hotseat"},"moves":[{"seat":"X","action":{"type":"pass"}}]}']) {
      localStorage.setItem(LEGACY_KEYS.hotseat, bad);
      expect(listSaved('hotseat').map((s) => s.seed).sort(), bad).toEqual(['another', 'unit-hotseat']);
    }
  });
});

describe('a saved game on screen', () => {
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
    const [saved] = listSaved('hotseat');
    expect(saved.seed).toBe('unit-resume');
    expect(saved.moves.map((m) => [m.seat, m.action.type])).toEqual([['I', 'imperialSetup']]);
    expect(saved.round).toBe(0); // still the set-up: the start screen says so
    expect(openId()).toBe(saved.id);
    first.unmount();
    expect(loadSaved(saved.id)).not.toBeNull(); // a game with a move is kept when its screen closes
    // The "reload": a new screen from the record replays it and shows the Rebel's cover, nothing of either seat.
    const again = render(<HotSeatScreen saved={loadSaved(saved.id)!} onExit={() => {}} />);
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
    expect(listSaved('hotseat')[0].config).toEqual(DEFAULT_CONFIG);
    fresh.unmount();
    // A game saved under other knobs (as every save made before DEFAULT_CONFIG changes) keeps them on resume.
    const config = makeConfig({ objectiveStart: DEFAULT_CONFIG.objectiveStart - 2, probesPerRefresh: DEFAULT_CONFIG.probesPerRefresh + 1 });
    saveLocal({ ...copy(hotseat), config });
    expect(loadSaved(hotseat.id)!.config).toEqual(config);
    const again = render(<HotSeatScreen saved={loadSaved(hotseat.id)!} onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 200)); });
    await act(async () => { again.container.querySelector<HTMLButtonElement>('[data-choice="ready"]')!.click(); await new Promise((r) => setTimeout(r, 30)); });
    expect(again.container.querySelector('[data-testid="prompt"]')?.getAttribute('data-pending')).toBe('chooseBase'); // the move replayed
    const token = again.container.querySelector('[data-token="objective"]')?.closest('[data-space]');
    expect(token?.getAttribute('data-space')).toBe(String(config.objectiveStart));
    expect(loadSaved(hotseat.id)!.config).toEqual(config);
    // A save whose config is not a config is refused.
    saveLocal({ ...copy(hotseat), config: { ...config, probesPerRefresh: 'two' } as never });
    expect(loadSaved(hotseat.id)).toBeNull();
    // So is one with a knob of the right type out of its B7 range (a million probe draws would hang the core).
    saveLocal({ ...copy(hotseat), config: { ...config, probesPerRefresh: 1_000_000 } });
    expect(loadSaved(hotseat.id)).toBeNull();
    saveLocal({ ...copy(hotseat), config });
    expect(loadSaved(hotseat.id)!.config).toEqual(config);
  });

  it('issue 20 item 4: a record that does not replay to its end is kept as it was; the game goes on as a new save', async () => {
    const broken: SavedLocal = { ...copy(hotseat), id: 'hotseat-broken', moves: [...copy(hotseat).moves, { seat: 'R', action: { type: 'noSuchMove' } as never }] };
    saveLocal(broken);
    const stored = localStorage.getItem(saveKey('hotseat-broken'));
    const screen = render(<HotSeatScreen saved={loadSaved('hotseat-broken')!} onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 200)); });
    await act(async () => { screen.container.querySelector<HTMLButtonElement>('[data-choice="ready"]')!.click(); await new Promise((r) => setTimeout(r, 30)); });
    expect(screen.container.querySelector('[role="alert"]')?.textContent).toMatch(/kept as it was/);
    expect(localStorage.getItem(saveKey('hotseat-broken'))).toBe(stored); // untouched
    const fork = listSaved('hotseat').find((s) => s.id !== 'hotseat-broken')!;
    expect(fork.moves).toEqual(hotseat.moves); // the moves that replayed
    expect(openId()).toBe(fork.id);
  });

  it('issue 20 item 4: a new hot-seat game leaves the saved one alone; left before its first move, it is not kept', async () => {
    saveLocal(copy(hotseat));
    const fresh = render(<HotSeatScreen seed="unit-second" onExit={() => {}} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(listSaved('hotseat').map((s) => s.seed).sort()).toEqual(['unit-hotseat', 'unit-second']);
    expect(loadSaved(hotseat.id)).toMatchObject({ seed: 'unit-hotseat', moves: hotseat.moves });
    fresh.unmount();
    expect(listSaved('hotseat').map((s) => s.seed)).toEqual(['unit-hotseat']);
  });
});
