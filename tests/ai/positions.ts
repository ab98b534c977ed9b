/**
 * Decision positions for the bot tests, taken from seeded random games through the pure core
 * (src/sim/randomGame.ts): a copy of the full state at every decision, grouped by `pending.kind`. The full state
 * is the hidden truth; tests hand the bots only `viewFor(state, seat)`.
 */
import { cloneState, seededRng, type GameState, type PendingKind } from '../../src/game/rules';
import { playRandomGame } from '../../src/sim/randomGame';

export type Positions = Map<PendingKind, GameState[]>;

/**
 * Play `games` random games from `seed` and keep at most `perKind` positions of each pending kind per game
 * (spread over the game: every k-th occurrence after the first few), so rare kinds are kept and common ones do
 * not flood the set.
 */
export function collectPositions(seed: string, games: number, perKind = 3): Positions {
  const out: Positions = new Map();
  for (let g = 0; g < games; g++) {
    const seen = new Map<PendingKind, number>();
    const keptThisGame = new Map<PendingKind, number>();
    playRandomGame(seededRng(`${seed}-${g}`), seededRng(`${seed}-choices-${g}`), undefined, (state) => {
      const kind = state.pending!.kind;
      const n = (seen.get(kind) ?? 0) + 1;
      seen.set(kind, n);
      // Keep the 1st, then every 7th occurrence: early and late positions of the same kind.
      if (n !== 1 && n % 7 !== 0) return;
      const kept = keptThisGame.get(kind) ?? 0;
      if (kept >= perKind) return;
      keptThisGame.set(kind, kept + 1);
      const list = out.get(kind) ?? [];
      list.push(cloneState(state));
      out.set(kind, list);
    });
  }
  return out;
}

/** Every pending kind of the core (src/game/rules/state.ts); a Record so the compiler flags a new kind. */
const KINDS: Record<PendingKind, true> = {
  imperialSetup: true, chooseBase: true, plan: true, turn: true, oppose: true, assignHit: true, secretPlans: true,
  objective: true, detain: true, subjugate: true, patrol: true, pursuit: true, slipstream: true,
  queueSabotage: true, intercept: true, council: true, relocate: true, handLimit: true, shortfall: true,
  deploy: true, baseMoves: true,
};
export const PENDING_KINDS = Object.keys(KINDS) as PendingKind[];

/** All positions, every kind, in a stable order. */
export function allPositions(p: Positions): GameState[] {
  return [...p.keys()].sort().flatMap((k) => p.get(k)!);
}
