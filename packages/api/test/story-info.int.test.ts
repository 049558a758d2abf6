import { Post, User } from '@quire/db';
import { type PostContent, postResultTexts } from '@quire/domain';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

const content: PostContent = {
  paragraphs: [
    { name: 'a1', type: 'P', text: 'The opening anyone may read.', markups: [] },
    { name: 'a2', type: 'P', text: 'A second free paragraph.', markups: [] },
  ],
};

describe('story details (spec §2 /p/{postId}/info[/{order}/{filter}])', () => {
  it("gives a story's facts and counts of live clappers and highlights, refusing a story the viewer may not see", async () => {
    const writer = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: writer, name: 'The Quarterly' });
    const post = await buildPost(db.em(), {
      creator: writer,
      content,
      collection: publication,
      isLocked: true,
    });
    const [ann, bob] = await Promise.all([buildUser(db.em()), buildUser(db.em())]);
    await as(ann).posts.clap({ postId: post.id, count: 3 });
    await as(bob).posts.clap({ postId: post.id, count: 7 });
    await as(ann).highlights.create({ postId: post.id, paragraphName: 'a1', startOffset: 4, endOffset: 11 });
    await as(bob).highlights.create({ postId: post.id, paragraphName: 'a2', startOffset: 2, endOffset: 8 });
    const em = db.em();
    (await em.findOneOrFail(User, bob.id)).isDeleted = true;
    Object.assign(await em.findOneOrFail(Post, post.id), { wordCount: 1234, readingTime: 4.6 });
    await em.flush();

    const info = await as(null).posts.info({ postId: post.id });
    expect(info).toMatchObject({
      id: post.id,
      isLocked: true,
      wordCount: 1234,
      readingTime: 4.6,
      license: 'ALL_RIGHTS_RESERVED',
      publication: { name: 'The Quarterly', url: `/${publication.slug}` },
      clapCount: 10,
      clappers: 1,
      highlights: 1,
      responsesCount: 0,
    });
    expect(info.firstPublishedAt).toEqual(expect.any(String));
    // No text: the details page spends none of a reader's free members-only stories.
    expect(JSON.stringify(info)).not.toContain('opening');

    const draft = await buildPost(db.em(), { creator: writer, status: 'DRAFT' });
    await expect(as(ann).posts.info({ postId: draft.id })).rejects.toThrow(postResultTexts.NotFound);
    await expect(as(ann).posts.info({ postId: 'nope\u0000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('orders clappers by most claps (keyset paged) or newest, and passages by readers or recency', async () => {
    const writer = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer, content });
    const readers = [];
    for (let i = 0; i < 23; i++) {
      const reader = await buildUser(db.em(), { name: `Reader ${i}` });
      clock.advance(1000);
      await as(reader).posts.clap({ postId: post.id, count: (i % 7) + 1 });
      readers.push(reader);
    }
    const claps = (name: string) => (Number(name.split(' ')[1]) % 7) + 1;

    const top = await as(writer).posts.clappers({ postId: post.id, order: 'top' });
    const rest = await as(writer).posts.clappers({ postId: post.id, order: 'top', cursor: top.next });
    const ranked = [...top.people, ...rest.people];
    expect(ranked).toHaveLength(23);
    expect(new Set(ranked.map((p) => p.id)).size).toBe(23);
    expect(ranked.map((p) => p.claps)).toEqual(ranked.map((p) => claps(p.name)));
    expect(ranked.map((p) => p.claps)).toEqual([...ranked.map((p) => p.claps)].sort((a, b) => b - a));
    expect(rest.next).toBeNull();

    const newest = await as(writer).posts.clappers({ postId: post.id });
    expect(newest.people[0]!.name).toBe('Reader 22');

    await as(readers[0]!).highlights.create({
      postId: post.id,
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
    });
    await as(readers[1]!).highlights.create({
      postId: post.id,
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
    });
    clock.advance(1000);
    await as(readers[2]!).highlights.create({
      postId: post.id,
      paragraphName: 'a2',
      startOffset: 2,
      endOffset: 8,
    });
    const byReaders = await as(null).highlights.quotes({ postId: post.id, order: 'top' });
    expect(byReaders.quotes.map((q) => [q.quote, q.readers])).toEqual([
      ['opening', 2],
      ['second', 1],
    ]);
    const byRecency = await as(null).highlights.quotes({ postId: post.id, order: 'newest' });
    expect(byRecency.quotes.map((q) => q.quote)).toEqual(['second', 'opening']);

    await expect(
      as(writer).posts.clappers({ postId: post.id, order: 'loudest' as 'top' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
