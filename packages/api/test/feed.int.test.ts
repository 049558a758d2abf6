import {
  Block,
  FollowCollection,
  FollowTag,
  FollowUser,
  MuteCollection,
  MuteUser,
  NegativeSignal,
  observeQueries,
  PostTag,
  Tag,
  type User,
} from '@quire/db';
import {
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
  useTestDatabase,
  withStatements,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { candidates, forYouFeed, readerSets, refreshCandidatesEvery } from '../src/services/feed';
import { readSession } from '../src/services/session';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;
const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3_600_000);

/** The For you feed's titles for a reader, first page of `limit`. */
const titles = async (viewer: User | null, limit = 50) =>
  (await as(viewer).posts.forYou({ limit })).posts.map((p) => p.title);

describe('For you feed (spec §2 home)', () => {
  it('ranks engagement and recency, and lifts followed writers for their followers only', async () => {
    const em = db.em();
    // One writer each, so the same-writer spacing plays no part here.
    const writer = () => buildUser(em);
    const followed = await buildUser(em);
    const fresh = await buildPost(em, {
      creator: await writer(),
      title: 'rank fresh',
      publishedAt: hoursAgo(1),
    });
    const clapped = await buildPost(em, {
      creator: await writer(),
      title: 'rank clapped',
      publishedAt: hoursAgo(2),
    });
    clapped.clapCount = 500;
    await buildPost(em, { creator: await writer(), title: 'rank old', publishedAt: hoursAgo(24 * 20) });
    await buildPost(em, { creator: followed, title: 'rank followed', publishedAt: hoursAgo(30) });
    await em.flush();
    expect(fresh.clapCount).toBe(0);

    const visitor = (await titles(null)).filter((t) => t.startsWith('rank '));
    expect(visitor.indexOf('rank clapped')).toBeLessThan(visitor.indexOf('rank fresh'));
    expect(visitor.indexOf('rank fresh')).toBeLessThan(visitor.indexOf('rank old'));
    expect(visitor.indexOf('rank fresh')).toBeLessThan(visitor.indexOf('rank followed'));

    const reader = await buildUser(em);
    em.create(FollowUser, { follower: reader, target: followed });
    await em.flush();
    const lifted = (await titles(reader)).filter((t) => t.startsWith('rank '));
    expect(lifted.indexOf('rank followed')).toBeLessThan(lifted.indexOf('rank fresh'));
  });

  it('lets no single writer flood the page', async () => {
    const em = db.em();
    const prolific = await buildUser(em);
    for (let i = 0; i < 5; i++) {
      await buildPost(em, { creator: prolific, title: `flood ${i}`, publishedAt: hoursAgo(0.5) });
    }
    for (let i = 0; i < 3; i++) {
      await buildPost(em, {
        creator: await buildUser(em),
        title: `other ${i}`,
        publishedAt: hoursAgo(1 + i),
      });
    }
    const top = (await titles(null))
      .filter((t) => t.startsWith('flood') || t.startsWith('other'))
      .slice(0, 4);
    expect(top.filter((t) => t.startsWith('flood'))).toHaveLength(1);
  });

  it('leaves out muted writers and publications and blocked writers, and pages without repeats', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const muted = await buildUser(em);
    const blocker = await buildUser(em);
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner });
    await buildPost(em, { creator: muted, title: 'hidden muted', publishedAt: hoursAgo(1) });
    await buildPost(em, { creator: blocker, title: 'hidden blocker', publishedAt: hoursAgo(1) });
    await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'hidden pub',
      publishedAt: hoursAgo(1),
    });
    await buildPost(em, { creator: owner, title: 'shown owner', publishedAt: hoursAgo(1) });
    em.create(MuteUser, { user: reader, target: muted });
    em.create(MuteCollection, { user: reader, collection: publication });
    em.create(Block, { blocker, blocked: reader });
    await em.flush();
    const all = await titles(reader);
    expect(all.filter((t) => t.startsWith('hidden'))).toEqual([]);
    expect(all).toContain('shown owner');
    expect(await titles(null)).toEqual(
      expect.arrayContaining(['hidden muted', 'hidden blocker', 'hidden pub']),
    );

    const seen: string[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const page: Awaited<ReturnType<ReturnType<typeof as>['posts']['forYou']>> = await as(
        reader,
      ).posts.forYou({
        limit: 3,
        cursor,
      });
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all.length);
  });

  it('shows fewer stories like one the reader turned down, and Undo adds it back', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const writer = await buildUser(em);
    const story = await buildPost(em, { creator: writer, title: 'fewer this', publishedAt: hoursAgo(1) });
    await buildPost(em, { creator: writer, title: 'fewer sibling', publishedAt: hoursAgo(1) });
    await buildPost(em, { creator: await buildUser(em), title: 'fewer other', publishedAt: hoursAgo(3) });
    const api = as(reader);
    const ranked = async () => (await titles(reader)).filter((t) => t.startsWith('fewer'));
    expect((await ranked())[0]).not.toBe('fewer other');

    await api.posts.showFewer({ postId: story.id });
    await api.posts.showFewer({ postId: story.id });
    expect(await em.fork().count(NegativeSignal, { user: reader.id })).toBe(1);
    expect(await ranked()).toEqual(['fewer other', 'fewer sibling']);

    await api.posts.undoShowFewer({ postId: story.id });
    expect(await ranked()).toContain('fewer this');

    await expect(as(null).posts.showFewer({ postId: story.id })).rejects.toThrow(
      'You need to sign in first.',
    );
    await expect(api.posts.showFewer({ postId: '0123456789ab' })).rejects.toThrow(
      'This story does not exist.',
    );
  });
});

