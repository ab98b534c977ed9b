// @vitest-environment happy-dom
/**
 * Issue 12 item 2 — rules at hand: a reference in the project's own words, organised by RULES ids, searchable,
 * opened from the board's "Rules" button and from every prompt's "why?" link at the rule asking for the decision.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, MISSIONS, OBJECTIVES, PLANETS, LEADERS, makeConfig } from '../../src/game/content';
import type { PendingKind } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { PENDING_RULE } from '../../src/ui/rules/pendingRules';
import { RulesProvider, useRules } from '../../src/ui/rules/RulesContext';
import { findRule, searchRules } from '../../src/ui/rules/ruleSearch';
import { RULE_SECTIONS } from '../../src/ui/rules/ruleText';
import { stateAt } from './states';
import { FINGERPRINT_PATH, fingerprint, longPieces, pieceHash, type RulesFingerprint } from '../../src/cli/rulesFingerprint';

afterEach(cleanup);

const ALL = RULE_SECTIONS.flatMap((s) => s.entries);

/** Every pending kind of the core (state.ts `Pending`); a new kind fails the Record type of PENDING_RULE too. */
const KINDS: PendingKind[] = [
  'imperialSetup', 'chooseBase', 'plan', 'turn', 'oppose', 'assignHit', 'secretPlans', 'objective', 'detain',
  'subjugate', 'patrol', 'pursuit', 'slipstream', 'queueSabotage', 'intercept', 'council', 'relocate', 'handLimit',
  'shortfall', 'deploy', 'baseMoves',
];

describe('rules reference content', () => {
  it('every pending kind has a "why?" rule, listed in the reference under exactly that id', () => {
    expect(Object.keys(PENDING_RULE).sort()).toEqual([...KINDS].sort());
    for (const k of KINDS) expect(findRule(RULE_SECTIONS, PENDING_RULE[k])?.id, k).toBe(PENDING_RULE[k]);
  });

  it('is organised like RULES.md: sections R1…R9, unique ids, and every card, planet and leader has an entry', () => {
    expect(RULE_SECTIONS.map((s) => s.id)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9']);
    const ids = ALL.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of RULE_SECTIONS) {
      for (const e of s.entries) if (/^R\d/.test(e.id)) expect(e.id.startsWith(`${s.id}.`) || e.id === s.id, e.id).toBe(true);
    }
    for (const id of [...Object.keys(MISSIONS), ...Object.keys(OBJECTIVES), ...Object.keys(LEADERS)]) expect(ids).toContain(id);
    for (const p of Object.values(PLANETS)) expect(ids).toContain(p.ruleId);
  });

  // The authoritative rules live outside the repository (../shared/RULES.md); their fingerprint lives inside it
  // (src/cli/rulesFingerprint.ts: `npm run rules:fingerprint` when they change), so this runs on every clone.
  it('cites only ids the authoritative rules have, and copies none of their long sentences or clauses', () => {
    const fp = JSON.parse(readFileSync(join(process.cwd(), FINGERPRINT_PATH), 'utf8')) as RulesFingerprint;
    expect(fp.ids.length).toBeGreaterThan(150);
    for (const e of ALL) expect(fp.ids, e.id).toContain(e.id);
    const known = new Set(fp.sentences);
    const copied = ALL.flatMap((e) => e.text).flatMap(longPieces).filter((piece) => known.has(pieceHash(piece)));
    expect(copied).toEqual([]);
  });

  it('the fingerprint catches a copied sentence however it is wrapped or emphasised', () => {
    const source = 'R9.9 **Example.** A sentence long enough to count as a copy when it appears word for word; and a clause after it that is long enough to count on its own too.';
    const fp = fingerprint(source);
    expect(fp.ids).toEqual(['R9.9']);
    const hit = (text: string) => longPieces(text).some((p) => fp.sentences.includes(pieceHash(p)));
    expect(hit('A sentence long enough to count as a copy when it appears\n  word for word; and other words.')).toBe(true);
    expect(hit('Some words. and a clause after it that is long enough to count on its own too.')).toBe(true);
    expect(hit('A sentence long enough to count as a copy when it appears in other words.')).toBe(false);
  });

  it('findRule falls back to the nearest listed parent; search keeps entries with every word', () => {
    expect(findRule(RULE_SECTIONS, 'R4.2.3.5')?.id).toBe('R4.2.3');
    expect(findRule(RULE_SECTIONS, 'R6.1.6')?.id).toBe('R6.1');
    expect(findRule(RULE_SECTIONS, 'R5')?.id).toBe('R5.1');
    expect(findRule(RULE_SECTIONS, 'nothing')).toBeNull();
    const hits = searchRules(RULE_SECTIONS, 'secret plans').flatMap((s) => s.entries.map((e) => e.id));
    expect(hits).toContain('R5.9');
    expect(hits).toContain('O1-8');
    expect(hits).not.toContain('R4.2.3');
    expect(searchRules(RULE_SECTIONS, 'zzzz-no-such-word')).toEqual([]);
  });
});

