import { Newsletter, NewsletterEmail, NewsletterSubscription, type User } from '@quire/db';
import { newsletterAdminTexts as texts } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

/** A publication with its owner, an editor, a writer and a stranger. */
async function publicationWorld() {
  const em = db.em();
  const owner = await buildUser(em, { name: 'Owner' });
  const editor = await buildUser(em, { name: 'Editor' });
  const writer = await buildUser(em, { name: 'Writer' });
  const stranger = await buildUser(em, { name: 'Stranger' });
  const publication = await buildCollection(em, { creator: owner, name: 'The Night Shift' });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, writer, 'WRITER');
  return { owner, editor, writer, stranger, publication };
}

async function withNewsletter() {
  const w = await publicationWorld();
  const made = await as(w.owner).newsletterAdmin.create({
    collectionId: w.publication.id,
    name: 'Night Notes',
  });
  return { ...w, newsletterId: made.id };
}

/** Confirmed subscribers of a newsletter, and one that did not confirm. */
async function subscribe(newsletterId: string, confirmed: number) {
  const em = db.em();
  for (let i = 0; i < confirmed; i++) {
    em.create(NewsletterSubscription, {
      newsletter: newsletterId,
      email: `reader${i}-${newsletterId}@example.com`,
      entityKind: 'COLLECTION',
      confirmedAt: new Date(),
    });
  }
  em.create(NewsletterSubscription, {
    newsletter: newsletterId,
    email: `pending-${newsletterId}@example.com`,
    entityKind: 'COLLECTION',
    source: 'IMPORT',
  });
  await em.flush();
}

const body = (text: string) => ({ paragraphs: [{ name: 'p1', type: 'P', text, markups: [] }] });

