/** A Local match for the life of a screen (created in an effect, so React's StrictMode double mount is safe). */
import { useEffect, useState } from 'react';
import type { GameConfig, SoloSetup } from '../../game/content';
import { createLocalMatch, type LocalMatch } from '../session/clients';

/** `config`: the game's balance knobs (RULES B7); without it the game gets DEFAULT_CONFIG. */
export function useLocalMatch(seed?: string, solo?: SoloSetup, config?: GameConfig): LocalMatch | null {
  const [match, setMatch] = useState<LocalMatch | null>(null);
  // By value: a new object with the same set-up (and R9.11 knobs) is the same match.
  const soloKey = solo ? JSON.stringify(solo) : '';
  const configKey = config ? JSON.stringify(config) : '';
  useEffect(() => {
    const m = createLocalMatch(
      seed, soloKey ? JSON.parse(soloKey) as SoloSetup : undefined,
      configKey ? JSON.parse(configKey) as GameConfig : undefined,
    );
    setMatch(m);
    return () => m.stop();
  }, [seed, soloKey, configKey]);
  return match;
}
