import { contentFromDoc, docFromContent } from '@quire/editor';
import type { Schema } from 'prosemirror-model';
import type { DraftText } from './draft-session';

/** The draft in a canonical form (through the editor's own conversion), for comparing texts. */
export function canonical(schema: Schema, text: DraftText): string {
  return JSON.stringify({
    title: text.title,
    content: contentFromDoc(docFromContent(schema, text.content, text.title)),
  });
}

/** True when two drafts hold the same title and paragraphs. */
export function sameText(schema: Schema, a: DraftText, b: DraftText): boolean {
  return a.title === b.title && canonical(schema, a) === canonical(schema, b);
}

/** Plain text of a draft, for the clipboard: the title, then one paragraph per line block. */
export function plainText(text: DraftText): string {
  const lines = text.content.paragraphs
    .filter((p) => p.type !== 'IMG' || p.text)
    .map((p) => (p.type === 'HR' ? '* * *' : p.text));
  return [text.title, ...lines].filter((l, i) => i > 0 || l).join('\n\n');
}
