/**
 * The rules reference shown on the page (issue 12 item 2): RULES.md's sections and ids, summarised in this
 * project's own words for a player at the table. Lazy-loaded (RulesPanel imports it with import()), so the text
 * does not grow the first load. The card, planet, leader and objective entries of §7 are built from the content
 * modules, whose texts are already written for players.
 *
 * Every sentence stating a balance knob (RULES B7: objective start, build spaces, probe draws, relocation, the
 * occupation check, caps and limits) is built from a `GameConfig`: the config of the game on screen, or
 * DEFAULT_CONFIG where there is no game, never a copy of a default value (issue 24 item 4).
 */
import {
  DECK_I, DEFAULT_CONFIG, DIFFICULTIES, LEADERS, MISSIONS, OBJECTIVES, PLANETS, PLANET_IDS, UNITS, soloLevelText,
  type GameConfig, type LeaderId, type MissionId, type ObjectiveId,
} from '../../game/content';
import { ATTRIBUTE_NAMES } from '../format';

export interface RuleEntry {
  /** A RULES id (R4.2.3, R5.9, PL-A, LD-R1, R-S4, O1-8 …). */
  id: string;
  title: string;
  /** Plain sentences; an entry may have several paragraphs. */
  text: string[];
}

export interface RuleSection {
  id: string; // R1 … R9
  title: string;
  entries: RuleEntry[];
}

const e = (id: string, title: string, ...text: string[]): RuleEntry => ({ id, title, text });

/** "a probe card", "2 probe cards", "no probe card". */
const count = (n: number, one: string, many = `${one}s`) => (n === 0 ? `no ${one}` : n === 1 ? `a ${one}` : `${n} ${many}`);
/** "2, 4, 6, 8 and 10". */
const spaces = (ns: number[]) => (ns.length <= 1 ? ns.join('') : `${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`);

/** R1.2.1 / B7.4 — when the occupation win is checked. */
const occupationWhen = (c: GameConfig) => (c.occupationAtEveryCheck
  ? 'After every action or effect (at each state check)'
  : 'At the end of Operations and at the end of Refresh');

/** R4.5.2 / B7.3 — objectives the Rebel may reveal at one window. */
const perWindow = (c: GameConfig, what = 'objective') => (c.revealsPerWindow === 1 ? `one ${what}` : `up to ${c.revealsPerWindow} ${what}s`);

/** R4.2.9 / R4.4.9 — the end of a phase: occupation check (unless checked at every state check), then a window. */
const phaseEnd = (c: GameConfig, what: string) => (c.occupationAtEveryCheck
  ? `The Rebel may reveal ${perWindow(c, what)}.`
  : `The occupation win is checked, then the Rebel may reveal ${perWindow(c, what)}.`);

const overview = (c: GameConfig): RuleSection => ({
  id: 'R1', title: 'Overview and how to win', entries: [
    e('R1.1', 'The two sides',
      'The Rebel is the smaller side: they hide a base on one planet, turn planets loyal, jam production and complete secret objectives.',
      'The Imperial has more ships and the Star Fortress, and hunts for the hidden base with probe cards, patrols and force.'),
    e('R1.2.1', 'Imperial win: occupation',
      `${occupationWhen(c)}, the Imperial wins if the base is revealed, Imperial units are on the base planet and no Rebel unit is left there.`),
    e('R1.2.2', 'Imperial win: destruction',
      'If the Obliterator mission destroys the base planet — hidden or revealed — the Imperial wins at once.'),
    e('R1.2.3', 'Rebel win: the tokens meet',
      `The objective token starts on space ${c.objectiveStart} and the time token on space 1. Each scored objective moves the objective token one space down; each round moves time one space up. When the objective token reaches or passes the time token, the Rebel wins.`),
    e('R1.2.5', 'Game length', 'Time reaches space 12 by the end of round 11 at the latest, so a game lasts at most 11 rounds.'),
    e('R1.3', 'A round', 'Every round has four phases: Planning, Operations, Objective and Refresh. The Rebel acts first in each.'),
    e('R1.4', 'Words used here',
      'The board is 3 rows of 5 planets. Adjacent means next to each other in a row or a column, never diagonally. Distance counts steps in rows plus columns.',
      'Imperium sits in the middle of the top row and has no letter; the other 14 planets are lettered A–N. A "Production planet" is one of type Production (Imperium included).',
      'Capital-class means a capital ship or the Star Fortress. Units on the Rebel base card are not on any planet.'),
  ],
});

