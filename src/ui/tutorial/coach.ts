/**
 * What the coach says at each moment of the guided game: the lesson's instruction for the current decision (in
 * this project's own words, with the RULES id), the suggested action the page highlights, and a recap of what
 * the last lesson did (read from the log). Pure: from the Rebel's view, its legal actions and the progress.
 */
import { OBJECTIVES } from '../../game/content';
import { claimableObjectives, type Action, type GameState } from '../../game/rules';
import { planetLabel } from '../format';
import { describeEvent } from '../log/sentences';
import { placesOf, suggestedRebel } from './script';
import { currentStep, event, finished, STEPS, type Progress, type StepId } from './steps';

export interface Coach {
  step: StepId | 'done';
  title: string;
  rule: string;
  text: string;
  /** What the page highlights and the player is asked to do now; null while the Imperial acts. */
  action: Action | null;
  /** One sentence on how the previous lesson went (from the log), when there is one. */
  recap: string | null;
}

/** B7.4 — probe cards drawn at each Refresh (R4.4.3), from the game's config. */
const probeCards = (n: number) => (n === 0 ? 'no probe card' : n === 1 ? 'a probe card' : `${n} probe cards`);

const WAIT = 'The Imperial is taking its turn — watch the board and the log.';

function recapOf(view: GameState, id: StepId): string | null {
  const say = (e: string, f: Record<string, unknown> = {}) => {
    const ev = event(view, e, f);
    return ev ? describeEvent(ev, 'R') : null;
  };
  switch (id) {
    case 'oppose': return say('missionAttempt', { card: 'I-S4' }) ?? say('missionAttempt');
    case 'reveal': return say('tokenPlaced') ?? say('missionAttempt', { faction: 'R' });
    case 'combat': {
      const end = say('combatEnded');
      return end && `${end} The combat summary shows every die.`;
    }
    case 'objective': {
      const ev = event(view, 'objectiveScored');
      return ev ? `Scored: the objective token moved to space ${String(ev.objective)} (R4.3). When it reaches the time token, the Rebel wins (R1.2.3).` : null;
    }
    default: return null;
  }
}

