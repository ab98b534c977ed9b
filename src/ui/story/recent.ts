/**
 * What happened since the viewer's last decision (issue 13 items 4 and 7), read from the log the viewer may see:
 * the opponent's actions (the "last move" banner), the planets their pieces moved to or from (highlighted until
 * the viewer's next decision) and every line since (the hot-seat "while you were away" summary). Pure: no React.
 */
import type { Faction, PlanetId } from '../../game/content';
import type { LogEvent, LogKind } from '../../game/rules';
import { describeEvent, describeLog, sameEvent, withRepeats } from '../log/sentences';

/** Events that are a player's own act (a decision or an automatic pass); the acting side is their `faction`. */
const ACTS: ReadonlySet<LogKind> = new Set<LogKind>([
  'imperialSetup', 'baseHidden', 'missionPlanned', 'planningDone', 'passed', 'fleetMoved', 'missionRevealed', 'opposed',
  'notOpposed', 'deployed', 'baseMoved', 'missionDiscarded', 'botDefaultAction', 'objectiveRevealed',
  'relocationStarted', 'slipstreamed',
]);

/** Some events name no faction but can only be one side's act. */
const ACTOR_OF_KIND: Partial<Record<LogKind, Faction>> = {
  imperialSetup: 'I', baseHidden: 'R', baseMoved: 'R', objectiveRevealed: 'R', relocationStarted: 'R', slipstreamed: 'R',
};

export function actorOf(ev: LogEvent): Faction | null {
  if (!ACTS.has(ev.e)) return null;
  const f = ('faction' in ev ? ev.faction : undefined) ?? ACTOR_OF_KIND[ev.e];
  return f === 'R' || f === 'I' ? f : null;
}

/** `count`: the act stands for that many identical acts in a row (issue 20 item 10); `index` is the last one's. */
export interface Act { index: number; by: Faction; text: string; round: number; count?: number }

/**
 * The opponent's acts at log index ≥ `from`, as sentences for the viewer (spectator: both sides' acts). Identical
 * acts in a row (two starfighters deployed to the same planet) are one act with a count, as in the log.
 */
export function actsSince(log: readonly LogEvent[], from: number, viewer: Faction | null): Act[] {
  const out: Act[] = [];
  for (let i = Math.max(0, from); i < log.length; i++) {
    const by = actorOf(log[i]);
    if (!by || by === viewer) continue;
    const last = out[out.length - 1];
    if (last && last.index === i - 1 && sameEvent(log[i - 1], log[i])) {
      const count = (last.count ?? 1) + 1;
      out[out.length - 1] = { ...last, index: i, count, text: withRepeats(describeEvent(log[i], viewer) ?? last.text, count) };
      continue;
    }
    const text = describeEvent(log[i], viewer);
    if (text) out.push({ index: i, by, text, round: log[i].round });
  }
  return out;
}

export type Touch = 'in' | 'out' | 'mission' | 'combat';

/** Planets touched by the other side's acts (and by any combat) at log index ≥ `from`: the last touch wins. */
export function touchedSince(log: readonly LogEvent[], from: number, viewer: Faction | null): Map<PlanetId, { touch: Touch; by: Faction | null }> {
  const out = new Map<PlanetId, { touch: Touch; by: Faction | null }>();
  const put = (p: unknown, touch: Touch, by: Faction | null) => {
    if (typeof p === 'string' && p !== 'BASE') out.set(p as PlanetId, { touch, by });
  };
  for (let i = Math.max(0, from); i < log.length; i++) {
    const ev = log[i];
    if (ev.e === 'combatStarted' || ev.e === 'strikeStarted') { put(ev.planet, 'combat', null); continue; }
    const by = actorOf(ev);
    if (!by || by === viewer) continue;
    switch (ev.e) {
      case 'fleetMoved': case 'slipstreamed': case 'botDefaultAction':
        if (!out.has(ev.from)) put(ev.from, 'out', by);
        put(ev.dest, 'in', by);
        break;
      case 'deployed': case 'baseMoved': put(ev.dest, 'in', by); break;
      case 'missionRevealed': put(ev.target, 'mission', by); break;
      default: break;
    }
  }
  return out;
}

/** Every line the viewer may see at log index ≥ `from` (the "while you were away" summary). */
export function linesSince(log: readonly LogEvent[], from: number, viewer: Faction | null) {
  return describeLog(log.slice(Math.max(0, from)), viewer);
}
