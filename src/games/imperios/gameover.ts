/**
 * How a finished game of Imperios Milenarios ended, as boardgame.io's ctx.gameover and the record keep it (./game.ts,
 * ./record.ts). Apart from ./game.ts so that the page's lazy chunks read it without importing boardgame.io.
 */
import type { ImperiosState } from './rules';

/** ctx.gameover of a finished game (IM13): playerIDs, best first. */
export interface ImperiosGameover {
  winner: string;
  ranking: string[];
  reasons: string[];
  scores: ImperiosState['result'] extends infer R ? (R extends { scores: infer S } ? S : never) : never;
  /** A forfeit (server/games/imperios.ts, G56): the seat that left, and why. */
  forfeit?: { playerID: string; reason: string };
}

/** The game's end, as boardgame.io's ctx.gameover. */
export function gameoverOf(G: ImperiosState): ImperiosGameover | undefined {
  if (G.phase !== 'over' || !G.result) return undefined;
  const r = G.result;
  return {
    winner: String(r.winner),
    ranking: r.ranking.map(String),
    reasons: [...r.reasons],
    scores: r.scores.map((s) => ({ ...s })),
    ...(G.forfeit ? { forfeit: { playerID: String(G.forfeit.seat), reason: G.forfeit.reason } } : {}),
  };
}
