/** A Local match for the life of a screen (created in an effect, so React's StrictMode double mount is safe). */
import { useEffect, useState } from 'react';
import type { SoloSetup } from '../../game/content';
import { createLocalMatch, type LocalMatch } from '../session/clients';

export function useLocalMatch(seed?: string, solo?: SoloSetup): LocalMatch | null {
  const [match, setMatch] = useState<LocalMatch | null>(null);
  const soloKey = solo ? `${solo.bot}:${solo.difficulty}` : '';
  useEffect(() => {
    const m = createLocalMatch(seed, soloKey ? { bot: soloKey[0] as SoloSetup['bot'], difficulty: soloKey.slice(2) as SoloSetup['difficulty'] } : undefined);
    setMatch(m);
    return () => m.stop();
  }, [seed, soloKey]);
  return match;
}
