import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Collection,
  Newsletter,
  NewsletterEmail,
  NewsletterSubscription,
  newId,
  Post,
  User,
} from '@quire/db';
import {
  accessTexts,
  NEWSLETTER_CONFIRM_RESEND_MS,
  type NewsletterTargetInput,
  newsletterAccessTexts,
  newsletterConfirmPath,
  type SubscribeOutcome,
  newsletterSubscribeTexts as texts,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { TRPCError } from '@trpc/server';
import {
  can,
  enforce,
  loadPolicyViewer,
  type NewsletterSubject,
  ownsNewsletter,
  PUBLICATION_STORY,
} from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { visibleUser } from '../social';
import {
  ensureWriterNewsletter,
  findNewsletter,
  newsletterSubject,
  subscriptionAddress,
  writerNewsletter,
} from './core';

/*
 * Getting and leaving a newsletter (spec §1, §7 subscribe endpoints, §8 subscribe toasts). A signed-in reader
 * subscribes in one click, at their account's address; a visitor gives an address, which gets nothing until it
 * opens the confirmation link mailed to it. Newsletter.subscriberCount counts the subscriptions that are
 * confirmed and not left, and moves only on a real change of that state, by one SQL increment each.
 */

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

/** What a target names: the policy's subject, and the newsletter (null: a writer's, or a publication's, not made yet). */
interface Resolved {
  subject: NewsletterSubject;
  newsletter: Newsletter | null;
  /** The writer, for a writer's newsletter named by its writer (made on first subscription). */
  writer: User | null;
}

/** The newsletter a target names, with the subject the policy reads; a missing writer or publication is a 404. */
async function resolveTarget(
  em: EntityManager,
  viewerId: string | null,
  target: NewsletterTargetInput,
): Promise<Resolved> {
  if (target.userId) {
    // A deleted writer, or one who blocked the viewer, is not found (social.ts visibleUser asks the policy).
    const writer = await visibleUser(em, viewerId, { id: target.userId });
    return {
      subject: { user: { id: writer.id }, collection: null },
      newsletter: await writerNewsletter(em, writer.id),
      writer,
    };
  }
  if (target.collectionId) {
    const collection = await em.findOne(Collection, { id: target.collectionId });
    if (!collection) throw notFound(accessTexts.publicationNotFound);
    const newsletter = await em.findOne(
      Newsletter,
      { collection: collection.id },
      { populate: ['collection'] },
    );
    const subject = {
      user: null,
      collection: { id: collection.id, visibility: collection.visibility, archivedAt: collection.archivedAt },
    };
    return { subject, newsletter, writer: null };
  }
  const newsletter = await findNewsletter(em, target.newsletterId ?? '');
  if (!newsletter) throw notFound(newsletterAccessTexts.notFound);
  return { subject: newsletterSubject(newsletter), newsletter, writer: null };
}

/** The newsletter as pages and toasts show it. */
export function newsletterSummary(newsletter: Newsletter) {
  return {
    id: newsletter.id,
    name: newsletter.name,
    slug: newsletter.slug,
    type: newsletter.type,
    description: newsletter.description,
    subscriberCount: newsletter.subscriberCount,
  };
}

/** Moves a newsletter's count by one, never below zero, and answers the new count. */
async function bumpCount(em: EntityManager, newsletterId: string, delta: 1 | -1): Promise<number> {
  const [row] = await em.execute<{ subscriber_count: number }[]>(
    `update newsletters set subscriber_count = greatest(subscriber_count + ?, 0), updated_at = now()
      where id = ? returning subscriber_count`,
    [delta, newsletterId],
  );
  return row?.subscriber_count ?? 0;
}

/** The count as stored now (the entity in the identity map may be older than the last increment). */
async function currentCount(em: EntityManager, newsletterId: string): Promise<number> {
  const [row] = await em.execute<{ subscriber_count: number }[]>(
    'select subscriber_count from newsletters where id = ?',
    [newsletterId],
  );
  return row?.subscriber_count ?? 0;
}

/** A subscription's rows of the viewer: by their account, or at their account's address (subscribed by email). */
const VIEWER_ROWS = '(user_id = ? or (? :: text is not null and email = ?))';
const viewerRowParams = (viewer: Pick<User, 'id' | 'email'>) => {
  const email = viewer.email ? subscriptionAddress(viewer.email) : null;
  return [viewer.id, email, email];
};

/** Whether the viewer gets the newsletter now: a confirmed subscription they have not left. */
async function isSubscribed(em: EntityManager, viewer: Pick<User, 'id' | 'email'>, newsletterId: string) {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from newsletter_subscriptions
      where newsletter_id = ? and ${VIEWER_ROWS} and confirmed_at is not null and unsubscribed_at is null`,
    [newsletterId, ...viewerRowParams(viewer)],
  );
  return (row?.n ?? 0) > 0;
}

/**
 * Spec §3 viewerEdge.isSubscribedToLetters and the Subscribe button's state. A newsletter the viewer may not see
 * answers as none, as does a writer's not made yet.
 */
export async function subscriptionState(
  em: EntityManager,
  viewer: User | null,
  target: NewsletterTargetInput,
) {
  const { subject, newsletter } = await resolveTarget(em, viewer?.id ?? null, target);
  const policyViewer = await loadPolicyViewer(em, viewer);
  const isOwn = ownsNewsletter(policyViewer, subject);
  if (!can(policyViewer, 'viewNewsletter', subject) || !newsletter) {
    return { newsletter: null, subscribed: false, isOwn };
  }
  return {
    newsletter: newsletterSummary(newsletter),
    subscribed: viewer ? await isSubscribed(em, viewer, newsletter.id) : false,
    isOwn,
  };
}

/**
 * Makes the viewer's subscription active: a new row, or their row (by account, else by address) confirmed and
 * brought back. Answers whether it was not active before, under a row lock, so two requests at once count once.
 */
async function activate(
  em: EntityManager,
  newsletter: Newsletter,
  viewer: Pick<User, 'id'>,
  email: string,
  now: Date,
): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into newsletter_subscriptions
       (id, created_at, updated_at, newsletter_id, user_id, email, entity_kind, source, confirmed_at)
     values (?, ?, ?, ?, ?, ?, ?, 'READER', ?) on conflict do nothing returning id`,
    [
      newId(),
      now,
      now,
      newsletter.id,
      viewer.id,
      email,
      newsletter.type === 'COLLECTION' ? 'COLLECTION' : 'AUTHOR',
      now,
    ],
  );
  if (inserted.length) return true;
  const [row] = await em.execute<{ id: string; active: boolean }[]>(
    `select id, (confirmed_at is not null and unsubscribed_at is null) as active from newsletter_subscriptions
      where newsletter_id = ? and (user_id = ? or email = ?)
      order by (user_id is not distinct from ?) desc limit 1 for update`,
    [newsletter.id, viewer.id, email, viewer.id],
  );
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: texts.subscribeFail });
  await em.execute(
    `update newsletter_subscriptions
        set user_id = ?, confirmed_at = coalesce(confirmed_at, ?), unsubscribed_at = null,
            confirm_token_hash = null, updated_at = ?
      where id = ?`,
    [viewer.id, now, now, row.id],
  );
  return !row.active;
}

