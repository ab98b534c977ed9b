/**
 * The round's driver (docs/imperios/RULES.md IM4.1): once an action leaves no decision pending, `proceed` moves the
 * game on: next chooser, draw, pool step, the four colour phases with one turn each, Ages, the end check, the
 * reserve and the first-player marker.
 */
import { COLOURS, type Colour } from '../content/colours';
import { agesStep } from './ages';
import { clockwiseFrom } from './board';
import { drawHand } from './chits';
import { endReasons } from './end';
import { hasPhaseAction } from './legal';
import { log } from './log';
import { poolOptions } from './pool';
import { startReserve } from './reserve';
import { finalResult } from './scoring';
import type { ImperiosState } from './state';

/** Move on until a decision is pending or the game is over. */
export function proceed(state: ImperiosState): void {
  while (state.pending === null && state.phase !== 'over') {
    switch (state.phase) {
      case 'setup':
        nextChooser(state);
        break;
      case 'pool':
        nextPoolTaker(state);
        break;
      case 'reserve':
        passMarker(state);
        break;
      default:
        nextTurn(state, state.phase);
    }
  }
}

/** IM3.4.1: the next civilization to choose a Metropolis; after the last, the first round. */
function nextChooser(state: ImperiosState): void {
  const seat = state.queue.shift();
  if (seat === undefined) startRound(state);
  else state.pending = { kind: 'metropolis', seat };
}

/** IM4.1 steps 1–2: a new round, its draw (IM4.2) and the pool step's order (IM4.3). */
export function startRound(state: ImperiosState): void {
  state.round++;
  state.log.push([]);
  state.triggers = { poolOut: [], capitalLost: [] };
  log(state, 'round', 'IM4.1', { firstPlayer: state.firstPlayer });
  const order = clockwiseFrom(state.players, state.firstPlayer);
  for (const seat of order) {
    state.civs[seat].tradedWith = []; // IM8.2.1: once per round
    drawHand(state, state.civs[seat]);
  }
  state.phase = 'pool';
  state.queue = order;
}

/** IM4.3, G18: the next civilization to take a chit; one with nothing to take is passed. */
function nextPoolTaker(state: ImperiosState): void {
  const seat = state.queue.shift();
  if (seat === undefined) return beginPhase(state, 'red');
  state.pending = { kind: 'pool', seat };
  if (poolOptions(state).length === 0) {
    state.pending = null;
    log(state, 'poolSkip', 'IM4.3', { seat });
  }
}

/** IM4.5, IM4.5.1: a colour phase starts; one turn each from the First Player, clockwise. */
function beginPhase(state: ImperiosState, colour: Colour): void {
  state.phase = colour;
  for (const civ of state.civs) civ.balance = 0;
  state.queue = clockwiseFrom(state.players, state.firstPlayer);
  log(state, 'phase', 'IM4.5', { phase: colour });
}

/** IM4.5.1–IM4.5.3, G20: the next turn of the phase; a civilization with nothing to do is skipped. */
function nextTurn(state: ImperiosState, colour: Colour): void {
  const seat = state.queue.shift();
  if (seat === undefined) {
    for (const civ of state.civs) civ.balance = 0; // IM4.6.3: what is left is lost
    const next = COLOURS[COLOURS.indexOf(colour) + 1];
    if (next) beginPhase(state, next);
    else endOfRound(state);
    return;
  }
  state.announced = {};
  state.pending = { kind: 'turn', seat };
  if (hasPhaseAction(state, seat)) {
    log(state, 'turn', 'IM4.5.2', { seat });
  } else {
    state.pending = null;
    log(state, 'skip', 'IM4.5.3', { seat });
  }
}

/** IM4.1 steps 7–9: Ages (IM11.3), the end check (IM12.2) and, if the game goes on, the reserve (IM4.7). */
function endOfRound(state: ImperiosState): void {
  agesStep(state);
  const reasons = endReasons(state);
  if (reasons.length > 0) {
    state.result = finalResult(state, reasons);
    state.phase = 'over';
    state.queue = [];
    log(state, 'gameOver', 'IM12.2', { reasons, winner: state.result.winner });
    return;
  }
  state.phase = 'reserve';
  const asked = startReserve(state);
  if (asked.length > 0) state.pending = { kind: 'reserve', seats: asked };
}

/** IM4.8: the marker passes clockwise; the next round starts. */
function passMarker(state: ImperiosState): void {
  state.firstPlayer = (state.firstPlayer + 1) % state.players;
  log(state, 'firstPlayer', 'IM4.8', { seat: state.firstPlayer });
  startRound(state);
}
