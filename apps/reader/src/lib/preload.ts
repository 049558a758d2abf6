import { TIMERS_MS } from '@quire/domain';

/** Spec §2 URL shapes: the route names whose pages are preloaded on hover, focus or render. */
export const PRELOADABLE_ROUTES: ReadonlySet<string> = new Set([
  'ShowHome',
  'ShowPost',
  'ShowPostUnderUser',
  'ShowPostUnderCollection',
  'ShowUser',
  'ShowCollectionHome',
  'ShowYourNotifications',
  'ShowYourLists',
  'ShowYourStories',
]);

export interface PreloadController {
  /** The pointer is over the link: preload after the delay unless it leaves first. */
  pointerEnter(): void;
  /** The pointer left before the delay ran out: nothing is preloaded. */
  pointerLeave(): void;
  /** Keyboard focus: preload at once. */
  focus(): void;
  /** A link marked to preload on render: preload at once. */
  render(): void;
  /** Cancels a pending hover preload (on unmount). */
  dispose(): void;
}

/**
 * Spec §2/§9 link preloading: on hover after `delayMs` (100ms), immediately on focus or render; a link's
 * page is preloaded at most once.
 */
export function createPreloadController({
  prefetch,
  delayMs = TIMERS_MS.hoverPreloadDelay,
}: {
  prefetch: () => void;
  delayMs?: number;
}): PreloadController {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const run = () => {
    cancel();
    if (done) return;
    done = true;
    prefetch();
  };
  return {
    pointerEnter() {
      if (done || timer !== null) return;
      timer = setTimeout(run, delayMs);
    },
    pointerLeave: cancel,
    focus: run,
    render: run,
    dispose: cancel,
  };
}

/** The same-origin address of a link, or null for links elsewhere (they are never preloaded). */
export function preloadUrl(href: string, origin: string): URL | null {
  try {
    const url = new URL(href, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}
