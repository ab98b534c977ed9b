/**
 * The replay's "Everything" view: what no seat saw during the game, in one compact strip under the controls —
 * where the base hides, both mission hands, the next cards of every deck (top first). Shown only for finished
 * games, whose secrets are all out (RULES R8.3 item 9).
 */
import styled from 'styled-components';
import { PLANETS, type LetterId } from '../../game/content';
import type { GameState } from '../../game/rules';
import { missionName, missionTooltip, objectiveName, objectiveTooltip, planetLabel } from '../format';
import { colors, factionColor, phone } from '../theme';

const Strip = styled.section`
  position: relative;
  z-index: 60; /* above the end screen's backdrop, like the controls */
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  padding: 5px 12px;
  background: #1d1a2b;
  border-bottom: 1px solid ${colors.border};
  font-size: 12px;
  ${phone} { max-height: 28vh; overflow-y: auto; padding: 4px 6px; gap: 3px 10px; }
`;

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 3px;
  align-items: center;
`;

const Label = styled.span`
  color: ${colors.muted};
  font-size: 11px;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  margin-right: 2px;
`;

const Chip = styled.span<{ $c: string }>`
  padding: 1px 6px;
  border-radius: 4px;
  border: 1px solid ${(p) => p.$c};
  background: ${colors.surface2};
  white-space: nowrap;
`;

const NEXT = 3;

function Cards({ label, cards, name, tip, c, testid }: {
  label: string; cards: string[]; name(c: string): string; tip(c: string): string; c: string; testid: string;
}) {
  return (
    <Group data-secret={testid}>
      <Label>{label}</Label>
      {cards.length === 0 && <span style={{ color: colors.muted }}>none</span>}
      {cards.map((x, i) => <Chip key={`${x}${i}`} $c={c} title={tip(x)}>{name(x)}</Chip>)}
    </Group>
  );
}

export function SecretsStrip({ state }: { state: GameState }) {
  const b = state.base;
  const probeName = (l: string) => PLANETS[l as LetterId]?.letter ?? l;
  const probeTip = (l: string) => `Probe card ${l}: the base is not on ${PLANETS[l as LetterId]?.name ?? l}`;
  return (
    <Strip aria-label="Everything hidden during the game" data-testid="secrets">
      <Group data-secret="base">
        <Label>Base</Label>
        <Chip $c={colors.rebel}>{!b.planet ? 'not chosen yet' : `${b.revealed ? 'revealed on' : 'hidden on'} ${planetLabel(b.planet)}`}</Chip>
      </Group>
      <Cards label="Rebel hand" cards={state.hands.R} name={missionName} tip={missionTooltip} c={factionColor('R')} testid="hand-R" />
      <Cards label="Imperial hand" cards={state.hands.I} name={missionName} tip={missionTooltip} c={factionColor('I')} testid="hand-I" />
      <Cards label="Objectives" cards={state.objectives.hand} name={objectiveName} tip={objectiveTooltip} c={colors.rebel} testid="objectives" />
      <Cards label="Probes" cards={[...state.probes.hand].sort()} name={probeName} tip={probeTip} c={colors.imperial} testid="probes" />
      <Cards label="Next Rebel missions" cards={state.decks.R.slice(0, NEXT)} name={missionName} tip={missionTooltip} c={factionColor('R')} testid="deck-R" />
      <Cards label="Next Imperial missions" cards={state.decks.I.slice(0, NEXT)} name={missionName} tip={missionTooltip} c={factionColor('I')} testid="deck-I" />
      <Cards label="Next objective" cards={state.objectives.deck.slice(0, 1)} name={objectiveName} tip={objectiveTooltip} c={colors.rebel} testid="deck-O" />
      <Cards label="Next probe" cards={state.probes.deck.slice(0, 1)} name={probeName} tip={probeTip} c={colors.imperial} testid="deck-P" />
    </Strip>
  );
}