/**
 * Spec §1 subscribe, signed in: one click, at the account's address, confirmed at once. The writer's own is
 * refused by the policy (SUBSCRIBE_SELF); already subscribed is an outcome (SUBSCRIBED_ALREADY), not an error.
 * A writer's newsletter is made on its first subscription. Runs in the caller's transaction.
 */
export async function subscribe(
  em: EntityManager,
  viewer: User,
  target: NewsletterTargetInput,
  now: Date,
): Promise<{ outcome: SubscribeOutcome; newsletter: ReturnType<typeof newsletterSummary> }> {
  const resolved = await resolveTarget(em, viewer.id, target);
  await enforce(em, viewer, 'subscribeToNewsletter', resolved.subject);
  const newsletter =
    resolved.newsletter ?? (resolved.writer ? await ensureWriterNewsletter(em, resolved.writer) : null);
  if (!newsletter) throw notFound(texts.noNewsletter);
  if (!viewer.email) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.needEmail });
  const changed = await activate(em, newsletter, viewer, subscriptionAddress(viewer.email), now);
  const subscriberCount = changed
    ? await bumpCount(em, newsletter.id, 1)
    : await currentCount(em, newsletter.id);
  return {
    outcome: changed ? 'SUBSCRIBED' : 'SUBSCRIBED_ALREADY',
    newsletter: { ...newsletterSummary(newsletter), subscriberCount },
  };
}

