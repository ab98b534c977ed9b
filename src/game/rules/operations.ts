/** R4.2 — Operations: alternate turns of Move a Fleet, Reveal a Mission or Pass, until both have passed. */
import type { Faction } from '../content';
import type { Action } from './actions';
import { adjacent, other } from './board';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { canLeave, fleetChoices, fleetSources, moveUnits, poolLeaders } from './movement';
import { canRevealMission, revealableMissions } from './missions';
import { now, task } from './queue';
import type { GameState } from './state';

/** R4.2.3 — every legal Move a Fleet for `f`, in grid order of source and destination. */
export function fleetMoveActions(state: Parameters<typeof poolLeaders>[0], f: Faction): Action[] {
  const leaders = poolLeaders(state, f);
  if (leaders.length === 0) return [];
  const out: Action[] = [];
  for (const from of fleetSources(state, f)) {
    const choices = fleetChoices(state, f, from);
    for (const to of adjacent(state, from)) {
      for (const ch of choices) {
        for (const leader of leaders) {
          out.push({ type: 'moveFleet', from, to, units: ch.units, captive: ch.captive, leader });
        }
      }
    }
  }
  return out;
}

/**
 * True if `f` has a legal Move a Fleet (fleetMoveActions(state, f) is not empty), without listing them: a pool
 * leader and a source from which some units may leave (every grid position has a neighbour).
 */
export function canMoveFleet(state: GameState, f: Faction): boolean {
  if (poolLeaders(state, f).length === 0) return false;
  return fleetSources(state, f).some((from) => canLeave(state.planets[from][f], f));
}

const turn: DecisionHandler<'turn'> = {
  legal(state, p) {
    const out = fleetMoveActions(state, p.seat);
    for (const a of revealableMissions(state, p.seat)) out.push(a);
    out.push({ type: 'pass' });
    return out;
  },
  answer(state, p, a) {
    const f = p.seat;
    if (a.type === 'moveFleet') {
      moveUnits(state, f, a.from, a.to, a.units, a.captive, a.leader);
      now(state, task('stateChecks'), task('endTurn', { f }));
    } else if (a.type === 'revealMission') {
      now(state, task('revealMission', { f, card: a.card, target: a.target }), task('endTurn', { f }));
    } else {
      passTurn(state, f);
    }
  },
};

/** Pass for `f`; `auto` names why the core passed for them (R4.2.2): no pool leader, or no fleet able to move. */
function passTurn(state: Parameters<typeof poolLeaders>[0], f: Faction, auto?: 'noLeader' | 'noFleet'): void {
  state.passed[f] = true;
  log(state, 'passed', auto ? { faction: f, auto } : { faction: f });
  now(state, task('endTurn', { f }));
}

export const tasks = {
  startOperations(state) {
    state.phase = 'operations';
    state.turn = 'R';
    state.passed = { R: false, I: false };
    if (state.solo) state.solo.turns = 0; // R9.4 step 2 counts the bot's turns per round
    now(state, task('opsTurn'));
    return 'yield';
  },
  /** R4.2.1 / R4.2.2 — ask the player whose turn it is; pass automatically only if nothing is possible. */
  opsTurn(state) {
    if (state.passed.R && state.passed.I) {
      now(state, task('endOperations'));
      return;
    }
    const f = state.passed[state.turn] ? other(state.turn) : state.turn;
    state.turn = f;
    if (state.solo?.bot === f) {
      now(state, task('botTurn')); // R9.4 — the engine plays the bot's turn
      return;
    }
    const canAct = canMoveFleet(state, f) || canRevealMission(state, f);
    if (!canAct && state.planned[f].length === 0) {
      passTurn(state, f, poolLeaders(state, f).length === 0 ? 'noLeader' : 'noFleet');
      return;
    }
    state.pending = { kind: 'turn', seat: f };
  },
  endTurn(state, t) {
    const f = t.f;
    if (!state.passed[other(f)]) state.turn = other(f);
    now(state, task('opsTurn'));
  },
  /** R4.2.9 — occupation check, end-of-Operations window, then the Objective phase. */
  endOperations(state) {
    now(state, task('checkOccupation'), task('objectiveWindow', { window: 'operations' }), task('startObjectivePhase'));
  },
} satisfies TaskHandlers;

export const decisions = { turn } satisfies DecisionHandlers;
