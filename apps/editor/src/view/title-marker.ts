import { type EditorState, Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** Marks the title line for tests and assistive tech (the schema's title node has no test id of its own). */
export function titleMarkerPlugin(): Plugin {
  let title: EditorState['doc'] | null = null;
  let set = DecorationSet.empty;
  return new Plugin({
    props: {
      decorations(state) {
        const first = state.doc.firstChild;
        if (!first) return null;
        if (first !== title) {
          title = first;
          set = DecorationSet.create(state.doc, [
            Decoration.node(0, first.nodeSize, { 'data-testid': 'editor-title', 'aria-label': 'Title' }),
          ]);
        }
        return set;
      },
    },
  });
}
