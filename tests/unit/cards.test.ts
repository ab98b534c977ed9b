/**
 * Issue 21 item 5 — cards as modules: every bespoke effect id (`SpecialEffect`) has exactly one card module, each
 * module names the cards that use it, and every decision kind has a handler, its answer types, its take-back names
 * and its board words. The compiler checks the same tables (CARDS, the engine's DecisionTable, the prompt's
 * tables); this test keeps the run-time tables honest too (a cast in a spread would escape the compiler).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BOT_EFFECTS, MISSIONS, MISSION_IDS, SOLO_PLAYER_EFFECTS, type Effect, type MissionId, type SpecialEffect,
} from '../../src/game/content';
import { ACTION_TYPES, DECISION_TYPES, TAKE_BACK_KIND } from '../../src/game/rules';
import { CARDS, CARD_DECISIONS, type CardDecisionKind, type CardModule } from '../../src/game/rules/cards';
import type { DecisionTable } from '../../src/game/rules/decisions';
import { DECISION_KINDS } from '../../src/game/rules/engine';
import { CARD_WORDS } from '../../src/ui/cards';
import { FIELDS } from '../../src/ui/prompt/choices';
import { TYPE_LABELS } from '../../src/ui/prompt/wording';
import { PENDING_RULE } from '../../src/ui/rules/pendingRules';

/** The special ids each card names, over its 2P reward, its Bot line and its Solo player line (RULES §9). */
function specialsNamed(): Map<SpecialEffect, Set<MissionId>> {
  const out = new Map<SpecialEffect, Set<MissionId>>();
  const add = (card: MissionId, effects: Effect[] | undefined) => {
    for (const e of effects ?? []) {
      if (e.k !== 'special') continue;
      if (!out.has(e.id)) out.set(e.id, new Set());
      out.get(e.id)!.add(card);
    }
  };
  for (const id of MISSION_IDS) {
    add(id, MISSIONS[id].effects);
    add(id, BOT_EFFECTS[id]);
    add(id, SOLO_PLAYER_EFFECTS[id]);
  }
  return out;
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('cards as modules (issue 21 item 5)', () => {
  it('the registry is typed over every SpecialEffect id', () => {
    expectTypeOf(CARDS).toEqualTypeOf<Record<SpecialEffect, CardModule>>();
  });

  it('a registry or a decision table with a card missing does not compile (checked by tsc)', () => {
    const { relocate: _relocate, ...cards } = CARDS;
    // @ts-expect-error relocate (R-S4) has no module
    const registry: Record<SpecialEffect, CardModule> = cards;
    const { slipstream: _slipstream, ...decisions } = CARD_DECISIONS;
    // @ts-expect-error the slipstream decision (R-03) has no handler
    const table: Pick<DecisionTable, CardDecisionKind> = decisions;
    expect(Object.keys(registry)).not.toContain('relocate');
    expect(Object.keys(table)).not.toContain('slipstream');
  });

  it('every special id a card names (2P, Bot line R9, Solo player line R9.13) has one module, and no module is stray', () => {
    const named = specialsNamed();
    expect(sorted(Object.keys(CARDS))).toEqual(sorted(named.keys()));
  });

  it("each module's header list of card ids is exactly the cards that name its effect", () => {
    for (const [id, cards] of specialsNamed()) expect([id, sorted(CARDS[id].cards)]).toEqual([id, sorted(cards)]);
  });

  it('every pending decision kind has a handler, answer types and a rule link', () => {
    expect(sorted(DECISION_KINDS)).toEqual(sorted(Object.keys(DECISION_TYPES)));
    expect(sorted(DECISION_KINDS)).toEqual(sorted(Object.keys(PENDING_RULE)));
  });

  it('every card decision has its answers, take-back names, prompt words, labels and fields', () => {
    const kinds = Object.keys(CARD_DECISIONS) as CardDecisionKind[];
    expect(sorted(Object.keys(CARD_WORDS))).toEqual(sorted(kinds));
    for (const kind of kinds) {
      const answers = Object.keys(CARD_DECISIONS[kind].answers);
      expect(answers.length).toBeGreaterThan(0);
      expect(DECISION_TYPES[kind]).toEqual(answers);
      expect(PENDING_RULE[kind]).toBe(CARD_WORDS[kind].rule);
      for (const type of answers) {
        expect(ACTION_TYPES).toContain(type);
        expect(TAKE_BACK_KIND[type as keyof typeof TAKE_BACK_KIND]).toBeTruthy();
        expect(TYPE_LABELS[type as keyof typeof TYPE_LABELS]).toBeTruthy();
        expect(FIELDS[type as keyof typeof FIELDS].length).toBeGreaterThan(0);
      }
    }
  });

  it('every action type but the take-back has a take-back name and a label', () => {
    for (const type of ACTION_TYPES) {
      if (type === 'undo') continue;
      expect([type, typeof TAKE_BACK_KIND[type]]).toEqual([type, 'string']);
      expect([type, typeof TYPE_LABELS[type]]).toEqual([type, 'string']);
    }
  });
});
