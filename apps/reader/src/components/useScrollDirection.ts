import { SCROLL, TIMERS_MS } from '@quire/domain';
import { type CSSProperties, useEffect, useState } from 'react';

/**
 * Runs the step `setup()` returns with scrollY, at most once an animation frame while the page scrolls;
 * `setup` runs again when `deps` change, so the step may keep state in its closure.
 */
function useScrollSteps(setup: () => (y: number) => void, deps: readonly unknown[]) {
  useEffect(() => {
    const step = setup();
    let frame = 0;
    const update = () => {
      frame = 0;
      step(window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, deps);
}

/**
 * Spec §4 Top bar: hidden once the reader scrolls down past the threshold (40px); shown again at the top
 * (within the threshold). Always shown on the server and before the first scroll.
 */
export function useScrollDirection(threshold: number = SCROLL.topBarThreshold): { hidden: boolean } {
  const [hidden, setHidden] = useState(false);
  useScrollSteps(() => {
    let last = window.scrollY;
    return (y) => {
      if (y <= threshold) setHidden(false);
      else if (y > last) setHidden(true);
      last = y;
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

/** Where the metabar's scroll rule stands: whether it is hidden, the last offset and the distance scrolled up. */
export interface MetabarScroll {
  hidden: boolean;
  lastY: number;
  upDistance: number;
}

/**
 * Spec §4 Metabar: hides on scrolling down past 25px unless locked; shows again on scrolling up once within
 * 25px of the top, or, in aggressive mode, after scrolling up 25px or more anywhere.
 */
export function nextMetabarScroll(
  state: MetabarScroll,
  y: number,
  opts: { locked?: boolean; aggressive?: boolean; threshold?: number } = {},
): MetabarScroll {
  const threshold = opts.threshold ?? SCROLL.metabarThreshold;
  if (opts.locked) return { hidden: false, lastY: y, upDistance: 0 };
  if (y > state.lastY) return { hidden: state.hidden || y > threshold, lastY: y, upDistance: 0 };
  if (y < state.lastY) {
    const upDistance = state.upDistance + (state.lastY - y);
    const show = y <= threshold || (!!opts.aggressive && upDistance >= threshold);
    return { hidden: state.hidden && !show, lastY: y, upDistance };
  }
  return state;
}

/** Spec §4 Metabar visibility in the browser (always shown on the server and before the first scroll). */
export function useMetabarScroll(opts: { locked?: boolean; aggressive?: boolean } = {}): { hidden: boolean } {
  const [hidden, setHidden] = useState(false);
  const { locked = false, aggressive = false } = opts;
  useScrollSteps(() => {
    let state: MetabarScroll = { hidden: false, lastY: window.scrollY, upDistance: 0 };
    return (y) => {
      state = nextMetabarScroll(state, y, { locked, aggressive });
      setHidden(state.hidden);
    };
  }, [locked, aggressive]);
  return { hidden };
}
