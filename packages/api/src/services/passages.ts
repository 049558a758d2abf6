import type { EntityManager } from '@mikro-orm/postgresql';
import { HIGHLIGHT_QUOTE_MAX, type HighlightAnchor, highlightTexts, type Paragraph } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { accessToStory, type PaywallReader } from './paywall';
import { lockedPreview, storyFor } from './posts';

/*
 * Passages of a story a reader marks (highlights) or writes about (private notes): only in the paragraphs that
 * reader is sent, the members-only text past the preview to those who may read it; looking spends no free story.
 */

/** The story and the paragraphs of it this reader is sent (all, or the members-only preview). */
export async function readableParagraphs(em: EntityManager, reader: PaywallReader, postId: string) {
  const post = await storyFor(em, reader.viewer, postId);
  const access = await accessToStory(em, { ...reader, post, peek: true });
  const paragraphs: readonly Paragraph[] = access.full
    ? post.content.paragraphs
    : lockedPreview(post.content);
  return { post, paragraphs };
}

/** The text of a span of one of `paragraphs`, or a clear refusal for offsets outside it or a blank span. */
export function passageText(paragraphs: readonly Paragraph[], anchor: HighlightAnchor): string {
  const paragraph = paragraphs.find((p) => p.name === anchor.paragraphName);
  const { startOffset: start, endOffset: end } = anchor;
  const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
  if (!paragraph || start < 0 || end <= start || end > paragraph.text.length)
    throw refuse(highlightTexts.notAPassage);
  const text = paragraph.text.slice(start, end);
  if (!text.trim()) throw refuse(highlightTexts.notAPassage);
  if (text.length > HIGHLIGHT_QUOTE_MAX) throw refuse(highlightTexts.tooLong);
  return text;
}
