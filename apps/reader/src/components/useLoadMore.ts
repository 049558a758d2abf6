import { SCROLL } from '@quire/domain';
import { useEffect, useRef } from 'react';

/**
 * Spec §9 scroll-to-load: calls `onLoadMore` when the returned sentinel (placed after a list) comes within
 * 1.5 viewport heights of the visible area, while `enabled`.
 */
export function useLoadMore({ enabled, onLoadMore }: { enabled: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${SCROLL.loadMoreViewportHeights * 100}% 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
