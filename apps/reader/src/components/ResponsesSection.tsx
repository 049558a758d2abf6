import { responseTexts } from '@quire/domain';
import { type ComponentType, useEffect, useState } from 'react';
import { whenIdle } from '../lib/browser';
import type { ResponseParent } from './ResponsesPanel';

type Props = {
  parent: ResponseParent;
  responsesCount: number;
  canHideResponses: boolean;
  /** The author closed discussion (spec §5): no form and no Reply. */
  discussionClosed: boolean;
};

/**
 * The responses under a story or a list, loaded once the page is interactive and the browser idle: they sit below the
 * story (or list), so neither the server render nor the page's own JavaScript carries them.
 */
export function ResponsesSection(props: Props) {
  const [Panel, setPanel] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      void import('./ResponsesPanel').then((m) => {
        if (live) setPanel(() => m.ResponsesPanel);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  if (Panel) return <Panel {...props} />;
  return (
    <section
      id="responses"
      className="q-responses"
      aria-label={responseTexts.heading}
      data-testid="responses"
    >
      <h2>{`${responseTexts.heading} (${props.responsesCount})`}</h2>
    </section>
  );
}
