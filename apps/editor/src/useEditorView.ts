import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, type Plugin } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { type RefObject, useEffect, useRef } from 'react';

/** What the ProseMirror view is made of, and what it reports. */
export interface EditorViewOptions {
  /** The document it opens with. */
  doc: PMNode;
  /** Makes the plugins of a new view (plugins keep state, so each view gets its own). */
  plugins(): Plugin[];
  /** The document changed (not on selection-only changes). */
  onChange(): void;
  /** The editor lost focus. */
  onBlur(): void;
  /** The view is mounted and shows `doc`. */
  onReady?(view: EditorView): void;
  /** Just before the view goes away (the callback given when that view was made). */
  onDestroy?(): void;
}

/**
 * Mounts a ProseMirror view of the story into `mountRef` and keeps it in `viewRef`; a new `doc` makes a new
 * view. Its callbacks are read when called, so passing new ones does not rebuild the view.
 */
export function useEditorView(
  viewRef: RefObject<EditorView | null>,
  mountRef: RefObject<HTMLDivElement | null>,
  options: EditorViewOptions,
) {
  const latest = useRef(options);
  latest.current = options;
  const { doc } = options;

  useEffect(() => {
    const { onDestroy } = latest.current;
    const view: EditorView = new EditorView(mountRef.current, {
      state: EditorState.create({ doc, plugins: latest.current.plugins() }),
      attributes: {
        class: 'e-editor',
        'data-testid': 'editor-body',
        'aria-label': 'Story',
        spellcheck: 'true',
      },
      dispatchTransaction(tr) {
        const before = view.state.doc;
        view.updateState(view.state.apply(tr));
        if (view.state.doc !== before) latest.current.onChange();
      },
      handleDOMEvents: {
        blur: () => {
          latest.current.onBlur();
          return false;
        },
      },
    });
    viewRef.current = view;
    latest.current.onReady?.(view);
    return () => {
      onDestroy?.();
      view.destroy();
      viewRef.current = null;
    };
  }, [doc, viewRef, mountRef]);
}
