import { DOMSerializer } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { draftOf } from './draft-text';
import { plainText } from './text';

/** Copies the story to the clipboard as rich text, or as plain text where the browser allows only that. */
export async function copyDraft(view: EditorView) {
  const plain = plainText(draftOf(view.state));
  try {
    const box = document.createElement('div');
    box.append(DOMSerializer.fromSchema(view.state.schema).serializeFragment(view.state.doc.content));
    const item = new ClipboardItem({
      'text/plain': new Blob([plain], { type: 'text/plain' }),
      'text/html': new Blob([box.innerHTML], { type: 'text/html' }),
    });
    await navigator.clipboard.write([item]);
  } catch {
    await navigator.clipboard.writeText(plain);
  }
}
