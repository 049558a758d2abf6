import { responseTexts } from '@quire/domain';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/browser';
import type { ResponseParent } from './ResponsesPanel';

type Props = {
  parent: ResponseParent;
  responsesCount: number;
  canHideResponses: boolean;
  /** The author closed discussion (spec §5): no form and no Reply. */
  discussionClosed: boolean;
};

/** How far below the screen the responses start to load: a screen's height, so they are there when reached. */
const LOAD_AHEAD = '0px 0px 100% 0px';

/**
 * The responses under a story or a list, loaded when the reader comes within a screen of them (when the browser
 * is idle for a link to #responses, or where it cannot tell): they sit below the story (or list), so neither the
 * server render nor the page's first scripts carry them.
 */
export function ResponsesSection(props: Props) {
  const [Panel, setPanel] = useState<ComponentType<Props> | null>(null);
  const placeholder = useRef<HTMLElement>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void import('./ResponsesPanel').then((m) => {
        if (live) setPanel(() => m.ResponsesPanel);
      });
    const el = placeholder.current;
    let stop: () => void;
    if (window.location.hash === '#responses' || !el || typeof IntersectionObserver !== 'function') {
      stop = whenIdle(load);
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          load();
        },
        { rootMargin: LOAD_AHEAD },
      );
      observer.observe(el);
      stop = () => observer.disconnect();
    }
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (Panel) return <Panel {...props} />;
  return (
    <section
      ref={placeholder}
      id="responses"
      className="q-responses"
      aria-label={responseTexts.heading}
      data-testid="responses"
    >
      <h2>{`${responseTexts.heading} (${props.responsesCount})`}</h2>
    </section>
  );
}
