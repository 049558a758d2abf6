import { Block, Notification, Post, type User } from '@quire/db';
import { postResultTexts, RESPONSES_DEPTH_LIMIT, responseTexts, validationMessages } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();

const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

describe('responses (spec §1 Respond)', () => {
  it('publishes a response as a story of its own, counts it, tells the author and lists it', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em(), { name: 'Rhoda Responder' });
    const post = await buildPost(db.em(), { creator: writer });

    const response = await as(reader).posts.respond({
      postId: post.id,
      text: '  A first thought.\n\nAnd a second paragraph.  ',
    });
    expect(response.paragraphs.map((p) => [p.type, p.text])).toEqual([
      ['P', 'A first thought.'],
      ['P', 'And a second paragraph.'],
    ]);
    expect(response.creator.name).toBe('Rhoda Responder');
    const stored = await db.em().findOneOrFail(Post, response.id, { populate: ['inResponseToPost'] });
    expect(stored).toMatchObject({ status: 'PUBLISHED', type: 'RESPONSE', title: 'A first thought.' });
    expect(stored.inResponseToPost?.id).toBe(post.id);
    expect(response.mediumUrl).toBe(`/@${reader.username}/${stored.uniqueSlug}`);
    expect((await db.em().findOneOrFail(Post, post.id)).responsesCount).toBe(1);

    const [notice] = await db.em().find(Notification, { recipient: writer.id });
    expect(notice).toMatchObject({ notificationType: 'response_created_rollup' });

    const listed = await as(null).posts.responses({ postId: post.id });
    expect(listed.responsesCount).toBe(1);
    expect(listed.responses.map((r) => r.id)).toEqual([response.id]);
  });

  it('lists newest first a page at a time, leaving out hidden, trashed and blocking writers’ responses', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      clock.advance(1000);
      const author = await buildUser(db.em());
      ids.push((await as(author).posts.respond({ postId: post.id, text: `Response ${i}` })).id);
    }
    const em = db.em();
    const [hidden, trashed, blocker] = await Promise.all(
      [ids[12], ids[11], ids[10]].map((id) => em.findOneOrFail(Post, id!, { populate: ['creator'] })),
    );
    hidden!.isResponseHidden = true;
    trashed!.deletedAt = new Date();
    em.create(Block, { blocker: blocker!.creator, blocked: reader });
    await em.flush();

    const first = await as(reader).posts.responses({ postId: post.id });
    expect(first.responses.map((r) => r.id)).toEqual(ids.slice(0, 10).reverse());
    expect(first.next).toBeNull();
    // The blocking writer's response is left out for the reader they blocked only.
    const visitor = await as(null).posts.responses({ postId: post.id });
    expect(visitor.responses.map((r) => r.id)).toEqual(ids.slice(1, 11).reverse());
    expect(visitor.next).not.toBeNull();
    const second = await as(null).posts.responses({ postId: post.id, cursor: visitor.next });
    expect(second.responses.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
  });

  it('refuses, saving nothing: closed discussion, blank text, a story the reader may not see, signed out', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const em = db.em();
    const closed = await buildPost(em, { creator: writer });
    closed.responsesLocked = true;
    await em.flush();
    const draft = await buildPost(db.em(), { creator: writer, status: 'DRAFT' });
    const open = await buildPost(db.em(), { creator: writer });

    await expect(as(reader).posts.respond({ postId: closed.id, text: 'Hello' })).rejects.toThrow(
      validationMessages.closedDiscussion('story'),
    );
    await expect(as(reader).posts.respond({ postId: open.id, text: '   \n\n  ' })).rejects.toThrow(
      responseTexts.empty,
    );
    await expect(as(reader).posts.respond({ postId: draft.id, text: 'Hello' })).rejects.toThrow(
      postResultTexts.NotFound,
    );
    await expect(as(null).posts.respond({ postId: open.id, text: 'Hello' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    for (const id of [closed.id, open.id, draft.id]) {
      expect(await db.em().count(Post, { inResponseToPost: id })).toBe(0);
      expect((await db.em().findOneOrFail(Post, id)).responsesCount).toBe(0);
    }
  });

  it("lets the story's author hide a response from it and show it again; no one else", async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    const response = await as(reader).posts.respond({ postId: post.id, text: 'Hide me, maybe.' });
    const listed = async () =>
      (await as(null).posts.responses({ postId: post.id })).responses.map((r) => r.id);
    const ids = { parentPostId: post.id, postResponseId: response.id };

    await expect(as(reader).posts.hideResponse(ids)).rejects.toThrow(responseTexts.onlyAuthorHides);
    expect(await listed()).toEqual([response.id]);
    expect(await as(writer).posts.hideResponse(ids)).toEqual({ ...ids, isHidden: true });
    expect(await listed()).toEqual([]);
    expect(await as(writer).posts.unhideResponse(ids)).toEqual({ ...ids, isHidden: false });
    expect(await listed()).toEqual([response.id]);
    const other = await buildPost(db.em(), { creator: writer });
    await expect(
      as(writer).posts.hideResponse({ parentPostId: other.id, postResponseId: response.id }),
    ).rejects.toThrow(responseTexts.notFound);
  });
});

