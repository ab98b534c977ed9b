/**
 * States for the Imperios board's component tests, reached through the core only (createGame, applyAction): the
 * set-up, a seat's turn in a given phase with some map action listed, and a game played to its end.
 */
import {
  applyAction,
  awaitedSeats,
  createGame,
  isRefusal,
  legalActions,
  type Action,
  type ActionKind,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';

export function apply(state: ImperiosState, seat: number, action: Action): ImperiosState {
  const next = applyAction(state, seat, action);
  if (isRefusal(next)) throw new Error(`refused ${JSON.stringify(action)}: ${next.error}`);
  return next;
}

/**
 * Play from a new game of `players`, each awaited seat taking its first listed action but ending its turn at once,
 * until `stop` holds (checked before each move). A deterministic walk to a phase.
 */
export function playUntil(players: number, seed: string, stop: (s: ImperiosState) => boolean, maxSteps = 500): ImperiosState {
  let state = createGame({ players, mode: 'normal', seed });
  for (let i = 0; i < maxSteps; i++) {
    if (stop(state)) return state;
    const seat = awaitedSeats(state)[0];
    const legal = legalActions(state, seat);
    state = apply(state, seat, legal.find((a) => a.kind === 'endTurn') ?? legal[0]);
  }
  throw new Error('stop condition never met');
}

/** The first turn of the given phase in which the seat to play lists an action of `kind`. */
export function turnWith(players: number, seed: string, phase: ImperiosState['phase'], kind: ActionKind): ImperiosState {
  return playUntil(players, seed, (s) =>
    s.phase === phase && s.pending?.kind === 'turn' && legalActions(s, s.pending.seat).some((a) => a.kind === kind),
  );
}

/** A whole game with seeded random choices among every awaited seat's listed actions (the unit tests' random game). */
export { randomGame } from '../../unit/imperios/randomGame';

/** A seeded random walk (every awaited seat's listed actions) until `stop` holds or the game ends. */
export function randomUntil(players: number, seed: string, stop: (s: ImperiosState) => boolean, maxSteps = 5000): ImperiosState {
  let state = createGame({ players, mode: 'normal', seed });
  const chooser = { rng: seedState(`moves:${seed}`) };
  for (let i = 0; i < maxSteps && state.phase !== 'over' && !stop(state); i++) {
    const all: [number, Action][] = [];
    for (let seat = 0; seat < state.players; seat++) for (const a of legalActions(state, seat)) all.push([seat, a]);
    const [seat, action] = all[randomInt(chooser, all.length)];
    state = apply(state, seat, action);
  }
  return state;
}
