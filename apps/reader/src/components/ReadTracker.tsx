import { postTelemetry, useSessionStore } from '@quire/client-state';
import { useEffect, useRef } from 'react';
import { useMutation } from '../lib/mutation';
import { trpcUrl } from '../lib/trpc-url';
import { useTRPC } from '../trpc';

/** Visible seconds on the page after which a view becomes a read (spec §4 read tracking). */
export const READ_AFTER_SECONDS = 30;
/** After the read, how often the time read since is reported while the page stays open, and the least worth a report. */
const TOP_UP_EVERY_SECONDS = 60;
const TOP_UP_MIN_SECONDS = 5;
/** Spec §8 intersection threshold. */
const INTERSECTION_THRESHOLD = 0.25;

/**
 * Spec §4 read tracking: records a view on mount, then a read once, after 30 s of visible time (paused while
 * the tab is hidden) or when the end of the story scrolls into view, whichever comes first; then the visible
 * time read since, every minute and when the reader leaves.
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
    let closed = false;
    let reportedSeconds = 0;
    let visibleMs = 0;
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let topUps: ReturnType<typeof setInterval> | undefined;
    let observer: IntersectionObserver | undefined;

    mutations.current.view({ postId, referrer: document.referrer || null, shareKey });

    const elapsedMs = () => visibleMs + (visibleSince === null ? 0 : Date.now() - visibleSince);
    const report = (leaving = false) => {
      reportedSeconds = Math.round(elapsedMs() / 1000);
      const input = { postId, readingSeconds: reportedSeconds, shareKey };
      // A page being left cancels its requests: this one is sent with keepalive so it arrives all the same.
      if (leaving) postTelemetry(trpcUrl('reading.read'), input, useSessionStore.getState().xsrf);
      else mutations.current.read(input);
    };
    // After the read, the time spent since is reported now and then, and when the reader leaves, so a story
    // whose end showed at once is not a read of 0 seconds (the server keeps the largest report of the day).
    const topUp = (leaving = false) => {
      if (done && Math.round(elapsedMs() / 1000) >= reportedSeconds + TOP_UP_MIN_SECONDS) report(leaving);
    };
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      observer?.disconnect();
      report();
      topUps = setInterval(() => topUp(), TOP_UP_EVERY_SECONDS * 1000);
    };
    const schedule = () => {
      clearTimeout(timer);
      if (done || visibleSince === null) return;
      timer = setTimeout(finish, Math.max(0, READ_AFTER_SECONDS * 1000 - elapsedMs()));
    };
    function onVisibility() {
      if (document.visibilityState === 'visible') {
        visibleSince ??= Date.now();
      } else if (visibleSince !== null) {
        visibleMs += Date.now() - visibleSince;
        visibleSince = null;
        topUp(true);
      }
      schedule();
    }

    // Leaving by a link or closing the tab: not every browser reports it as hidden first.
    const onPageHide = () => topUp(true);
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('pagehide', onPageHide);
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
      if (closed) return;
      closed = true;
      topUp();
      done = true;
      clearTimeout(timer);
      clearInterval(topUps);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', onPageHide);
    };
  }, [postId, shareKey]);

  return <div ref={sentinel} className="q-read-sentinel" aria-hidden="true" data-testid="read-sentinel" />;
}
