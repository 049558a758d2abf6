import { Collection, observeQueries, Post, Tag, User } from '@quire/db';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { readNext } from '../src/services/home-modules';
import { pageStory, postForViewer } from '../src/services/posts';
import { callerAs, testClock } from './auth-helpers';

/*
 * A story page reads its story as plain data (pageStory), not as entities: the same facts as the ORM's, nothing
 * mapped into the request's identity map, and read once for the page and the Read next under it.
 */

const db = useTestDatabase();
afterEach(() => observeQueries(null));

const readerOf = (viewer: User | null) => ({
  viewer,
  visitor: { id: 'visitor00000001', isBot: false, country: null },
  ip: '192.0.2.1',
  now: new Date(),
});

describe('the story page read', () => {
  it('holds what the entities hold, maps none of them, and is read once for the page and Read next', async () => {
    const setup = db.em();
    const writer = await buildUser(setup, { name: 'Plain Writer' });
    const publication = await buildCollection(setup, { creator: writer, name: 'Plain Weekly' });
    const pending = await buildCollection(setup, { creator: writer, name: 'Plain Pending' });
    const topic = setup.create(Tag, { slug: 'plain-topic', name: 'Plain Topic', visibility: 'PUBLIC' });
    await setup.flush();
    const post = await buildPost(setup, { creator: writer, collection: publication, isLocked: true });
    await setup.nativeUpdate(User, { id: writer.id }, { promoteSubscriptions: true, imageId: 'w.jpg' });
    await setup.nativeUpdate(Collection, { id: publication.id }, { avatarId: 'p.png', visibility: 'PUBLIC' });
    await setup.nativeUpdate(
      Post,
      { id: post.id },
      {
        pendingCollection: pending.id,
        statusForCollection: 'PENDING',
        primaryTopic: topic.id,
        readingTime: 4.5,
        clapCount: 7,
        shareKey: 'k'.repeat(32),
        canonicalUrl: 'https://example.com/first',
      },
    );

    const em = db.em();
    let storyReads = 0;
    observeQueries((sql) => {
      if (sql.includes('content')) storyReads += 1;
    });
    const page = await postForViewer(em, readerOf(null), post.id);
    await readNext(em, null, post.id);
    await postForViewer(em, readerOf(null), post.id);
    observeQueries(null);
    expect(storyReads).toBe(1);
    expect(
      em
        .getUnitOfWork()
        .getIdentityMap()
        .values()
        .filter((e) => e instanceof Post || e instanceof User || e instanceof Collection || e instanceof Tag),
    ).toEqual([]);

    const plain = await pageStory(db.em(), post.id);
    const entity = await db.em().findOneOrFail(
      Post,
      { id: post.id },
      {
        populate: ['creator', 'collection', 'pendingCollection', 'primaryTopic'],
      },
    );
    expect(plain).toMatchObject({
      id: entity.id,
      title: entity.title,
      uniqueSlug: entity.uniqueSlug,
      isLocked: true,
      latestPublishedAt: entity.latestPublishedAt,
      readingTime: 4.5,
      clapCount: 7,
      status: entity.status,
      visibility: entity.visibility,
      deletedAt: null,
      shareKey: 'k'.repeat(32),
      canonicalUrl: 'https://example.com/first',
      content: entity.content,
      statusForCollection: 'PENDING',
      creator: {
        id: writer.id,
        name: 'Plain Writer',
        username: writer.username,
        imageId: 'w.jpg',
        isDeleted: false,
        isSuspended: false,
        promoteMemberships: false,
        promoteSubscriptions: true,
      },
      collection: {
        id: publication.id,
        name: 'Plain Weekly',
        slug: publication.slug,
        avatarId: 'p.png',
        visibility: 'PUBLIC',
      },
      pendingCollection: { id: pending.id, name: 'Plain Pending' },
      primaryTopic: { id: topic.id, slug: 'plain-topic', name: 'Plain Topic' },
    });
    expect(plain?.latestPublishedAt).toBeInstanceOf(Date);
    // The page as a visitor gets it: the preview of a members-only story, the writer's prompt, the publication.
    expect(page).toMatchObject({
      __typename: 'Post',
      readingTime: 4.5,
      collection: { name: 'Plain Weekly', avatarId: 'p.png' },
      primaryTopic: { slug: 'plain-topic', name: 'Plain Topic' },
      canonicalUrl: 'https://example.com/first',
      content: { isLockedPreviewOnly: true },
      writerPrompts: { subscription: true, membership: false },
    });
    expect(await pageStory(db.em(), 'nosuchstory0')).toBeNull();
  });
});

describe('a request that changes something (a GraphQL batch)', () => {
  it('reads the story and the reader’s sets again after each mutation, not what it looked up before', async () => {
    const setup = db.em();
    const writer = await buildUser(setup);
    const other = await buildUser(setup);
    const reader = await buildUser(setup);
    const post = await buildPost(setup, { creator: writer });
    const byOther = await buildPost(setup, { creator: other });
    // One caller is one request: its calls share the request's EntityManager, as a batch's do.
    const batch = callerAs(db, testClock(), reader);
    const story = async () => {
      const result = await batch.posts.byId({ id: post.id });
      if (result.__typename !== 'Post') throw new Error(result.__typename);
      return result;
    };
    expect((await story()).clapCount).toBe(0);
    await batch.posts.clap({ postId: post.id, count: 3 });
    expect((await story()).clapCount).toBe(3);
    const feed = async () => (await batch.posts.forYou({ limit: 50 })).posts.map((p) => p.id);
    expect(await feed()).toContain(byOther.id);
    await batch.social.muteUser({ targetUserId: other.id });
    expect(await feed()).not.toContain(byOther.id);
  });
});
