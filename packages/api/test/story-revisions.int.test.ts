import { Post, PostTag, PostVersion, type User } from '@quire/db';
import { accessTexts, type PostContent } from '@quire/domain';
import { addCollectionMember, buildCollection, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();

const body = (text: string): PostContent => ({
  paragraphs: [{ name: 'r001', type: 'P', text, markups: [] }],
});

async function writer(opts: { name?: string; partner?: boolean } = {}) {
  const user = await buildUser(db.em(), {
    name: opts.name ?? 'Reviser',
    isPartnerProgramEnrolled: opts.partner ?? false,
  });
  const clock = testClock();
  return { user, clock, api: browser(db, clock, { viewer: user }).caller };
}

const anonymous = () => browser(db, testClock()).caller;

/** The story as a reader gets it from posts.byId: its title and first paragraph. */
async function readerView(id: string, viewer: User | null = null) {
  const result = await browser(db, testClock(), { viewer }).caller.posts.byId({ id });
  if (result.__typename !== 'Post') throw new Error(`story ${id} is ${result.__typename}`);
  return { title: result.title, text: result.content.paragraphs[0]?.text };
}

/** A story published by `api` with this title and text, at revision 1. */
async function published(
  api: Awaited<ReturnType<typeof writer>>['api'],
  title: string,
  text: string,
  opts: { unlisted?: boolean } = {},
) {
  const { id } = await api.posts.createDraft({});
  await api.posts.save({ id, baseRev: 0, title, content: body(text) });
  await api.posts.publish({ id, baseRev: 1, topics: [], unlisted: opts.unlisted ?? false });
  return id;
}

describe('edits to a published story wait for Publish changes', () => {
  it('keeps readers on the published text while autosave keeps the edit, then publishes it', async () => {
    const { api, user } = await writer();
    const id = await published(api, 'The published title', 'The published text.');

    expect(
      await api.posts.save({ id, baseRev: 1, title: 'An edited title', content: body('The edited text.') }),
    ).toEqual({ __typename: 'Saved', rev: 2 });
    // Readers, lists and the author's own story page still have the published version.
    expect(await readerView(id)).toEqual({ title: 'The published title', text: 'The published text.' });
    expect(await readerView(id, user)).toEqual({ title: 'The published title', text: 'The published text.' });
    expect((await anonymous().posts.latest({ limit: 50 })).posts.find((p) => p.id === id)?.title).toBe(
      'The published title',
    );
    const stored = await db.em().findOneOrFail(Post, id);
    expect([stored.title, stored.content.paragraphs[0]?.text, stored.latestPublishedRev]).toEqual([
      'The published title',
      'The published text.',
      1,
    ]);
    // The editor opens on the pending edit, and knows it is not published.
    expect(await api.posts.editorState({ id })).toMatchObject({
      title: 'An edited title',
      content: body('The edited text.'),
      latestRev: 2,
      hasPendingChanges: true,
    });
    // A second autosave replaces the pending edit.
    await api.posts.save({ id, baseRev: 2, title: 'An edited title', content: body('Edited twice.') });

    await expect(api.posts.publishChanges({ id, baseRev: 2 })).rejects.toThrow(
      'This story changed since you opened it. Reload to publish the latest text.',
    );
    expect(await api.posts.publishChanges({ id, baseRev: 3 })).toEqual({
      __typename: 'Published',
      mediumUrl: `/@${user.username}/an-edited-title-${id}`,
      status: 'PUBLISHED',
    });
    expect(await readerView(id)).toEqual({ title: 'An edited title', text: 'Edited twice.' });
    const after = await db.em().findOneOrFail(Post, id);
    expect(after.latestPublishedRev).toBe(after.latestRev);
    const version = await db.em().findOneOrFail(PostVersion, { post: id, rev: after.latestPublishedRev });
    expect([version.title, version.content.paragraphs[0]?.text]).toEqual([
      'An edited title',
      'Edited twice.',
    ]);
    expect((await api.posts.editorState({ id })).hasPendingChanges).toBe(false);
  });

  it('discards the pending edit: the editor gets the published text back, readers never saw the edit', async () => {
    const { api } = await writer();
    const id = await published(api, 'Kept title', 'Kept text.');
    await api.posts.save({ id, baseRev: 1, title: 'Thrown away', content: body('A bad idea.') });

    await expect(api.posts.discardChanges({ id, baseRev: 1 })).rejects.toThrow(
      'This story changed since you opened it.',
    );
    const discarded = await api.posts.discardChanges({ id, baseRev: 2 });
    expect(discarded).toEqual({ rev: 3, title: 'Kept title', content: body('Kept text.') });
    expect(await api.posts.editorState({ id })).toMatchObject({
      title: 'Kept title',
      content: body('Kept text.'),
      latestRev: 3,
      hasPendingChanges: false,
    });
    expect(await readerView(id)).toEqual({ title: 'Kept title', text: 'Kept text.' });
    // A tab still on the discarded edit cannot save over it without seeing a conflict.
    expect(
      await api.posts.save({ id, baseRev: 2, title: 'Thrown away', content: body('Still here.') }),
    ).toMatchObject({ __typename: 'Conflict', latestRev: 3, title: 'Kept title' });
  });

  it('answers a conflict with the pending text, not the published one', async () => {
    const { api } = await writer();
    const id = await published(api, 'Live', 'Live text.');
    await api.posts.save({ id, baseRev: 1, title: 'Pending', content: body('Pending text.') });
    expect(await api.posts.save({ id, baseRev: 1, title: 'Other tab', content: body('x') })).toMatchObject({
      __typename: 'Conflict',
      latestRev: 2,
      title: 'Pending',
      content: body('Pending text.'),
    });
  });

  it('holds edits to an unlisted story too, and publishing from the dialog publishes them', async () => {
    const { api } = await writer();
    const id = await published(api, 'Unlisted one', 'Unlisted text.', { unlisted: true });
    await api.posts.save({ id, baseRev: 1, title: 'Unlisted two', content: body('Second text.') });
    expect(await readerView(id)).toEqual({ title: 'Unlisted one', text: 'Unlisted text.' });
    await api.posts.publish({ id, baseRev: 2, topics: [], unlisted: true });
    expect(await readerView(id)).toEqual({ title: 'Unlisted two', text: 'Second text.' });
    expect((await api.posts.editorState({ id })).hasPendingChanges).toBe(false);
  });

  it('still saves a draft into the story at once', async () => {
    const { api } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Draft title', content: body('Draft text.') });
    const draft = await db.em().findOneOrFail(Post, id);
    expect([draft.title, draft.content.paragraphs[0]?.text]).toEqual(['Draft title', 'Draft text.']);
    expect((await api.posts.editorState({ id })).hasPendingChanges).toBe(false);
    await expect(api.posts.publishChanges({ id, baseRev: 1 })).rejects.toThrow(
      'This story has no unpublished changes.',
    );
  });

  it('lets only those who may edit the story publish or discard its changes', async () => {
    const { api } = await writer();
    const stranger = (await writer({ name: 'Stranger' })).api;
    const id = await published(api, 'Mine', 'My text.');
    await api.posts.save({ id, baseRev: 1, title: 'Mine, edited', content: body('My edit.') });
    await expect(stranger.posts.publishChanges({ id, baseRev: 2 })).rejects.toThrow(accessTexts.editStory);
    await expect(stranger.posts.discardChanges({ id, baseRev: 2 })).rejects.toThrow(accessTexts.editStory);
    expect((await db.em().findOneOrFail(Post, id)).title).toBe('Mine');
  });
});

describe('the friend link', () => {
  it('is given to the author of a members-only story without the members-only editing flag', async () => {
    const { api, user } = await writer({ partner: true });
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Locked and shared', content: body('For members.') });
    await api.posts.publish({ id, baseRev: 1, topics: [], isLocked: true });
    const post = await db.em().findOneOrFail(Post, id);
    expect(post.isLocked).toBe(true);
    expect((await api.posts.friendLink({ id })).url).toBe(
      `http://localhost:3000/@${user.username}/locked-and-shared-${id}?source=friends_link&sk=${post.shareKey}`,
    );
    // Reading the link is not editing: editing still needs the flag.
    await expect(api.posts.save({ id, baseRev: 1, title: 'x', content: body('x') })).rejects.toThrow(
      accessTexts.editMembersOnlyStory,
    );
    await expect((await writer({ name: 'Other' })).api.posts.friendLink({ id })).rejects.toThrow(
      accessTexts.friendLink,
    );
  });
});

describe('who may make a story members-only', () => {
  it('refuses a writer outside the Partner Program with the policy’s text and changes nothing', async () => {
    const { api } = await writer({ name: 'Newcomer' });
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Behind the paywall?', content: body('Not yet.') });
    expect((await api.posts.editorState({ id })).canLock).toBe(false);
    await expect(api.posts.publish({ id, baseRev: 1, topics: ['Money'], isLocked: true })).rejects.toThrow(
      accessTexts.lockStory,
    );
    const post = await db.em().findOneOrFail(Post, id);
    expect([post.status, post.isLocked, post.visibility, post.latestPublishedRev]).toEqual([
      'DRAFT',
      false,
      'PUBLIC',
      0,
    ]);
    expect(await db.em().count(PostTag, { post: id })).toBe(0);
    // Without the lock, the same writer publishes.
    expect((await api.posts.publish({ id, baseRev: 1, topics: [] })).__typename).toBe('Published');
  });

  it('lets a Partner Program writer lock their story', async () => {
    const { api } = await writer({ name: 'Partner', partner: true });
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'For members', content: body('Members text.') });
    expect((await api.posts.editorState({ id })).canLock).toBe(true);
    await api.posts.publish({ id, baseRev: 1, topics: [], isLocked: true });
    expect((await db.em().findOneOrFail(Post, id)).visibility).toBe('LOCKED');
  });

  it('lets a publication’s editor lock a story published in it, and only there', async () => {
    const { user: editor, api } = await writer({ name: 'Pub Editor' });
    const owner = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: owner, name: 'Locked Ledger' });
    await addCollectionMember(db.em(), publication, editor, 'EDITOR');
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Editor’s pick', content: body('Members text.') });
    const state = await api.posts.editorState({ id });
    expect([state.canLock, state.lockPublicationIds]).toEqual([false, [publication.id]]);
    await expect(api.posts.publish({ id, baseRev: 1, topics: [], isLocked: true })).rejects.toThrow(
      accessTexts.lockStory,
    );
    await api.posts.publish({ id, baseRev: 1, topics: [], isLocked: true, collectionId: publication.id });
    const post = await db.em().findOneOrFail(Post, id, { populate: ['collection'] });
    expect([post.visibility, post.collection?.id]).toEqual(['LOCKED', publication.id]);
  });
});
