/**
 * Issue 20 item 2 — the events that change the game, which stop the player's flow until acknowledged instead of
 * being folded into the banner's "+N more": a base found, moved or destroyed, a planet destroyed, a leader
 * captured or rescued, an objective scored, a mission's roll and its result, a combat's result, the Star Fortress
 * destroyed, and (item 3) the player's own automatic pass. Read from the log the viewer may see, worded by the
 * log's own sentences (../log/sentences.ts) so the card says exactly what the log says. Pure: no React.
 */
import type { Faction, PlanetId } from '../../game/content';
import type { LogEvent } from '../../game/rules';
import { describeEvent } from '../log/sentences';

export interface Moment {
  /** Index of the event in the viewer's log. */
  index: number;
  kind: 'baseFound' | 'baseMoved' | 'planetDestroyed' | 'captured' | 'rescued' | 'scored' | 'mission' | 'combat' | 'fortress' | 'autoPass';
  title: string;
  text: string;
  /** The planet it happened on, to mark on the board. */
  planet?: PlanetId;
}

const planetOf = (ev: LogEvent): PlanetId | undefined => {
  const p = ('planet' in ev ? ev.planet : undefined) ?? ('target' in ev ? ev.target : undefined);
  return p !== undefined && p !== null && p !== 'BASE' ? p : undefined;
};

function kindOf(ev: LogEvent, viewer: Faction): { kind: Moment['kind']; title: string } | null {
  switch (ev.e) {
    case 'baseRevealed': return { kind: 'baseFound', title: 'The Rebel base is found' };
    case 'relocated': return { kind: 'baseMoved', title: ev.hidden ? 'The Rebel base is hidden again' : 'A relocation' };
    case 'planetDestroyed': return ev.base ? { kind: 'planetDestroyed', title: 'The base is destroyed' } : { kind: 'planetDestroyed', title: 'A planet is destroyed' };
    case 'leaderCaptured': return { kind: 'captured', title: 'A leader is captured' };
    case 'leaderRescued': return { kind: 'rescued', title: 'A leader is rescued' };
    case 'objectiveScored': return { kind: 'scored', title: 'The Rebel scores an objective' };
    case 'missionAttempt': {
      const whose = ev.faction === viewer ? 'Your mission' : "Your opponent's mission";
      return { kind: 'mission', title: `${whose} ${ev.success ? 'succeeds' : 'fails'}` };
    }
    case 'combatEnded': return { kind: 'combat', title: ev.winner === viewer ? 'You won the combat' : ev.winner === 'none' ? 'Nobody won the combat' : 'You lost the combat' };
    case 'unitDestroyed': return ev.unit === 's' ? { kind: 'fortress', title: 'The Star Fortress is destroyed' } : null;
    case 'passed': return ev.auto && ev.faction === viewer ? { kind: 'autoPass', title: 'You passed automatically' } : null;
    default: return null;
  }
}

/** The moments at log index ≥ `from` that `viewer` (a seat that plays) must acknowledge, oldest first. */
export function momentsSince(log: readonly LogEvent[], from: number, viewer: Faction): Moment[] {
  const out: Moment[] = [];
  for (let i = Math.max(0, from); i < log.length; i++) {
    const ev = log[i];
    const k = kindOf(ev, viewer);
    if (!k) continue;
    const text = describeEvent(ev, viewer);
    if (!text) continue;
    out.push({ index: i, kind: k.kind, title: k.title, text, planet: planetOf(ev) });
  }
  return out;
}
