import { EmailOutbox, Notification, Post, type User } from '@quire/db';
import {
  accessTexts,
  inputTexts,
  type PostContent,
  PUBLICATION_STORIES_PAGE_SIZE,
  SUBMISSION_NOTE_MAX,
  publicationStoriesTexts as texts,
} from '@quire/domain';
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

const body = (text: string): PostContent => ({
  paragraphs: [
    { name: 'sb01', type: 'H3', text: 'A heading', markups: [] },
    { name: 'sb02', type: 'P', text, markups: [] },
  ],
});

async function setup() {
  const em = db.em();
  const owner = await buildUser(em, { name: 'Ledger Owner' });
  const editor = await buildUser(em, { name: 'Ledger Editor' });
  const writer = await buildUser(em, { name: 'Ledger Writer' });
  const otherWriter = await buildUser(em, { name: 'Other Writer' });
  const stranger = await buildUser(em, { name: 'Stranger' });
  const rivalEditor = await buildUser(em, { name: 'Rival Editor' });
  const publication = await buildCollection(em, { creator: owner, name: 'The Ledger' });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, writer, 'WRITER');
  await addCollectionMember(em, publication, otherWriter, 'WRITER');
  const rival = await buildCollection(em, { creator: rivalEditor, name: 'The Rival' });
  return { owner, editor, writer, otherWriter, stranger, rivalEditor, publication, rival };
}

/** A writer's new story, submitted to the publication through posts.publish (as the editor's Publish does). */
async function submit(writer: User, collectionId: string, title: string, text = 'Some words of it.') {
  const api = as(writer);
  const { id } = await api.posts.createDraft({});
  await api.posts.save({ id, baseRev: 0, title, content: body(text) });
  const answer = await api.posts.publish({ id, baseRev: 1, topics: [], collectionId });
  expect(answer.__typename).toBe('Submitted');
  clock.advance(60_000);
  return id;
}

const notificationsOf = (user: User, type: string) =>
  db
    .em()
    .find(Notification, { recipient: user.id, notificationType: type }, { orderBy: { occurredAt: 'asc' } });

/** The columns a decision changes, to show that a refused one changed nothing. */
async function stateOf(postId: string) {
  const post = await db.em().findOneOrFail(Post, postId);
  return {
    status: post.status,
    collection: post.collection?.id ?? null,
    pendingCollection: post.pendingCollection?.id ?? null,
    statusForCollection: post.statusForCollection ?? null,
    submissionNote: post.submissionNote ?? null,
    submittedAt: post.submittedAt?.toISOString() ?? null,
  };
}

