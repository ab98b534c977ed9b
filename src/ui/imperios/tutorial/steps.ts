/**
 * The lessons of Imperios' "Learn to play" (issue 23), as data: each a title, the rule it cites
 * (docs/imperios/RULES.md), what the coach says (from the game as it stands, so it follows what the player chose),
 * when it is done — read from the state and its log, never from clicks, so any legal play counts — and when it can
 * no longer happen in this game (then it is skipped and said so, so the coach never gets stuck). Pure.
 */
import { AGES } from '../../../games/imperios/content/ages';
import { allEvents, goalCounts, scoreCiv, type ImperiosState, type LogEvent, type Seat } from '../../../games/imperios/rules';

/** The tutorial player's seat; the other three are the built-in greedy bots. */
export const HUMAN: Seat = 0;

export interface ImpStep {
  id: string;
  title: string;
  rule: string;
  text(view: ImperiosState): string;
  done(view: ImperiosState): boolean;
  lost(view: ImperiosState): boolean;
}

const mine = (v: ImperiosState, e: LogEvent['e'], more: (x: LogEvent) => boolean = () => true) =>
  allEvents(v).some((x) => x.e === e && 'seat' in x && x.seat === HUMAN && more(x));
const over = (v: ImperiosState) => v.phase === 'over';
/** Past round `r` (a later round, or the end). */
const after = (v: ImperiosState, r: number) => over(v) || v.round > r;

export const IMP_STEPS: readonly ImpStep[] = [
  {
    id: 'metropolis', title: 'Your Metropolis', rule: 'IM3.4',
    text: () => 'Each civilization starts from a Metropolis: its first Capital, held with two totems (two in a territory is control, IM1.2), and one totem in each territory next to it (IM3.4.3) — the start of your chains of command. Only a Metropolis clear of rivals\u2019 totems may be chosen (IM3.4.2). Choose one of the glowing territories on the map, or its button in the bar below; the bots choose in seniority order.',
    done: (v) => v.civs[HUMAN].metropolis !== null,
    lost: () => false,
  },
  {
    id: 'pool', title: 'Draw, then the pool chit', rule: 'IM4.3',
    text: (v) => `A round starts with a draw: your hand holds chits drawn at random from your cup — ${AGES[v.civs[HUMAN].age].hand} in the ${AGES[v.civs[HUMAN].age].name} Age (IM4.2, IM11.1). Then, from the First Player round the table, each civilization names a colour and takes one chit of it from the pool. Name the colour you need most. Careful: a colour running out of the pool ends the game after the round (IM12.1.1).`,
    done: (v) => mine(v, 'poolTake') || mine(v, 'poolSkip'),
    lost: (v) => after(v, 1),
  },
  {
    id: 'phases', title: 'The colour phases', rule: 'IM4.5',
    text: () => 'Four phases follow — Red, Yellow, Blue, Black — and in each you get one turn, spending only chits of that colour: one chit buys one action (IM4.6). Red actions turn into armies at once (mustering, IM6.1), and you may muster even in the others\u2019 Red turns. Spend a chit now: muster, or take any action of the phase.',
    done: (v) => mine(v, 'muster') || mine(v, 'buy') || mine(v, 'announce') || mine(v, 'arts') || mine(v, 'learn'),
    lost: (v) => after(v, 2),
  },
  {
    id: 'action', title: 'Compose a map action', rule: 'IM5.2',
    text: () => 'Conquer, Explore, Trade and Settle are map actions, chosen in parts: the action, its target on the map, then its route — a chain of command from a Capital you control through territories where you have totems (IM5.2). The board proposes the route with the fewest rivals on its middle territories (IM5.3); hover or focus a route to see it on the map. The chits are taken for you, the fewest that pay (IM4.6.4). Announce a map action.',
    done: (v) => mine(v, 'announce'),
    lost: (v) => after(v, 3),
  },
  {
    id: 'block', title: 'Blocks', rule: 'IM5.4',
    text: () => 'Every rival with a totem on a route\u2019s middle territories may block it: all are asked at once, and one block cancels the action — nothing is paid, nothing happens (IM5.4.3). You may announce again, the same action at most twice (IM5.4.5). This lesson ends when you are asked to block a bot\u2019s action, or when one of yours is offered to rivals: choose routes where few rivals stand.',
    done: (v) => mine(v, 'blockAnswer') || mine(v, 'announce', (x) => x.e === 'announce' && x.blockers.length > 0),
    lost: (v) => after(v, 3),
  },
  {
    id: 'ages', title: 'Age goals', rule: 'IM11.2',
    text: (v) => {
      const civ = v.civs[HUMAN];
      const g = AGES[civ.age].goals;
      const has = goalCounts(v, HUMAN);
      return `After the Black phase, every civilization that meets its Age\u2019s goals moves up one Age (IM11.3): a bigger hand and reserve. The ${AGES[civ.age].name} Age asks for ${g.capitals} Capital(s), ${g.cities} City(ies), ${g.goods} trade goods and ${g.techs} technologies; you have ${has.capitals}, ${has.cities}, ${has.goods} and ${has.techs}. Then you keep a few unspent chits as your reserve (IM4.7). Play on to the next round.`;
    },
    done: (v) => after(v, 1) && v.phase !== 'setup',
    lost: () => false,
  },
  {
    id: 'scoring', title: 'The end and the score', rule: 'IM13',
    text: (v) => `The game ends after a round in which a pool colour ran out, a civilization lost its last Capital, or enough civilizations reached the Last Age — the Copper Age in this Tutorial game (IM12). Then: 2 points per census space, 5 per Capital, each City\u2019s level, the wreaths of territories you alone hold, wonders, your best technology per colour, and −3 per trade good missing (IM13). Your total now would be ${scoreCiv(v, HUMAN).total}. Play the game to its end.`,
    done: over,
    lost: () => false,
  },
];

export type Outcome = 'done' | 'skipped';

/** The lessons' outcomes after `view`: each in turn done if the state shows it, skipped if it can no longer happen. */
export function advance(outcomes: readonly Outcome[], view: ImperiosState): Outcome[] {
  const out = [...outcomes];
  while (out.length < IMP_STEPS.length) {
    const step = IMP_STEPS[out.length];
    if (step.done(view)) out.push('done');
    else if (step.lost(view)) out.push('skipped');
    else break;
  }
  return out;
}
