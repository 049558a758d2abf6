import type { EntityManager } from '@mikro-orm/postgresql';
import { NewsletterEmail, Post, type User } from '@quire/db';
import { type ComposedEmailInput, type PostContent, newsletterAdminTexts as texts } from '@quire/domain';
import { parseContent } from '@quire/editor';
import { TRPCError } from '@trpc/server';
import { PUBLICATION_STORY } from '../../policies';
import { activeSubscriberCount, newsletterFor, newsletterSummary } from './admin';
import { queueIssue } from './issues';

/*
 * Issues from the back office (spec §2 /newsletters/{newsletterV3Id}/new-email and the settings page's "Send a
 * story as an issue"): an email composed with the story editor, kept as a DRAFT until sent, and a published
 * story sent once. Sending itself is queueIssue's (issues.ts).
 */

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** The body as the story editor's rules accept it (paragraph model and schema), or a clear refusal. */
function checkedBody(body: unknown): PostContent {
  try {
    return parseContent(body ?? { paragraphs: [] });
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

const hasText = (body: PostContent) => body.paragraphs.some((p) => p.text.trim() || p.type === 'IMG');

/** A draft of this newsletter's, or NOT_FOUND (another newsletter's draft, or a sent issue, is not editable). */
async function draftOf(em: EntityManager, newsletterId: string, emailId: string) {
  const draft = await em.findOne(NewsletterEmail, { id: emailId, newsletter: newsletterId, status: 'DRAFT' });
  if (!draft) throw new TRPCError({ code: 'NOT_FOUND', message: texts.draftNotFound });
  return draft;
}

const draftView = (email: NewsletterEmail) => ({
  id: email.id,
  subject: email.subject,
  body: email.body ?? { paragraphs: [] },
  updatedAt: email.updatedAt.toISOString(),
});

/** The compose page: the newsletter, its audience, and the viewer's latest draft to go on with. */
export async function composeInfo(em: EntityManager, viewer: User, newsletterId: string) {
  const newsletter = await newsletterFor(em, viewer, newsletterId);
  const draft = await em.findOne(
    NewsletterEmail,
    { newsletter: newsletter.id, status: 'DRAFT', post: null, createdBy: viewer.id },
    { orderBy: { updatedAt: 'desc', id: 'desc' } },
  );
  return { newsletter: await newsletterSummary(em, newsletter), draft: draft ? draftView(draft) : null };
}

/** Saves a draft: a new one, or the one being edited. */
export async function saveDraft(em: EntityManager, viewer: User, input: ComposedEmailInput) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId);
  const body = checkedBody(input.body);
  const draft = input.emailId
    ? await draftOf(em, newsletter.id, input.emailId)
    : em.create(NewsletterEmail, { newsletter, createdBy: viewer, status: 'DRAFT' });
  draft.subject = input.subject;
  draft.body = body;
  await em.flush();
  return { message: texts.draftSaved, draft: draftView(draft) };
}

/**
 * Sends a composed email: its subject and text checked, then queued to the confirmed subscribers (queueIssue);
 * the draft it came from is gone once it is an issue.
 */
export async function sendComposedEmail(em: EntityManager, viewer: User, input: ComposedEmailInput) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId, 'sendNewsletter');
  if (!input.subject) throw badRequest(texts.subjectRequired);
  const body = checkedBody(input.body);
  if (!hasText(body)) throw badRequest(texts.bodyRequired);
  const draft = input.emailId ? await draftOf(em, newsletter.id, input.emailId) : null;
  const recipientCount = await activeSubscriberCount(em, newsletter.id);
  const email = await queueIssue(em, {
    newsletter,
    post: null,
    subject: input.subject,
    body,
    createdBy: viewer,
  });
  if (draft) em.remove(draft);
  await em.flush();
  return { message: texts.emailQueued, emailId: email.id, status: email.status, recipientCount };
}

/**
 * Sends one of the publication's published stories as an issue. A story goes out at most once: sending it
 * again (or twice at once) answers the issue it already is (queueIssue's unique newsletter and post).
 */
export async function sendStoryAsIssue(
  em: EntityManager,
  viewer: User,
  input: { newsletterId: string; postId: string },
) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId, 'sendNewsletter');
  const collectionId = newsletter.collection?.id;
  const post = collectionId
    ? await em.findOne(Post, { $and: [PUBLICATION_STORY, { id: input.postId, collection: collectionId }] })
    : null;
  if (!post) throw badRequest(texts.storyNotSendable);
  const earlier = await em.findOne(NewsletterEmail, { newsletter: newsletter.id, post: post.id });
  if (earlier) return { message: texts.storyAlreadySent, emailId: earlier.id, alreadySent: true };
  const email = await queueIssue(em, {
    newsletter,
    post,
    subject: post.title,
    body: null,
    createdBy: viewer,
  });
  return { message: texts.storyQueued, emailId: email.id, alreadySent: false };
}