/**
 * Leaves a newsletter (signed in): every row of the viewer's for it, by account or at their address. Leaving one
 * the viewer no longer sees still works. Runs in the caller's transaction.
 */
export async function unsubscribe(em: EntityManager, viewer: User, target: NewsletterTargetInput, now: Date) {
  const newsletter = target.userId
    ? await writerNewsletter(em, target.userId)
    : target.collectionId
      ? await em.findOne(Newsletter, { collection: target.collectionId })
      : await findNewsletter(em, target.newsletterId ?? '');
  if (!newsletter) return { unsubscribed: false, subscriberCount: 0 };
  // Only rows that were active move the count; the WHERE is re-read after a concurrent leave, which then finds none.
  const left = await em.execute<{ was_active: boolean }[]>(
    `update newsletter_subscriptions set unsubscribed_at = ?, confirm_token_hash = null, updated_at = ?
      where newsletter_id = ? and ${VIEWER_ROWS} and unsubscribed_at is null
      returning (confirmed_at is not null) as was_active`,
    [now, now, newsletter.id, ...viewerRowParams(viewer)],
  );
  let subscriberCount = await currentCount(em, newsletter.id);
  for (const row of left) if (row.was_active) subscriberCount = await bumpCount(em, newsletter.id, -1);
  return { unsubscribed: left.length > 0, subscriberCount };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The confirmation email of a subscription by email, with its single-use link (the token stored only hashed). */
function mailConfirmation(
  em: EntityManager,
  env: ServiceEnvironment,
  newsletter: Newsletter,
  email: string,
  raw: string,
) {
  const link = `${env.publicUrl.replace(/\/+$/, '')}${newsletterConfirmPath(raw)}`;
  enqueueEmail(em, {
    // An address confirmation: always sent (it is the only mail an unconfirmed address ever gets).
    category: 'security',
    to: email,
    subject: texts.confirmSubject(newsletter.name),
    template: 'newsletter-confirm',
    payload: { link, text: texts.confirmText(newsletter.name, link) },
  });
}

/**
 * Spec §1 subscribe, signed out: an unconfirmed subscription at the given address and a confirmation email. The
 * answer is the same whatever the address's state (no one learns who subscribes), and an address gets at most one
 * confirmation per subscription every NEWSLETTER_CONFIRM_RESEND_MS.
 */
export async function subscribeByEmail(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User | null,
  input: NewsletterTargetInput & { email: string },
  now: Date,
): Promise<{ ok: true }> {
  const resolved = await resolveTarget(em, viewer?.id ?? null, input);
  // Seeing it is enough: the address's owner consents by opening the link (subscribeToNewsletter is the account's path).
  await enforce(em, viewer, 'viewNewsletter', resolved.subject);
  await em.transactional(async (tx) => {
    const newsletter =
      resolved.newsletter ?? (resolved.writer ? await ensureWriterNewsletter(tx, resolved.writer) : null);
    if (!newsletter) throw notFound(texts.noNewsletter);
    const email = subscriptionAddress(input.email);
    const raw = randomBytes(32).toString('base64url');
    const inserted = await tx.execute<{ id: string }[]>(
      `insert into newsletter_subscriptions
         (id, created_at, updated_at, newsletter_id, email, entity_kind, source, confirm_token_hash, confirm_sent_at)
       values (?, ?, ?, ?, ?, ?, 'READER', ?, ?) on conflict do nothing returning id`,
      [
        newId(),
        now,
        now,
        newsletter.id,
        email,
        newsletter.type === 'COLLECTION' ? 'COLLECTION' : 'AUTHOR',
        sha256(raw),
        now,
      ],
    );
    // An existing row gets a new link unless it is active or was mailed lately; the WHERE is re-read under the lock.
    const renewed = inserted.length
      ? inserted
      : await tx.execute<{ id: string }[]>(
          `update newsletter_subscriptions set confirm_token_hash = ?, confirm_sent_at = ?, updated_at = ?
            where newsletter_id = ? and email = ? and not (confirmed_at is not null and unsubscribed_at is null)
              and (confirm_sent_at is null or confirm_sent_at <= ?)
            returning id`,
          [
            sha256(raw),
            now,
            now,
            newsletter.id,
            email,
            new Date(now.getTime() - NEWSLETTER_CONFIRM_RESEND_MS),
          ],
        );
    if (renewed.length) mailConfirmation(tx, env, newsletter, email, raw);
    await tx.flush();
  });
  return { ok: true };
}

/**
 * The confirmation link (spec §1 subscribe by email): the subscription becomes active and the token is spent. A
 * wrong or spent token is a 404; two clicks at once confirm once.
 */
export async function confirmSubscription(em: EntityManager, token: string, now: Date) {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ newsletter_id: string; was_active: boolean }[]>(
      `with old as (
         select id, (confirmed_at is not null and unsubscribed_at is null) as was_active
           from newsletter_subscriptions where confirm_token_hash = ? for update)
       update newsletter_subscriptions s
          set confirmed_at = ?, unsubscribed_at = null, confirm_token_hash = null, updated_at = ?
         from old where s.id = old.id
       returning s.newsletter_id, old.was_active`,
      [sha256(token), now, now],
    );
    if (!row) throw notFound(texts.invalidToken);
    if (!row.was_active) await bumpCount(tx, row.newsletter_id, 1);
    const newsletter = await tx.findOneOrFail(Newsletter, row.newsletter_id, {
      populate: ['user', 'collection'],
    });
    return {
      newsletter: {
        ...newsletterSummary(newsletter),
        subscriberCount: await currentCount(tx, newsletter.id),
      },
      writer: newsletter.user ? { username: newsletter.user.username, name: newsletter.user.name } : null,
      publication: newsletter.collection
        ? { slug: newsletter.collection.slug, name: newsletter.collection.name }
        : null,
    };
  });
}

