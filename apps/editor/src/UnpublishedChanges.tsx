import { storyRevisionTexts } from '@quire/domain';
import { useState } from 'react';
import { errorMessage, trpc } from './api';
import type { Prepared } from './autosave';
import { useEditorStore } from './store';

/**
 * A published story's edits wait here until the writer publishes them ('Publish changes', then the story page)
 * or discards them (the editor reopens on the published text).
 */
export function UnpublishedChanges(props: {
  postId: string;
  /** Saves what is pending; answers the revision to publish or discard, or why it cannot. */
  prepare(): Promise<Prepared>;
  onPublished(mediumUrl: string): void;
  /** Reopens the editor on the published text. */
  onDiscarded(): Promise<void>;
}) {
  const pending = useEditorStore((s) => s.pendingChanges);
  const [busy, setBusy] = useState<'publishing' | 'discarding' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!pending) return null;

  const act = async (kind: 'publishing' | 'discarding') => {
    if (busy) return;
    if (kind === 'discarding' && !window.confirm(storyRevisionTexts.confirmDiscard)) return;
    setBusy(kind);
    setError(null);
    try {
      const ready = await props.prepare();
      if ('error' in ready) throw new Error(ready.error);
      const input = { id: props.postId, baseRev: ready.baseRev };
      if (kind === 'publishing') {
        const result = await trpc.posts.publishChanges.mutate(input);
        useEditorStore.getState().setPendingChanges(false);
        props.onPublished(result.mediumUrl);
      } else {
        await trpc.posts.discardChanges.mutate(input);
        useEditorStore.getState().setPendingChanges(false);
        await props.onDiscarded();
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="e-banner" data-testid="unpublished-changes" role="status">
      <span>{storyRevisionTexts.unpublishedChanges}</span>
      {error ? (
        <span className="e-error" role="alert">
          {error}
        </span>
      ) : null}
      <button
        type="button"
        className="e-link-button"
        data-testid="discard-changes"
        disabled={!!busy}
        onClick={() => void act('discarding')}
      >
        {busy === 'discarding' ? storyRevisionTexts.discardingChanges : storyRevisionTexts.discardChanges}
      </button>
      <button
        type="button"
        className="e-button"
        data-testid="publish-changes"
        disabled={!!busy}
        onClick={() => void act('publishing')}
      >
        {busy === 'publishing' ? storyRevisionTexts.publishingChanges : storyRevisionTexts.publishChanges}
      </button>
    </div>
  );
}
