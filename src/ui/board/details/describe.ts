/**
 * What the card-detail view says about a thing on the board (issue 13 item 1): every card, planet, leader, unit
 * and marker. Pure: built from the viewer's view and the content data (src/game/content), never from anything
 * else, so it can only show what the view holds. A face-down card of the opponent is a card back: RULES §8 lets
 * the viewer see that it exists and which leader is on it, nothing more.
 * Each detail carries a `rule` (a RULES id or a card id) so that the rules reference can be linked from it.
 */
import {
  LEADERS, MISSIONS, OBJECTIVES, PLANETS, unitDef,
  type Attribute, type Faction, type LeaderId, type LetterId, type MissionId, type ObjectiveId, type PlanetId, type UnitType,
} from '../../../game/content';
import { board, missionTargets, type GameState } from '../../../game/rules';
import { objectiveStatus, objectiveStatusText } from '../objectiveStatus';
import { isHidden } from '../../../game/rules/view';
import { ATTRIBUTE_NAMES, UNIT_NAMES, leaderName, planetLabel, units as unitsText } from '../../format';

export type Marker =
  | 'loyalty' | 'disrupt' | 'destroyed' | 'baseRevealed' | 'ownBase' | 'probed' | 'cleared' | 'combat' | 'captured'
  | 'startR' | 'startI';

/** A thing the detail view can describe. Card ids may be HIDDEN (a card the viewer may not see). */
export type Subject =
  | { k: 'mission'; card: MissionId | string; leader?: LeaderId; where?: 'hand' | 'planned' | 'revealed' | 'discard' }
  | { k: 'objective'; card: ObjectiveId | string }
  | { k: 'probe'; letter: LetterId | string }
  | { k: 'base' }
  | { k: 'planet'; id: PlanetId }
  | { k: 'leader'; id: LeaderId }
  | { k: 'unit'; faction: Faction; type: UnitType }
  | { k: 'marker'; marker: Marker }
  | { k: 'discard'; faction: Faction }
  | { k: 'legend' };

export interface Line {
  label: string;
  text?: string;
  /** Things to open from this line (a planet's leaders and units). */
  links?: { subject: Subject; text: string; icons?: Attribute[] }[];
  icons?: Attribute[];
}

export interface Detail {
  kind: string; // "Rebel mission", "Planet", …
  title: string;
  faction: Faction | null;
  /** The mission's attribute, or null for "cannot be opposed"; undefined when not a mission. */
  attribute?: Attribute | null;
  /** The card's own text from the content data. */
  text?: string;
  lines: Line[];
  /** The RULES id or card id the detail stands on (for a link into the rules reference). */
  rule?: string;
}

const FACTION = { R: 'Rebel', I: 'Imperial' } as const;
const TYPE_NAMES = { production: 'Production', loyal: 'Rebel Loyal', remote: 'Remote' } as const;
const TIMING = { operations: 'at the end of Operations', refresh: 'at the end of Refresh', combat: 'after a combat' } as const;

export const MARKERS: Record<Marker, { title: string; text: string; rule: string }> = {
  loyalty: { title: 'Loyalty marker', rule: 'R6.6', text: 'A Rebel loyalty marker. With no Imperial units there the planet is Rebel aligned: it produces Rebel units and takes Rebel deployments. While Imperial units stand there it is aligned with nobody.' },
  disrupt: { title: 'Disrupt token', rule: 'R6.3', text: 'The planet produces nothing for either side and refuses deployments, except the Imperial where the Star Fortress stands and the Rebel on its revealed base. Placed by Rebel missions, removed by Imperial ones.' },
  destroyed: { title: 'Destroyed planet', rule: 'R6.4', text: 'Destroyed by the Obliterator: never aligned, never produces, no loyalty or disrupt tokens. Units still move through it; only the Imperial deploys there, and only with the Star Fortress there.' },
  baseRevealed: { title: 'Revealed Rebel base', rule: 'R6.2', text: 'The Rebel base is here and everyone knows it. The Imperial wins by holding it with no Rebel unit left on it at the end of Operations or Refresh.' },
  ownBase: { title: 'Your hidden base', rule: 'R6.2', text: 'Your base hides on this planet. Only you see this mark. Any Imperial unit entering reveals it.' },
  probed: { title: 'Probe mark', rule: 'R6.5', text: 'You hold this planet\'s probe card: the Rebel base is not here.' },
  cleared: { title: '"No base" mark', rule: 'R6.2.7', text: 'Shown not to hold the hidden base since the last relocation (Imperial units came here, or a patrol swept it). A relocation wipes these marks; probe cards still count.' },
  combat: { title: 'Combat', rule: 'R5', text: 'Units of both sides are here: they fight in waves of dice until one side is gone.' },
  captured: { title: 'Captured leader', rule: 'R6.1', text: 'A Rebel leader captured by Detain: cannot plan, move or oppose until rescued; still counts its icons for the Rebel on its planet.' },
  startR: { title: 'Rebel starting planet', rule: 'R3.6', text: 'Where the Rebel started the game (public).' },
  startI: { title: 'Imperial starting planet', rule: 'R3.6', text: 'Where the Imperial started the game (public). Turncoat Garrison (O2-6) looks at it.' },
};

