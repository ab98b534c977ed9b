/**
 * Everything one faction has off the grid, as the viewer may see it: leader pool, planned missions, hand and
 * deck sizes, build queue, supply, and for the Rebel the base card and objectives, for the Imperial the probe
 * hand. The viewer's own secrets (objective hand, probe hand, hidden base, planned cards) show only on their
 * own panel; the opponent's show as counts and card backs.
 */
import styled from 'styled-components';
import { FACTION_LEADERS, PLANETS, type Faction, type LetterId } from '../../game/content';
import { useMemo } from 'react';
import { whyNot, type GameState, type Reason } from '../../game/rules';
import { revealableMissions } from '../../game/rules/missions';
import { isHidden } from '../../game/rules/view';
import { missionName, planetLabel } from '../format';
import { colors, factionColor, factionName } from '../theme';
import { MissionCard, ObjectiveCard, ProbeCard } from './Cards';
import { LeaderChip } from './LeaderChip';
import { objectiveStatus } from './objectiveStatus';
import { UnitGroup } from './UnitIcons';
import { useOpenable } from './details/DetailSheet';

const Panel = styled.section<{ $c: string }>`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 8px;
  border-radius: 8px;
  background: ${colors.surface};
  border-top: 4px solid ${(p) => p.$c};
`;

const H = styled.h2`
  margin: 0;
  font-size: 15px;
  display: flex;
  justify-content: space-between;
  gap: 6px;
`;

const Sub = styled.h3`
  margin: 0 0 3px;
  font-size: 11px;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${colors.muted};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
`;

const Muted = styled.span`
  color: ${colors.muted};
  font-size: 12px;
`;

const Spot = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  min-height: 24px;
  padding: 2px 4px;
  border-radius: 4px;
  background: ${colors.surface2};
  font-size: 12px;