const flush = () => act(() => new Promise<void>((r) => setTimeout(r, 30)));

async function waitFor<T>(get: () => T | null): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = get();
    if (v) return v;
    await flush();
  }
  throw new Error('timed out');
}

describe('rules reference on the board', () => {
  it('"why?" opens the rule asking for the decision, focused; Escape closes and returns focus', async () => {
    const s = stateAt('deploy');
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} />);
    const why = within(screen.getByTestId('prompt')).getByTestId('why');
    expect(why.getAttribute('data-rule')).toBe('R4.4.7');
    why.focus();
    fireEvent.click(why);
    const dialog = await waitFor(() => screen.queryByTestId('rules'));
    expect(dialog.getAttribute('role')).toBe('dialog');
    const entry = await waitFor(() => dialog.querySelector<HTMLElement>('[data-rule="R4.4.7"]'));
    await flush();
    expect(document.activeElement).toBe(entry);
    expect(entry.textContent).toContain('Deploy');
    fireEvent.keyDown(entry, { key: 'Escape' });
    await flush();
    expect(screen.queryByTestId('rules')).toBeNull();
    expect(document.activeElement).toBe(why);
  });

  it('the "Rules" button opens the whole reference; the search box filters it', async () => {
    const s = stateAt('turn');
    render(<Board view={viewFor(s, 'R')} seat="R" onAction={() => {}} />);
    fireEvent.click(screen.getByTestId('rules-button'));
    const dialog = await waitFor(() => screen.queryByTestId('rules'));
    const all = dialog.querySelectorAll('[data-rule]').length;
    expect(all).toBe(ALL.length);
    const search = within(dialog).getByRole('searchbox', { name: 'Search the rules' });
    fireEvent.change(search, { target: { value: 'Obliterator' } });
    const shown = [...dialog.querySelectorAll('[data-rule]')].map((el) => el.getAttribute('data-rule'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all);
    expect(shown).toContain('I-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the rules' }));
    await flush();
    expect(screen.queryByTestId('rules')).toBeNull();
  });

  it('issue 24 item 4: states the knobs of the game on screen (inside the App\'s provider too), DEFAULT_CONFIG without a game', async () => {
    const s = stateAt('turn');
    s.config = makeConfig({
      objectiveStart: DEFAULT_CONFIG.objectiveStart - 1, probesPerRefresh: DEFAULT_CONFIG.probesPerRefresh + 1,
      relocationLook: DEFAULT_CONFIG.relocationLook + 1,
    });
    const ruleText = async (id: string) => {
      const dialog = await waitFor(() => screen.queryByTestId('rules'));
      return (await waitFor(() => dialog.querySelector<HTMLElement>(`[data-rule="${id}"]`))).textContent ?? '';
    };
    for (const outer of [false, true]) {
      const board = <Board view={viewFor(s, 'R')} seat="R" onAction={() => {}} />;
      render(outer ? <RulesProvider>{board}</RulesProvider> : board);
      fireEvent.click(screen.getByTestId('rules-button'));
      expect(await ruleText('R1.2.3')).toContain(`starts on space ${s.config.objectiveStart}`);
      expect(await ruleText('R4.4.3')).toContain(`draws ${s.config.probesPerRefresh} probe cards`);
      expect(await ruleText('R6.2.7')).toContain(`top ${s.config.relocationLook} probe cards`);
      cleanup();
    }
    function Opener() {
      const rules = useRules();
      return <button type="button" data-testid="open" onClick={() => rules.openRule('R1.2.3')}>Rules</button>;
    }
    render(<RulesProvider><Opener /></RulesProvider>);
    fireEvent.click(screen.getByTestId('open'));
    expect(await ruleText('R1.2.3')).toContain(`starts on space ${DEFAULT_CONFIG.objectiveStart}`);
  });
});