const COMPONENTS: RuleSection = {
  id: 'R2', title: 'Components and dice', entries: [
    e('R2.1', 'What is in the game',
      '15 planet cards (Imperium and A–N), 14 probe cards (one per lettered planet), the Rebel base card, 3 leaders per side, 13 mission cards per side (4 of them starting missions), 16 objective cards in two decks, the time track with its two tokens, unit pieces, loyalty markers and disrupt tokens.'),
    e('R2.2', 'Dice',
      'All dice are ordinary six-sided dice. In combat a 4 or 5 is a basic hit, a 6 a critical hit, 1–3 a miss. Mission attempts add a plain die to leader icons.'),
  ],
};

/** R3.3 / B7.3, B7.5 — how deck I is built. */
function deckIText(c: GameConfig): string {
  const used = c.deckISize >= DECK_I.length ? 'Deck I is shuffled' : `Deck I is shuffled and only its top ${c.deckISize} cards are used; they are`;
  const plans = c.secretPlansTopN === null ? '' : ` Secret Plans is always among the top ${c.secretPlansTopN} cards of deck I.`;
  return `${used} laid on top of shuffled deck II. The Rebel draws one objective.${plans}`;
}

const setup = (c: GameConfig): RuleSection => ({
  id: 'R3', title: 'Setting up', entries: [
    e('R3.1', 'The board', 'Imperium goes in the middle of the top row. The letters of each row are shuffled into that row, so a planet always stays in its own sector.'),
    e('R3.2', 'Markers and track', `Vireo (D), Caldris (E) and Brightmoor (L) start with a loyalty marker. Time starts on space 1, the objective token on space ${c.objectiveStart}. Build queues start empty.`),
    e('R3.3', 'Objectives', deckIText(c)),
    e('R3.4', 'Missions', 'Each side holds its 4 starting missions; the other 9 form a shuffled deck. The first deck card is drawn in round 1.'),
    e('R3.6', 'Starting planets', 'The Imperial starting planet is drawn from Marrowind (F), Veyl Forge (G) and Sunder Reach (H); the Rebel one from the two left. Both are public.'),
    e('R3.7', 'Imperial set-up',
      'The Imperial puts the capital ship on Imperium or on their starting planet, and the Star Fortress on the other one. Then they split 5 starfighters between the two planets as they like (0 to 5 on either).'),
    e('R3.8', 'The first probe card', 'The probe card of the Imperial starting planet goes to the Imperial hand: the base cannot be there, so everyone may know it.'),
    e('R3.9', 'Hiding the base',
      'The Rebel puts 2 starfighters on their starting planet. Then they secretly choose a probe card among the 13 left, for a planet with no Imperial units: that planet hides the base. Until this choice is made there is no base at all.'),
    e('R3.10', 'The probe deck', 'The other 12 probe cards are shuffled into the Imperial probe deck.'),
  ],
});

