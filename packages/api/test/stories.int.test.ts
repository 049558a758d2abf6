import { FeatureFlag, FeatureFlagOverride, Post, PostTag, PostVersion } from '@quire/db';
import type { PostContent } from '@quire/domain';
import { addCollectionMember, buildCollection, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { purgeTrash } from '../src';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();

const body = (text: string): PostContent => ({
  paragraphs: [
    { name: 'aa01', type: 'H3', text: 'A heading', markups: [] },
    { name: 'aa02', type: 'P', text, markups: [{ type: 'EM', start: 0, end: 1 }] },
  ],
});

async function writer(name = 'Writer', opts: { partner?: boolean } = {}) {
  const user = await buildUser(db.em(), { name, isPartnerProgramEnrolled: opts.partner ?? false });
  const clock = testClock();
  return { user, clock, api: browser(db, clock, { viewer: user }).caller };
}

describe('drafts and autosave', () => {
  it('saves on the latest revision and reports a conflict for a stale one without overwriting', async () => {
    const { api } = await writer();
    const { id, latestRev } = await api.posts.createDraft({});
    expect(latestRev).toBe(0);
    expect(
      await api.posts.save({ id, baseRev: 0, title: 'First title', content: body('Tab one text') }),
    ).toEqual({
      __typename: 'Saved',
      rev: 1,
    });
    const stale = await api.posts.save({ id, baseRev: 0, title: 'Other tab', content: body('Tab two text') });
    expect(stale).toMatchObject({ __typename: 'Conflict', latestRev: 1, title: 'First title' });
    const saved = await db.em().findOneOrFail(Post, id);
    expect(saved.title).toBe('First title');
    expect(saved.content.paragraphs[1]!.text).toBe('Tab one text');
    expect(saved.wordCount).toBe(5);
  });

  it('refuses an invalid document with a clear message and changes nothing', async () => {
    const { api } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Kept', content: body('Kept text') });
    const bad = {
      paragraphs: [{ name: 'x1', type: 'BLINK', text: 'nope', markups: [] }],
    } as unknown as PostContent;
    await expect(api.posts.save({ id, baseRev: 1, title: 'Lost', content: bad })).rejects.toThrow(
      /Unknown paragraph type/,
    );
    expect((await db.em().findOneOrFail(Post, id)).title).toBe('Kept');
  });

  it('accepts embeds from allowlisted providers only, unless allow_iframe is on', async () => {
    const { api } = await writer();
    const { id } = await api.posts.createDraft({});
    const withEmbed = (src: string): PostContent => ({
      paragraphs: [{ name: 'e1', type: 'IFRAME', text: '', markups: [], iframe: { src } }],
    });
    expect(
      (
        await api.posts.save({
          id,
          baseRev: 0,
          title: 'Video',
          content: withEmbed('https://www.youtube-nocookie.com/embed/abc'),
        })
      ).__typename,
    ).toBe('Saved');
    await expect(
      api.posts.save({ id, baseRev: 1, title: 'Evil', content: withEmbed('https://evil.example.com/frame') }),
    ).rejects.toThrow('Embeds from evil.example.com are not allowed.');
    expect((await db.em().findOneOrFail(Post, id)).title).toBe('Video');
    const em = db.em();
    em.create(FeatureFlag, { name: 'allow_iframe', boolValue: true });
    await em.flush();
    expect(
      (
        await api.posts.save({
          id,
          baseRev: 1,
          title: 'Any',
          content: withEmbed('https://evil.example.com/frame'),
        })
      ).__typename,
    ).toBe('Saved');
    await em.nativeDelete(FeatureFlag, { name: 'allow_iframe' });
  });

  it('lets only the author or an editor of the publication edit', async () => {
    const { user: author, api } = await writer('Author');
    const editor = await buildUser(db.em(), { name: 'Editor' });
    const stranger = await buildUser(db.em(), { name: 'Stranger' });
    const owner = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: owner });
    await addCollectionMember(db.em(), publication, author, 'WRITER');
    await addCollectionMember(db.em(), publication, editor, 'EDITOR');
    const { id } = await api.posts.createDraft({ collectionSlug: publication.slug });
    const clock = testClock();
    await expect(
      browser(db, clock, { viewer: stranger }).caller.posts.save({
        id,
        baseRev: 0,
        title: 'Mine now',
        content: body('x'),
      }),
    ).rejects.toThrow('Only the author or an editor of its publication can edit this story.');
    expect(
      (
        await browser(db, clock, { viewer: editor }).caller.posts.save({
          id,
          baseRev: 0,
          title: 'Edited',
          content: body('y'),
        })
      ).__typename,
    ).toBe('Saved');
    await expect(
      browser(db, clock, { viewer: stranger }).caller.posts.createDraft({ collectionSlug: publication.slug }),
    ).rejects.toThrow('You can write for a publication only after its editors add you as a writer.');
  });
});

