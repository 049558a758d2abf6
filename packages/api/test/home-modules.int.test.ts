import type { EntityManager } from '@mikro-orm/postgresql';
import { Block, Collection, FollowTag, observeQueries, Post, PostTag, Tag, User } from '@quire/db';
import { MODULE_TYPE_IDS } from '@quire/domain';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeModules, readNext } from '../src/services/home-modules';
import { browser, testClock } from './auth-helpers';

/*
 * The home page's right column (discovery.homeModules) and Read next under a story (posts.readNext): what each
 * module holds, and that nothing the listing filters leave out (a private publication's story, an unlisted
 * one, a deleted writer's) or the reader blocked ever shows.
 */

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;
const daysAgo = (d: number) => new Date(clock.now().getTime() - d * 86_400_000);

type StoryFields = Parameters<typeof buildPost>[1];

/** A story with claps and a curation status, tagged with `tags`. */
async function story(
  em: EntityManager,
  fields: StoryFields & { claps?: number; pick?: boolean; tags?: Tag[] },
): Promise<Post> {
  const { claps, pick, tags, ...rest } = fields;
  const post = await buildPost(em, rest);
  await em.nativeUpdate(
    Post,
    { id: post.id },
    { clapCount: claps ?? 0, curationStatus: pick ? 'DISTRIBUTED' : 'NOT_REVIEWED' },
  );
  for (const [position, tag] of (tags ?? []).entries()) em.create(PostTag, { post, tag, position });
  await em.flush();
  return post;
}

async function tag(em: EntityManager, name: string, visibility: Tag['visibility'] = 'PUBLIC') {
  const t = em.create(Tag, { slug: name.toLowerCase(), name, isTopic: true, visibility });
  await em.flush();
  return t;
}

async function privatePublication(em: EntityManager, creator: User) {
  const publication = await buildCollection(em, { creator });
  await em.nativeUpdate(Collection, { id: publication.id }, { visibility: 'PRIVATE' });
  return publication;
}

async function deletedWriter(em: EntityManager) {
  const writer = await buildUser(em, { name: 'Gone Writer' });
  return writer;
}

const titles = (posts: { title: string }[]) => posts.map((p) => p.title);

