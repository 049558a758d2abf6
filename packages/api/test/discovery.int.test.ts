import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Block,
  Catalog,
  CatalogItem,
  Clap,
  FollowUser,
  Highlight,
  observeQueries,
  Post,
  PostTag,
  Tag,
  type User,
} from '@quire/db';
import { accessTexts, MODULE_TYPE_IDS } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { peopleInOrder } from '../src/services/discovery';
import { relatedTags } from '../src/services/topics';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
// 2026-11-21T12:00:00Z
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;
const daysAgo = (d: number) => new Date(clock.now().getTime() - d * 86_400_000);

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${n++}`;

/** Claps by a fresh reader on `post`, last changed at `at`. */
async function clap(post: Post, count: number, at: Date) {
  const em = db.em();
  const reader = await buildUser(em);
  em.create(Clap, { user: reader, post: post.id, count, createdAt: at, updatedAt: at });
  await em.flush();
  // The row's own update hook stamps "now": put the clap back in time.
  await em.nativeUpdate(Clap, { user: reader.id, post: post.id }, { updatedAt: at });
  return reader;
}

type StoryFields = Omit<Parameters<typeof buildPost>[1], 'creator'> & { creator?: User };

/** A story (published unless `status` says otherwise), by a fresh writer unless `creator` is given. */
async function newStory(em: EntityManager, fields: StoryFields) {
  return buildPost(em, { ...fields, creator: fields.creator ?? (await buildUser(em)) });
}

/** A new story with `count` claps, last changed `clappedDaysAgo` days ago. */
async function clappedStory(fields: StoryFields, count: number, clappedDaysAgo: number) {
  const post = await newStory(db.em(), fields);
  await clap(post, count, daysAgo(clappedDaysAgo));
  return post;
}

async function respond(parent: Post, at: Date) {
  const em = db.em();
  const response = await newStory(em, { title: 'a response', publishedAt: at });
  await em.nativeUpdate(Post, { id: response.id }, { inResponseToPost: parent.id, type: 'RESPONSE' });
  return response;
}

async function tagged(tag: Tag, ...posts: Post[]) {
  const em = db.em();
  for (const post of posts) em.create(PostTag, { post: post.id, tag: tag.id });
  await em.flush();
}

const titles = (page: { posts: { title: string }[] }) => page.posts.map((p) => p.title);

describe('trending (spec §2 /trending and /{collectionSlug}/trending)', () => {
  it('ranks claps and responses of the last 7 days, at most 2 stories per writer, across pages', async () => {
    const em = db.em();
    const prolific = await buildUser(em);
    const mark = unique('tr');
    for (let i = 0; i < 4; i++) {
      await clappedStory(
        { creator: prolific, title: `${mark} prolific ${i}`, publishedAt: daysAgo(20) },
        40 - i,
        1,
      );
    }
    const answered = await clappedStory({ title: `${mark} answered`, publishedAt: daysAgo(3) }, 30, 2);
    await respond(answered, daysAgo(1));
    // Old claps do not count: outside the 7-day window.
    await clappedStory({ title: `${mark} stale`, publishedAt: daysAgo(40) }, 50, 9);
    await clappedStory({ title: `${mark} draft`, status: 'DRAFT' }, 50, 1);

    const all: string[] = [];
    let cursor: { score: number; id: string } | null = null;
    for (let round = 0; round < 10; round++) {
      const page: Awaited<ReturnType<ReturnType<typeof as>['discovery']['trending']>> = await as(
        null,
      ).discovery.trending({ cursor });
      all.push(...titles(page).filter((t) => t.startsWith(mark)));
      cursor = page.next;
      if (!cursor) break;
    }
    expect(all).toEqual([`${mark} prolific 0`, `${mark} prolific 1`, `${mark} answered`]);
  });

  it('counts the last 30 days on a publication and only its stories', async () => {
    const em = db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner, slug: unique('pub') });
    const inPublication = { creator: owner, collection: publication, publishedAt: daysAgo(60) };
    await clappedStory({ ...inPublication, title: 'pub recent' }, 5, 20);
    await clappedStory({ ...inPublication, title: 'pub older' }, 50, 31);
    await clappedStory({ creator: owner, title: 'not in pub', publishedAt: daysAgo(2) }, 50, 1);
    const page = await as(null).discovery.publication.trending({ slug: publication.slug });
    expect(titles(page)).toEqual(['pub recent']);
    await expect(as(null).discovery.publication.trending({ slug: unique('none') })).rejects.toThrow(
      'This publication does not exist.',
    );
  });
});

describe('tag pages (spec §2 Tags)', () => {
  it('ranks top stories within the time period and top writers by claps in the tag', async () => {
    const em = db.em();
    const tag = em.create(Tag, { slug: unique('tag'), name: 'Engines' });
    const [ada, bob] = [await buildUser(em, { name: 'Ada' }), await buildUser(em, { name: 'Bob' })];
    const weekOld = await buildPost(em, { creator: ada, title: 'five days old', publishedAt: daysAgo(5) });
    const today = await buildPost(em, { creator: bob, title: 'from today', publishedAt: daysAgo(0.1) });
    const yearOld = await buildPost(em, { creator: bob, title: 'a year old', publishedAt: daysAgo(200) });
    const untagged = await buildPost(em, { creator: ada, title: 'untagged', publishedAt: daysAgo(1) });
    weekOld.clapCount = 30;
    today.clapCount = 10;
    yearOld.clapCount = 100;
    untagged.clapCount = 1000;
    await em.flush();
    await tagged(tag, weekOld, today, yearOld);

    const top = (timePeriod: 'day' | 'week' | 'year' | 'all-time') =>
      as(null).discovery.tag.top({ slug: tag.slug, timePeriod }).then(titles);
    expect(await top('day')).toEqual(['from today']);
    expect(await top('week')).toEqual(['five days old', 'from today']);
    expect(await top('year')).toEqual(['a year old', 'five days old', 'from today']);
    expect(await top('all-time')).toEqual(['a year old', 'five days old', 'from today']);
    await expect(
      as(null).discovery.tag.top({ slug: tag.slug, timePeriod: 'fortnight' as 'day' }),
    ).rejects.toThrow('A time period is day, week, month, year or all-time.');

    const writers = await as(null).discovery.tag.topWriters({ slug: tag.slug });
    expect(writers.writers.map((w) => [w.name, w.claps, w.stories])).toEqual([
      ['Bob', 110, 2],
      ['Ada', 30, 1],
    ]);
  });

  it('indexes the archive by year and month and refuses dates that do not exist', async () => {
    const em = db.em();
    const tag = em.create(Tag, { slug: unique('arch'), name: 'Archive' });
    const march = await newStory(em, { title: 'March 2025', publishedAt: new Date('2025-03-07T10:00:00Z') });
    const june = await newStory(em, { title: 'June 2025', publishedAt: new Date('2025-06-01T00:30:00Z') });
    const last = await newStory(em, { title: 'Jan 2026', publishedAt: new Date('2026-01-31T23:59:00Z') });
    await tagged(tag, march, june, last);
    const caller = as(null);
    expect(await caller.discovery.tag.archive({ slug: tag.slug })).toEqual({
      name: 'Archive',
      years: [2026, 2025],
      months: [],
    });
    expect(await caller.discovery.tag.archive({ slug: tag.slug, year: '2025' })).toMatchObject({
      months: [6, 3],
    });
    const inMarch = await caller.discovery.tag.archiveStories({ slug: tag.slug, year: '2025', month: '03' });
    expect(titles(inMarch)).toEqual(['March 2025']);
    const onDay = await caller.discovery.tag.archiveStories({
      slug: tag.slug,
      year: '2026',
      month: '1',
      day: '31',
    });
    expect(titles(onDay)).toEqual(['Jan 2026']);
    for (const bad of [
      { year: '2025', month: '13' },
      { year: '2025', month: '02', day: '29' },
      { year: '12' },
    ]) {
      await expect(
        caller.discovery.tag.archive({ slug: tag.slug, ...bad }),
        JSON.stringify(bad),
      ).rejects.toThrow('There is no such date in the archive.');
    }
  });
});

describe('top stories (spec §2 /top-stories[/{monthDayYearSlug}])', () => {
  it("lists a day's stories by claps, and refuses a slug that names no day or a day to come", async () => {
    const em = db.em();
    const morning = await newStory(em, {
      title: 'ts morning',
      publishedAt: new Date('2026-11-20T08:00:00Z'),
    });
    const evening = await newStory(em, {
      title: 'ts evening',
      publishedAt: new Date('2026-11-20T23:00:00Z'),
    });
    await newStory(em, { title: 'ts next day', publishedAt: new Date('2026-11-21T01:00:00Z') });
    morning.clapCount = 3;
    evening.clapCount = 9;
    await em.flush();
    const day = await as(null).discovery.topStories({ day: 'november-20-2026' });
    expect(titles(day).filter((t) => t.startsWith('ts '))).toEqual(['ts evening', 'ts morning']);
    expect(day.day).toEqual({ slug: 'november-20-2026', label: 'November 20, 2026' });
    expect(day.previousDay).toBe('november-19-2026');
    expect(day.nextDay).toBe('november-21-2026');
    const today = await as(null).discovery.topStories({});
    expect(today.day.slug).toBe('november-21-2026');
    expect(today.nextDay).toBeNull();
    for (const bad of ['november-31-2026', 'nov-20-2026', 'november-22-2026', 'november-020-2026']) {
      await expect(as(null).discovery.topStories({ day: bad }), bad).rejects.toThrow(
        'There are no top stories for that day.',
      );
    }
  });
});

describe('profile activity (spec §2 Profiles)', () => {
  it('lists public lists only, private ones to their creator, and 404s a private list for others', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const story = await newStory(em, { title: 'listed story' });
    const hidden = await newStory(em, { title: 'unlisted one', status: 'UNLISTED' });
    const open = em.create(Catalog, { creator: writer, name: 'Open list', slug: 'open-list' });
    const secret = em.create(Catalog, { creator: writer, name: 'Secret list', visibility: 'PRIVATE' });
    em.create(Catalog, {
      creator: writer,
      name: 'Reading list',
      predefined: 'READING_LIST',
      type: 'PREDEFINED_LIST',
    });
    em.create(CatalogItem, { catalog: open, itemType: 'POST', post: story, position: 1 });
    em.create(CatalogItem, { catalog: open, itemType: 'POST', post: hidden, position: 0 });
    await em.flush();
    const other = await buildUser(em);

    const seen = await as(other).discovery.profile.lists({ username: writer.username });
    expect(seen.lists.map((l) => [l.name, l.itemCount])).toEqual([['Open list', 1]]);
    const own = await as(writer).discovery.profile.lists({ username: writer.username });
    expect(own.lists.map((l) => l.name).sort()).toEqual(['Open list', 'Secret list']);

    const items = await as(null).discovery.profile.listItems({
      username: writer.username,
      catalogSlugId: `open-list-${open.id}`,
    });
    expect(titles(items)).toEqual(['listed story']);
    await expect(
      as(other).discovery.profile.list({ username: writer.username, catalogSlugId: secret.id }),
    ).rejects.toThrow('This list does not exist.');
    expect(
      (await as(writer).discovery.profile.list({ username: writer.username, catalogSlugId: secret.id }))
        .isPrivate,
    ).toBe(true);
    // Someone else's list under this writer's name is not found either.
    await expect(
      as(null).discovery.profile.list({ username: other.username, catalogSlugId: open.id }),
    ).rejects.toThrow('This list does not exist.');
  });

  it("shows a members-only story's highlighted quote to members only", async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const locked = await newStory(em, { title: 'members story', isLocked: true });
    const open = await newStory(em, { title: 'open story' });
    em.create(Highlight, {
      user: writer,
      post: locked,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 5,
      quote: 'paid words',
      createdAt: daysAgo(1),
    });
    em.create(Highlight, {
      user: writer,
      post: open,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 5,
      quote: 'free words',
    });
    await em.flush();
    const member = await buildUser(em, { mediumMemberAt: Date.now() });
    const quotes = async (viewer: User | null) =>
      (await as(viewer).discovery.profile.highlights({ username: writer.username })).highlights.map((h) => [
        h.post.title,
        h.quote,
      ]);
    expect(await quotes(null)).toEqual([
      ['open story', 'free words'],
      ['members story', null],
    ]);
    expect(await quotes(member)).toEqual([
      ['open story', 'free words'],
      ['members story', 'paid words'],
    ]);
  });

  it('pages followers newest first without repeats, each with the viewer’s follow state', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const viewer = await buildUser(em);
    const fans: User[] = [];
    for (let i = 0; i < 23; i++) {
      const fan = await buildUser(em, { name: `fan ${i}` });
      em.create(FollowUser, { follower: fan, target: writer, createdAt: daysAgo(30 - i) });
      fans.push(fan);
    }
    em.create(FollowUser, { follower: viewer, target: fans[22]! });
    await em.flush();
    const first = await as(viewer).discovery.profile.followers({ username: writer.username });
    expect(first.people).toHaveLength(20);
    expect(first.people[0]).toMatchObject({ name: 'fan 22', isFollowing: true });
    expect(first.people[1]).toMatchObject({ name: 'fan 21', isFollowing: false });
    const second = await as(viewer).discovery.profile.followers({
      username: writer.username,
      cursor: first.next,
    });
    expect(second.people.map((p) => p.name)).toEqual(['fan 2', 'fan 1', 'fan 0']);
    expect(second.next).toBeNull();
  });
});

describe('a writer within a publication (spec §2 /{collectionSlug}/@{username})', () => {
  it("shows the writer's header and only their listed stories in the publication, paged", async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Room Owner' });
    const writer = await buildUser(em, { name: 'Room Writer', bio: 'Writes about boilers.' });
    const fan = await buildUser(em);
    const room = await buildCollection(em, { creator: owner, slug: unique('room') });
    for (let i = 0; i < 21; i++) {
      await buildPost(em, {
        creator: writer,
        collection: room,
        title: `in room ${i}`,
        publishedAt: daysAgo(i + 1),
      });
    }
    await buildPost(em, { creator: writer, collection: room, title: 'room draft', status: 'DRAFT' });
    await buildPost(em, { creator: writer, collection: room, title: 'room unlisted', status: 'UNLISTED' });
    await buildPost(em, { creator: writer, title: 'outside the room' });
    await buildPost(em, { creator: owner, collection: room, title: "the owner's story" });
    em.create(FollowUser, { follower: fan, target: writer });
    await em.flush();

    const input = { slug: room.slug, username: writer.username };
    const header = await as(fan).discovery.publication.writer(input);
    expect(header).toMatchObject({
      id: writer.id,
      name: 'Room Writer',
      bio: 'Writes about boilers.',
      followerCount: 1,
      storyCount: 21,
      viewerEdge: { isFollowing: true, isUser: false },
    });
    const first = await as(null).discovery.publication.writerStories(input);
    expect(titles(first)).toEqual(Array.from({ length: 20 }, (_, i) => `in room ${i}`));
    expect(first.next).not.toBeNull();
    const second = await as(null).discovery.publication.writerStories({ ...input, cursor: first.next });
    expect(titles(second)).toEqual(['in room 20']);
    expect(second.next).toBeNull();
  });

  it('answers NOT_FOUND where the page would show nothing the viewer may see, and BAD_REQUEST for bad input', async () => {
    const em = db.em();
    const owner = await buildUser(em);
    const writer = await buildUser(em);
    const drafter = await buildUser(em);
    const suspended = await buildUser(em);
    const blocked = await buildUser(em);
    const room = await buildCollection(em, { creator: owner, slug: unique('room') });
    const secret = await buildCollection(em, { creator: owner, slug: unique('secret') });
    secret.visibility = 'PRIVATE';
    await addCollectionMember(em, secret, writer, 'WRITER');
    await buildPost(em, { creator: writer, collection: room, title: 'open story' });
    await buildPost(em, { creator: writer, collection: secret, title: 'secret story' });
    await buildPost(em, { creator: drafter, collection: room, title: 'only a draft', status: 'DRAFT' });
    await buildPost(em, { creator: suspended, collection: room, title: 'by a suspended writer' });
    suspended.isSuspended = true;
    em.create(Block, { blocker: writer, blocked });
    await em.flush();

    const notFound = async (viewer: User | null, slug: string, username: string, message?: string) => {
      for (const call of [
        () => as(viewer).discovery.publication.writer({ slug, username }),
        () => as(viewer).discovery.publication.writerStories({ slug, username }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND', ...(message ? { message } : {}) });
      }
    };
    await notFound(null, room.slug, drafter.username, accessTexts.writerNotInPublication);
    await notFound(null, room.slug, suspended.username, accessTexts.writerNotInPublication);
    await notFound(null, room.slug, owner.username, accessTexts.writerNotInPublication);
    await notFound(null, room.slug, unique('nobody'), accessTexts.profileNotFound);
    await notFound(null, unique('nowhere'), writer.username, accessTexts.publicationNotFound);
    // The writer blocked this reader: their page within the publication is gone for them, as their profile is.
    await notFound(blocked, room.slug, writer.username, accessTexts.profileNotFound);
    expect(
      (await as(null).discovery.publication.writer({ slug: room.slug, username: writer.username }))
        .storyCount,
    ).toBe(1);
    // A private publication exists for its members alone.
    await notFound(null, secret.slug, writer.username, accessTexts.publicationNotFound);
    expect(
      titles(
        await as(writer).discovery.publication.writerStories({
          slug: secret.slug,
          username: writer.username,
        }),
      ),
    ).toEqual(['secret story']);

    for (const bad of [
      { slug: room.slug, username: '' },
      { slug: '', username: writer.username },
      { slug: room.slug, username: 'x'.repeat(51) },
    ]) {
      await expect(as(null).discovery.publication.writer(bad)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('related topics (spec §9 RELATED_TAGS)', () => {
  it('ranks the public topics most often on the same listed stories, as module 28', async () => {
    const em = db.em();
    const mark = unique('rel');
    const tag = (name: string, visibility: Tag['visibility'] = 'PUBLIC') =>
      em.create(Tag, { slug: `${mark}-${name}`, name: `${mark} ${name}`, visibility });
    const main = tag('main');
    const [often, once, staff, special, draftOnly, apart] = [
      tag('often'),
      tag('once'),
      tag('staff', 'STAFF'),
      tag('special', 'SPECIAL'),
      tag('draft-only'),
      tag('apart'),
    ];
    await em.flush();
    const stories = [];
    for (let i = 0; i < 3; i++) stories.push(await newStory(em, { title: `${mark} story ${i}` }));
    const draft = await newStory(em, { title: `${mark} draft`, status: 'DRAFT' });
    const elsewhere = await newStory(em, { title: `${mark} elsewhere` });
    await tagged(main, ...stories, draft);
    await tagged(often, ...stories);
    await tagged(once, stories[0]!);
    await tagged(staff, ...stories);
    await tagged(special, ...stories);
    await tagged(draftOnly, draft);
    await tagged(apart, elsewhere);

    const related = await as(null).topics.related({ slug: main.slug });
    expect(related).toMatchObject({ moduleType: 'RELATED_TAGS', moduleTypeId: MODULE_TYPE_IDS.RELATED_TAGS });
    expect(related.moduleTypeId).toBe(28);
    expect(related.topics.map((t) => t.slug)).toEqual([often.slug, once.slug]);
    // Staff topics are found by staff alone, and have no related topics for anyone else.
    await expect(as(null).topics.related({ slug: staff.slug })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: accessTexts.topicNotFound,
    });
    expect((await as(null).topics.related({ slug: apart.slug })).topics).toEqual([]);
    await expect(as(null).topics.related({ slug: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('may be kept by the process for cacheMs: the same answer without counting again; uncached, the new one', async () => {
    const em = db.em();
    const mark = unique('kept');
    const [main, first, later] = ['main', 'first', 'later'].map((name) =>
      em.create(Tag, { slug: `${mark}-${name}`, name: `${mark} ${name}`, visibility: 'PUBLIC' }),
    );
    await em.flush();
    const story = await newStory(em, { title: `${mark} story` });
    await tagged(main!, story);
    await tagged(first!, story);
    const related = async (cacheMs: number) => {
      let counts = 0;
      observeQueries((sql) => {
        if (sql.includes('with recent as')) counts += 1;
      });
      try {
        const topics = (await relatedTags(db.em(), null, main!.slug, { cacheMs })).topics.map((t) => t.slug);
        return { topics, counts };
      } finally {
        observeQueries(null);
      }
    };
    expect(await related(60_000)).toEqual({ topics: [first!.slug], counts: 1 });
    await tagged(later!, story);
    // Kept: the tag itself is still read (whether the reader may see it), but its related topics are not counted.
    expect(await related(60_000)).toEqual({ topics: [first!.slug], counts: 0 });
    expect((await related(0)).topics).toEqual([first!.slug, later!.slug]);
  });
});

describe("people in order (Who to follow, a publication's editors, onboarding)", () => {
  it('keeps the order asked for, leaves out closed accounts, and marks whom the viewer follows and themselves', async () => {
    const em = db.em();
    const viewer = await buildUser(em);
    const [first, second, gone] = [
      await buildUser(em),
      await buildUser(em, { bio: 'Writes.' }),
      await buildUser(em),
    ];
    em.create(FollowUser, { follower: viewer, target: second });
    gone.isDeleted = true;
    await em.flush();
    const ids = [second.id, gone.id, viewer.id, first.id];
    const people = await peopleInOrder(db.em(), viewer.id, ids);
    expect(people.map((p) => [p.id, p.isFollowing, p.isUser])).toEqual([
      [second.id, true, false],
      [viewer.id, false, true],
      [first.id, false, false],
    ]);
    expect(people[0]).toEqual({
      id: second.id,
      name: second.name,
      username: second.username,
      bio: 'Writes.',
      imageId: null,
      isFollowing: true,
      isUser: false,
    });
    const asVisitor = await peopleInOrder(db.em(), null, ids);
    expect(asVisitor.map((p) => [p.isFollowing, p.isUser])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});
