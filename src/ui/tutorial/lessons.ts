/**
 * What the coach says for each lesson at the current decision (issue 20 item 6): every name in it is read from the
 * Rebel's view and from the suggested action (./script.ts `suggestedRebel`), which is itself one of the legal
 * actions now — so after the player chose another card or leader than the script hoped for, the coach talks about
 * the card they planned and the leaders they still have, and says so when a lesson can no longer happen.
 * Each answer carries the RULES id it explains. Pure.
 */
import { FACTION_LEADERS, iconCount, MISSIONS, OBJECTIVES, type Faction, type ObjectiveId, type PlanetId } from '../../game/content';
import { board, claimableObjectives, type Action, type GameState, type LogEventOf } from '../../game/rules';
import { ATTRIBUTE_NAMES, planetLabel, unitSetText } from '../format';
import type { StepId } from './steps';
import {
  condition, leader, leaderFor, list, mission, objective, TIMING_WORDS, WINDOW_RULE, WINDOW_WORDS, type Window,
} from './words';

export interface Said {
  text: string;
  /** The rule this sentence explains, when it is not the lesson's own. */
  rule?: string;
}

type Of<T extends Action['type']> = Extract<Action, { type: T }>;

const WAIT = 'The Imperial is taking its turn — watch the board and the log.';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isAre = (n: number) => (n === 1 ? 'is' : 'are');

const freeLeaders = (view: GameState) => FACTION_LEADERS.R.filter((l) => view.leaders[l].at === 'pool' && !view.leaders[l].captured);

/** The suggested action in a few words, for moments that are not the lesson's own ("press “Pass”"). */
function hint(a: Action | null): string {
  switch (a?.type) {
    case 'pass': return 'press “Pass”';
    case 'endPlanning': return 'press “Done planning”';
    case 'endBaseMoves': return 'press “Done moving”';
    case 'revealMission': return `reveal ${mission(a.card)} on ${planetLabel(a.target)}`;
    case 'moveFleet': return `move ${unitSetText(a.units)} from ${planetLabel(a.from)} to ${planetLabel(a.to)} with ${leader(a.leader)}`;
    case 'deployUnit': return `place the arriving ${a.unit === 'c' ? 'capital ship' : 'starfighter'} on ${planetLabel(a.to)}`;
    default: return 'answer the question in the prompt bar (its “why?” link gives the rule)';
  }
}

/** R4.5.2 — any objective window, in the lesson of scoring or not: what the hand holds, and why it fits or not. */
export function objectiveWindow(view: GameState, window: Window): Said {
  const opened = `An objective window is open: the game asks ${WINDOW_WORDS[window]}.`;
  const now = claimableObjectives(view, window);
  if (now.length > 0) {
    return {
      rule: WINDOW_RULE[window],
      text: `${opened} Your secret objective ${objective(now[0])} is true now (${condition(now[0])}): reveal it. In the Objective phase it moves the objective token one space toward the time token (R4.3).`,
    };
  }
  const hand = view.objectives.hand;
  const why = hand.map((c: ObjectiveId) => {
    const timing = OBJECTIVES[c].timing;
    if (timing === window) return `${objective(c)} is not true now (${condition(c)})`;
    const laterTrue = claimableObjectives(view, timing).includes(c);
    return `${objective(c)} is checked ${TIMING_WORDS[timing]}${laterTrue ? ' (it is true now: reveal it then, if it still is)' : ''}`;
  });
  return {
    rule: WINDOW_RULE[window],
    text: `${opened} ${why.length > 0 ? `${cap(list(why))}.` : 'You hold no objective.'} Nothing can be revealed in this window, so choose “Reveal none”. The game asks at every window, so the Imperial learns nothing from the question (R4.5.2).`,
  };
}

function plan(view: GameState, mine: boolean, action: Action | null): Said {
  if (!mine) return { text: 'The Imperial plans now. You will see which leaders it put on missions, never the cards (R4.1.2).' };
  if (view.planned.R.length === 0) {
    const intro = `Your base hides on ${planetLabel(view.base.planet)} — only you know where (R3.9). Each round begins with Planning: put a mission face down with a leader on it, to reveal later.`;
    if (action?.type !== 'planMission') return { text: `${intro} Choose a mission in your hand, then a leader.` };
    const attr = MISSIONS[action.card].attribute;
    const why = attr ? ` If the Imperial opposes it, each ${ATTRIBUTE_NAMES[attr]} icon of its leader adds one to your die (R4.2.6).` : '';
    return { text: `${intro} Choose ${mission(action.card)} in your hand, then ${leaderFor(action.leader, attr)}.${why}` };
  }
  const planned = list(view.planned.R.map((pm) => `${mission(pm.card)} with ${leader(pm.leader)}`));
  const free = freeLeaders(view).map(leader);
  if (free.length === 0) {
    return { text: `You planned ${planned}. All your leaders are on missions now, so none is left to move a fleet (R4.2.3) or oppose the Imperial (R4.2.5): press “Done planning”.`, rule: 'R4.1.2' };
  }
  const keep = free.length === 1
    ? `${free[0]} is your only free leader: keep them for a fleet move or an opposition`
    : `keep ${list(free)} free: one will move a fleet (R4.2.3), another can oppose the Imperial's mission (R4.2.5)`;
  return { text: `You planned ${planned}. You could plan more — one per leader — but ${keep}. Press “Done planning”.` };
}