function tabText(p: PlanetId): string {
  const d = PLANETS[p];
  if (d.tab.length === 0) return 'None (Remote planet).';
  const who = d.tabFaction === 'R' ? ' Red tab: Rebel units only.' : d.tabFaction === 'I' ? ' Imperial units only.' : ' For whichever side the planet is aligned with.';
  return `${d.tab.map((t) => `${unitsText(t.count, t.unit)} → build-queue spot ${t.spot}`).join('; ')} at every build.${who}`;
}

function leaderWhere(view: GameState, id: LeaderId): string {
  const l = view.leaders[id];
  if (l.captured) return `Captured, held on ${planetLabel(l.at)}.`;
  if (l.at === 'pool') return 'In the leader pool: free to lead a fleet, plan a mission or oppose.';
  if (l.at === 'plan') return 'On a face-down planned mission.';
  return `On ${planetLabel(l.at)}, committed until Retrieve.`;
}

function missionDetail(view: GameState, seat: Faction | null, s: Extract<Subject, { k: 'mission' }>): Detail {
  const lines: Line[] = [];
  if (s.leader) lines.push({ label: 'Leader on it', text: leaderName(s.leader), icons: LEADERS[s.leader].icons });
  if (isHidden(s.card)) {
    const owner = s.leader ? LEADERS[s.leader].faction : null;
    lines.push({ label: 'What you can know', text: 'Only its owner knows this card. You see how many missions are planned and which leader is on each (RULES §8).' });
    return { kind: owner ? `${FACTION[owner]} mission, face down` : 'Mission, face down', title: 'Face-down mission', faction: owner, lines, rule: 'R8.2' };
  }
  const d = MISSIONS[s.card as MissionId];
  lines.unshift({ label: 'Roll', text: d.attribute ? `If opposed, each side rolls a die and adds 1 per ${ATTRIBUTE_NAMES[d.attribute]} icon of its leaders on the target; ties go to the ${FACTION[d.faction]} (R4.2.6).` : 'None: it cannot be opposed and succeeds when revealed (R4.2.4).' });
  lines.push({ label: 'Kind', text: d.starting ? 'Starting mission: returns to its owner\'s hand after use.' : 'Deck mission: goes to the discard pile after use.' });
  const m = view.mission;
  if (m && m.card === s.card) {
    lines.push({ label: 'Revealed', text: `On ${planetLabel(m.target)} by ${leaderName(m.leader)}${m.opposed ? ', opposed' : ''}.` });
  } else if (seat === d.faction && s.where === 'planned' && view.pending?.seat === seat) {
    const targets = missionTargets(view, d.id);
    lines.push({ label: 'Targets now', text: targets.length ? targets.map(planetLabel).join(', ') : 'None: no planet meets its requirement right now, so it cannot be revealed (R4.2.4).' });
  }
  if (seat && seat !== d.faction && s.where !== 'revealed' && s.where !== 'discard') {
    lines.push({ label: 'How you know it', text: 'You saw it with Intercepted Orders (R-08).' });
  }
  return { kind: `${FACTION[d.faction]} mission`, title: d.name, faction: d.faction, attribute: d.attribute, text: d.text, lines, rule: d.id };
}

function objectiveDetail(view: GameState, seat: Faction | null, card: ObjectiveId | string): Detail {
  if (isHidden(card)) {
    return {
      kind: 'Rebel objective, secret', title: 'Secret objective', faction: 'R', rule: 'R8.2',
      lines: [{ label: 'What you can know', text: 'Only the Rebel knows their objective hand; you see how many cards it holds.' }],
    };
  }
  const d = OBJECTIVES[card as ObjectiveId];
  const lines: Line[] = [
    { label: 'Deck', text: d.deck === 1 ? 'Objective deck I' : 'Objective deck II' },
    { label: 'Checked', text: `${TIMING[d.timing]}; at most one objective per window (R4.5.2).` },
  ];
  if (seat === 'R' && view.objectives.hand.includes(d.id)) {
    lines.push({ label: 'Now', text: objectiveStatusText(objectiveStatus(view, d.id), d.timing) });
  }
  if (view.objectives.scoring.includes(d.id)) lines.push({ label: 'Scored', text: 'Revealed: it moves the objective token one space at the next Objective phase.' });
  return { kind: 'Rebel objective', title: d.name, faction: 'R', text: d.text, lines, rule: d.id };
}