describe('a publication’s submissions', () => {
  it('reach its editors, wait in the queue oldest first, and an editor publishes one and tells its writer', async () => {
    const { owner, editor, writer, otherWriter, stranger, rivalEditor, publication } = await setup();
    const first = await submit(writer, publication.id, 'First in line', 'The first words.');
    const second = await submit(otherWriter, publication.id, 'Second in line');

    // Each editor has one row for the publication, rolling up both writers; writers are not told.
    for (const reviewer of [owner, editor]) {
      const rows = await notificationsOf(reviewer, 'collection_post_submitted_rollup');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.collection?.id).toBe(publication.id);
      expect(rows[0]!.rollupItems.map((i) => i.actorId)).toEqual([writer.id, otherWriter.id]);
    }
    expect(await notificationsOf(otherWriter, 'collection_post_submitted_rollup')).toHaveLength(0);
    const [shown] = (await as(editor).notifications.list({})).notifications;
    expect(shown).toMatchObject({
      notificationType: 'collection_post_submitted_rollup',
      collection: { name: 'The Ledger' },
      href: `/${publication.slug}/stories/submissions`,
    });
    // The first submission is emailed (its setting is on by default); the folded one is not.
    expect(
      await db.em().count(EmailOutbox, { to: editor.email!.toLowerCase(), template: 'notification' }),
    ).toBe(1);

    const queue = await as(editor).publicationStories.list({
      slug: publication.slug,
      filterBy: 'submissions',
    });
    expect(queue.stories.map((s) => s.id)).toEqual([first, second]);
    expect(queue.counts).toEqual({ published: 0, drafts: 0, scheduled: 0, submissions: 2 });
    expect(queue.stories[0]).toMatchObject({
      title: 'First in line',
      writer: { id: writer.id, name: 'Ledger Writer', username: writer.username },
      status: 'DRAFT',
      label: 'Draft in The Ledger',
      mediumUrl: null,
      editUrl: `/p/${first}/edit`,
      note: null,
    });
    expect(queue.stories[0]!.submittedAt! < queue.stories[1]!.submittedAt!).toBe(true);
    expect(queue.next).toBeNull();

    // Only the owner and editors see the queue.
    const notEditor = { code: 'FORBIDDEN', message: accessTexts.managePublication };
    for (const outsider of [writer, stranger, rivalEditor]) {
      expect(
        await refusal(
          as(outsider).publicationStories.list({ slug: publication.slug, filterBy: 'submissions' }),
        ),
      ).toEqual(notEditor);
    }
    expect(
      (await refusal(as(null).publicationStories.list({ slug: publication.slug, filterBy: 'drafts' })))?.code,
    ).toBe('UNAUTHORIZED');

    // The preview shows an editor the text; the writer of another story and a stranger are refused it.
    const preview = await as(owner).publicationStories.submission({ postId: first });
    expect(preview).toMatchObject({
      title: 'First in line',
      writer: { id: writer.id },
      publication: { id: publication.id, name: 'The Ledger' },
    });
    expect(preview.paragraphs.map((p) => p.text)).toEqual(['A heading', 'The first words.']);
    const notReviewer = { code: 'FORBIDDEN', message: accessTexts.approveSubmission };
    for (const outsider of [otherWriter, stranger, rivalEditor]) {
      expect(await refusal(as(outsider).publicationStories.submission({ postId: first }))).toEqual(
        notReviewer,
      );
    }

    // Another publication's editor decides nothing about it.
    const before = await stateOf(first);
    expect(await refusal(as(rivalEditor).publicationStories.approve({ postId: first }))).toEqual(notReviewer);
    expect(await refusal(as(rivalEditor).publicationStories.decline({ postId: first, note: 'No.' }))).toEqual(
      notReviewer,
    );
    expect(
      await refusal(as(rivalEditor).publicationStories.requestChanges({ postId: first, note: 'Change.' })),
    ).toEqual(notReviewer);
    expect(await stateOf(first)).toEqual(before);

    const approved = await as(editor).publicationStories.approve({ postId: first });
    expect(approved).toMatchObject({
      __typename: 'Published',
      id: first,
      status: 'PUBLISHED',
      statusForCollection: 'APPROVED',
      mediumUrl: `/${publication.slug}/first-in-line-${first}`,
      message: 'Story published in The Ledger.',
    });
    expect(await stateOf(first)).toMatchObject({
      status: 'PUBLISHED',
      collection: publication.id,
      pendingCollection: null,
      statusForCollection: 'APPROVED',
    });
    const [told] = await notificationsOf(writer, 'collection_post_approved');
    expect([told?.actor?.id, told?.post?.id, told?.collection?.id]).toEqual([
      editor.id,
      first,
      publication.id,
    ]);
    const [writerSees] = (await as(writer).notifications.list({})).notifications;
    expect(writerSees).toMatchObject({
      notificationType: 'collection_post_approved',
      href: `/${publication.slug}/first-in-line-${first}`,
    });

    const after = await as(owner).publicationStories.list({
      slug: publication.slug,
      filterBy: 'submissions',
    });
    expect(after.stories.map((s) => s.id)).toEqual([second]);
    const published = await as(owner).publicationStories.list({
      slug: publication.slug,
      filterBy: 'published',
    });
    expect(published.stories.map((s) => s.id)).toEqual([first]);
    expect(published.stories[0]).toMatchObject({ mediumUrl: approved.mediumUrl, label: null });
    expect(published.counts).toEqual({ published: 1, drafts: 0, scheduled: 0, submissions: 1 });

    // Approving it again: it is no longer a submission, and nothing changes.
    const done = await stateOf(first);
    const gone = { code: 'NOT_FOUND', message: texts.notASubmission };
    expect(await refusal(as(editor).publicationStories.approve({ postId: first }))).toEqual(gone);
    expect(await refusal(as(editor).posts.approveSubmission({ id: first }))).toEqual(gone);
    expect(await refusal(as(editor).publicationStories.submission({ postId: first }))).toEqual(gone);
    expect(await stateOf(first)).toEqual(done);
    expect(await notificationsOf(writer, 'collection_post_approved')).toHaveLength(1);
  });

  it('declines a submission with a note: the writer is told and keeps the story, which leaves the publication', async () => {
    const { owner, editor, writer, publication } = await setup();
    const id = await submit(writer, publication.id, 'Not for us');
    const answer = await as(editor).publicationStories.decline({
      postId: id,
      note: '  Not a fit this time.  ',
    });
    expect(answer).toEqual({ id, statusForCollection: 'REJECTED', message: texts.declined });
    expect(await stateOf(id)).toEqual({
      status: 'DRAFT',
      collection: null,
      pendingCollection: null,
      statusForCollection: 'REJECTED',
      submissionNote: 'Not a fit this time.',
      submittedAt: null,
    });
    const [told] = await notificationsOf(writer, 'collection_post_declined');
    expect([told?.actor?.id, told?.post?.id, told?.collection?.id]).toEqual([editor.id, id, publication.id]);
    const [shown] = (await as(writer).notifications.list({})).notifications;
    expect(shown).toMatchObject({ notificationType: 'collection_post_declined', href: `/p/${id}/edit` });
    expect(
      await db.em().count(EmailOutbox, { to: writer.email!.toLowerCase(), template: 'notification' }),
    ).toBe(1);
    // The writer reads the note where they edit the story and in their drafts.
    expect((await as(writer).posts.editorState({ id })).submissionNote).toBe('Not a fit this time.');
    expect((await as(writer).posts.mine({ filterBy: 'drafts' })).find((p) => p.id === id)).toMatchObject({
      label: 'Draft',
      submissionNote: 'Not a fit this time.',
    });
    // The publication no longer holds it: not in its lists, and its editors may no longer open it.
    const lists = await as(owner).publicationStories.list({ slug: publication.slug, filterBy: 'drafts' });
    expect(lists.counts).toEqual({ published: 0, drafts: 0, scheduled: 0, submissions: 0 });
    expect((await refusal(as(editor).posts.editorState({ id })))?.code).toBe('FORBIDDEN');

    // A note is optional when declining.
    const quiet = await submit(writer, publication.id, 'Also not for us');
    await as(owner).publicationStories.decline({ postId: quiet });
    expect((await stateOf(quiet)).submissionNote).toBeNull();
  });

  it('sends a submission back for changes; the writer submits it again and it rejoins the queue', async () => {
    const { owner, editor, writer, publication } = await setup();
    const id = await submit(writer, publication.id, 'Needs work');
    const answer = await as(owner).publicationStories.requestChanges({ postId: id, note: 'Cut the intro.' });
    expect(answer).toEqual({ id, statusForCollection: 'NOT_YET_SUBMITTED', message: texts.changesRequested });
    expect(await stateOf(id)).toMatchObject({
      status: 'DRAFT',
      pendingCollection: publication.id,
      statusForCollection: 'NOT_YET_SUBMITTED',
      submissionNote: 'Cut the intro.',
      submittedAt: null,
    });
    const [told] = await notificationsOf(writer, 'collection_post_changes_requested');
    expect([told?.actor?.id, told?.post?.id, told?.collection?.id]).toEqual([owner.id, id, publication.id]);
    const [shown] = (await as(writer).notifications.list({})).notifications;
    expect(shown).toMatchObject({ href: `/p/${id}/edit` });

    // It is a draft of the publication now, with the note; the queue is empty.
    const drafts = await as(editor).publicationStories.list({ slug: publication.slug, filterBy: 'drafts' });
    expect(drafts.stories).toHaveLength(1);
    expect(drafts.stories[0]).toMatchObject({ id, label: 'Unsubmitted draft', note: 'Cut the intro.' });
    expect(drafts.counts.submissions).toBe(0);
    // Nothing more to decide until it comes back.
    expect((await refusal(as(editor).publicationStories.decline({ postId: id })))?.code).toBe('NOT_FOUND');

    // The writer changes it and submits it again: back in the queue, the note answered, the editors told.
    const api = as(writer);
    await api.posts.save({ id, baseRev: 1, title: 'Needs work', content: body('Shorter now.') });
    expect(
      (await api.posts.publish({ id, baseRev: 2, topics: [], collectionId: publication.id })).__typename,
    ).toBe('Submitted');
    expect(await stateOf(id)).toMatchObject({ statusForCollection: 'PENDING', submissionNote: null });
    const queue = await as(editor).publicationStories.list({
      slug: publication.slug,
      filterBy: 'submissions',
    });
    expect(queue.stories.map((s) => s.id)).toEqual([id]);
    const preview = await as(editor).publicationStories.submission({ postId: id });
    expect(preview.paragraphs.map((p) => p.text)).toContain('Shorter now.');
    const rows = await notificationsOf(editor, 'collection_post_submitted_rollup');
    expect(rows.flatMap((r) => r.rollupItems.map((i) => i.actorId))).toContain(writer.id);
  });

  it('refuses notes that are missing, too long or hold NUL bytes, a story not submitted, and changes nothing', async () => {
    const { editor, writer, publication } = await setup();
    const id = await submit(writer, publication.id, 'Careful');
    const before = await stateOf(id);
    const missing = await refusal(as(editor).publicationStories.requestChanges({ postId: id, note: '   ' }));
    expect(missing?.code).toBe('BAD_REQUEST');
    expect(missing?.message).toContain(texts.noteRequired);
    const nul = await refusal(as(editor).publicationStories.requestChanges({ postId: id, note: 'a\u0000b' }));
    expect(nul?.code).toBe('BAD_REQUEST');
    expect(nul?.message).toContain(inputTexts.invalidCharacters);
    const nulDecline = await refusal(as(editor).publicationStories.decline({ postId: id, note: '\u0000' }));
    expect(nulDecline?.message).toContain(inputTexts.invalidCharacters);
    const long = await refusal(
      as(editor).publicationStories.decline({ postId: id, note: 'x'.repeat(SUBMISSION_NOTE_MAX + 1) }),
    );
    expect(long?.message).toContain(texts.noteTooLong);
    expect(await stateOf(id)).toEqual(before);

    // A published story, a draft never submitted, a trashed submission and an unknown id are no submissions.
    const gone = { code: 'NOT_FOUND', message: texts.notASubmission };
    const published = await buildPost(db.em(), { creator: writer, collection: publication });
    const { id: draft } = await as(writer).posts.createDraft({ collectionSlug: publication.slug });
    for (const postId of [published.id, draft, 'ffffffffffffffff']) {
      const was = postId === 'ffffffffffffffff' ? null : await stateOf(postId);
      expect(await refusal(as(editor).publicationStories.decline({ postId, note: 'No.' }))).toEqual(gone);
      expect(await refusal(as(editor).publicationStories.requestChanges({ postId, note: 'No.' }))).toEqual(
        gone,
      );
      expect(await refusal(as(editor).publicationStories.approve({ postId }))).toEqual(gone);
      if (was) expect(await stateOf(postId)).toEqual(was);
    }
    await as(writer).posts.delete({ targetPostId: id });
    expect(await refusal(as(editor).publicationStories.approve({ postId: id }))).toEqual(gone);
    expect(await notificationsOf(writer, 'collection_post_declined')).toHaveLength(0);
    expect(await notificationsOf(writer, 'collection_post_changes_requested')).toHaveLength(0);
  });

  it('leaves a story published elsewhere where it is when its submission is declined', async () => {
    const { editor, writer, publication } = await setup();
    const api = as(writer);
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Out already', content: body('Read by many.') });
    await api.posts.publish({ id, baseRev: 1, topics: [] });
    const out = await db.em().findOneOrFail(Post, id);
    expect(
      (await api.posts.publish({ id, baseRev: out.latestRev, topics: [], collectionId: publication.id }))
        .__typename,
    ).toBe('Submitted');
    const queue = await as(editor).publicationStories.list({
      slug: publication.slug,
      filterBy: 'submissions',
    });
    expect(queue.stories[0]).toMatchObject({
      id,
      status: 'PUBLISHED',
      mediumUrl: `/@${writer.username}/out-already-${id}`,
    });
    await as(editor).publicationStories.decline({ postId: id, note: 'Thanks, no.' });
    const after = await db.em().findOneOrFail(Post, id);
    expect([after.status, after.collection, after.pendingCollection, after.statusForCollection]).toEqual([
      'PUBLISHED',
      null,
      null,
      'REJECTED',
    ]);
    expect(after.latestPublishedAt?.toISOString()).toBe(out.latestPublishedAt?.toISOString());
  });

  it('pages the queue oldest first and the other tabs newest first; nothing is scheduled', async () => {
    const { owner, writer, publication } = await setup();
    const em = db.em();
    const start = new Date('2026-11-01T00:00:00Z').getTime();
    const ids: string[] = [];
    for (let i = 0; i < PUBLICATION_STORIES_PAGE_SIZE + 5; i++) {
      const post = await buildPost(em, { creator: writer, status: 'DRAFT', title: `Queued ${i}` });
      post.pendingCollection = publication;
      post.statusForCollection = 'PENDING';
      // Two share each time: the id orders them.
      post.submittedAt = new Date(start + Math.floor(i / 2) * 60_000);
      ids.push(post.id);
    }
    await em.flush();
    const expected = (
      await em.find(Post, { id: { $in: ids } }, { orderBy: { submittedAt: 'asc', id: 'asc' } })
    ).map((p) => p.id);
    const seen: string[] = [];
    let cursor: { at: string; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof as>['publicationStories']['list']>> = await as(
        owner,
      ).publicationStories.list({ slug: publication.slug, filterBy: 'submissions', cursor });
      seen.push(...page.stories.map((s) => s.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(expected);

    for (let i = 0; i < 3; i++)
      await buildPost(em, {
        creator: writer,
        collection: publication,
        title: `Out ${i}`,
        publishedAt: new Date(start + i * 60_000),
      });
    const published = await as(owner).publicationStories.list({
      slug: publication.slug,
      filterBy: 'published',
    });
    expect(published.stories.map((s) => s.title)).toEqual(['Out 2', 'Out 1', 'Out 0']);
    expect(
      await as(owner).publicationStories.list({ slug: publication.slug, filterBy: 'scheduled' }),
    ).toMatchObject({
      stories: [],
      next: null,
    });
    const bad = await refusal(
      as(owner).publicationStories.list({ slug: publication.slug, filterBy: 'later' as 'drafts' }),
    );
    expect(bad?.message).toContain(texts.invalidFilter);
    expect(
      await refusal(as(owner).publicationStories.list({ slug: 'no-such-publication', filterBy: 'drafts' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: accessTexts.publicationNotFound,
    });
  });
});