/**
 * Spec §7 /_/api/users/{id}/lazily-enable-writer-subscription: the writer's newsletter, made if need be, for the
 * writer themself (manageNewsletter).
 */
export async function lazilyEnableWriterNewsletter(em: EntityManager, viewer: User, userId: string) {
  await enforce(em, viewer, 'manageNewsletter', { user: { id: userId }, collection: null });
  const writer = await em.findOneOrFail(User, userId);
  const newsletter = await ensureWriterNewsletter(em, writer);
  return { ...newsletterSummary(newsletter), subscriberCount: await currentCount(em, newsletter.id) };
}

/** The newsletters the viewer gets (spec §2 /me/newsletters), newest first, and their own writer's newsletter. */
export async function myNewsletters(em: EntityManager, viewer: User) {
  const email = viewer.email ? subscriptionAddress(viewer.email) : null;
  const rows = await em.find(
    NewsletterSubscription,
    {
      $or: [{ user: viewer.id }, ...(email ? [{ email }] : [])],
      confirmedAt: { $ne: null },
      unsubscribedAt: null,
    },
    {
      populate: ['newsletter', 'newsletter.user', 'newsletter.collection'],
      orderBy: { confirmedAt: 'desc', id: 'asc' },
    },
  );
  const policyViewer = await loadPolicyViewer(em, viewer);
  const seen = new Set<string>();
  const subscriptions = [];
  for (const row of rows) {
    const newsletter = row.newsletter;
    if (seen.has(newsletter.id) || !can(policyViewer, 'viewNewsletter', newsletterSubject(newsletter)))
      continue;
    seen.add(newsletter.id);
    const { user: writer, collection: publication } = newsletter;
    subscriptions.push({
      newsletter: newsletterSummary(newsletter),
      writer: writer
        ? { id: writer.id, name: writer.name, username: writer.username, imageId: writer.imageId }
        : null,
      publication: publication
        ? {
            id: publication.id,
            name: publication.name,
            slug: publication.slug,
            avatarId: publication.avatarId,
          }
        : null,
      since: (row.confirmedAt ?? row.createdAt).toISOString(),
    });
  }
  const own = await writerNewsletter(em, viewer.id);
  const published = own ? 1 : await em.count(Post, { creator: viewer.id, status: 'PUBLISHED' });
  return {
    subscriptions,
    // The writer's box: their newsletter, or none yet for a writer who has published (made on its first subscriber).
    own: own
      ? { id: own.id, name: own.name, subscriberCount: await currentCount(em, own.id) }
      : published
        ? { id: null, name: viewer.name || viewer.username, subscriberCount: 0 }
        : null,
  };
}

