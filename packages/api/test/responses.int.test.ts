import { Block, Notification, Post, type User } from '@quire/db';
import { postResultTexts, responseTexts, validationMessages } from '@quire/domain';
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
