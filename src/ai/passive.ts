/**
 * The passive player (issue 24's yardstick): plans nothing, passes every turn, never opposes, never shows Secret
 * Plans, never relocates, and reveals an objective whenever one holds (only qualifying cards are offered, R4.5.5).
 * Arrivals go onto the base card while it is hidden (out of reach, R6.2.2). What it must still decide (the base,
 * other deployments, hits) it decides at random from its seeded generator. A bot
 * that hunts must beat it nearly always: a Rebel who does nothing should lose.
 */
import type { Faction } from '../game/content';
import { decisionActions, seededRng, type Action, type GameState } from '../game/rules';
import type { BotDecision, BotOptions, SeatBot } from './types';

/** The do-nothing answer to a pending decision, when it has one. */
function idle(legal: Action[]): Action | undefined {
  for (const a of legal) {
    switch (a.type) {
      case 'endPlanning': case 'pass': case 'declineOpposition': case 'endBaseMoves': return a;
      case 'revealObjective': if (a.card !== null) return a; break;
      case 'relocateBase': if (a.planet === null) return a; break;
      case 'secretPlans': if (!a.use) return a; break;
      case 'deployUnit': if (a.to === 'BASE') return a; break; // R4.4.7: out of reach on the base card
      default: break;
    }
  }
  return undefined;
}

export class PassiveSeatBot implements SeatBot {
  readonly name = 'passive' as const;
  private readonly rng;

  constructor(opts: BotOptions = {}) {
    this.rng = seededRng(`${opts.seed ?? 'passive-bot'}`);
  }

  async choose(view: GameState, seat: Faction): Promise<BotDecision> {
    const legal = decisionActions(view, seat);
    if (legal.length === 0) throw new Error('passive bot: no legal action');
    const action = idle(legal) ?? legal[this.rng.int(legal.length)];
    return { action, thoughts: { bot: this.name, iterations: 0, elapsedMs: 0 } };
  }
}
