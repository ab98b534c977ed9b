/**
 * The game's log as sentences (issue 23 item 5): one per event of the core's typed log (rules/log.ts), the table
 * typed over every kind so a new kind fails to compile until it has its words. Newest last; a polite live region.
 */
import { AGES } from '../../games/imperios/content/ages';
import { GOODS } from '../../games/imperios/content/goods';
import { TECHS } from '../../games/imperios/content/techs';
import { WONDERS } from '../../games/imperios/content/wonders';
import { allEvents, type LogEvent, type LogKind } from '../../games/imperios/rules';
import { colors } from '../theme';
import type { ImperiosView } from './core';
import { seatName as n } from './seats';
import { COLOUR_NAMES, PHASE_NAMES, assetName, chitsText, mapActionText, routeText, territoryName as t } from './wording';

type Words = { [K in LogKind]: (e: Extract<LogEvent, { e: K }>) => string };

const END_WORDS: Record<string, string> = {
  poolOut: 'a colour ran out in the pool',
  capitalLost: 'a civilization lost its last Capital',
  halfInLastAge: 'half the civilizations reached the Last Age',
  lastAgeGoals: "a civilization met the Last Age's goals",
};

const WORDS: Words = {
  setup: (e) => `A game of ${e.players} in ${e.mode} mode. Seniority: ${e.seniority.map(n).join(', ')}.`,
  metropolis: (e) => `${n(e.seat)} starts in ${t(e.territory)}.`,
  round: (e) => `Round ${e.round}: ${n(e.firstPlayer)} is First Player.`,
  draw: (e) => `${n(e.seat)} draws ${chitsText(e.chits)}${e.refilled ? ' (discard pile back in the cup)' : ''}.`,
  poolTake: (e) => `${n(e.seat)} takes a ${COLOUR_NAMES[e.colour].toLowerCase()} chit from ${e.from === 'pool' ? 'the pool' : `${n(e.from)}'s discard pile`}.`,
  poolSkip: (e) => `${n(e.seat)} has no chit to take.`,
  phase: (e) => `${PHASE_NAMES[e.phase]} phase.`,
  turn: (e) => `${n(e.seat)}'s turn.`,
  skip: (e) => `${n(e.seat)} has nothing to do: turn skipped.`,
  endTurn: (e) => `${n(e.seat)} ends the turn.`,
  muster: (e) => `${n(e.seat)} musters ${e.armies} ${e.armies === 1 ? 'army' : 'armies'} for ${e.chits} red.`,
  buy: (e) => `${n(e.seat)} buys ${e.actions} ${COLOUR_NAMES[e.colour].toLowerCase()} actions for ${e.chits} chits.`,
  announce: (e) => `${n(e.seat)} announces: ${mapActionText(e.action)} via ${routeText(e.action.route)}${e.blockers.length ? `; ${e.blockers.map(n).join(', ')} may block` : ''}.`,
  blockAnswer: (e) => `${n(e.seat)} ${e.block ? 'blocks' : 'lets it pass'}.`,
  blocked: (e) => `${n(e.seat)}'s action is blocked by ${n(e.by)}.`,
  conquer: (e) => `${n(e.seat)} conquers ${t(e.territory)} for ${e.armies} armies.`,
  good: (e) => `${n(e.seat)} gains ${GOODS[e.good].name}.`,
  attack: (e) => `${n(e.seat)} attacks ${n(e.rival)} in ${t(e.territory)}.`,
  defend: (e) => `${n(e.seat)} ${e.defended ? 'defends' : 'does not defend'}.`,
  totemRemoved: (e) => `${n(e.seat)} loses a totem in ${t(e.territory)}.`,
  sack: (e) => `${n(e.seat)} sacks ${n(e.rival)}'s ${t(e.territory)} (+${e.census} census).`,
  assaultStopped: (e) => `${n(e.seat)} stops the assault on ${t(e.territory)}.`,
  arts: (e) => `${n(e.seat)} practises the arts: census ${e.census}.`,
  learn: (e) => `${n(e.seat)} learns ${TECHS[e.tech].name}.`,
  explore: (e) => `${n(e.seat)} explores ${t(e.territory)}.`,
  trade: (e) => `${n(e.seat)} trades ${assetName(e.give)} to ${n(e.partner)} for ${assetName(e.get)} (+${e.gain} census${e.payment ? `, pays ${e.payment}` : ''}).`,
  settle: (e) => `${n(e.seat)} settles ${t(e.territory)}.`,
  wonder: (e) => `${n(e.seat)} builds the ${WONDERS[e.wonder].name}.`,
  takeBack: (e) => `${n(e.seat)} takes a totem back from ${t(e.territory)}.`,
  age: (e) => `${n(e.seat)} enters the ${AGES[e.age].name} Age.`,
  trigger: (e) => (e.condition === 'poolOut' ? `The pool's last ${COLOUR_NAMES[e.colour ?? 'red'].toLowerCase()} chit is gone: the game ends this round.` : `${n(e.seat ?? 0)} lost its last Capital: the game ends this round.`),
  reserve: (e) => `${n(e.seat)} keeps ${chitsText(e.kept)} in reserve.`,
  firstPlayer: (e) => `${n(e.seat)} takes the first-player marker.`,
  gameOver: (e) => `Game over (${e.reasons.map((r) => END_WORDS[r] ?? r).join('; ')}). ${n(e.winner)} wins.`,
  seatToBot: (e) => `The bot plays for ${n(e.seat)} from here (${e.why === 'away' ? 'its player is away' : 'its time ran out'}).`,
  seatTakenBack: (e) => `${n(e.seat)}'s player took the seat back.`,
};

/**
 * The event's sentence; a bot's decision (IM15.5) says so, and so does an answer the server made for a silent seat when
 * its question's time limit passed (IM15.1, IM15.2: "Player 3 lets the action pass (time limit, IM15.1).").
 */
export function sentence(e: LogEvent): string {
  if (e.timeLimit && (e.e === 'blockAnswer' || e.e === 'defend')) {
    const what = e.e === 'blockAnswer' ? (e.block ? 'blocks the action' : 'lets the action pass') : e.defended ? 'defends' : 'does not defend';
    return `${n(e.seat)} ${what} (time limit, ${e.timeLimit}).`;
  }
  const words = (WORDS[e.e] as (x: LogEvent) => string)(e);
  return e.byBot ? `${words} (bot)` : words;
}

export function LogList({ view, last = 40 }: { view: ImperiosView; last?: number }) {
  const events = allEvents(view).slice(-last);
  return (
    <ol aria-live="polite" aria-label="Game log" data-testid="imp-log" style={{ margin: 0, paddingLeft: 18, fontSize: 12, color: colors.text, display: 'grid', gap: 2 }}>
      {events.map((e, i) => (
        <li key={i} style={{ color: e.e === 'phase' || e.e === 'round' ? colors.highlight : undefined }} title={e.rule}>{sentence(e)}</li>
      ))}
    </ol>
  );
}
