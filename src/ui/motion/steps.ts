/**
 * Which motion a burst of new log events calls for (pure): a fleet sliding between planets, units arriving,
 * each die of a roll, each hit on the unit that takes it, a token stepping along the time track, a revealed
 * mission turning face up. The events are the viewer's own log (the view already stripped what it may not see).
 */
import type { Faction, MissionId, PlanetId, UnitType } from '../../game/content';
import type { GameState, LogEvent } from '../../game/rules';

export type MotionStep =
  | { k: 'slide'; faction: Faction; from: PlanetId; to: PlanetId } // R4.3 fleet move, R-03 slipstream
  | { k: 'arrive'; faction: Faction; planet: PlanetId } // R4.4.7 deployment, units placed by a card
  | { k: 'dice'; planet: PlanetId; by: Faction; wave: number; dice: { colour: 'w' | 'b'; value: number }[] } // R5.6
  | { k: 'hits'; planet: PlanetId; hits: Hit[] } // R5.8: the hits of one roll, landing one after another
  | { k: 'token'; token: 'time' | 'objective'; from: number; to: number } // R7.9
  | { k: 'flip'; card: MissionId; planet: PlanetId }; // R4.2.3 reveal

export interface Hit { faction: Faction; unit: UnitType; hpLeft: number }

export interface Tokens { time: number; objective: number }

/** At most this many steps for one burst: a long one (a resumed game, a replay jump) keeps its latest steps. */
export const MAX_STEPS = 10;

const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');
const isPlanet = (p: unknown): p is PlanetId => typeof p === 'string' && p !== 'BASE' && p.length > 0;

/**
 * Steps for `events` in log order. `before` is where the tokens stood before them (null when unknown: the board
 * mounted after them), `after` where they stand now; a token move without its event is added at the end.
 */
export function stepsFor(events: LogEvent[], before: Tokens | null, after: Tokens): MotionStep[] {
  const out: MotionStep[] = [];
  const at = { time: before?.time ?? null, objective: before?.objective ?? null } as Record<'time' | 'objective', number | null>;
  const token = (t: 'time' | 'objective', to: number) => {
    const from = at[t] ?? to - 1;
    if (from !== to && from >= 1) out.push({ k: 'token', token: t, from, to });
    at[t] = to;
  };
  for (const ev of events) {
    switch (ev.e) {
      case 'fleetMoved':
        if (isPlanet(ev.from) && isPlanet(ev.dest) && ev.from !== ev.dest) out.push({ k: 'slide', faction: ev.faction as Faction, from: ev.from, to: ev.dest });
        break;
      case 'slipstreamed':
        if (isPlanet(ev.from) && isPlanet(ev.dest) && ev.from !== ev.dest) out.push({ k: 'slide', faction: 'R', from: ev.from, to: ev.dest });
        break;
      case 'deployed':
        if (isPlanet(ev.dest)) out.push({ k: 'arrive', faction: ev.faction as Faction, planet: ev.dest });
        break;
      case 'unitsPlaced':
        if (isPlanet(ev.planet) && Number(ev.count) > 0) out.push({ k: 'arrive', faction: ev.faction as Faction, planet: ev.planet });
        break;
      case 'diceRolled':
        if (isPlanet(ev.planet) && Array.isArray(ev.dice)) {
          out.push({ k: 'dice', planet: ev.planet, by: ev.by as Faction, wave: Number(ev.wave), dice: ev.dice as { colour: 'w' | 'b'; value: number }[] });
        }
        break;
      case 'hit': {
        if (!isPlanet(ev.planet)) break;
        const hit = { faction: other(ev.by as Faction), unit: ev.unit as UnitType, hpLeft: Number(ev.hpLeft) };
        const prev = out[out.length - 1];
        // Hits in a row (one roll's) are one step: they land in turn within it, so a combat burst stays short.
        if (prev?.k === 'hits' && prev.planet === ev.planet) prev.hits.push(hit);
        else out.push({ k: 'hits', planet: ev.planet, hits: [hit] });
        break;
      }
      case 'timeAdvanced':
        token('time', Number(ev.time));
        break;
      case 'objectiveScored':
        token('objective', Number(ev.objective));
        break;
      case 'missionRevealed':
        if (isPlanet(ev.target)) out.push({ k: 'flip', card: ev.card as MissionId, planet: ev.target });
        break;
      default:
    }
  }
  if (before) {
    if (at.time !== after.time && before.time !== after.time) token('time', after.time);
    if (at.objective !== after.objective && before.objective !== after.objective) token('objective', after.objective);
  }
  return out.length > MAX_STEPS ? out.slice(-MAX_STEPS) : out;
}

/**
 * A take-back (issue 9) rewinds the log, so it has no events to read: the units that went back are found by
 * comparing the planets. Per faction, exactly one planet that lost units and one that gained them is a fleet
 * returning; anything else (several planets, a combat undone) shows no motion rather than a wrong one.
 */
export function stepsForTakeBack(before: GameState['planets'], after: GameState['planets']): MotionStep[] {
  const out: MotionStep[] = [];
  const total = (u: { f: number; c: number; s: number }) => u.f + u.c + u.s;
  for (const f of ['R', 'I'] as Faction[]) {
    const ids = Object.keys(after) as PlanetId[];
    const lost = ids.filter((p) => before[p] && total(after[p][f]) < total(before[p][f]));
    const gained = ids.filter((p) => before[p] && total(after[p][f]) > total(before[p][f]));
    if (lost.length === 1 && gained.length === 1) out.push({ k: 'slide', faction: f, from: lost[0], to: gained[0] });
  }
  return out;
}