describe('home modules (spec §9 FEATURED_STORIES, RECOMMENDED_TOPICS, TOP_WRITERS)', () => {
  let reader: User;
  let blockedWriter: User;
  let topWriter: User;
  let gone: User;
  let design: Tag;

  beforeAll(async () => {
    const em = db.em();
    design = await tag(em, 'Design');
    const cooking = await tag(em, 'Cooking');
    const staffOnly = await tag(em, 'Staffroom', 'STAFF');
    reader = await buildUser(em, { name: 'Home Reader' });
    blockedWriter = await buildUser(em, { name: 'Blocked Writer' });
    topWriter = await buildUser(em, { name: 'Top Writer' });
    gone = await deletedWriter(em);
    const [a, b, other] = [await buildUser(em), await buildUser(em), await buildUser(em)];

    await story(em, {
      creator: blockedWriter,
      title: 'pick by the blocked writer',
      publishedAt: daysAgo(0.5),
      pick: true,
      tags: [design],
    });
    await story(em, {
      creator: a,
      title: 'pick one',
      publishedAt: daysAgo(1),
      pick: true,
      tags: [design, cooking],
    });
    await story(em, {
      creator: a,
      title: 'pick one again by the same writer',
      publishedAt: daysAgo(1.5),
      pick: true,
    });
    await story(em, { creator: b, title: 'pick two', publishedAt: daysAgo(2), pick: true, tags: [design] });
    await story(em, {
      creator: topWriter,
      title: 'the most clapped',
      publishedAt: daysAgo(3),
      claps: 500,
      tags: [staffOnly],
    });
    await story(em, {
      creator: other,
      title: 'a quiet one',
      publishedAt: daysAgo(4),
      claps: 2,
      tags: [staffOnly],
    });
    // Never listed: newest, picked and clapped, but private, unlisted or by a deleted writer.
    const secret = await privatePublication(em, other);
    await story(em, {
      creator: other,
      collection: secret,
      title: 'private pick',
      publishedAt: daysAgo(0.1),
      pick: true,
      claps: 900,
      tags: [staffOnly],
    });
    await story(em, {
      creator: other,
      title: 'unlisted pick',
      status: 'UNLISTED',
      publishedAt: daysAgo(0.1),
      pick: true,
      claps: 900,
    });
    await story(em, {
      creator: gone,
      title: 'pick by a deleted writer',
      publishedAt: daysAgo(0.1),
      pick: true,
      claps: 1000,
    });
    await em.nativeUpdate(User, { id: gone.id }, { isDeleted: true, deletedAt: clock.now() });

    em.create(Block, { blocker: reader, blocked: blockedWriter });
    em.create(FollowTag, { follower: reader, tag: design });
    await em.flush();
  });

  it('gives a visitor staff picks (newest first, one per writer), the most used topics and the most clapped writers', async () => {
    const modules = await as(null).discovery.homeModules();
    expect(modules.featuredStories).toMatchObject({ moduleType: 'FEATURED_STORIES', moduleTypeId: 20 });
    expect(titles(modules.featuredStories.posts)).toEqual([
      'pick by the blocked writer',
      'pick one',
      'pick two',
    ]);
    // Cards only: no body text travels with a module.
    expect(modules.featuredStories.posts[0]).not.toHaveProperty('content');

    expect(modules.recommendedTopics.moduleTypeId).toBe(MODULE_TYPE_IDS.RECOMMENDED_TOPICS);
    expect(modules.recommendedTopics.topics.map((t) => t.name)).toEqual(['Design', 'Cooking']);

    expect(modules.topWriters.moduleTypeId).toBe(MODULE_TYPE_IDS.TOP_WRITERS);
    expect(modules.topWriters.people[0]?.username).toBe(topWriter.username);
    expect(modules.topWriters.people.map((p) => p.id)).not.toContain(gone.id);
  });

  it('fills staff picks with the most clapped stories when curation marked too few', async () => {
    const em = db.em();
    await em.nativeUpdate(Post, { title: 'pick two' }, { curationStatus: 'NOT_REVIEWED' });
    try {
      const modules = await as(null).discovery.homeModules();
      expect(titles(modules.featuredStories.posts)).toEqual([
        'pick by the blocked writer',
        'pick one',
        'the most clapped',
      ]);
    } finally {
      await em.nativeUpdate(Post, { title: 'pick two' }, { curationStatus: 'DISTRIBUTED' });
    }
  });

  it("leaves out a reader's blocked writers and the topics they follow; suggests writers for them", async () => {
    const modules = await as(reader).discovery.homeModules();
    const shown = titles(modules.featuredStories.posts);
    expect(shown).toEqual(['pick one', 'pick two', 'the most clapped']);
    expect(modules.recommendedTopics.topics.map((t) => t.name)).toEqual(['Cooking']);
    const people = modules.topWriters.people.map((p) => p.id);
    expect(people.length).toBeGreaterThan(0);
    expect(people).not.toContain(reader.id);
    expect(people).not.toContain(blockedWriter.id);
    expect(people).not.toContain(gone.id);
  });

  it('never lists a private, unlisted or deleted-writer story anywhere in the column', async () => {
    for (const viewer of [null, reader]) {
      const modules = await as(viewer).discovery.homeModules();
      expect(titles(modules.featuredStories.posts).join('|')).not.toMatch(/private|unlisted|deleted/);
      expect(modules.recommendedTopics.topics.map((t) => t.name)).not.toContain('Staffroom');
    }
  });

  it('gives the same column from the shared candidates, whose orders are kept for readers who hide nothing', async () => {
    const uncached = {
      visitor: await homeModules(db.em(), null),
      reader: await homeModules(db.em(), reader),
    };
    const cached = (viewer: User | null) => homeModules(db.em(), viewer, { cacheMs: 60_000 });
    // A visitor first (the orders are kept), then a reader who blocks a writer, then a visitor again.
    for (const [viewer, expected] of [
      [null, uncached.visitor],
      [reader, uncached.reader],
      [null, uncached.visitor],
    ] as const) {
      const modules = await cached(viewer);
      expect(titles(modules.featuredStories.posts)).toEqual(titles(expected.featuredStories.posts));
      expect(modules.recommendedTopics.topics).toEqual(expected.recommendedTopics.topics);
      expect(modules.topWriters.people.map((p) => p.id)).toEqual(expected.topWriters.people.map((p) => p.id));
    }
    expect(titles(uncached.reader.featuredStories.posts)).not.toEqual(
      titles(uncached.visitor.featuredStories.posts),
    );
  });
});

