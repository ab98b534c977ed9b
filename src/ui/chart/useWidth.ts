import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of a chart's box in px, followed as it changes (a phone turned), so the chart is drawn at that width and
 * its text stays readable at any size (a scaled viewBox would shrink 13 px labels to 6 px on a phone). `fallback`
 * until measured (tests without layout).
 */
export function useWidth(ref: RefObject<Element | null>, fallback = 720): number {
  const [w, setW] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const ro = new ResizeObserver(() => {
      const px = Math.round(el.getBoundingClientRect().width);
      if (px >= 200) setW(px);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return w;
}
