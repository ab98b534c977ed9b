/**
 * Combat and strike stories (issue 13 item 3) read from the typed log a viewer may see — never from hidden state:
 * combat events are public (R5: units on planets and every die are seen by both sides), so any seat's view, or
 * the spectator's, tells the same story. Pure: no React.
 */
import type { Faction, PlanetId, UnitType } from '../../game/content';
import type { LogEvent } from '../../game/rules';

export interface Roll {
  by: Faction;
  dice: { colour: 'w' | 'b'; value: number }[];
  /** Hits this roll gave, in order: which enemy unit, how many HP it had left. */
  hits: { unit: UnitType; hpLeft: number }[];
  /** R5.9 — the Rebel showed Secret Plans on this roll. */
  secretPlans: boolean;
}

export interface Wave {
  wave: number;
  rolls: Roll[];
  /** Units removed at the end of the wave (R5.5 step 3). */
  destroyed: { faction: Faction; unit: UnitType }[];
}

export interface CombatStory {
  kind: 'combat' | 'strike';
  planet: PlanetId;
  round: number;
  /** Combat: the attacker (R5.2); strike: the faction rolling. */
  attacker: Faction;
  waves: Wave[];
  /** Units lost per faction over the whole fight. */
  losses: Record<Faction, Partial<Record<UnitType, number>>>;
  /** Combat: the side left on the planet ('none': both wiped out); strike: null. Undefined while still running. */
  winner?: Faction | 'none' | null;
  /** Index in the log of the first and last (end) events. */
  start: number;
  end?: number;
}

function currentWave(s: CombatStory, n: number): Wave {
  let w = s.waves[s.waves.length - 1];
  if (!w || w.wave !== n) {
    w = { wave: n, rolls: [], destroyed: [] };
    s.waves.push(w);
  }
  return w;
}

/** Every combat and strike in the log, in order; the last may still be running (no `winner` yet). */
export function combatStories(log: readonly LogEvent[]): CombatStory[] {
  const out: CombatStory[] = [];
  let open: CombatStory | null = null;
  let lastRoll: Roll | null = null;
  log.forEach((ev, i) => {
    if (ev.e === 'combatStarted' || ev.e === 'strikeStarted') {
      open = {
        kind: ev.e === 'combatStarted' ? 'combat' : 'strike', planet: ev.planet as PlanetId, round: ev.round,
        attacker: (ev.e === 'combatStarted' ? ev.attacker : ev.by) as Faction, waves: [], losses: { R: {}, I: {} }, start: i,
      };
      lastRoll = null;
      out.push(open);
      return;
    }
    const s = open as CombatStory | null;
    if (!s) return;
    switch (ev.e) {
      case 'diceRolled': {
        lastRoll = { by: ev.by as Faction, dice: (ev.dice as Roll['dice']) ?? [], hits: [], secretPlans: false };
        currentWave(s, (ev.wave as number | undefined) ?? 1).rolls.push(lastRoll);
        break;
      }
      case 'hit': lastRoll?.hits.push({ unit: ev.unit as UnitType, hpLeft: ev.hpLeft as number }); break;
      case 'secretPlansShown': if (lastRoll) lastRoll.secretPlans = true; break;
      case 'unitDestroyed': {
        const f = ev.faction as Faction;
        const t = ev.unit as UnitType;
        const w = s.waves[s.waves.length - 1] ?? currentWave(s, 1);
        w.destroyed.push({ faction: f, unit: t });
        s.losses[f][t] = (s.losses[f][t] ?? 0) + 1;
        break;
      }
      case 'combatEnded': s.winner = ev.winner as Faction | 'none'; s.end = i; open = null; break;
      case 'strikeEnded': s.winner = null; s.end = i; open = null; break;
      default: break;
    }
  });
  return out;
}

/** The finished stories that ended after log index `from` (exclusive of earlier ones). */
export function endedSince(stories: CombatStory[], from: number): CombatStory[] {
  return stories.filter((s) => s.end !== undefined && s.end >= from);
}