describe('publishing', () => {
  it('publishes with up to 5 topics under a slug-plus-id URL and keeps a version', async () => {
    const { user, api } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Ünïcode Ready Story!', content: body('Hello world') });
    await expect(
      api.posts.publish({ id, baseRev: 1, topics: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    ).rejects.toThrow('Add up to 5 topics.');
    const result = await api.posts.publish({
      id,
      baseRev: 1,
      topics: ['Programming', 'Web Design', 'programming'],
    });
    expect(result).toEqual({
      __typename: 'Published',
      mediumUrl: `/@${user.username}/unicode-ready-story-${id}`,
      status: 'PUBLISHED',
    });
    const tags = await db
      .em()
      .find(PostTag, { post: id }, { populate: ['tag'], orderBy: { position: 'asc' } });
    expect(tags.map((t) => t.tag.slug)).toEqual(['programming', 'web-design']);
    expect(await db.em().count(PostVersion, { post: id })).toBeGreaterThanOrEqual(1);
    const latest = await api.posts.latest({ limit: 50 });
    expect(latest.posts.map((p) => p.id)).toContain(id);
    // A stale base revision cannot publish.
    await expect(api.posts.publish({ id, baseRev: 0, topics: [] })).rejects.toThrow(
      'This story changed since you opened it.',
    );
  });

  it('submits a writer’s story to the publication as PENDING until an editor approves it', async () => {
    const { user: author, api } = await writer('Pub Writer');
    const owner = await buildUser(db.em(), { name: 'Pub Owner' });
    const publication = await buildCollection(db.em(), { creator: owner, name: 'The Ledger' });
    await addCollectionMember(db.em(), publication, author, 'WRITER');
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'For the ledger', content: body('Some words') });
    const submitted = await api.posts.publish({ id, baseRev: 1, topics: [], collectionId: publication.id });
    expect(submitted).toEqual({ __typename: 'Submitted', label: 'Draft in The Ledger' });
    const pending = await db.em().findOneOrFail(Post, id);
    expect([pending.status, pending.statusForCollection]).toEqual(['DRAFT', 'PENDING']);
    expect((await api.posts.mine({ filterBy: 'drafts' })).find((p) => p.id === id)?.label).toBe(
      'Draft in The Ledger',
    );
    await expect(api.posts.approveSubmission({ id })).rejects.toThrow(
      'Only the editors of the publication can approve this story.',
    );
    const approved = await browser(db, testClock(), { viewer: owner }).caller.posts.approveSubmission({ id });
    expect(approved.mediumUrl).toBe(`/${publication.slug}/for-the-ledger-${id}`);
    const published = await db.em().findOneOrFail(Post, id, { populate: ['collection'] });
    expect([published.status, published.collection?.id, published.statusForCollection]).toEqual([
      'PUBLISHED',
      publication.id,
      'APPROVED',
    ]);
  });

  it('locks members-only stories and then needs can_edit_members_only_posts to edit them', async () => {
    // Partner Program writers may put their stories behind the paywall (policy lockPost).
    const { user, api } = await writer('Partner', { partner: true });
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Locked', content: body('Members only') });
    await api.posts.publish({ id, baseRev: 1, topics: [], isLocked: true });
    expect((await db.em().findOneOrFail(Post, id)).visibility).toBe('LOCKED');
    await expect(api.posts.save({ id, baseRev: 1, title: 'Changed', content: body('x') })).rejects.toThrow(
      'Editing members-only stories is not available to you.',
    );
    const em = db.em();
    const flag = em.create(FeatureFlag, { name: 'can_edit_members_only_posts', boolValue: false });
    em.create(FeatureFlagOverride, { flag, user: user.id, boolValue: true });
    await em.flush();
    expect((await api.posts.save({ id, baseRev: 1, title: 'Changed', content: body('x') })).__typename).toBe(
      'Saved',
    );
  });

  it('gives the author a friend link with the share key, and nobody else', async () => {
    const { user, api } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Shared', content: body('Share me') });
    expect((await api.posts.friendLink({ id })).url).toBeNull(); // drafts have no public URL
    await api.posts.publish({ id, baseRev: 1, topics: [] });
    const post = await db.em().findOneOrFail(Post, id);
    expect((await api.posts.friendLink({ id })).url).toBe(
      `http://localhost:3000/@${user.username}/shared-${id}?source=friends_link&sk=${post.shareKey}`,
    );
  });
});

