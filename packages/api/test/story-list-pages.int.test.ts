import { newId, observeQueries, Post, PostTag, Tag, type User } from '@quire/db';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { purgeSharedReads } from '../src/services/shared-reads';
import { listedStoryPage } from '../src/services/story-lists';
import { browser, testClock } from './auth-helpers';

/*
 * A topic's and a writer's stories newest first (listedStoryPage). A topic's are read from post_tags' (tag,
 * published_at, post) index: the column the database's triggers keep equal to the story's latest publication,
 * whichever table is written and in whichever order.
 */

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;
const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * 60_000);

let tags = 0;
async function newTag() {
  const em = db.em();
  const tag = em.create(Tag, {
    slug: `topic-stories-${Date.now().toString(36)}-${tags++}`,
    name: 'Topic stories',
  });
  await em.flush();
  return tag;
}

async function tag(tagged: Tag, ...posts: Post[]) {
  const em = db.em();
  for (const post of posts) em.create(PostTag, { post: post.id, tag: tagged.id });
  await em.flush();
}

type Page = { posts: { id: string; title: string }[]; next: { at: string; id: string } | null };

/** Every page of a topic's (slug) or a writer's (username) stories, following the cursors. */
async function allPages(of: { slug: string } | { username: string }) {
  const pages: Page[] = [];
  let cursor: Page['next'] = null;
  do {
    const page: Page =
      'slug' in of
        ? await as(null).topics.stories({ slug: of.slug, cursor })
        : await as(null).profiles.stories({ username: of.username, cursor });
    pages.push(page);
    cursor = page.next;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("a topic's and a writer's stories", () => {
  it('list only listed stories, newest first then by id, a page at a time with no story twice', async () => {
    const em = db.em();
    const topic = await newTag();
    const writer = await buildUser(em);
    const listed: Post[] = [];
    for (let i = 0; i < 23; i++) {
      // Two stories published in the same minute: the later id comes first, as on every story list.
      listed.push(
        await buildPost(em, {
          creator: writer,
          title: `Listed ${i}`,
          publishedAt: minutesAgo(i === 5 ? 4 : i),
        }),
      );
    }
    const suspendedWriter = await buildUser(em, { isSuspended: true });
    const left = [
      await buildPost(em, { creator: writer, title: 'Draft', status: 'DRAFT' }),
      await buildPost(em, {
        creator: writer,
        title: 'Unlisted',
        status: 'UNLISTED',
        publishedAt: minutesAgo(1),
      }),
      await buildPost(em, {
        creator: suspendedWriter,
        title: 'By a suspended writer',
        publishedAt: minutesAgo(1),
      }),
    ];
    const response = await buildPost(em, {
      creator: writer,
      title: 'A response',
      publishedAt: minutesAgo(1),
    });
    await em.nativeUpdate(Post, { id: response.id }, { inResponseToPost: listed[0]!.id, type: 'RESPONSE' });
    await tag(topic, ...listed, ...left, response);

    const expected = [...listed]
      .sort(
        (a, b) =>
          (b.latestPublishedAt?.getTime() ?? 0) - (a.latestPublishedAt?.getTime() ?? 0) ||
          (a.id < b.id ? 1 : -1),
      )
      .map((p) => p.id);
    for (const of of [{ slug: topic.slug }, { username: writer.username }]) {
      const pages = await allPages(of);
      expect(pages.map((p) => p.posts.length)).toEqual([20, 3]);
      expect(pages.flatMap((p) => p.posts.map((s) => s.id))).toEqual(expected);
    }
  });

  it("pages a private publication's stories to its members on its own pages, and never lists them elsewhere", async () => {
    const em = db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner });
    publication.visibility = 'PRIVATE';
    await em.flush();
    const stories: Post[] = [];
    for (let i = 0; i < 22; i++) {
      stories.push(
        await buildPost(em, { creator: owner, collection: publication, publishedAt: minutesAgo(i + 100) }),
      );
    }
    await buildPost(em, { creator: owner, collection: publication, status: 'DRAFT' });
    await buildPost(em, {
      creator: owner,
      collection: publication,
      status: 'UNLISTED',
      publishedAt: minutesAgo(1),
    });
    const ids: string[] = [];
    let cursor: Page['next'] = null;
    do {
      const home: { stories: Page } = await as(owner).publications.home({ slug: publication.slug, cursor });
      ids.push(...home.stories.posts.map((p) => p.id));
      cursor = home.stories.next;
    } while (cursor && ids.length < 100);
    expect(ids).toEqual(stories.map((p) => p.id));
    // Outside the publication's own pages, a private publication's stories are not listed.
    const pages = await allPages({ username: owner.username });
    expect(pages.flatMap((p) => p.posts)).toEqual([]);
  });

  it('pages every listed story (posts.latest) in the same order as one long page, with no story twice', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const fresh = [];
    // Newer than the other tests' stories, so they lead the list.
    for (let i = 0; i < 9; i++)
      fresh.push(await buildPost(em, { creator: writer, publishedAt: minutesAgo(i - 60) }));
    const draft = await buildPost(em, { creator: writer, status: 'DRAFT' });
    const whole = (await as(null).posts.latest({ limit: 50 })).posts.map((p) => p.id);
    expect(whole.length).toBeLessThan(50);
    const paged: string[] = [];
    let cursor: Page['next'] = null;
    do {
      const page: Page = await as(null).posts.latest({ limit: 7, cursor });
      paged.push(...page.posts.map((p) => p.id));
      cursor = page.next;
    } while (cursor && paged.length < 100);
    expect(paged).toEqual(whole);
    expect(whole.slice(0, 9)).toEqual(fresh.map((p) => p.id));
    expect(whole).not.toContain(draft.id);
  });

  it("moves a story published again to the top, and a tag added later takes its story's date", async () => {
    const em = db.em();
    const topic = await newTag();
    const writer = await buildUser(em);
    const older = await buildPost(em, { creator: writer, title: 'Older', publishedAt: minutesAgo(60) });
    const newer = await buildPost(em, { creator: writer, title: 'Newer', publishedAt: minutesAgo(30) });
    await tag(topic, older, newer);
    const titles = async () =>
      (await as(null).topics.stories({ slug: topic.slug })).posts.map((p) => p.title);
    expect(await titles()).toEqual(['Newer', 'Older']);

    // Published again (the story's latest publication moves): its tags follow.
    await em.nativeUpdate(Post, { id: older.id }, { latestPublishedAt: minutesAgo(1) });
    expect(await titles()).toEqual(['Older', 'Newer']);

    const middle = await buildPost(em, {
      creator: writer,
      title: 'Tagged later',
      publishedAt: minutesAgo(10),
    });
    await tag(topic, middle);
    expect(await titles()).toEqual(['Older', 'Tagged later', 'Newer']);
  });

  it('gives a tag added while its story is being published the new date, not the one before', async () => {
    const em = db.em();
    const topic = await newTag();
    const story = await buildPost(em, { creator: await buildUser(em), publishedAt: minutesAgo(60) });
    const published = minutesAgo(0);
    const pool = await em.getConnection().getNativeClient();
    const [publishing, tagging] = [await pool.connect(), await pool.connect()];
    try {
      await publishing.query('begin');
      await publishing.query('update posts set latest_published_at = $1 where id = $2', [
        published,
        story.id,
      ]);
      // The new tag waits for the publication in flight, then reads the date it committed.
      let done = false;
      const insert = tagging
        .query('insert into post_tags (id, post_id, tag_id) values ($1, $2, $3)', [
          newId(),
          story.id,
          topic.id,
        ])
        .then(() => {
          done = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toBe(false);
      await publishing.query('commit');
      await insert;
    } finally {
      publishing.release();
      tagging.release();
    }
    const {
      rows: [row],
    } = await pool.query<{ published_at: Date }>(
      'select published_at from post_tags where post_id = $1 and tag_id = $2',
      [story.id, topic.id],
    );
    expect(new Date(row!.published_at).getTime()).toBe(published.getTime());
  });
});

describe('first pages kept for a few seconds', () => {
  it('answer every reader the same frozen page without a statement, until a purge names one of its stories', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const older = await buildPost(em, { creator: writer, title: 'Kept older', publishedAt: minutesAgo(9) });
    await buildPost(em, { creator: writer, title: 'Kept newer', publishedAt: minutesAgo(8) });
    let statements = 0;
    observeQueries(() => {
      statements += 1;
    });
    try {
      const first = await listedStoryPage(db.em(), { writerId: writer.id }, null, { cacheMs: 60_000 });
      expect(first.posts.map((p) => p.title)).toEqual(['Kept newer', 'Kept older']);
      expect(statements).toBe(1);
      const again = await listedStoryPage(db.em(), { writerId: writer.id }, null, { cacheMs: 60_000 });
      expect(again).toBe(first);
      expect(statements).toBe(1);
      expect(Object.isFrozen(first.posts[0]!.creator)).toBe(true);
      // A page after the first is read every time.
      await listedStoryPage(
        db.em(),
        { writerId: writer.id },
        { at: minutesAgo(8).toISOString(), id: 'z' },
        { cacheMs: 60_000 },
      );
      expect(statements).toBe(2);
      // The story made private: its purge drops the page, and the next read leaves it out.
      await db.em().nativeUpdate(Post, { id: older.id }, { visibility: 'UNLISTED' });
      purgeSharedReads(`post-${older.id}`);
      const after = await listedStoryPage(db.em(), { writerId: writer.id }, null, { cacheMs: 60_000 });
      expect(after.posts.map((p) => p.title)).toEqual(['Kept newer']);
      // The update, then the page read again.
      expect(statements).toBe(4);
      // A new story purges its writer's key: their listing is read again, even when it had no story to carry the key.
      const other = await buildUser(db.em());
      const empty = await listedStoryPage(db.em(), { writerId: other.id }, null, { cacheMs: 60_000 });
      expect(empty.posts).toEqual([]);
      await buildPost(db.em(), { creator: other, title: 'First of theirs', publishedAt: minutesAgo(1) });
      purgeSharedReads(`user-${other.id}`);
      const firstOfTheirs = await listedStoryPage(db.em(), { writerId: other.id }, null, { cacheMs: 60_000 });
      expect(firstOfTheirs.posts.map((p) => p.title)).toEqual(['First of theirs']);
    } finally {
      observeQueries(null);
    }
  });
});
