import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../trpc';

/** Visible seconds on the page after which a view becomes a read (spec §4 read tracking). */
export const READ_AFTER_SECONDS = 30;
/** Spec §8 intersection threshold. */
const INTERSECTION_THRESHOLD = 0.25;

/**
 * Spec §4 read tracking: records a view on mount, then a read once, after 30 s of visible time (paused while
 * the tab is hidden) or when the end of the story scrolls into view, whichever comes first.
 * Render it right after the story body: its sentinel marks the end of the story.
 */
export function ReadTracker({ postId, shareKey = null }: { postId: string; shareKey?: string | null }) {
  const trpc = useTRPC();
  const view = useMutation(trpc.reading.view.mutationOptions());
  const read = useMutation(trpc.reading.read.mutationOptions());
  const sentinel = useRef<HTMLDivElement>(null);
  // The mutation objects change every render; the effect only needs their latest mutate.
  const mutations = useRef({ view: view.mutate, read: read.mutate });
  mutations.current = { view: view.mutate, read: read.mutate };

  useEffect(() => {
    let done = false;
    let visibleMs = 0;
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let observer: IntersectionObserver | undefined;

    mutations.current.view({ postId, referrer: document.referrer || null, shareKey });

    const elapsedMs = () => visibleMs + (visibleSince === null ? 0 : Date.now() - visibleSince);
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      mutations.current.read({ postId, readingSeconds: Math.round(elapsedMs() / 1000), shareKey });
    };
    const schedule = () => {
      clearTimeout(timer);
      if (visibleSince === null) return;
      timer = setTimeout(finish, Math.max(0, READ_AFTER_SECONDS * 1000 - elapsedMs()));
    };
    function onVisibility() {
      if (document.visibilityState === 'visible') {
        visibleSince ??= Date.now();
      } else if (visibleSince !== null) {
        visibleMs += Date.now() - visibleSince;
        visibleSince = null;
      }
      schedule();
    }

    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    if (sentinel.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) finish();
        },
        { threshold: INTERSECTION_THRESHOLD },
      );
      observer.observe(sentinel.current);
    }
    return () => {
      done = true;
      clearTimeout(timer);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [postId, shareKey]);

  return <div ref={sentinel} className="q-read-sentinel" aria-hidden="true" data-testid="read-sentinel" />;
}