function instruction(view: GameState, id: StepId, action: Action | null): string {
  const { rebelStart, below } = placesOf(view);
  const p = view.pending;
  const mine = p?.seat === 'R';
  const from = planetLabel(rebelStart);
  const to = planetLabel(below);
  if (mine && p?.kind === 'objective' && id !== 'objective') {
    return 'An objective window opened: you may reveal a secret objective whose condition is true now. None fits yet — choose “Reveal none”.';
  }
  if (view.phase === 'setup') return 'Setting up: the Imperial places its fleet, and your base is hidden for you (R3.7, R3.9).';
  switch (id) {
    case 'plan':
      if (!mine) return 'The Imperial plans now. You will see which leaders it put on missions, never the cards (R4.1.3).';
      return view.planned.R.length === 0
        ? `Your base hides on ${planetLabel(view.base.planet)} — only you know where (R3.9). Each round begins with Planning: put a mission face down with a leader on it, to reveal later. Choose Rally Support in your hand, then Envoy Nessa Quill (two Diplomacy icons).`
        : 'Planned. You could plan more — one per leader — but keep two leaders free: press “Done planning”.';
    case 'move':
      if (!mine) return WAIT;
      return `Operations: you and the Imperial take turns. Move a fleet: choose ${from}, then ${to} below it, keep 1 starfighter moving (press − once) and send Spymaster Ilo Brecht with it. A leader goes with every fleet.`;
    case 'oppose':
      if (mine && p?.kind === 'oppose') {
        // B7.7 — who wins ties is the game's config (R4.2.6), as are the numbers below (issue 24 item 4).
        return `The Imperial revealed Muster on Imperium. Send one leader to oppose it: then each side rolls a die and adds its leaders’ Force icons there, and ${view.config.tiesToRevealer ? 'the revealer wins ties' : 'a tie is a failure for the revealer'}. Send Captain Tarek Vonn (one Force icon).`;
      }
      if (mine) return 'The Imperial has a mission planned. Keep a leader free to oppose it when it is revealed; for now press “Pass” only if you have nothing else to do.';
      return 'The Imperial is taking its turn — it is about to reveal a mission (R4.2.4).';
    case 'reveal':
      if (!mine) return WAIT;
      return `Reveal your planned Rally Support on ${to}: it needs a planet with your unit, no Imperial unit and no loyalty marker. Unopposed, it succeeds and puts a loyalty marker there.`;
    case 'combat':
      if (view.combat && !mine) return `Combat on ${planetLabel(view.combat.planet)}! Each wave the attacker rolls, then the defender: 4–5 hits (black dice hit starfighters, white dice capital ships), 6 hits anything. Watch the combat sheet.`;
      if (mine && p?.kind === 'assignHit') {
        return (view.combat?.roll?.crit ?? 0) > 0
          ? 'Your die shows a 6, a critical hit: it may damage any enemy unit (R5.7). Choose who takes it — a starfighter has 1 HP, so the hit destroys it; the Star Fortress has 4. Units at 0 HP leave once both sides have rolled (R5.5).'
          : 'You rolled a hit: choose the enemy unit that takes it (R5.8). Units at 0 HP leave once both sides have rolled (R5.5).';
      }
      if (mine && action?.type === 'pass') return 'Nothing left to do this turn: press “Pass”. The Imperial may still act (R4.2.8).';
      if (mine) return 'Your turn: the Imperial may attack the starfighter you left behind.';
      return `Your starfighter left on ${from} is next to the Imperial fleet, which may attack. In a combat each wave the attacker rolls, then the defender: 4–5 hits (black dice on starfighters, white on capital ships), 6 hits anything, until one side is gone.`;
    case 'objective': {
      const card = view.objectives.hand.find((c) => OBJECTIVES[c].timing === 'operations') ?? view.objectives.hand[0];
      const fits = mine && p?.kind === 'objective' && claimableObjectives(view, p.window).length > 0;
      if (mine && p?.kind === 'objective' && !fits) {
        return `An objective window opened after the combat. ${card ? OBJECTIVES[card].name : 'Your objective'} is checked only at the end of Operations, so choose “Reveal none” for now (R4.5.3).`;
      }
      if (fits) return `Operations are over, and your secret objective ${card ? OBJECTIVES[card].name : ''} is true now (loyalty on ${view.config.thresholds['O1-7']} or more sector-3 planets): reveal it. In the Objective phase it moves the objective token one space toward the time token.`;
      if (mine && p?.kind === 'turn') return 'Press “Pass” to end Operations; then you may reveal an objective (R4.2.9).';
      return 'Operations end when both sides have passed. Then comes the end-of-Operations objective window.';
    }
    case 'refresh':
      if (mine && p?.kind === 'deploy') return `Refresh: leaders came home, you drew an objective, and the time token reached a build space — your loyal planets and your base built starfighters. Place each arriving unit (at most ${view.config.deployCap} per planet).`;
      if (mine) return 'Refresh: finish the steps in the prompt bar; the next round begins after them.';
      return `Refresh: leaders return, the Imperial draws ${probeCards(view.config.probesPerRefresh)}, the time token moves on; new units arrive.`;
  }
}

export function coachFor(view: GameState, legal: Action[], progress: Progress): Coach {
  const last = progress.outcomes.length > 0 ? STEPS[progress.outcomes.length - 1] : null;
  const recap = last && progress.outcomes[progress.outcomes.length - 1] === 'done' ? recapOf(view, last.id) : null;
  if (finished(progress)) {
    return {
      step: 'done', title: 'You played a whole round', rule: 'R1.3', recap,
      text: 'That is the round: Planning, Operations, Objective, Refresh (R1.3). The game goes on against the easy bot — play it out, or leave the tutorial.',
      action: suggestedRebelOrNull(view, legal, true),
    };
  }
  const step = currentStep(progress)!;
  const action = suggestedRebelOrNull(view, legal, false);
  return { step: step.id, title: step.title, rule: step.rule, text: instruction(view, step.id, action), action, recap };
}

/** After the lessons the player plays freely: nothing is suggested. */
function suggestedRebelOrNull(view: GameState, legal: Action[], free: boolean): Action | null {
  if (free) return null;
  return suggestedRebel(view, legal.filter((a) => a.type !== 'undo'));
}