describe('creating a publication’s newsletter', () => {
  it('makes one at the publication’s slug, even when two editors create it at once', async () => {
    const w = await publicationWorld();
    const before = await as(w.owner).newsletterAdmin.forPublication({ slug: w.publication.slug });
    expect(before.newsletter).toBeNull();
    const results = await Promise.allSettled([
      as(w.owner).newsletterAdmin.create({ collectionId: w.publication.id, name: 'Night Notes' }),
      as(w.editor).newsletterAdmin.create({ collectionId: w.publication.id, name: 'Other Notes' }),
    ]);
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(made).toHaveLength(1);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([texts.alreadyExists]);
    const rows = await db.em().find(Newsletter, { collection: w.publication.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'COLLECTION', slug: w.publication.slug, user: null });
    const after = await as(w.editor).newsletterAdmin.forPublication({ slug: w.publication.slug });
    expect(after.newsletter).toMatchObject({ id: rows[0]!.id, slug: w.publication.slug });
    // Spec §3 Collection.newsletterV3: the publication's menu leads to it from now on.
    const home = await as(w.owner).publications.home({ slug: w.publication.slug });
    expect(home.newsletterV3).toEqual({ id: rows[0]!.id, slug: w.publication.slug });
  });

  it('is refused to writers, strangers and visitors of the publication, and to bad input', async () => {
    const w = await publicationWorld();
    const input = { collectionId: w.publication.id, name: 'Night Notes' };
    expect(await refusal(as(w.writer).newsletterAdmin.create(input))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(as(w.stranger).newsletterAdmin.create(input))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(as(null).newsletterAdmin.create(input))).toMatchObject({ code: 'UNAUTHORIZED' });
    const blank = await refusal(as(w.owner).newsletterAdmin.create({ ...input, name: '  ' }));
    expect(blank?.code).toBe('BAD_REQUEST');
    expect(blank?.message).toContain(texts.nameRequired);
    expect(
      await refusal(as(w.owner).newsletterAdmin.create({ ...input, description: 'bad\u0000text' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await db.em().count(Newsletter, { collection: w.publication.id })).toBe(0);
  });
});

describe('a newsletter’s settings', () => {
  it('shows and saves name, description and engagement tracking, with the live subscriber count', async () => {
    const w = await withNewsletter();
    await subscribe(w.newsletterId, 3);
    const settings = await as(w.editor).newsletterAdmin.settings({
      slug: w.publication.slug,
      newsletterSlug: w.publication.slug,
    });
    expect(settings).toMatchObject({ name: 'Night Notes', trackEngagement: true, subscriberCount: 3 });
    const saved = await as(w.editor).newsletterAdmin.update({
      newsletterId: w.newsletterId,
      name: 'Night Letters',
      description: 'Weekly.',
      trackEngagement: false,
    });
    expect(saved.message).toBe(texts.saved);
    expect(await db.em().findOneOrFail(Newsletter, w.newsletterId)).toMatchObject({
      name: 'Night Letters',
      description: 'Weekly.',
      trackEngagement: false,
    });
  });

  it('does not exist for writers, strangers and visitors (404), nor under another slug', async () => {
    const w = await withNewsletter();
    const where = { slug: w.publication.slug, newsletterSlug: w.publication.slug };
    for (const who of [w.writer, w.stranger]) {
      expect(await refusal(as(who).newsletterAdmin.settings(where))).toMatchObject({ code: 'NOT_FOUND' });
      expect(
        await refusal(
          as(who).newsletterAdmin.update({
            newsletterId: w.newsletterId,
            name: 'Taken over',
            description: '',
            trackEngagement: false,
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await refusal(as(null).newsletterAdmin.settings(where))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(
      await refusal(as(w.owner).newsletterAdmin.settings({ ...where, newsletterSlug: 'another' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await db.em().findOneOrFail(Newsletter, w.newsletterId)).name).toBe('Night Notes');
  });
});

describe('composing an email', () => {
  it('saves a draft in the paragraph model, then sends it to the confirmed subscribers once', async () => {
    const w = await withNewsletter();
    await subscribe(w.newsletterId, 2);
    const first = await as(w.editor).newsletterAdmin.saveDraft({
      newsletterId: w.newsletterId,
      subject: 'Hello',
      body: body('First words'),
    });
    const again = await as(w.editor).newsletterAdmin.saveDraft({
      newsletterId: w.newsletterId,
      emailId: first.draft.id,
      subject: 'Hello readers',
      body: body('Better words'),
    });
    expect(again.draft.id).toBe(first.draft.id);
    const info = await as(w.editor).newsletterAdmin.compose({ newsletterId: w.newsletterId });
    expect(info.newsletter.subscriberCount).toBe(2);
    expect(info.draft).toMatchObject({ id: first.draft.id, subject: 'Hello readers' });
    expect(info.draft?.body.paragraphs[0]).toMatchObject({ type: 'P', text: 'Better words' });

    const sent = await as(w.editor).newsletterAdmin.sendEmail({
      newsletterId: w.newsletterId,
      emailId: first.draft.id,
      subject: 'Hello readers',
      body: body('Better words'),
    });
    expect(sent).toMatchObject({ recipientCount: 2, message: texts.emailQueued });
    const emails = await db.em().find(NewsletterEmail, { newsletter: w.newsletterId });
    expect(emails.map((e) => [e.status, e.subject])).toEqual([[sent.status, 'Hello readers']]);
    expect(emails[0]!.status).not.toBe('DRAFT');
    expect(emails[0]!.body?.paragraphs[0]?.text).toBe('Better words');
  });

  it('refuses bodies the editor would not accept, a blank subject, and editors of other newsletters', async () => {
    const w = await withNewsletter();
    const other = await withNewsletter();
    const draft = await as(w.owner).newsletterAdmin.saveDraft({
      newsletterId: w.newsletterId,
      subject: 'Mine',
      body: body('Mine'),
    });
    const send = (viewer: User, input: Record<string, unknown>) =>
      refusal(
        as(viewer).newsletterAdmin.sendEmail({
          newsletterId: w.newsletterId,
          subject: 'Subject',
          body: body('Text'),
          ...input,
        }),
      );
    expect(
      await send(w.owner, { body: { paragraphs: [{ name: 'x', type: 'NOPE', text: 'a', markups: [] }] } }),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Unknown paragraph type "NOPE".' });
    expect(await send(w.owner, { subject: '' })).toEqual({
      code: 'BAD_REQUEST',
      message: texts.subjectRequired,
    });
    expect(await send(w.owner, { body: body('   ') })).toEqual({
      code: 'BAD_REQUEST',
      message: texts.bodyRequired,
    });
    // Someone who runs another publication's newsletter edits nothing of this one.
    expect(
      await refusal(
        as(other.owner).newsletterAdmin.saveDraft({
          newsletterId: w.newsletterId,
          emailId: draft.draft.id,
          subject: 'Hijacked',
          body: body('Hijacked'),
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    // Nor through their own newsletter's id.
    expect(
      await refusal(
        as(other.owner).newsletterAdmin.saveDraft({
          newsletterId: other.newsletterId,
          emailId: draft.draft.id,
          subject: 'Hijacked',
          body: body('Hijacked'),
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: texts.draftNotFound });
    expect(await send(w.writer, {})).toMatchObject({ code: 'NOT_FOUND' });
    const rows = await db.em().find(NewsletterEmail, { newsletter: w.newsletterId });
    expect(rows.map((r) => [r.status, r.subject])).toEqual([['DRAFT', 'Mine']]);
  });
});

describe('sending a story as an issue', () => {
  it('lists the publication’s stories and sends each at most once, even twice at once', async () => {
    const w = await withNewsletter();
    const story = await buildPost(db.em(), {
      creator: w.writer,
      collection: w.publication,
      title: 'Night walk',
    });
    const settings = await as(w.owner).newsletterAdmin.settings({ slug: w.publication.slug });
    expect(settings.stories).toEqual([
      expect.objectContaining({ id: story.id, title: 'Night walk', isSent: false }),
    ]);
    const input = { newsletterId: w.newsletterId, postId: story.id };
    const [a, b] = await Promise.all([
      as(w.owner).newsletterAdmin.sendStory(input),
      as(w.editor).newsletterAdmin.sendStory(input),
    ]);
    expect(a.emailId).toBe(b.emailId);
    const again = await as(w.owner).newsletterAdmin.sendStory(input);
    expect(again).toMatchObject({ alreadySent: true, message: texts.storyAlreadySent, emailId: a.emailId });
    expect(await db.em().count(NewsletterEmail, { newsletter: w.newsletterId, post: story.id })).toBe(1);
    const after = await as(w.owner).newsletterAdmin.settings({ slug: w.publication.slug });
    expect(after.stories[0]?.isSent).toBe(true);
  });

  it('refuses drafts, other publications’ stories, and writers of the publication', async () => {
    const w = await withNewsletter();
    const draft = await buildPost(db.em(), { creator: w.writer, collection: w.publication, status: 'DRAFT' });
    const elsewhere = await buildPost(db.em(), { creator: w.owner });
    const mine = await buildPost(db.em(), { creator: w.writer, collection: w.publication });
    for (const post of [draft, elsewhere]) {
      expect(
        await refusal(
          as(w.owner).newsletterAdmin.sendStory({ newsletterId: w.newsletterId, postId: post.id }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: texts.storyNotSendable });
    }
    expect(
      await refusal(
        as(w.writer).newsletterAdmin.sendStory({ newsletterId: w.newsletterId, postId: mine.id }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.em().count(NewsletterEmail, { newsletter: w.newsletterId })).toBe(0);
  });
});
