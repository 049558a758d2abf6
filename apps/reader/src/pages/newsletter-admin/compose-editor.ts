import type { PostContent } from '@quire/domain';
import { contentFromDoc, docFromContent, editorPlugins, schema, titleFromDoc } from '@quire/editor';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import './compose.css';

/*
 * The story editor's core (packages/editor: schema, keymap, input rules, paragraph-model conversion) mounted for
 * a newsletter email: the title line is the subject, the body is stored in the paragraph model. This module is the
 * only one of the reader that loads ProseMirror, and only the compose page imports it, on demand.
 */

/** A mounted email editor. */
export interface ComposeEditor {
  /** The subject (the title line) and the body as paragraphs. */
  read(): { subject: string; body: PostContent };
  destroy(): void;
}

/** Mounts the editor into `mount` with the draft's subject and body; `onChange` hears every edit of the text. */
export function mountComposeEditor(
  mount: HTMLElement,
  draft: { subject: string; body: PostContent },
  opts: { label: string; placeholders: { title: string; body: string }; onChange(): void },
): ComposeEditor {
  const view: EditorView = new EditorView(mount, {
    state: EditorState.create({
      doc: docFromContent(schema, draft.body, draft.subject),
      plugins: editorPlugins(schema, { placeholders: opts.placeholders }),
    }),
    attributes: {
      class: 'q-compose-body',
      'aria-label': opts.label,
      role: 'textbox',
      'aria-multiline': 'true',
    },
    dispatchTransaction(tr) {
      const before = view.state.doc;
      view.updateState(view.state.apply(tr));
      if (view.state.doc !== before) opts.onChange();
    },
  });
  return {
    read: () => ({ subject: titleFromDoc(view.state.doc).trim(), body: contentFromDoc(view.state.doc) }),
    destroy: () => view.destroy(),
  };
}