function probeDetail(view: GameState, letter: LetterId | string): Detail {
  if (isHidden(letter)) {
    return {
      kind: 'Imperial probe card, secret', title: 'Secret probe card', faction: 'I', rule: 'R6.5',
      lines: [{ label: 'What you can know', text: 'Each probe card names a planet where the Rebel base is not. Only the Imperial sees which.' }],
    };
  }
  const p = letter as LetterId;
  const flagged = view.probes.flagged.includes(p);
  return {
    kind: 'Imperial probe card', title: `Probe ${p}: ${PLANETS[p].name}`, faction: 'I', rule: 'R6.5',
    lines: [
      { label: 'Says', text: `The Rebel base is not on ${planetLabel(p)}.` },
      ...(flagged ? [{ label: 'Public', text: 'This card changed hands through a public effect, so both players know it (R8.3 item 11).' }] : []),
    ],
  };
}

function baseDetail(view: GameState, seat: Faction | null): Detail {
  const b = view.base;
  const lines: Line[] = [
    { label: 'Status', text: b.planet === null ? 'Not chosen yet: the Rebel picks the base planet at set-up (R3.9).' : b.revealed ? `Revealed on ${planetLabel(b.planet)}.` : seat === 'R' && !isHidden(b.planet) ? `Hidden on ${planetLabel(b.planet)} (only you know).` : 'Hidden on one of the lettered planets.' },
    { label: 'Production', text: '1 starfighter → spot 1 and 1 capital ship → spot 2 at every build, hidden or revealed (R6.2.3).' },
    { label: 'Units on the card', text: `${b.units.f + b.units.c + b.units.s ? `${[b.units.f ? unitsText(b.units.f, 'f') : '', b.units.c ? unitsText(b.units.c, 'c') : ''].filter(Boolean).join(' + ')}` : 'none'} — off the board: they cannot be attacked and leave by base moves or when the base is revealed (R6.2.2). Their number is public.` },
  ];
  return { kind: 'Rebel base card', title: 'Rebel base', faction: 'R', lines, rule: 'R6.2' };
}

/** The markers on a planet, as the viewer may see them. */
export function planetMarkers(view: GameState, seat: Faction | null, id: PlanetId): Marker[] {
  const st = view.planets[id];
  const letter = PLANETS[id].letter;
  const out: Marker[] = [];
  if (st.destroyed) out.push('destroyed');
  if (st.loyalty) out.push('loyalty');
  if (st.disrupt) out.push('disrupt');
  if (view.base.revealed && view.base.planet === id) out.push('baseRevealed');
  if (seat === 'R' && !view.base.revealed && view.base.planet === id) out.push('ownBase');
  if (seat === 'I' && letter && view.probes.hand.includes(letter)) out.push('probed');
  else if (letter && !view.base.revealed && view.known.cleared.includes(letter)) out.push('cleared');
  if (view.combat?.planet === id) out.push('combat');
  if (view.start.R === id) out.push('startR');
  if (view.start.I === id) out.push('startI');
  return out;
}

