import type { EditorView } from 'prosemirror-view';
import { type RefObject, useEffect, useMemo } from 'react';
import { type OpenedStory, openAutosave } from './autosave';
import { draftOf } from './draft-text';
import { useEditorStore } from './store';

/** The story's autosave for as long as it is open in `viewRef`'s editor (a new one for each story loaded). */
export function useAutosave(story: OpenedStory, viewRef: RefObject<EditorView | null>) {
  const autosave = useMemo(
    () => openAutosave(story, () => (viewRef.current ? draftOf(viewRef.current.state) : null)),
    [story, viewRef],
  );
  useEffect(() => {
    useEditorStore.getState().setSave('saved', null);
    return autosave.watchLeaving();
  }, [autosave]);
  return autosave;
}