function move(view: GameState, action: Action | null): Said {
  if (action?.type !== 'moveFleet') {
    const skip = action?.type === 'pass' ? ' This lesson is then skipped.' : '';
    return { text: `You have no fleet you can move now (a move needs a free leader and a planet without one of your leaders, R4.2.3): ${hint(action)}.${skip}` };
  }
  const a = action as Of<'moveFleet'>;
  const there = board.total(view.planets[a.from].R);
  const left = there - board.total(a.units);
  const units = left > 0
    ? `move only ${unitSetText(a.units)} (press − until it says so; ${left === 1 ? 'one unit stays' : `${left} units stay`} behind)`
    : `move ${unitSetText(a.units)}`;
  return { text: `Operations: you and the Imperial take turns (R4.2.1). Move a fleet: choose ${planetLabel(a.from)}, then ${planetLabel(a.to)} next to it, ${units} and send ${leader(a.leader)} with it. A leader from your pool goes with every fleet move.` };
}

function oppose(view: GameState, mine: boolean, kind: string | undefined, action: Action | null): Said {
  const m = view.mission;
  if (mine && kind === 'oppose' && m) {
    const attr = MISSIONS[m.card].attribute!;
    const ties = view.config.tiesToRevealer ? 'the revealer wins ties' : 'a tie is a failure for the revealer';
    const intro = `The Imperial revealed ${mission(m.card)} on ${planetLabel(m.target)}. Send one leader to oppose it: then each side rolls a die and adds its leaders’ ${ATTRIBUTE_NAMES[attr]} icons there, and ${ties}.`;
    if (action?.type !== 'oppose') return { text: `${intro} Choose a leader, or “Don't oppose”.` };
    const pulled = view.planned.R.find((pm) => pm.leader === action.leader);
    const from = pulled ? ` — taken off your planned ${mission(pulled.card)}, which goes back to your hand` : '';
    const alone = iconCount(action.leader, attr) === 0 ? ` None of your free leaders has a ${ATTRIBUTE_NAMES[attr]} icon, so your die counts alone.` : '';
    return { text: `${intro}${alone} Send ${leaderFor(action.leader, attr)}${from}.` };
  }
  if (mine) return { text: `The Imperial has a mission planned. Keep a leader free to oppose it when it is revealed (R4.2.5). For now, ${hint(action)}.` };
  return { text: 'The Imperial is taking its turn — it may reveal its planned mission (R4.2.4).' };
}

function reveal(view: GameState, action: Action | null): Said {
  if (action?.type === 'revealMission') {
    const def = MISSIONS[action.card];
    const against = def.attribute ? ' The Imperial may send a leader to oppose it; if it does not, the mission succeeds.' : '';
    return { text: `Reveal your planned ${def.name} on ${planetLabel(action.target)}. ${def.text}${against}` };
  }
  const planned = view.planned.R.map((pm) => pm.card);
  if (planned.length === 0) return { text: `You have no planned mission left to reveal: ${hint(action)}.` };
  return { text: `Your planned ${list(planned.map(mission))} has no possible target right now. ${MISSIONS[planned[0]].text} Move a fleet to make one, or ${hint(action)} — then this lesson is skipped.` };
}

/** Planets with Rebel units next to an Imperial fleet (a capital ship or the Star Fortress leads every move). */
function threatened(view: GameState): PlanetId[] {
  return view.grid.filter((p) => board.unitsOf(view, p, 'R') > 0
    && board.someAdjacent(view, p, (q) => board.capitalClassCount(view.planets[q].I) > 0));
}

function combat(view: GameState, mine: boolean, kind: string | undefined, action: Action | null): Said {
  const c = view.combat;
  if (c && !mine) {
    const who: Record<Faction, string> = { R: 'you attack', I: 'the Imperial attacks' };
    return { text: `Combat on ${planetLabel(c.planet)}: ${who[c.attacker]}. Each wave the attacker rolls, then the defender: 4–5 hits (black dice hit starfighters, white dice capital ships), 6 hits anything. Watch the combat sheet.` };
  }
  if (mine && kind === 'assignHit') {
    return (c?.roll?.crit ?? 0) > 0
      ? { text: 'Your die shows a 6, a critical hit: it may damage any enemy unit (R5.7). Choose who takes it — a starfighter has 1 HP, so the hit destroys it; the Star Fortress has 4. Units at 0 HP leave once both sides have rolled (R5.5).' }
      : { text: 'You rolled a hit: choose the enemy unit that takes it (R5.8). Units at 0 HP leave once both sides have rolled (R5.5).' };
  }
  const exposed = threatened(view);
  const count = exposed.reduce((n, p) => n + board.unitsOf(view, p, 'R'), 0);
  const where = list(exposed.map((p) => `${unitSetText(view.planets[p].R)} on ${planetLabel(p)}`));
  const danger = exposed.length > 0
    ? `Your ${where} ${isAre(count)} next to an Imperial fleet, which may attack ${count === 1 ? 'it' : 'them'}: a combat (R5.1). Each wave the attacker rolls, then the defender: 4–5 hits (black dice on starfighters, white on capital ships), 6 hits anything, until one side is gone.`
    : 'No Imperial fleet stands next to your units, so there may be no combat this round; if none comes, this lesson is skipped.';
  if (!mine) return { text: danger, rule: exposed.length > 0 ? 'R5.1' : undefined };
  if (kind === 'turn' && action?.type === 'pass') return { text: `Nothing left to do this turn: press “Pass”. The Imperial may still act (R4.2.8). ${danger}` };
  return { text: `Your turn: ${hint(action)}. ${danger}` };
}

