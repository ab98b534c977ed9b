/** R4.6 state checks, the base reveal (R6.2.5), rescue (R6.1.6) and the win checks of R1.2. */
import type { Faction } from '../content';
import { addUnits, captiveLeader, captivePlanet, chosenBase, contestedPlanet, emptyUnits, total } from './board';
import type { TaskHandlers } from './tasks';
import { log, type LogEvents } from './log';
import { now, task } from './queue';
import type { GameState, WinReason } from './state';

export function declareWinner(state: GameState, faction: Faction, reason: WinReason): void {
  if (state.winner) return;
  state.winner = { faction, reason };
  state.phase = 'gameover';
  state.pending = null;
  state.queue = [];
  log(state, 'gameOver', { winner: faction, reason });
}

/** R6.2.5 — reveal the hidden base: public planet, base-card units move onto it. Combat follows via SC1. */
export function revealBase(state: GameState, cause: LogEvents['baseRevealed']['cause']): void {
  if (state.base.revealed) return;
  state.base.revealed = true;
  const p = chosenBase(state);
  // The card is now public wherever it goes (R8.3 item 11 covers a card returned to the deck later).
  log(state, 'baseRevealed', { planet: p, cause, units: { ...state.base.units } });
  addUnits(state.planets[p].R, state.base.units);
  state.base.units = emptyUnits();
  if (!state.stats.baseRevealedRound) state.stats.baseRevealedRound = state.round;
  // R5.2 — units moved from the base card do not count as arriving: the Imperial is the attacker.
  state.arrival = { planet: p, faction: 'I' };
}

/** R1.2.1 — occupation: revealed base, ≥1 Imperial unit and no Rebel unit on the base planet. */
export function checkOccupation(state: GameState): void {
  if (!state.base.revealed) return;
  const pl = state.planets[chosenBase(state)];
  if (total(pl.I) > 0 && total(pl.R) === 0) declareWinner(state, 'I', 'occupation');
}

/** R1.2.3 — the Rebel wins when the objective token touches or passes the time token. */
export function checkRebelTimer(state: GameState): void {
  if (state.objective <= state.time) declareWinner(state, 'R', 'objectives');
}

/** R6.1.6 — rescue when no Imperial unit is on the captive's planet. */
export function rescueCheck(state: GameState): void {
  const p = captivePlanet(state);
  const id = captiveLeader(state);
  if (!p || !id) return;
  if (total(state.planets[p].I) === 0) rescue(state, 'unguarded');
}

export function rescue(state: GameState, cause: LogEvents['leaderRescued']['cause']): void {
  const id = captiveLeader(state);
  if (!id) return;
  state.leaders[id] = { at: 'pool', captured: false };
  state.stats.rescues++;
  log(state, 'leaderRescued', { leader: id, cause });
}

export const tasks = {
  /** R4.6 — SC1 combat, SC2 rescue, SC3 after-combat window. Idempotent. */
  stateChecks(state) {
    const p = contestedPlanet(state);
    if (p) {
      const attacker = state.arrival?.planet === p ? state.arrival.faction : 'I';
      now(state, task('startCombat', { planet: p, attacker }), task('afterCombat'));
      return;
    }
    rescueCheck(state);
    if (state.config.occupationAtEveryCheck) checkOccupation(state);
  },
  /** SC2 and SC3 after a combat (R5.11). */
  afterCombat(state) {
    rescueCheck(state);
    if (state.config.occupationAtEveryCheck) checkOccupation(state);
    if (!state.winner) now(state, task('objectiveWindow', { window: 'combat' }));
  },
  checkOccupation(state) {
    checkOccupation(state);
  },
} satisfies TaskHandlers;

export const decisions = {};
export { emptyUnits };