describe('Following feed (spec §2 home)', () => {
  it('holds stories by followed writers, in followed publications and on followed topics, and pages without losing any', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const writer = await buildUser(em);
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner });
    const tag = em.create(Tag, { slug: `following-topic-${Date.now()}`, name: 'Following topic' });
    const onTopic = await buildPost(em, {
      creator: await buildUser(em),
      title: 'follow topic story',
      publishedAt: hoursAgo(2),
    });
    em.create(PostTag, { post: onTopic, tag, position: 0 });
    await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'follow pub story',
      publishedAt: hoursAgo(3),
    });
    await buildPost(em, {
      creator: await buildUser(em),
      title: 'follow stranger story',
      publishedAt: hoursAgo(1),
    });
    for (let i = 0; i < 24; i++) {
      await buildPost(em, {
        creator: writer,
        title: `follow writer ${i}`,
        publishedAt: hoursAgo(1 + i / 10),
      });
    }
    em.create(FollowUser, { follower: reader, target: writer });
    em.create(FollowCollection, { follower: reader, collection: publication });
    em.create(FollowTag, { follower: reader, tag });
    await em.flush();

    const seen: string[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const page: { posts: { title: string }[]; next: number | null } = await as(
        reader,
      ).profiles.followingFeed({ cursor });
      expect(page.posts.length).toBeLessThanOrEqual(20);
      seen.push(...page.posts.map((p) => p.title));
      cursor = page.next;
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect(seen).toEqual(expect.arrayContaining(['follow topic story', 'follow pub story']));
    expect(seen).not.toContain('follow stranger story');
    // The followed writer's second story already comes after the topic and publication stories.
    expect(seen.indexOf('follow writer 1')).toBeGreaterThan(seen.indexOf('follow pub story'));
  });
});

