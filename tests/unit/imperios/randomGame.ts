/**
 * Random play for the property tests (tests/unit/imperios/properties.test.ts): from a seed, pick uniformly among
 * every seat's legal actions until the game ends, checking the invariants after each step.
 */
import { COLOURS, CHITS_PER_COLOUR } from '../../../src/games/imperios/content/colours';
import type { ModeId } from '../../../src/games/imperios/content/modes';
import { seedState, randomInt } from '../../../src/games/imperios/rules/rng';
import {
  applyAction,
  createGame,
  isRefusal,
  legalActions,
  type Action,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { TOTEMS_PER_CIV } from '../../../src/games/imperios/rules/totems';

export interface GameRun {
  state: ImperiosState;
  steps: number;
  /** A text of every move made, for comparing two runs. */
  moves: string[];
}

/** Problems with the invariants: chits and totems conserved, census in range (IM2.2.1, IM10.1, IM2.3.1). */
export function invariantProblems(state: ImperiosState): string[] {
  const problems: string[] = [];
  for (const c of COLOURS) {
    let total = state.pool[c];
    for (const civ of state.civs) total += civ.cup[c] + civ.hand[c] + civ.reserve[c] + civ.discard[c];
    if (total !== CHITS_PER_COLOUR) problems.push(`${c} chits: ${total}`);
  }
  for (const civ of state.civs) {
    let onMap = 0;
    for (const row of Object.values(state.board)) {
      const n = row![civ.seat];
      if (n < 0 || n > 2) problems.push(`seat ${civ.seat} has ${n} totems in a territory`);
      onMap += n;
    }
    if (onMap + civ.supply !== TOTEMS_PER_CIV) problems.push(`seat ${civ.seat} totems: ${onMap} + ${civ.supply}`);
    if (civ.census < 0 || civ.census > 12) problems.push(`seat ${civ.seat} census ${civ.census}`);
    if (civ.armies < 0) problems.push(`seat ${civ.seat} armies ${civ.armies}`);
    for (const place of [civ.cup, civ.hand, civ.reserve, civ.discard]) {
      for (const c of COLOURS) if (place[c] < 0) problems.push(`seat ${civ.seat} negative ${c} chits`);
    }
  }
  return problems;
}

export interface RunOptions {
  players: number;
  mode: ModeId;
  seed: string;
  maxSteps?: number;
  /** Check the invariants after every step (throws on a problem). */
  check?: boolean;
}

/** Play one random game. Throws if a listed action is refused or an invariant breaks. */
export function randomGame(options: RunOptions): GameRun {
  let state = createGame({ players: options.players, mode: options.mode, seed: options.seed });
  const chooser = { rng: seedState(`moves:${options.seed}`) };
  const moves: string[] = [];
  const max = options.maxSteps ?? 200000;
  let steps = 0;
  while (state.phase !== 'over') {
    if (steps++ > max) throw new Error(`seed ${options.seed}: no end after ${max} steps`);
    const all: [number, Action][] = [];
    for (let seat = 0; seat < state.players; seat++) {
      for (const a of legalActions(state, seat)) all.push([seat, a]);
    }
    if (all.length === 0) throw new Error(`seed ${options.seed}: nobody can act (${JSON.stringify(state.pending)})`);
    const [seat, action] = all[randomInt(chooser, all.length)];
    const next = applyAction(state, seat, action);
    if (isRefusal(next)) {
      throw new Error(`seed ${options.seed}: listed action refused: ${JSON.stringify(action)}: ${next.error}`);
    }
    state = next;
    moves.push(`${seat}:${JSON.stringify(action)}`);
    if (options.check) {
      const problems = invariantProblems(state);
      if (problems.length > 0) throw new Error(`seed ${options.seed} step ${steps}: ${problems.join('; ')}`);
    }
  }
  return { state, steps, moves };
}
