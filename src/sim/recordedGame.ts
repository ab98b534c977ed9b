/**
 * A random legal game through the pure core with its record (src/game/record.ts): what
 * `npm run simulate -- --record-dir DIR` writes, and what the record tests re-run.
 */
import { DEFAULT_CONFIG, type GameConfig, type SoloSetup } from '../game/content';
import { recordFromGame, type GameRecord, type RecordAction } from '../game/record';
import { seededRng, type GameState } from '../game/rules';
import { playRandomGame } from './randomGame';

export interface RecordedGame { state: GameState; steps: number; record: GameRecord }

/**
 * Game `seed` with the simulate drivers' chooser (`choices-${seed}`), the same game as playCoreGame. Times are
 * the wall clock. In solo, the rival's seat is named "Rival deck" with bot 'rival'.
 */
export function playRecordedGame(
  seed: string, config: GameConfig = DEFAULT_CONFIG, solo: SoloSetup | null = null, maxSteps = 100000,
): RecordedGame {
  const actions: RecordAction[] = [];
  const startedAt = Date.now();
  const { state, steps } = playRandomGame(seededRng(seed), seededRng(`choices-${seed}`), config, (_s, seat, action) => {
    actions.push({ seat, action, at: Date.now() });
  }, maxSteps, solo);
  const player = (faction: 'R' | 'I') => (solo?.bot === faction
    ? { faction, name: 'Rival deck', bot: 'rival' }
    : { faction, name: faction === 'R' ? 'Random Rebel' : 'Random Imperial', bot: 'random' });
  const record = recordFromGame({
    seed, config, solo, players: [player('R'), player('I')], actions, startedAt, finishedAt: Date.now(),
    source: 'simulate',
  }, state);
  if ('error' in record) throw new Error(record.error);
  return { state, steps, record };
}