/**
 * Spec §2 ShowCollectionNewsletterLanding (/{collectionSlug}/newsletters/{newsletterSlug}): the publication, its
 * newsletter with the viewer's state, and its past issues that are public stories, newest first.
 */
export async function publicationNewsletterLanding(
  em: EntityManager,
  viewer: User | null,
  input: { slug: string; newsletterSlug: string },
) {
  const collection = await em.findOne(Collection, { slug: input.slug.toLowerCase() });
  const newsletter = collection
    ? await em.findOne(
        Newsletter,
        { collection: collection.id, slug: input.newsletterSlug },
        { populate: ['collection'] },
      )
    : null;
  if (!collection || !newsletter) throw notFound(newsletterAccessTexts.notFound);
  await enforce(em, viewer, 'viewNewsletter', newsletterSubject(newsletter));
  const issues = await em.find(
    NewsletterEmail,
    { newsletter: newsletter.id, status: 'SENT', post: { ...PUBLICATION_STORY, visibility: 'PUBLIC' } },
    { populate: ['post'], orderBy: { sentAt: 'desc', id: 'desc' }, limit: 50 },
  );
  return {
    publication: {
      id: collection.id,
      name: collection.name,
      slug: collection.slug,
      domain: collection.domain,
      avatarId: collection.avatarId,
      logoId: collection.logoId,
    },
    newsletter: newsletterSummary(newsletter),
    subscribed: viewer ? await isSubscribed(em, viewer, newsletter.id) : false,
    issues: issues.map((issue) => ({
      postId: issue.post!.id,
      title: issue.post!.title || issue.subject,
      slug: issue.post!.slug,
      sentAt: (issue.sentAt ?? issue.createdAt).toISOString(),
    })),
  };
}

/** A writer's subscribe landing (spec §2 /subscribe/@{username}, /@{username}/subscribe): the writer and their state. */
export async function writerSubscribeLanding(em: EntityManager, viewer: User | null, username: string) {
  const writer = await visibleUser(em, viewer?.id ?? null, { username });
  const state = await subscriptionState(em, viewer, { userId: writer.id });
  return {
    writer: {
      id: writer.id,
      name: writer.name,
      username: writer.username,
      bio: writer.bio,
      imageId: writer.imageId,
    },
    ...state,
  };
}

/**
 * Account purge: the deleted person's subscriptions go, those by their account and those at their address made
 * signed out, each active one taken off its newsletter's count, and the issues' recipient rows at that address.
 */
export async function forgetSubscriber(em: EntityManager, userId: string, email: string | null) {
  const address = email ? subscriptionAddress(email) : null;
  const gone = await em.execute<{ newsletter_id: string; was_active: boolean }[]>(
    `delete from newsletter_subscriptions where user_id = ? or (? :: text is not null and email = ?)
      returning newsletter_id, (confirmed_at is not null and unsubscribed_at is null) as was_active`,
    [userId, address, address],
  );
  for (const row of gone) if (row.was_active) await bumpCount(em, row.newsletter_id, -1);
  if (address) await em.execute('delete from newsletter_deliveries where lower(address) = ?', [address]);
}