describe("'Read next' under a story (spec §9 READ_NEXT_SIDEBAR, MOST_POPULAR_STORIES_IN_TOPIC)", () => {
  let writer: User;
  let reader: User;
  let blockedWriter: User;
  let main: Post;
  let secretStory: Post;
  let draft: Post;

  beforeAll(async () => {
    const em = db.em();
    const topic = await tag(em, 'Gardening');
    writer = await buildUser(em, { name: 'Story Writer' });
    reader = await buildUser(em, { name: 'Next Reader' });
    blockedWriter = await buildUser(em, { name: 'Blocked Gardener' });
    const colleague = await buildUser(em, { name: 'Colleague' });
    const outsider = await buildUser(em, { name: 'Outsider' });
    const gone = await deletedWriter(em);
    const publication = await buildCollection(em, { creator: writer, name: 'The Garden' });
    await em.nativeUpdate(Collection, { id: publication.id }, { visibility: 'PUBLIC' });
    const secret = await privatePublication(em, outsider);

    main = await story(em, {
      creator: writer,
      collection: publication,
      title: 'the story',
      publishedAt: daysAgo(5),
      tags: [topic],
    });
    await story(em, { creator: writer, collection: publication, title: 'writer 1', publishedAt: daysAgo(1) });
    await story(em, { creator: writer, title: 'writer 2', publishedAt: daysAgo(2), isLocked: true });
    await story(em, { creator: writer, title: 'writer 3', publishedAt: daysAgo(3) });
    await story(em, { creator: writer, title: 'writer 4 (too old)', publishedAt: daysAgo(30) });
    await story(em, {
      creator: writer,
      title: 'writer unlisted',
      status: 'UNLISTED',
      publishedAt: daysAgo(0.5),
    });
    draft = await story(em, { creator: writer, title: 'writer draft', status: 'DRAFT' });

    await story(em, {
      creator: colleague,
      collection: publication,
      title: 'publication 1',
      publishedAt: daysAgo(2),
    });
    await story(em, {
      creator: gone,
      collection: publication,
      title: 'publication by a deleted writer',
      publishedAt: daysAgo(0.5),
    });

    await story(em, {
      creator: outsider,
      title: 'topic quiet',
      publishedAt: daysAgo(1),
      claps: 1,
      tags: [topic],
    });
    await story(em, {
      creator: outsider,
      title: 'topic popular',
      publishedAt: daysAgo(4),
      claps: 80,
      tags: [topic],
    });
    await story(em, {
      creator: blockedWriter,
      title: 'topic by the blocked writer',
      publishedAt: daysAgo(2),
      claps: 50,
      tags: [topic],
    });
    secretStory = await story(em, {
      creator: outsider,
      collection: secret,
      title: 'topic private',
      publishedAt: daysAgo(1),
      claps: 999,
      tags: [topic],
    });
    await story(em, {
      creator: gone,
      title: 'topic by a deleted writer',
      publishedAt: daysAgo(1),
      claps: 999,
      tags: [topic],
    });
    await story(em, {
      creator: outsider,
      title: 'topic unlisted',
      status: 'UNLISTED',
      publishedAt: daysAgo(1),
      tags: [topic],
    });
    await em.nativeUpdate(User, { id: gone.id }, { isDeleted: true, deletedAt: clock.now() });
    em.create(Block, { blocker: reader, blocked: blockedWriter });
    await em.flush();
  });

  const groupsOf = async (viewer: User | null, postId: string) => {
    const next = await as(viewer).posts.readNext({ postId });
    expect(next.moduleTypeId).toBe(MODULE_TYPE_IDS.READ_NEXT_SIDEBAR);
    return Object.fromEntries(next.groups.map((g) => [g.kind, g]));
  };

  it('offers more from the writer, the publication and the topic, no story twice and never the story itself', async () => {
    const groups = await groupsOf(null, main.id);
    expect(groups.writer).toMatchObject({
      name: 'Story Writer',
      href: `/@${writer.username}`,
      moduleType: 'READ_NEXT_SIDEBAR',
    });
    expect(titles(groups.writer?.posts ?? [])).toEqual(['writer 1', 'writer 2', 'writer 3']);
    // 'writer 1' is in the publication too, but shows once.
    expect(titles(groups.publication?.posts ?? [])).toEqual(['publication 1']);
    expect(groups.topic).toMatchObject({
      name: 'Gardening',
      href: '/tag/gardening',
      moduleType: 'MOST_POPULAR_STORIES_IN_TOPIC',
    });
    expect(titles(groups.topic?.posts ?? [])).toEqual([
      'topic popular',
      'topic by the blocked writer',
      'topic quiet',
    ]);
    const all = Object.values(groups).flatMap((g) => titles(g.posts));
    expect(all).not.toContain('the story');
    expect(all.join('|')).not.toMatch(/unlisted|private|deleted|draft/);
    expect(groups.writer?.posts[1]).toMatchObject({ isLocked: true });
    expect(groups.writer?.posts[1]).not.toHaveProperty('content');
  });

  it('leaves out the writers a reader blocked', async () => {
    const groups = await groupsOf(reader, main.id);
    expect(titles(groups.topic?.posts ?? [])).toEqual(['topic popular', 'topic quiet']);
  });

  it('may keep the candidates for cacheMs: no statement for them, each reader still shown only their own', async () => {
    let picks = 0;
    observeQueries((sql) => {
      if (sql.includes('picked as')) picks += 1;
    });
    const topicTitles = async (viewer: User | null, cacheMs: number) => {
      const next = await readNext(db.em(), viewer, main.id, { cacheMs });
      return titles(next.groups.find((g) => g.kind === 'topic')?.posts ?? []);
    };
    try {
      // A visitor's read keeps them; the reader's then sends no statement for them yet still hides whom they blocked.
      expect(await topicTitles(null, 60_000)).toContain('topic by the blocked writer');
      expect(await topicTitles(reader, 60_000)).toEqual(['topic popular', 'topic quiet']);
      expect(picks).toBe(1);
      const em = db.em();
      const newer = await story(em, {
        creator: await buildUser(em),
        title: 'topic newest',
        publishedAt: daysAgo(0.1),
        claps: 500,
        tags: [await em.findOneOrFail(Tag, { slug: 'gardening' })],
      });
      expect(await topicTitles(null, 60_000)).not.toContain('topic newest');
      expect((await topicTitles(null, 0))[0]).toBe('topic newest');
      await em.nativeDelete(PostTag, { post: newer.id });
      await em.nativeUpdate(Post, { id: newer.id }, { status: 'DRAFT' });
    } finally {
      observeQueries(null);
    }
    // Kept candidates never answer for a story the viewer may not read.
    await expect(readNext(db.em(), null, secretStory.id, { cacheMs: 60_000 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('gives readers whom kept candidates hide the same cards one frozen answer, and others their own', async () => {
    const em = db.em();
    const [visitor, other] = [
      await readNext(em, null, main.id, { cacheMs: 60_000 }),
      await readNext(em, null, main.id, { cacheMs: 60_000 }),
    ];
    // One object, frozen through: a kept part keyed by it is not hashed again.
    expect(other).toBe(visitor);
    expect(Object.isFrozen(visitor.groups[0]!.posts[0]!.creator)).toBe(true);
    const blocking = await readNext(db.em(), reader, main.id, { cacheMs: 60_000 });
    expect(blocking).not.toBe(visitor);
    expect(titles(blocking.groups.find((g) => g.kind === 'topic')?.posts ?? [])).toEqual([
      'topic popular',
      'topic quiet',
    ]);
    expect(titles(visitor.groups.find((g) => g.kind === 'topic')?.posts ?? [])).toContain(
      'topic by the blocked writer',
    );
    // Without keeping, each call makes its own.
    expect(await readNext(db.em(), null, main.id)).not.toBe(await readNext(db.em(), null, main.id));
  });

  it('answers NOT_FOUND for a story the viewer may not read', async () => {
    await expect(as(null).posts.readNext({ postId: secretStory.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(as(reader).posts.readNext({ postId: draft.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