describe('For you candidate cache', () => {
  it('reuses the shared candidates for cacheMs, while each reader’s own follows and mutes apply at once', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const writer = await buildUser(em);
    await buildPost(em, { creator: writer, title: 'cache first', publishedAt: hoursAgo(0.1) });
    const feed = (cacheMs: number) =>
      forYouFeed(db.em(), reader, { offset: 0, limit: 50, cacheMs }).then((p) => p.posts.map((c) => c.title));
    expect(await feed(60_000)).toContain('cache first');
    await buildPost(em, { creator: writer, title: 'cache second', publishedAt: hoursAgo(0.05) });
    // Within the window the new story is not yet a candidate; without a cache it is.
    expect(await feed(60_000)).not.toContain('cache second');
    expect(await feed(0)).toContain('cache second');
    // A mute applies at once, cache or not.
    em.create(MuteUser, { user: reader, target: writer });
    await em.flush();
    expect((await feed(60_000)).filter((t) => t.startsWith('cache'))).toEqual([]);
  });
});

describe('For you candidates refreshed in the background', () => {
  it('keeps the shared candidates loaded from a timer, so a request sends no statement for them', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const errors: unknown[] = [];
    const stop = refreshCandidatesEvery(
      () => db.em(),
      100,
      (e) => errors.push(e),
    );
    try {
      const post = await buildPost(em, {
        creator: writer,
        title: 'refreshed story',
        publishedAt: hoursAgo(0.01),
      });
      const listed = async () => (await candidates(db.em(), 60_000)).some((c) => c.id === post.id);
      const deadline = Date.now() + 5_000;
      while (!(await listed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await listed()).toBe(true);
      let statements = 0;
      observeQueries(() => {
        statements += 1;
      });
      try {
        await candidates(db.em(), 60_000);
      } finally {
        observeQueries(null);
      }
      expect(statements).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
    // Stopped: the timer sends nothing more.
    let after = 0;
    observeQueries(() => {
      after += 1;
    });
    await new Promise((r) => setTimeout(r, 300));
    observeQueries(null);
    expect(after).toBe(0);
  });
});

describe("the reader's sets (follows, turned-down stories, mutes, blocks)", () => {
  it('come with the session for a page that ranks by them: the same sets, and no statement of their own', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const [followed, muted, blocker, blocked] = [
      await buildUser(em),
      await buildUser(em),
      await buildUser(em),
      await buildUser(em),
    ];
    const publication = await buildCollection(em, { creator: followed });
    const turnedDown = await buildPost(em, { creator: muted });
    const topic = em.create(Tag, { slug: 'sets-topic', name: 'Sets Topic', isTopic: true });
    em.create(FollowUser, { follower: reader, target: followed });
    em.create(FollowCollection, { follower: reader, collection: publication });
    em.create(FollowTag, { follower: reader, tag: topic });
    em.create(MuteUser, { user: reader, target: muted });
    em.create(MuteCollection, { user: reader, collection: publication });
    em.create(NegativeSignal, { user: reader, post: turnedDown, creator: muted });
    em.create(Block, { blocker, blocked: reader });
    em.create(Block, { blocker: reader, blocked });
    await em.flush();
    const token = await buildSession(em, reader);

    const alone = await readerSets(db.em(), reader);
    const request = db.em();
    const session = await readSession(request, token, clock.now(), { readerSets: true });
    const withSession = await withStatements(() => readerSets(request, session!.session.user));

    expect(withSession.statements).toBe(0);
    expect(withSession.value).toEqual(alone);
    expect([...alone.writers]).toEqual([followed.id]);
    expect([...alone.publications]).toEqual([publication.id]);
    expect([...alone.topics]).toEqual([topic.id]);
    expect([...alone.turnedDownPosts]).toEqual([turnedDown.id]);
    expect([...alone.turnedDownWriters]).toEqual([muted.id]);
    expect([...alone.mutedWriters]).toEqual([muted.id]);
    expect([...alone.mutedPublications]).toEqual([publication.id]);
    expect(new Set(alone.blocked)).toEqual(new Set([blocker.id, blocked.id]));

    // Without the option the session reads none, and the sets come from a statement of their own.
    const other = db.em();
    const plain = await readSession(other, token, clock.now());
    const own = await withStatements(() => readerSets(other, plain!.session.user));
    expect(own.value).toEqual(alone);
    expect(own.statements).toBe(1);
  });
});