const round = (c: GameConfig): RuleSection => ({
  id: 'R4', title: 'The round', entries: [
    e('R4.1.1', 'Planning: draw', 'Each side draws one mission card (the Rebel first). An empty deck is refilled from its discard pile.'),
    e('R4.1.2', 'Planning: plan missions',
      'Each side may put missions face down, each with exactly one leader from the pool on it, as many as they have leaders. The Rebel plans first; the Imperial then sees how many missions and which leaders, never the cards.',
      'Requirements are not checked now: a card with no target can be planned, it just cannot be revealed later.'),
    e('R4.2.1', 'Operations: turns',
      'Starting with the Rebel, players take turns. On a turn you move a fleet, reveal a planned mission, or pass. After one side passes, the other keeps acting until they pass too.'),
    e('R4.2.2', 'Forced pass', 'With no possible move and no revealable mission you must pass. If you still hold a planned mission, the game asks you anyway, so the opponent cannot tell what you hold.'),
    e('R4.2.3', 'Move a fleet',
      'You need a leader in your pool. Pick a planet with your units and none of your own leaders, pick an adjacent planet, and move any of your units there; then put a leader from your pool on the destination.',
      'Imperial starfighters only move together with a capital ship or the Star Fortress. Imperial units entering the hidden base planet reveal the base.'),
    e('R4.2.4', 'Reveal a mission',
      'Turn up one of your planned missions that has a legal target now, name the target planet and move the mission\'s leader there.',
      'A mission without an icon cannot be opposed and simply succeeds. Otherwise the opponent may oppose. Afterwards starting missions go back to the hand, deck missions to the discard pile, success or not.'),
    e('R4.2.5', 'Opposing',
      'When a mission with an icon is revealed, the opponent may send one leader to the target — from the pool, or taken off one of their own planned missions (that card goes back to hand unseen). Even a player who has passed may oppose.',
      'A mission is opposed whenever an opposing leader stands on the target, whoever put it there.'),
    e('R4.2.6', 'The attempt',
      `If opposed, each side rolls one die and adds one for every matching icon among its leaders on the target. ${c.tiesToRevealer ? 'The revealing side wins ties.' : 'A tie is a failure for the revealing side.'}`),
    e('R4.2.7', 'Leaders stay', 'Leaders placed on planets stay until Refresh. You cannot move a fleet out of a planet where one of your leaders stands.'),
    e('R4.2.8', 'Passing', 'After passing you take no more moves or reveals this phase, but you may still oppose and answer every question the game asks.'),
    e('R4.2.9', 'End of Operations', `When both have passed: ${phaseEnd(c, 'Operations objective').replace(/^T/, 't')}`),
    e('R4.3', 'Objective phase', 'Each objective revealed since the last Objective phase moves the objective token one space toward the time token, then is discarded.'),
    e('R4.4.1', 'Refresh: leaders come home', 'Every free leader and every unrevealed planned mission returns to its owner. A captured leader stays where it is.'),
    e('R4.4.2', 'Refresh: hand limit', `Holding more than ${c.handLimit} mission cards, you discard deck missions of your choice down to ${c.handLimit}. Starting missions are never discarded.`),
    e('R4.4.3', 'Refresh: probes and objectives', `The Imperial draws ${count(c.probesPerRefresh, 'probe card')} and the Rebel draws an objective, while the decks last.`),
    e('R4.4.5', 'Refresh: time moves', `The time token moves up one space. On spaces ${spaces(c.buildSpaces)} both sides build.`),
    e('R4.4.6', 'Build',
      'Every producing planet puts the units of its production tab onto its owner\'s build queue: the Imperial from Imperium and its aligned, undisrupted Production planets; the Rebel from its aligned, undisrupted Production and Rebel Loyal planets and from the base card.',
      'If the supply runs short, the owner chooses which due units are not built.'),
    e('R4.4.7', 'Deploy',
      `Every round the queue moves one spot: units leaving spot 1 arrive and are placed, the Rebel first. Each place receives at most ${c.deployCap} units a round.`,
      'The Rebel deploys to its aligned planets without a disrupt token, to the base card while hidden, or to the revealed base planet. The Imperial deploys to its aligned planets without a disrupt token and to the Star Fortress\'s planet. Never onto enemy units. Units with nowhere to go return to supply.'),
    e('R4.4.8', 'Base moves', `After deployment, while the base is hidden, the Rebel may move units from the base card to its aligned planets without a disrupt token (at most ${c.deployCap} per planet this round, deployments included).`),
    e('R4.4.9', 'End of Refresh', phaseEnd(c, 'Refresh objective').replace(/\.$/, ' (scored next round).')),
    e('R4.5.2', 'Objective windows',
      `The Rebel may reveal at most ${perWindow(c)} at each window: the end of Operations, the end of Refresh and after each combat, and only one whose timing matches and whose condition is true right then.`,
      'The game asks at every window, even when nothing qualifies, so the Imperial learns nothing from the question.'),
    e('R4.6', 'State checks', `After every action or effect the game checks, in order: a planet with both sides' units fights (combat), a captured leader with no Imperial unit beside it is freed, ${c.occupationAtEveryCheck ? 'the occupation win is checked, ' : ''}and after a combat the Rebel gets an objective window.`),
  ],
});