function scoring(view: GameState, mine: boolean, kind: string | undefined, action: Action | null): Said {
  if (!mine || kind !== 'turn') return { text: 'Operations end when both sides have passed. Then comes the end-of-Operations objective window (R4.2.9).' };
  const met = claimableObjectives(view, 'operations');
  const next = action?.type === 'pass' ? 'press “Pass”' : hint(action);
  if (met.length > 0) {
    return { rule: 'R4.2.9', text: `Your secret objective ${objective(met[0])} is true now (${condition(met[0])}). Such an objective is checked only at the end of Operations, once both sides have passed: ${next}, then reveal it if it is still true.` };
  }
  const ops = view.objectives.hand.filter((c) => OBJECTIVES[c].timing === 'operations');
  if (ops.length > 0) {
    return { rule: 'R4.2.9', text: `${list(ops.map((c) => `${objective(c)} (${condition(c)})`))} ${isAre(ops.length)} not true now. Make it true before Operations end, or ${next}: with nothing to reveal, this lesson is skipped.` };
  }
  return { rule: 'R4.5.2', text: `None of your objectives is checked at the end of Operations (${list(view.objectives.hand.map((c) => `${objective(c)}: ${TIMING_WORDS[OBJECTIVES[c].timing]}`))}), so this lesson is skipped: ${next}.` };
}

function refresh(view: GameState, mine: boolean, kind: string | undefined, action: Action | null): Said {
  if (mine && kind === 'deploy') {
    const drawn = view.log.find((e): e is LogEventOf<'objectiveDrawnCard'> => e.e === 'objectiveDrawnCard' && e.round === view.round);
    const time = view.log.find((e): e is LogEventOf<'timeAdvanced'> => e.e === 'timeAdvanced' && e.round === view.round);
    const what = [
      'leaders came home',
      drawn ? `you drew the objective ${objective(drawn.card)}` : '',
      time ? `the time token moved to ${String(time.time)}` : '',
    ].filter(Boolean);
    return { rule: 'R4.4.7', text: `Refresh: ${list(what)}. New units arrive for you: place ${unitSetText(view.arrivals.R)} on your loyal planets or your base card, at most ${view.config.deployCap} per place — ${hint(action)}.` };
  }
  if (mine) return { text: `Refresh: finish the steps in the prompt bar (${hint(action)}); the next round begins after them.` };
  const probes = view.config.probesPerRefresh;
  return { text: `Refresh: leaders return, the Imperial draws ${probes === 0 ? 'no probe card' : probes === 1 ? 'a probe card' : `${probes} probe cards`}, the time token moves on; new units arrive.` };
}

/** The coach's words for lesson `id` now; `action` is the suggested action (null: none). */
export function lessonWords(view: GameState, id: StepId, action: Action | null): Said {
  const p = view.pending;
  const mine = p?.seat === 'R';
  // The prompts that come whatever the lesson (an objective window, an opposition, a hit, arriving units) are
  // explained as themselves, with their own rule.
  if (mine && p?.kind === 'objective') return objectiveWindow(view, p.window);
  if (mine && p?.kind === 'oppose' && id !== 'oppose') return { rule: 'R4.2.5', ...oppose(view, mine, p.kind, action) };
  if (mine && p?.kind === 'assignHit' && id !== 'combat') return { rule: 'R5.8', ...combat(view, mine, p.kind, action) };
  if (mine && p?.kind === 'deploy' && id !== 'refresh') return { rule: 'R4.4.7', ...refresh(view, mine, p.kind, action) };
  if (view.phase === 'setup') return { text: 'Setting up: the Imperial places its fleet, and your base is hidden for you (R3.7, R3.9).' };
  switch (id) {
    case 'plan': return plan(view, mine, action);
    case 'move': return mine && p?.kind === 'turn' ? move(view, action) : mine ? { text: `First, ${hint(action)}.` } : { text: WAIT };
    case 'oppose': return oppose(view, mine, p?.kind, action);
    case 'reveal': return mine && p?.kind === 'turn' ? reveal(view, action) : mine ? { text: `First, ${hint(action)}.` } : { text: WAIT };
    case 'combat': return combat(view, mine, p?.kind, action);
    case 'objective': return scoring(view, mine, p?.kind, action);
    case 'refresh': return refresh(view, mine, p?.kind, action);
  }
}