function planetDetail(view: GameState, seat: Faction | null, id: PlanetId): Detail {
  const d = PLANETS[id];
  const st = view.planets[id];
  const align = board.imperialAligned(view, id) ? 'Imperial aligned (R6.6.1)' : board.rebelAligned(view, id) ? 'Rebel aligned (R6.6.2)' : 'Aligned with nobody (R6.6.3)';
  const lines: Line[] = [
    { label: 'Sector · type', text: `Sector ${d.sector} · ${st.destroyed ? 'Destroyed' : TYPE_NAMES[d.type]}${id === 'IMP' ? ' · always Imperial, never the base' : ''}` },
    { label: 'Production', text: tabText(id) },
    { label: 'Alignment', text: align },
  ];
  const markers = planetMarkers(view, seat, id);
  if (markers.length) lines.push({ label: 'Markers', links: markers.map((m) => ({ subject: { k: 'marker', marker: m }, text: MARKERS[m].title })) });
  for (const f of ['R', 'I'] as Faction[]) {
    const u = st[f];
    const types = (['f', 'c', 's'] as UnitType[]).filter((t) => u[t] > 0);
    if (types.length) lines.push({ label: `${FACTION[f]} units`, links: types.map((t) => ({ subject: { k: 'unit', faction: f, type: t }, text: unitsText(u[t], t) })) });
  }
  const leaders = (Object.keys(LEADERS) as LeaderId[]).filter((l) => view.leaders[l].at === id);
  if (leaders.length) {
    lines.push({
      label: 'Leaders',
      links: leaders.map((l) => ({ subject: { k: 'leader', id: l }, text: `${leaderName(l)}${view.leaders[l].captured ? ' (captured)' : ''}`, icons: LEADERS[l].icons })),
    });
  }
  const placed = view.placedThisRound[id] ?? 0;
  if (placed > 0) lines.push({ label: 'Placed this round', text: `${placed} of ${view.config.deployCap} (deployments and base moves, R4.4.7)` });
  return { kind: 'Planet', title: planetLabel(id), faction: null, lines, rule: d.ruleId };
}

function leaderDetail(view: GameState, id: LeaderId): Detail {
  const d = LEADERS[id];
  return {
    kind: `${FACTION[d.faction]} leader`, title: d.name, faction: d.faction, rule: d.id,
    lines: [
      { label: 'Icons', text: d.icons.map((i) => ATTRIBUTE_NAMES[i]).join(', '), icons: d.icons },
      { label: 'Where', text: leaderWhere(view, id) },
      { label: 'In missions', text: 'In an attempt on its planet, each icon matching the mission\'s attribute adds 1 to its side\'s roll (R4.2.6).' },
    ],
  };
}

function unitDetail(view: GameState, faction: Faction, type: UnitType): Detail {
  const d = unitDef(faction, type);
  const dice = [d.white ? `${d.white} white` : '', d.black ? `${d.black} black` : ''].filter(Boolean).join(' + ');
  const move = type === 's'
    ? 'Moves freely and counts as a capital ship for escorts. Only Secret Plans lets the Rebel finish it below 1 HP (R5.9); once destroyed it is out of the game.'
    : faction === 'I' && type === 'f' ? 'Moves only together with a capital ship or the Star Fortress (R4.2.3 step 5).' : 'Moves freely.';
  return {
    kind: `${FACTION[faction]} unit`, title: d.name, faction, rule: 'R7.3',
    lines: [
      { label: 'Hit points', text: `${d.hp} HP` },
      { label: 'Dice', text: `${dice} per combat roll (4–5: a black hit damages starfighters, a white hit capital-class units; 6 hits anything, R5.7)` },
      { label: 'Movement', text: move },
      { label: 'Supply left', text: `${view.supply[faction][type]} ${UNIT_NAMES[type][view.supply[faction][type] === 1 ? 0 : 1]}` },
    ],
  };
}

/** The detail for a subject, as `seat` (null = spectator) may see it. */
export function describe(view: GameState, seat: Faction | null, s: Subject): Detail {
  switch (s.k) {
    case 'mission': return missionDetail(view, seat, s);
    case 'objective': return objectiveDetail(view, seat, s.card);
    case 'probe': return probeDetail(view, s.letter);
    case 'base': return baseDetail(view, seat);
    case 'planet': return planetDetail(view, seat, s.id);
    case 'leader': return leaderDetail(view, s.id);
    case 'unit': return unitDetail(view, s.faction, s.type);
    case 'marker': return { kind: 'Marker', title: MARKERS[s.marker].title, faction: null, text: MARKERS[s.marker].text, lines: [], rule: MARKERS[s.marker].rule };
    case 'discard': {
      const pile = view.discards[s.faction]; // public (R8.2 "discard piles are public")
      return {
        kind: `${FACTION[s.faction]} mission discard pile`, title: `Discarded ${FACTION[s.faction]} missions`, faction: s.faction, rule: 'R4.2.4',
        lines: [{
          label: pile.length ? `${pile.length} card${pile.length === 1 ? '' : 's'}` : 'Empty',
          text: pile.length ? undefined : 'Deck missions go here face up after use; starting missions return to the hand.',
          links: pile.length ? pile.map((c) => ({ subject: { k: 'mission', card: c, where: 'discard' } as Subject, text: MISSIONS[c as MissionId]?.name ?? String(c) })) : undefined,
        }],
      };
    }
    case 'legend': return { kind: 'Legend', title: 'What the symbols mean', faction: null, lines: [], rule: 'R7.1' };
  }
}
