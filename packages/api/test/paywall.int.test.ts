import type { User } from '@quire/db';
import { Post } from '@quire/db';
import type { PostContent } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { appRouter, createContextInner } from '../src';

const db = useTestDatabase();

const SECRET = 'The members-only ending nobody else may read.';
const content: PostContent = {
  paragraphs: [
    { name: 'p1', type: 'P', text: 'An opening anyone may read.', markups: [] },
    { name: 'p2', type: 'P', text: 'A second paragraph, still free.', markups: [] },
    { name: 'p3', type: 'P', text: 'A third, the last of the preview.', markups: [] },
    { name: 'p4', type: 'P', text: SECRET, markups: [] },
  ],
};

function reader(opts: { viewer?: User | null; visitorId?: string; isBot?: boolean; now?: Date } = {}) {
  const caller = appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer: opts.viewer ?? null,
      sessionId: null,
      visitor: { id: opts.visitorId ?? 'visitor00000001', isBot: opts.isBot ?? false, country: null },
      ip: '192.0.2.1',
      now: () => opts.now ?? new Date('2026-11-21T12:00:00Z'),
    }),
  );
  // posts.byId answers a PostResult: every story here is visible, so each answer is the 'Post' case.
  const byId = async (input: Parameters<typeof caller.posts.byId>[0]) => {
    const result = await caller.posts.byId(input);
    if (result.__typename !== 'Post') throw new Error(`Expected the story, got ${result.__typename}.`);
    return result;
  };
  return { posts: { byId } };
}

async function lockedStories(n: number) {
  const author = await buildUser(db.em());
  const posts = [];
  for (let i = 0; i < n; i++)
    posts.push(await buildPost(db.em(), { creator: author, isLocked: true, content }));
  return { author, posts };
}

/** What leaves the server, as JSON text: the secret must never be in it for a paywalled reader. */
const wire = (value: unknown) => JSON.stringify(value);

describe('the paywall matrix (spec §1, §4)', () => {
  it('gives anonymous readers 3 free members-only stories a month, then only the locked preview', async () => {
    const { posts } = await lockedStories(4);
    const visitor = reader({ visitorId: 'anonvisitor0001' });
    for (const post of posts.slice(0, 3)) {
      const page = await visitor.posts.byId({ id: post.id });
      expect(page.meterState).toBe('metered');
      expect(wire(page)).toContain(SECRET);
    }
    const fourth = await visitor.posts.byId({ id: posts[3]!.id });
    expect(fourth.meterState).toBe('paywalled');
    expect(fourth.content.isLockedPreviewOnly).toBe(true);
    expect(wire(fourth)).not.toContain(SECRET);
    // A story already read this month stays readable; the count resets next month.
    expect(wire(await visitor.posts.byId({ id: posts[0]!.id }))).toContain(SECRET);
    const nextMonth = reader({ visitorId: 'anonvisitor0001', now: new Date('2026-12-02T12:00:00Z') });
    expect((await nextMonth.posts.byId({ id: posts[3]!.id })).meterState).toBe('metered');
  });

  it('meters a signed-in non-member the same way, and counts each story once', async () => {
    const { posts } = await lockedStories(4);
    const me = await buildUser(db.em());
    const api = reader({ viewer: me });
    await api.posts.byId({ id: posts[0]!.id });
    await api.posts.byId({ id: posts[0]!.id });
    expect((await api.posts.byId({ id: posts[1]!.id })).freeStoriesLeft).toBe(1);
    await api.posts.byId({ id: posts[2]!.id });
    expect(wire(await api.posts.byId({ id: posts[3]!.id }))).not.toContain(SECRET);
  });

  it('gives members, the author and the publication’s editors the full text, unmetered', async () => {
    const author = await buildUser(db.em());
    const owner = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: owner });
    const editor = await buildUser(db.em());
    await addCollectionMember(db.em(), publication, editor, 'EDITOR');
    const writer = await buildUser(db.em());
    await addCollectionMember(db.em(), publication, writer, 'WRITER');
    const post = await buildPost(db.em(), {
      creator: author,
      collection: publication,
      isLocked: true,
      content,
    });
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    expect((await reader({ viewer: member }).posts.byId({ id: post.id })).meterState).toBe('member');
    for (const who of [author, editor, owner]) {
      const page = await reader({ viewer: who }).posts.byId({ id: post.id });
      expect(wire(page)).toContain(SECRET);
      expect(page.meterState).toBe('not_metered');
    }
    // A writer of the publication is an ordinary reader of someone else's story.
    expect((await reader({ viewer: writer }).posts.byId({ id: post.id })).meterState).toBe('metered');
  });

  it('opens the story for the author’s friend link even past the free stories; a wrong key does not', async () => {
    const { posts } = await lockedStories(4);
    const visitor = reader({ visitorId: 'friendvisitor01' });
    for (const post of posts.slice(0, 3)) await visitor.posts.byId({ id: post.id });
    const target = posts[3]!;
    const shareKey = (await db.em().findOneOrFail(Post, target.id)).shareKey ?? null;
    expect(shareKey).toBeTruthy();
    const wrong = await visitor.posts.byId({ id: target.id, shareKey: 'not-the-key' });
    expect(wire(wrong)).not.toContain(SECRET);
    const right = await visitor.posts.byId({ id: target.id, shareKey });
    expect(wire(right)).toContain(SECRET);
    expect(right.meterState).toBe('not_metered');
  });

  it('shows crawlers only the preview and spends nobody’s free stories', async () => {
    const { posts } = await lockedStories(1);
    const bot = await reader({ isBot: true, visitorId: 'botvisitor00001' }).posts.byId({ id: posts[0]!.id });
    expect(bot.meterState).toBe('paywalled');
    expect(wire(bot)).not.toContain(SECRET);
  });
});