const COMBAT: RuleSection = {
  id: 'R5', title: 'Combat', entries: [
    e('R5.1', 'When it happens', 'A combat starts as soon as both sides have units on one planet. The side whose units arrived last attacks.'),
    e('R5.5', 'Waves', 'In each wave the attacker rolls and assigns hits, then the defender does (units brought to 0 HP still roll this wave), then units at 0 HP are removed. Waves go on until one side, or both, has no unit left. Survivors heal afterwards.'),
    e('R5.6', 'Dice', 'A side rolls the dice of all its units there, at most 3 white and 3 black.'),
    e('R5.7', 'Hits', 'Black 4–5 can only hurt a starfighter, white 4–5 only a capital ship or the Star Fortress; a 6 hurts anything. 1–3 misses.'),
    e('R5.8', 'Assigning hits', 'The player who rolled places the hits one by one: black basic hits first, then white basic, then critical. Each removes 1 HP from an enemy unit of your choice that it can hurt. A hit with no possible target is lost.'),
    e('R5.9', 'Star Fortress and Secret Plans',
      'The Star Fortress cannot be taken below 1 HP — unless the Rebel shows the Secret Plans objective. When a Rebel hit could finish it, the game asks "Use Secret Plans?" every time, held or not; only a holder can say yes, and from then on everyone knows.'),
    e('R5.10', 'Result', 'The side with units left won the combat; if nobody has, it is mutual destruction. The result matters for "after a combat" objectives.'),
    e('R5.11', 'After a combat', 'There is no retreat. Leaders stay on the planet whatever happens.'),
    e('R5.12', 'Strike rolls', 'Some missions roll dice at enemy units without a combat: nothing fires back, the Star Fortress never drops below 1 HP, and no objective window opens.'),
  ],
};

/** R6.2.7 / B7.4 — R-S4 cannot be revealed in the round of a relocation nor in the next `relocationCooldown` rounds. */
const cooldownText = (c: GameConfig) => (c.relocationCooldown === 0
  ? 'It cannot be played again in the round of a relocation.'
  : `It cannot be played in the round of a relocation nor in the ${c.relocationCooldown === 1 ? 'round' : `${c.relocationCooldown} rounds`} after it.`);

const more = (c: GameConfig): RuleSection => ({
  id: 'R6', title: 'Leaders, the base, tokens and probes', entries: [
    e('R6.1', 'Capture and rescue',
      'Only Detain captures, and only one Rebel leader at a time. A captured leader stays on its planet, cannot act and moves only with Imperial fleets, but still counts for the Rebel in attempts there.',
      'It is freed by Daring Rescue or as soon as no Imperial unit is on its planet, and goes back to the Rebel pool at once.'),
    e('R6.2.2', 'Units on the base card', 'While the base is hidden, Rebel units can wait on the base card, off the board: safe, not on any planet, counted by everyone.'),
    e('R6.2.4', 'How the base is found', 'The hidden base is revealed the moment an Imperial unit enters its planet, or by Patrol Sweep or Deep Scan naming it.'),
    e('R6.2.5', 'Revealing the base', 'Its planet is marked, every unit on the base card moves onto it, and any combat that follows has the Imperial attacking.'),
    e('R6.2.7', 'Relocation',
      `Covert Relocation lets the Rebel look at the top ${c.relocationLook === 1 ? 'probe card' : `${c.relocationLook} probe cards`} and move the base to ${c.relocationLook === 1 ? 'it' : 'one of them'} (an intact planet with no Imperial units), or keep it. The deck is reshuffled either way; the Imperial only learns that a relocation happened. ${cooldownText(c)}`),
    e('R6.3', 'Disrupt tokens', 'Placed by Rebel missions, at most one per planet. A disrupted planet produces nothing and takes no deployments, except for the Imperial where the Star Fortress is and the Rebel on its revealed base.'),
    e('R6.4', 'Destroyed planets', 'The Obliterator destroys a planet: Rebel units there are lost, its tokens go, Imperial units and leaders stay. It never produces again, and its probe card goes to the Imperial.'),
    e('R6.5', 'Probe cards', 'A probe card names a planet where the base is NOT. The Imperial keeps them secret; some become public when a public effect moves them.'),
    e('R6.6', 'Loyalty and alignment',
      'Imperial aligned: Imperium, and any intact lettered planet with Imperial units and no loyalty marker. Rebel aligned: an intact lettered planet with a loyalty marker and no Imperial units. A planet can be neither.',
      'A Production planet produces for the side it is aligned with; red (Rebel Loyal) tabs produce only Rebel units.'),
  ],
});

const UNIT_WORDS: Record<string, string> = { f: 'Starfighter', c: 'Capital ship', s: 'Star Fortress' };