`;

const BaseBox = styled.div<{ $revealed: boolean }>`
  padding: 6px;
  border-radius: 6px;
  border: 2px ${(p) => (p.$revealed ? 'solid' : 'dashed')} ${colors.rebel};
  background: #241a22;
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 12px;
`;

export interface FactionPanelProps {
  view: GameState;
  faction: Faction;
  viewer: Faction | null;
  /** Planned mission cards the viewer may click now (revealing). */
  clickableMissions?: Set<string>;
  onMission?(card: string): void;
  /** Show the viewer's own mission hand in this panel (phone layout). */
  showHand?: boolean;
}

export function BaseCard({ view, viewer }: { view: GameState; viewer: Faction | null }) {
  const b = view.base;
  const own = viewer === 'R';
  let where = 'Hidden somewhere on a lettered planet';
  // R3.9 — before the Rebel's setup choice there is no base yet (the core keeps it absent: null).
  if (b.planet === null) where = own ? 'Not chosen yet — choose a planet to hide it on' : 'Not chosen yet';
  else if (b.revealed) where = `Revealed on ${planetLabel(b.planet)}`;
  else if (own && !isHidden(b.planet)) where = `Hidden on ${planetLabel(b.planet)}${view.winner ? ', never found' : ' (only you know)'}`;
  // A hidden base the view names to a non-Rebel: the game is over, or the replay shows everything (issue 20 item 1).
  else if (!isHidden(b.planet)) where = `Hidden on ${planetLabel(b.planet)}${view.winner ? ', never found' : ''}`;
  const units = b.units.f + b.units.c + b.units.s;
  const openable = useOpenable({ k: 'base' }, 'Rebel base card');
  return (
    <BaseBox {...openable} $revealed={b.revealed} title="The Rebel base card: produces 1 starfighter → spot 1 and 1 capital ship → spot 2 at every build; holds units off the board while hidden." data-base={b.planet === null ? 'unchosen' : b.revealed ? 'revealed' : 'hidden'}>
      <strong>Rebel base — {b.planet === null ? 'not chosen yet' : b.revealed ? 'revealed' : 'hidden'}</strong>
      <span>{where}</span>
      <Row>
        <span>On the base card:</span>
        {units > 0 ? <UnitGroup faction="R" units={b.units} /> : <Muted>no units</Muted>}
      </Row>
    </BaseBox>
  );
}

function Queue({ view, faction }: { view: GameState; faction: Faction }) {
  const q = view.queues[faction];
  const arrivals = view.arrivals[faction];
  const arriving = arrivals.f + arrivals.c + arrivals.s;
  return (
    <div>
      <Sub>Build queue · supply</Sub>
      <Row>
        {q.map((u, i) => (
          <Spot key={i} title={`Build queue spot ${i + 1}: arrives ${i === 0 ? 'at the next Deploy' : `in ${i + 1} Deploys`}`}>
            <span>{i + 1}:</span>
            {u.f + u.c + u.s > 0 ? <UnitGroup faction={faction} units={u} size={13} /> : <Muted>–</Muted>}
          </Spot>
        ))}
      </Row>
      <Row style={{ marginTop: 4 }}>
        <Muted>Supply:</Muted>
        <span title="Units left in supply">
          {view.supply[faction].f} starfighters · {view.supply[faction].c} capital{faction === 'I' ? ` · ${view.supply.I.s} SF` : ''}
        </span>
      </Row>
      {arriving > 0 && (
        <Row style={{ marginTop: 4 }}>
          <Muted>Arriving now:</Muted>
          <UnitGroup faction={faction} units={arrivals} size={13} />
        </Row>
      )}
    </div>
  );
}

export function FactionPanel({ view, faction, viewer, clickableMissions, onMission, showHand }: FactionPanelProps) {
  const own = viewer === faction;
  const pool = FACTION_LEADERS[faction].filter((l) => view.leaders[l].at === 'pool' && !view.leaders[l].captured);
  const captured = FACTION_LEADERS[faction].filter((l) => view.leaders[l].captured);
  const planned = view.planned[faction];
  const hand = view.hands[faction];
  const o = view.objectives;
  const discardOpenable = useOpenable({ k: 'discard', faction }, `${factionName(faction)} discard pile`);
  // R4.2.4 step 1: on your turn, a planned mission with no legal target says so (issue 13 item 5).
  const myTurn = own && view.pending?.kind === 'turn' && view.pending.seat === faction && !view.winner;
  const blocked = useMemo(() => {
    const out = new Map<string, Reason>();
    if (!myTurn) return out;
    const reveals = revealableMissions(view, faction); // the only legal actions that could extend a reveal
    for (const pm of view.planned[faction]) {
      const r = whyNot(view, faction, { type: 'revealMission', card: pm.card }, reveals);
      if (r) out.set(pm.card, r);
    }
    return out;
  }, [view, faction, myTurn]);
  return (
    <Panel $c={factionColor(faction)} aria-label={`${own ? 'You' : viewer ? 'Opponent' : ''} ${factionName(faction)}`} data-panel={faction}>
      <H>
        <span>{own ? 'You — ' : viewer ? 'Opponent — ' : ''}{factionName(faction)}</span>
        {view.phase === 'operations' && view.passed[faction] && <Muted>passed</Muted>}
      </H>
      <div>
        <Sub>Leader pool</Sub>
        <Row>
          {pool.length ? pool.map((l) => <LeaderChip key={l} id={l} interactive />) : <Muted>empty</Muted>}
          {captured.map((l) => <LeaderChip key={l} id={l} captured interactive />)}
        </Row>
      </div>
      <div>
        <Sub>Planned missions ({planned.length})</Sub>
        <Row>
          {planned.length === 0 && <Muted>none</Muted>}
          {planned.map((pm, i) => (
            <MissionCard key={`${pm.leader}${i}`} card={pm.card} leader={pm.leader} where="planned"
              clickable={own && clickableMissions?.has(pm.card)} onClick={() => onMission?.(pm.card)}
              blocked={blocked.get(pm.card) ?? null} />
          ))}
        </Row>
      </div>
      <Row>
        {!own || !showHand ? <span title="Mission cards in hand">Hand {hand.length}</span> : null}
        <span title="Mission deck">· deck {view.decks[faction].length}</span>
        <span title={`Discard pile: ${view.discards[faction].map(missionName).join(', ') || 'empty'}`} {...discardOpenable}>· discard {view.discards[faction].length}</span>
      </Row>
      {own && showHand && (
        <div>
          <Sub>Your mission hand ({hand.length})</Sub>
          <Row>
            {hand.map((c, i) => <MissionCard key={`${c}${i}`} card={c} where="hand" clickable={clickableMissions?.has(c)} onClick={() => onMission?.(c)} />)}
          </Row>
        </div>
      )}
      {faction === 'R' && <BaseCard view={view} viewer={viewer} />}
      {faction === 'R' && (
        <div>
          <Sub>Objectives</Sub>
          {own ? (
            <Row>
              {o.hand.length === 0 && <Muted>no objective in hand</Muted>}
              {o.hand.map((c, i) => <ObjectiveCard key={`${c}${i}`} card={c} status={isHidden(c) ? null : objectiveStatus(view, c)} />)}
            </Row>
          ) : (
            <Row><span>In hand: {o.hand.length}</span>{o.hand.filter((c) => !isHidden(c)).map((c) => <ObjectiveCard key={c} card={c} />)}</Row>
          )}
          <Row style={{ marginTop: 4 }}>
            <Muted>Scoring area:</Muted>
            {o.scoring.length ? o.scoring.map((c) => <ObjectiveCard key={c} card={c} />) : <Muted>empty</Muted>}
          </Row>
          <Row><Muted>Objective deck {o.deck.length} · scored {o.discard.length}</Muted></Row>
        </div>
      )}
      {faction === 'I' && (
        <div>
          <Sub>Probe cards (planets without the base)</Sub>
          <Row>
            {view.probes.hand.length === 0 && <Muted>none</Muted>}
            {(own ? [...view.probes.hand].sort() : view.probes.hand).map((l, i) => <ProbeCard key={`${l}${i}`} letter={l} />)}
          </Row>
          <Row style={{ marginTop: 4 }}>
            <Muted>Probe deck {view.probes.deck.length}</Muted>
            {view.known.baseSector && <Muted>· base announced in sector {view.known.baseSector}</Muted>}
          </Row>
          {own && view.probes.hand.length > 0 && (
            <Muted>{view.probes.hand.filter((l) => !isHidden(l)).map((l) => PLANETS[l as LetterId].name).join(', ')}</Muted>
          )}
        </div>
      )}
      <Queue view={view} faction={faction} />
    </Panel>
  );
}
