/** A Local match for the life of a screen (created in an effect, so React's StrictMode double mount is safe). */
import { useEffect, useState } from 'react';
import { createLocalMatch, type LocalMatch } from '../session/clients';

export function useLocalMatch(seed?: string): LocalMatch | null {
  const [match, setMatch] = useState<LocalMatch | null>(null);
  useEffect(() => {
    const m = createLocalMatch(seed);
    setMatch(m);
    return () => m.stop();
  }, [seed]);
  return match;
}