function contentSection(c: GameConfig): RuleSection {
  const entries: RuleEntry[] = [];
  for (const id of PLANET_IDS) {
    const p = PLANETS[id];
    const tab = p.tab.length ? p.tab.map((t) => `${t.count} ${t.unit === 'f' ? 'starfighter' : 'capital ship'} → spot ${t.spot}`).join(', ') : 'none';
    const type = p.type === 'production' ? 'Production' : p.type === 'loyal' ? 'Rebel Loyal (red tab: Rebel units only)' : 'Remote';
    entries.push(e(p.ruleId, `${p.name}${p.letter ? ` (${p.letter})` : ''}`, `Sector ${p.sector}, ${type}. Production tab: ${tab}.`));
  }
  for (const id of Object.keys(LEADERS) as LeaderId[]) {
    const l = LEADERS[id];
    entries.push(e(id, l.name, `${l.faction === 'R' ? 'Rebel' : 'Imperial'} leader. Icons: ${l.icons.map((i) => ATTRIBUTE_NAMES[i]).join(', ')}.`));
  }
  entries.push(e('R7.3', 'Units', ...(['R', 'I'] as const).flatMap((f) => Object.entries(UNITS[f]).map(([t, u]) => {
    const dice = [u!.white ? `${u!.white} white` : '', u!.black ? `${u!.black} black` : ''].filter(Boolean).join(' + ');
    return `${f === 'R' ? 'Rebel' : 'Imperial'} ${UNIT_WORDS[t].toLowerCase()}: ${u!.hp} HP, rolls ${dice}.`;
  }))));
  for (const id of Object.keys(MISSIONS) as MissionId[]) {
    const m = MISSIONS[id];
    const icon = m.attribute ? ATTRIBUTE_NAMES[m.attribute] : 'no icon, cannot be opposed';
    entries.push(e(id, m.name, `${m.faction === 'R' ? 'Rebel' : 'Imperial'} ${m.starting ? 'starting ' : ''}mission · ${icon}.`, m.text));
  }
  for (const id of Object.keys(OBJECTIVES) as ObjectiveId[]) {
    const o = OBJECTIVES[id];
    entries.push(e(id, o.name, `Objective, deck ${o.deck === 1 ? 'I' : 'II'}.`, o.text));
  }
  entries.push(e('R7.9', 'Time track', `Spaces 1 to 12. Builds happen when time reaches ${spaces(c.buildSpaces)}. During round r the time token is on space r.`));
  return { id: 'R7', title: 'Planets, leaders, units, cards', entries };
}

const SECRETS: RuleSection = {
  id: 'R8', title: 'What each side may see', entries: [
    e('R8.1', 'Your own view', 'Each player sees only what their side may know; the log and every message follow the same rule.'),
    e('R8.2', 'Public and secret',
      'Secret: the hidden base planet (Rebel only), the Rebel objective hand, each mission hand and the faces of planned missions, the Imperial probe hand, and every deck order.',
      'Public: the board, units and HP, leaders, tokens, build queues and supplies, the time track, dice, discard piles and the number of cards in every hand and deck.'),
  ],
};

const SOLO: RuleSection = {
  id: 'R9', title: 'Solo against the rival deck', entries: [
    e('R9.1', 'Set-up', 'One player takes a side; the rival plays the other with all 13 of its missions shuffled into one deck. It never holds or plans cards.'),
    e('R9.4', 'The rival\'s turn', 'With no leader left it passes. On its first turn of a round it tries its default action; otherwise it turns cards over until one can be used, and resolves that card\'s rival line. Cards it could not use go face up under its deck.'),
    e('R9.6', 'Imperial rival: Hunt', 'It moves a fleet with a capital ship toward the planets where the base could be.'),
    e('R9.7', 'Rebel rival: Strike or Spread', 'It attacks a weak Imperial group next door with at least twice as many units, or else spreads one unit to an empty neighbour.'),
    // One paragraph per level, in a player's words (issue 20 item 8).
    e('R9.11', 'Difficulty', ...DIFFICULTIES.map((d) => `${d[0].toUpperCase()}${d.slice(1)}: ${soloLevelText(d)}`)),
  ],
};

/** The reference for a game's config (the game on screen; DEFAULT_CONFIG on a page with no game). */
export function ruleSections(config: GameConfig = DEFAULT_CONFIG): RuleSection[] {
  return [overview(config), COMPONENTS, setup(config), round(config), COMBAT, more(config), contentSection(config), SECRETS, SOLO];
}

/** The reference of a new game (DEFAULT_CONFIG). */
export const RULE_SECTIONS: RuleSection[] = ruleSections();
