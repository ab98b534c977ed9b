/**
 * A short rules reference (issue 23 item 5): the round and each phase in one line each, in the project's own words,
 * with the ids of docs/imperios/RULES.md for the full text.
 */
import { colors } from '../theme';

const ENTRIES: readonly [string, string][] = [
  ['IM4.1', 'A round: draw chits, take one from the pool, then the Red, Yellow, Blue and Black phases, Ages, end check, reserve.'],
  ['IM4.6', 'Each chit buys one action of its colour; a Basic tech makes 3 chits buy 4, an Advanced one 2 buy 3.'],
  ['IM5.2', 'Map actions need a chain of command: from a Capital you control, through territories where you are present.'],
  ['IM5.4', 'Rivals present on the chain\'s middle territories may block; one block stops the action.'],
  ['IM6.1', 'Red: muster armies (any time in the Red phase), then conquer neutral sites, eliminate lone totems, assault sites.'],
  ['IM7', 'Yellow: Arts (+1 census each) and technologies (3, 4 or 5 yellow actions).'],
  ['IM8', 'Blue: explore across the sea, and trade assets with a rival whose site your chain reaches (+census).'],
  ['IM9', 'Black: settle a land neighbour (never blocked), build a wonder (6 black).'],
  ['IM11', 'Ages: meet your Age\'s goals (Capitals, Cities, goods, techs) to move up: a bigger hand and reserve.'],
  ['IM12', 'The end: a pool colour runs out, a civilization loses its last Capital, half reach the Last Age, or one meets its goals.'],
  ['IM13', 'Score: census, wreaths where you are alone, 5 per Capital, City levels, wonder, best tech per colour, −3 per missing good.'],
  ['G48', 'Hands, reserves and discard piles are open to all.'],
];

export function RulesRef() {
  return (
    <dl data-testid="imp-rules" style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 8px', fontSize: 12 }}>
      {ENTRIES.map(([id, text]) => (
        <div key={id} style={{ display: 'contents' }}>
          <dt style={{ color: colors.highlight, fontWeight: 700 }} data-rule={id}>{id}</dt>
          <dd style={{ margin: 0 }}>{text}</dd>
        </div>
      ))}
      <dd style={{ gridColumn: '1 / -1', margin: 0, color: colors.muted }}>Full text: docs/imperios/RULES.md, by these ids.</dd>
    </dl>
  );
}