describe('trash, versions and revert', () => {
  it('moves to the trash with the spec toast, restores with the deleted-list flags, and purges after 14 days', async () => {
    const { api, clock } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Short lived', content: body('Bye') });
    await api.posts.publish({ id, baseRev: 1, topics: [] });
    expect(await api.posts.delete({ targetPostId: id })).toEqual({
      message: "Short lived moved to Trash. After 14 days, it'll be permanently deleted.",
    });
    expect((await api.posts.latest({ limit: 50 })).posts.map((p) => p.id)).not.toContain(id);
    expect((await api.posts.mine({ filterBy: 'deleted' })).map((p) => p.id)).toContain(id);
    expect(await api.posts.undelete({ targetPostId: id })).toEqual({
      redirect: `/me/stories/deleted?undeletedPost=true&undeletedPostId=${id}&undeletedPostTitle=Short+lived&tab=public`,
    });
    await api.posts.delete({ targetPostId: id });
    expect(await purgeTrash(db.em(), new Date(clock.now().getTime() + 13 * 86_400_000))).toBe(0);
    expect(await purgeTrash(db.em(), new Date(clock.now().getTime() + 15 * 86_400_000))).toBe(1);
    expect(await db.em().count(Post, { id })).toBe(0);
  });

  it('restores an earlier version as a new revision', async () => {
    const { api, clock } = await writer();
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Version one', content: body('One') });
    clock.advance(6 * 60 * 1000);
    await api.posts.save({ id, baseRev: 1, title: 'Version two', content: body('Two') });
    const versions = await api.posts.versions({ id });
    const first = versions.find((v) => v.title === 'Version one')!;
    expect(await api.posts.revert({ id, versionId: first.id, baseRev: 2 })).toEqual({
      __typename: 'Saved',
      rev: 3,
    });
    expect((await db.em().findOneOrFail(Post, id)).title).toBe('Version one');
  });

  it('lists drafts with their §4 labels', async () => {
    const { user, api } = await writer();
    const owner = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: owner });
    await addCollectionMember(db.em(), publication, user, 'WRITER');
    await api.posts.createDraft({});
    await api.posts.createDraft({ collectionSlug: publication.slug });
    const labels = (await api.posts.mine({ filterBy: 'drafts' })).map((p) => p.label).sort();
    expect(labels).toEqual(['Draft', 'Unsubmitted draft']);
  });
});
