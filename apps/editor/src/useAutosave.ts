import type { EditorView } from 'prosemirror-view';
import { type RefObject, useEffect, useMemo } from 'react';
import { type OpenedStory, openAutosave } from './autosave';
import { draftOf } from './draft-text';
import { useEditorStore } from './store';

/** The story's autosave for as long as it is open in `viewRef`'s editor (a new one for each story loaded). */
export function useAutosave(story: OpenedStory & { status: string }, viewRef: RefObject<EditorView | null>) {
  const autosave = useMemo(
    () =>
      openAutosave(story, () => (viewRef.current ? draftOf(viewRef.current.state) : null), {
        // A published story's saved edits wait for 'Publish changes'; a draft's are simply saved.
        onSaved: () => {
          if (story.status === 'PUBLISHED' || story.status === 'UNLISTED')
            useEditorStore.getState().setPendingChanges(true);
        },
      }),
    [story, viewRef],
  );
  useEffect(() => {
    useEditorStore.getState().setSave('saved', null);
    return autosave.watchLeaving();
  }, [autosave]);
  return autosave;
}