describe('threaded responses (spec §9 depth 3, page size 10)', () => {
  it('threads replies down to depth 3, each told to the author it answers, and refuses a fourth level', async () => {
    const writer = await buildUser(db.em());
    const [ann, bea, cal, dee] = [
      await buildUser(db.em()),
      await buildUser(db.em()),
      await buildUser(db.em()),
      await buildUser(db.em()),
    ];
    const post = await buildPost(db.em(), { creator: writer });
    const first = await as(ann).posts.respond({ postId: post.id, text: 'Depth one' });
    const second = await as(bea).posts.respond({ postId: first.id, text: 'Depth two' });
    const third = await as(cal).posts.respond({ postId: second.id, text: 'Depth three' });
    expect([first.depth, second.depth, third.depth]).toEqual([1, 2, 3]);

    await expect(as(dee).posts.respond({ postId: third.id, text: 'Depth four' })).rejects.toThrow(
      responseTexts.tooDeep(RESPONSES_DEPTH_LIMIT),
    );
    expect(await db.em().count(Post, { creator: dee.id })).toBe(0);
    expect((await db.em().findOneOrFail(Post, third.id)).responsesCount).toBe(0);

    // Each level counts its own replies; the story counts only its direct responses.
    const counts = await db.em().find(Post, { id: [post.id, first.id, second.id] });
    expect(Object.fromEntries(counts.map((p) => [p.id, p.responsesCount]))).toEqual({
      [post.id]: 1,
      [first.id]: 1,
      [second.id]: 1,
    });
    // Each author hears about the reply to them, once.
    for (const [recipient, about] of [
      [ann, first.id],
      [bea, second.id],
    ] as const) {
      const notices = await db.em().find(Notification, { recipient: recipient.id });
      expect(notices.map((n) => [n.notificationType, n.post?.id])).toEqual([
        ['response_created_rollup', about],
      ]);
    }

    const top = await as(null).posts.responses({ postId: post.id });
    expect(top.responses.map((r) => [r.id, r.depth, r.responsesCount])).toEqual([[first.id, 1, 1]]);
    const replies = await as(null).posts.responses({ postId: first.id });
    expect(replies.depth).toBe(2);
    expect(replies.responses.map((r) => [r.id, r.depth])).toEqual([[second.id, 2]]);
    const deepest = await as(null).posts.responses({ postId: second.id });
    expect(deepest.responses.map((r) => [r.id, r.depth])).toEqual([[third.id, 3]]);
  });

  it('closes every thread under a story whose author closed discussion, saving nothing', async () => {
    const writer = await buildUser(db.em());
    const [ann, bea] = [await buildUser(db.em()), await buildUser(db.em())];
    const post = await buildPost(db.em(), { creator: writer });
    const first = await as(ann).posts.respond({ postId: post.id, text: 'Before closing' });
    const em = db.em();
    (await em.findOneOrFail(Post, post.id)).responsesLocked = true;
    await em.flush();
    await expect(as(bea).posts.respond({ postId: first.id, text: 'Too late' })).rejects.toThrow(
      validationMessages.closedDiscussion('story'),
    );
    expect(await db.em().count(Post, { inResponseToPost: first.id })).toBe(0);
  });

  it('sorts by relevance (claps, then newest) or newest first, a page of 10 or as many as asked', async () => {
    const writer = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    const made: { id: string; claps: number; at: number }[] = [];
    for (let i = 0; i < 13; i++) {
      clock.advance(1000);
      const r = await as(await buildUser(db.em())).posts.respond({ postId: post.id, text: `Response ${i}` });
      made.push({ id: r.id, claps: [5, 0, 2][i % 3]!, at: i });
    }
    const em = db.em();
    for (const m of made) (await em.findOneOrFail(Post, m.id)).clapCount = m.claps;
    await em.flush();

    const relevant = [...made].sort((a, b) => b.claps - a.claps || b.at - a.at).map((m) => m.id);
    const page1 = await as(null).posts.responses({ postId: post.id, sort: 'MOST_RELEVANT' });
    expect(page1.responses.map((r) => r.id)).toEqual(relevant.slice(0, 10));
    const page2 = await as(null).posts.responses({
      postId: post.id,
      sort: 'MOST_RELEVANT',
      cursor: page1.next,
    });
    expect(page2.responses.map((r) => r.id)).toEqual(relevant.slice(10));
    expect(page2.next).toBeNull();

    const newest = [...made].reverse().map((m) => m.id);
    const small = await as(null).posts.responses({ postId: post.id, sort: 'NEWEST', limit: 4 });
    expect(small.responses.map((r) => r.id)).toEqual(newest.slice(0, 4));
    const rest = await as(null).posts.responses({
      postId: post.id,
      sort: 'NEWEST',
      limit: 25,
      cursor: small.next,
    });
    expect(rest.responses.map((r) => r.id)).toEqual(newest.slice(4));
  });

  it('refuses a malformed cursor, sort or page size with a clear message', async () => {
    const post = await buildPost(db.em(), { creator: await buildUser(db.em()) });
    await expect(as(null).posts.responses({ postId: post.id, cursor: 'nonsense' })).rejects.toThrow(
      'cursor must be the next of a previous page.',
    );
    await expect(as(null).posts.responses({ postId: post.id, sort: 'OLDEST' as 'NEWEST' })).rejects.toThrow(
      'sort must be MOST_RELEVANT or NEWEST.',
    );
    await expect(as(null).posts.responses({ postId: post.id, limit: 26 })).rejects.toThrow(
      'limit must be at most 25.',
    );
  });
});

describe('closing discussion (spec §5)', () => {
  it("lets the story's author close and reopen it; no one else; closed, nothing is saved", async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    await expect(as(reader).posts.setDiscussionClosed({ postId: post.id, closed: true })).rejects.toThrow(
      responseTexts.onlyAuthorCloses,
    );
    expect((await db.em().findOneOrFail(Post, post.id)).responsesLocked).toBe(false);

    expect(await as(writer).posts.setDiscussionClosed({ postId: post.id, closed: true })).toEqual({
      postId: post.id,
      responsesLocked: true,
    });
    const page = await as(reader).posts.byId({ id: post.id });
    expect(page.__typename === 'Post' && page.responsesLocked).toBe(true);
    await expect(as(reader).posts.respond({ postId: post.id, text: 'Closed?' })).rejects.toThrow(
      validationMessages.closedDiscussion('story'),
    );
    expect(await db.em().count(Post, { inResponseToPost: post.id })).toBe(0);

    await as(writer).posts.setDiscussionClosed({ postId: post.id, closed: false });
    await as(reader).posts.respond({ postId: post.id, text: 'Open again' });
    expect(await db.em().count(Post, { inResponseToPost: post.id })).toBe(1);
  });
});
