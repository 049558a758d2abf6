import { SCROLL, TIMERS_MS } from '@quire/domain';
import { type CSSProperties, useEffect, useState } from 'react';

/**
 * Spec §4 Top bar: hidden once the reader scrolls down past the threshold (40px); shown again at the top
 * (within the threshold). Always shown on the server and before the first scroll.
 */
export function useScrollDirection(threshold: number = SCROLL.topBarThreshold): { hidden: boolean } {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (y <= threshold) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return { hidden };
}

/** Spec §4/§9: the 300ms fade of the hidden top bar; a hidden bar takes no clicks. */
export function topBarFadeStyle(hidden: boolean): CSSProperties {
  return {
    transition: `opacity ${TIMERS_MS.hideFade}ms ease, visibility ${TIMERS_MS.hideFade}ms`,
    opacity: hidden ? 0 : 1,
    visibility: hidden ? 'hidden' : 'visible',
    pointerEvents: hidden ? 'none' : undefined,
  };
}
