import type { EntityManager } from '@mikro-orm/postgresql';
import { Highlight, type Post, type User } from '@quire/db';
import {
  anchorHighlight,
  type HighlightAnchor,
  highlightTexts,
  type Paragraph,
  type StoryInfoOrder,
  TOP_HIGHLIGHT_MIN_READERS,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { can, loadPolicyViewer } from '../policies';
import { notify } from './notifications';
import { passageText, readableParagraphs } from './passages';
import type { PaywallReader } from './paywall';

/*
 * Spec §1 Highlight (§3 Notification.quote, §7 /_/p/{postId}/quotes/create): a reader marks a passage of a story
 * they can read; the writer is told in a folded notification; the story shows the reader their highlights and
 * everyone its most highlighted passage, only ever within the paragraphs that reader is sent (passages.ts).
 */

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: highlightTexts.notFound });

/** Where a stored highlight is in the paragraphs given, or null when its text is not among them. */
const placed = (paragraphs: readonly Paragraph[], h: Highlight) =>
  anchorHighlight(paragraphs, {
    paragraphName: h.paragraphName,
    startOffset: h.startOffset,
    endOffset: h.endOffset,
    quote: h.quote,
  });

/** Highlights a passage of one paragraph the reader can read; the writer hears of it (folded per story). */
export async function highlightPassage(
  em: EntityManager,
  reader: PaywallReader & { viewer: User },
  postId: string,
  anchor: HighlightAnchor,
) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  const quote = passageText(paragraphs, anchor);
  const highlight = em.create(Highlight, {
    user: reader.viewer,
    post,
    ...anchor,
    quote,
  });
  await em.flush();
  await notify(em, {
    recipient: post.creator,
    type: 'quote_rollup',
    actor: reader.viewer,
    post,
    quote: highlight,
  });
  return { id: highlight.id, ...anchor, quote };
}

/** Removes one of the viewer's highlights; someone else's does not exist for them. */
export async function removeHighlight(em: EntityManager, viewer: User, highlightId: string) {
  const highlight = await em.findOne(Highlight, { id: highlightId, user: viewer.id });
  if (!highlight) throw notFound();
  await em.remove(highlight).flush();
  return { id: highlightId };
}

/** The passage most readers highlighted (at least TOP_HIGHLIGHT_MIN_READERS), by its text and paragraph. */
async function mostHighlighted(em: EntityManager, post: Post) {
  const [row] = await em.execute<{ paragraph_name: string; quote: string; readers: number; id: string }[]>(
    `select paragraph_name, quote, count(distinct user_id)::int as readers, min(id) as id
       from highlights where post_id = ?
      group by paragraph_name, quote
     having count(distinct user_id) >= ?
      order by readers desc, min(created_at) asc
      limit 1`,
    [post.id, TOP_HIGHLIGHT_MIN_READERS],
  );
  return row ?? null;
}

/**
 * What the story shows of highlights to this reader: their own (where their text still is) and the top
 * highlight with how many readers made it, each only within the paragraphs the reader is sent.
 */
export async function storyHighlights(em: EntityManager, reader: PaywallReader, postId: string) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  const mine = reader.viewer
    ? await em.find(Highlight, { post: post.id, user: reader.viewer.id }, { orderBy: { createdAt: 'asc' } })
    : [];
  const top = await mostHighlighted(em, post);
  const topAnchor = top
    ? anchorHighlight(paragraphs, {
        paragraphName: top.paragraph_name,
        startOffset: 0,
        endOffset: 0,
        quote: top.quote,
      })
    : null;
  const policy = await loadPolicyViewer(em, reader.viewer);
  return {
    postId,
    /** Whether the toolbar offers a private note (policy leaveNote). */
    canLeaveNote: can(policy, 'leaveNote', post),
    mine: mine.flatMap((h) => {
      const at = placed(paragraphs, h);
      return at ? [{ id: h.id, ...at }] : [];
    }),
    top: top && topAnchor ? { ...topAnchor, readers: top.readers } : null,
  };
}

/**
 * Spec §2 `/p/{postId}/quotes/{quoteId}`: one highlight with its story's header; its text only when the reader is
 * sent that paragraph.
 */
export async function quoteOfStory(
  em: EntityManager,
  reader: PaywallReader,
  postId: string,
  quoteId: string,
) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  const highlight = await em.findOne(Highlight, { id: quoteId, post: post.id }, { populate: ['user'] });
  if (!highlight || highlight.user.isDeleted) throw notFound();
  const at = placed(paragraphs, highlight);
  return {
    id: highlight.id,
    quote: at ? highlight.quote : null,
    paragraphName: at?.paragraphName ?? null,
    by: { name: highlight.user.name, username: highlight.user.username },
  };
}

/**
 * Spec §2 `/p/{postId}/quotes`: the story's highlighted passages that the reader is sent, most readers first
 * (`top`) or most recently highlighted first (`newest`, the details page's other order).
 */
export async function storyQuotes(
  em: EntityManager,
  reader: PaywallReader,
  postId: string,
  order: StoryInfoOrder = 'top',
) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  const orderBy = order === 'top' ? 'readers desc, min(created_at) asc' : 'max(created_at) desc';
  const rows = await em.execute<{ paragraph_name: string; quote: string; readers: number; id: string }[]>(
    `select paragraph_name, quote, count(distinct user_id)::int as readers, min(id) as id
       from highlights where post_id = ?
      group by paragraph_name, quote
      order by ${orderBy}
      limit 50`,
    [post.id],
  );
  return {
    quotes: rows.flatMap((r) => {
      const at = anchorHighlight(paragraphs, {
        paragraphName: r.paragraph_name,
        startOffset: 0,
        endOffset: 0,
        quote: r.quote,
      });
      return at ? [{ id: r.id, quote: r.quote, readers: r.readers, paragraphName: at.paragraphName }] : [];
    }),
  };
}
