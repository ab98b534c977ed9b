/**
 * The rule that asks for each pending decision (issue 12 item 2: every prompt's "why?" link). Small and eager;
 * the texts themselves (ruleText.ts) load only when the reference opens.
 */
import type { PendingKind } from '../../game/rules';
import { CARD_RULES } from '../cards';

export const PENDING_RULE: Record<PendingKind, string> = {
  imperialSetup: 'R3.7',
  chooseBase: 'R3.9',
  plan: 'R4.1.2',
  turn: 'R4.2.1',
  oppose: 'R4.2.5',
  assignHit: 'R5.8',
  secretPlans: 'R5.9',
  objective: 'R4.5.2',
  subjugate: 'I-S2',
  handLimit: 'R4.4.2',
  shortfall: 'R4.4.6',
  deploy: 'R4.4.7',
  baseMoves: 'R4.4.8',
  ...CARD_RULES, // the bespoke cards' decisions (src/ui/cards/)
};
