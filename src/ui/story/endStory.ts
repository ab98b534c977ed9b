/**
 * The end of a game as a short story (issue 20 item 1): who won and why, where the base was hidden, when it was
 * found and where it moved, the objectives scored, and what each side still held. Read from the final view, which
 * is the whole state once the game is over (src/game/rules/view.ts `viewFor`): nothing here can leak, because
 * nothing is secret any more. Each moment keeps the index of its log event, so the end screen can link it to its
 * step in the replay (src/ui/replay/timeline.ts `stepOfEvent`). Pure: no React.
 */
import {
  MISSIONS, OBJECTIVES, PLANETS, type Faction, type LetterId, type MissionId, type ObjectiveId, type PlanetId,
} from '../../game/content';
import type { GameState } from '../../game/rules';
import { isHidden } from '../../game/rules/view';
import { WIN_REASONS } from '../format';

export interface StoryMoment {
  round: number;
  /** Index of the event in the final log (a link into the replay). */
  event: number;
  kind: 'hidden' | 'found' | 'moved' | 'stayed' | 'destroyed' | 'scored' | 'end';
  text: string;
}

export interface EndStory {
  winner: Faction;
  reason: string;
  /** "Round 8: the objective token reached the time token." */
  headline: string;
  /** The base's planet at the end (null if never chosen), and whether it was ever found. */
  base: { planet: LetterId | null; found: boolean };
  moments: StoryMoment[];
  /** Cards each side still held at the end: mission hand and facedown plans; the Rebel's objective hand. */
  unplayed: { R: MissionId[]; I: MissionId[]; objectives: ObjectiveId[] };
  /** The Imperial's probe hand and what was left of the probe deck (planets the base was not on). */
  probes: { hand: LetterId[]; deck: LetterId[] };
}

export function planetName(p: unknown): string {
  const def = PLANETS[p as PlanetId];
  if (!def) return String(p);
  return def.letter ? `${def.name} (${def.letter})` : def.name;
}

const FOUND_BY: Record<string, string> = {
  fleet: 'Imperial ships flew in',
  patrol: 'a patrol swept it',
  deepScan: 'a Deep Scan found it',
};

const known = <T>(xs: readonly T[]): T[] => xs.filter((x) => !isHidden(x));

/** The story of a finished game, or null while it is running (or a view with secrets still cut). */
export function endStory(view: GameState): EndStory | null {
  const w = view.winner;
  if (!w || isHidden(view.base.planet)) return null;
  const moments: StoryMoment[] = [];
  let found = false;
  view.log.forEach((ev, i) => {
    const at = (kind: StoryMoment['kind'], text: string) => moments.push({ round: ev.round, event: i, kind, text });
    switch (ev.e) {
      case 'baseChosen': at('hidden', `The Rebel hid the base on ${planetName(ev.planet)}.`); break;
      case 'baseRevealed':
        found = true;
        at('found', `The base was found on ${planetName(ev.planet)}: ${FOUND_BY[ev.cause as string] ?? 'it was exposed'}.`);
        break;
      case 'relocatedTo':
        if (ev.dest) at('moved', `The base moved in secret from ${planetName(ev.from)} to ${planetName(ev.dest)}.`);
        else at('stayed', `A relocation left the base on ${planetName(ev.from)}.`);
        break;
      case 'planetDestroyed':
        if (ev.base) at('destroyed', `The Obliterator destroyed ${planetName(ev.planet)}, with the base on it.`);
        break;
      case 'objectiveScored': {
        const o = OBJECTIVES[ev.card as ObjectiveId];
        at('scored', `The Rebel scored ${o ? `“${o.name}”` : 'an objective'}: the objective token moved to ${ev.objective as number}.`);
        break;
      }
      case 'gameOver': at('end', `The ${w.faction === 'R' ? 'Rebel' : 'Imperial'} won.`); break;
      default: break;
    }
  });
  const held = (f: Faction) => [...known(view.hands[f]), ...known(view.planned[f].map((p) => p.card))]
    .filter((c) => !!MISSIONS[c]).sort();
  return {
    winner: w.faction,
    reason: w.reason,
    headline: `Round ${view.round}: ${WIN_REASONS[w.reason] ?? w.reason}.`,
    base: { planet: view.base.planet, found },
    moments,
    unplayed: { R: held('R'), I: held('I'), objectives: known(view.objectives.hand).sort() },
    probes: { hand: known(view.probes.hand).sort(), deck: known(view.probes.deck).sort() },
  };
}
