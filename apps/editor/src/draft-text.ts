import { contentFromDoc, titleFromDoc } from '@quire/editor';
import type { EditorState } from 'prosemirror-state';
import type { DraftText } from './draft-session';
import type { DraftPreview } from './PublishDialog';

/** The story as the server stores it: the title line and the paragraph model of the body. */
export const draftOf = (state: EditorState): DraftText => ({
  title: titleFromDoc(state.doc),
  content: contentFromDoc(state.doc),
});

/** What a story looks like for the publish dialog's previews. */
export function previewOf(state: EditorState): DraftPreview {
  const { title, content } = draftOf(state);
  const firstText = content.paragraphs.find((p) => (p.type === 'P' || p.type === 'BQ') && p.text.trim());
  const imageIds = content.paragraphs.flatMap((p) => (p.type === 'IMG' && p.metadata ? [p.metadata.id] : []));
  return { title, excerpt: (firstText?.text ?? '').slice(0, 140), imageIds };
}
