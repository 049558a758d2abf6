import { Block, Clap, Notification, Post, User } from '@quire/db';
import { CLAPS_PER_READER_MAX, clapTexts, postResultTexts } from '@quire/domain';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();

const as = (viewer: User) => browser(db, clock, { viewer }).caller;

const totalOf = async (postId: string) => (await db.em().findOneOrFail(Post, postId)).clapCount;
const clapRows = (postId: string) => db.em().find(Clap, { post: postId });

describe('claps (spec §1 Clap, §3 viewerEdge.clapCount)', () => {
  it("adds a reader's bursts up to 50, keeps the story's total and the viewer edge in step", async () => {
    const writer = await buildUser(db.em());
    const [ann, bob] = await Promise.all([buildUser(db.em()), buildUser(db.em())]);
    const post = await buildPost(db.em(), { creator: writer });

    expect(await as(ann).posts.clap({ postId: post.id, count: 3 })).toEqual({
      postId: post.id,
      clapCount: 3,
      viewerClapCount: 3,
    });
    expect(await as(bob).posts.clap({ postId: post.id, count: 10 })).toMatchObject({
      clapCount: 13,
      viewerClapCount: 10,
    });
    // Past the limit only what is left counts; at the limit nothing changes.
    expect(await as(ann).posts.clap({ postId: post.id, count: 49 })).toMatchObject({
      clapCount: 10 + CLAPS_PER_READER_MAX,
      viewerClapCount: CLAPS_PER_READER_MAX,
    });
    expect(await as(ann).posts.clap({ postId: post.id, count: 1 })).toMatchObject({
      clapCount: 10 + CLAPS_PER_READER_MAX,
      viewerClapCount: CLAPS_PER_READER_MAX,
    });
    expect(await totalOf(post.id)).toBe(60);
    expect((await as(ann).posts.viewerEdge({ postId: post.id })).clapCount).toBe(CLAPS_PER_READER_MAX);

    expect(await as(ann).posts.undoClaps({ postId: post.id })).toEqual({
      postId: post.id,
      clapCount: 10,
      viewerClapCount: 0,
    });
    expect(await as(ann).posts.undoClaps({ postId: post.id })).toMatchObject({ clapCount: 10 });
    expect((await clapRows(post.id)).map((c) => c.count)).toEqual([10]);
  });

  it('counts concurrent bursts from one reader exactly once each', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    await Promise.all(Array.from({ length: 8 }, () => as(reader).posts.clap({ postId: post.id, count: 5 })));
    expect(await totalOf(post.id)).toBe(40);
    expect((await clapRows(post.id)).map((c) => c.count)).toEqual([40]);
  });

  it("tells the writer once, folding readers into one 'clapped for' notification", async () => {
    const writer = await buildUser(db.em());
    const [ann, bob] = await Promise.all([buildUser(db.em()), buildUser(db.em())]);
    const post = await buildPost(db.em(), { creator: writer });
    await as(ann).posts.clap({ postId: post.id, count: 1 });
    await as(ann).posts.clap({ postId: post.id, count: 1 });
    await as(bob).posts.clap({ postId: post.id, count: 2 });
    const rows = await db.em().find(Notification, { recipient: writer.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.notificationType).toBe('post_recommended_rollup');
    expect(rows[0]?.rollupItems.map((i) => i.actorId).sort()).toEqual([ann.id, bob.id].sort());
  });

  it('refuses, changing nothing: the own story, a draft, a blocked reader, a private story, a bad count', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const reader = await buildUser(em);
    const post = await buildPost(em, { creator: writer });
    const draft = await buildPost(em, { creator: writer, status: 'DRAFT' });
    const publication = await buildCollection(em, { creator: writer });
    publication.visibility = 'PRIVATE';
    const hidden = await buildPost(em, { creator: writer, collection: publication });
    const blocked = await buildUser(em);
    em.create(Block, { blocker: writer, blocked });
    await em.flush();

    await expect(as(writer).posts.clap({ postId: post.id, count: 1 })).rejects.toThrow(clapTexts.ownStory);
    for (const postId of [draft.id, hidden.id]) {
      await expect(as(reader).posts.clap({ postId, count: 1 })).rejects.toThrow(postResultTexts.NotFound);
    }
    await expect(as(blocked).posts.clap({ postId: post.id, count: 1 })).rejects.toThrow(
      postResultTexts.NotFound,
    );
    for (const count of [0, 51, 1.5]) {
      await expect(as(reader).posts.clap({ postId: post.id, count })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    expect(await totalOf(post.id)).toBe(0);
    expect(await db.em().count(Clap, { post: { $in: [post.id, draft.id, hidden.id] } })).toBe(0);
  });
});

describe('who clapped (spec §2 /p/{postId}/upvotes)', () => {
  it('lists the clappers most recent first with their claps, 20 a page, without deleted accounts', async () => {
    const writer = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    const clappers: User[] = [];
    for (let i = 0; i < 22; i++) {
      clock.advance(1000);
      const reader = await buildUser(db.em(), { name: `Clapper ${i}` });
      await as(reader).posts.clap({ postId: post.id, count: (i % 5) + 1 });
      clappers.push(reader);
    }
    const em = db.em();
    (await em.findOneOrFail(User, clappers[21]!.id)).isDeleted = true;
    await em.flush();

    const viewer = as(writer);
    const first = await viewer.posts.clappers({ postId: post.id });
    expect(first.clappers).toBe(21);
    expect(first.clapCount).toBe(await totalOf(post.id));
    expect(first.people.map((p) => [p.name, p.claps])).toEqual(
      clappers
        .slice(1, 21)
        .reverse()
        .map((u) => [u.name, (clappers.indexOf(u) % 5) + 1]),
    );
    const second = await viewer.posts.clappers({ postId: post.id, cursor: first.next });
    expect(second.people.map((p) => p.name)).toEqual(['Clapper 0']);
    expect(second.next).toBeNull();

    const draft = await buildPost(db.em(), { creator: writer, status: 'DRAFT' });
    await expect(as(clappers[0]!).posts.clappers({ postId: draft.id })).rejects.toThrow(
      postResultTexts.NotFound,
    );
  });
});
