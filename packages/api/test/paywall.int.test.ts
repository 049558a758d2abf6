import type { User } from '@quire/db';
import { MeterEntry, Post } from '@quire/db';
import { FREE_STORIES_PER_MONTH, type PostContent } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { appRouter, createContextInner, defaultServiceEnvironment } from '../src';
import { networkOf } from '../src/services/paywall';

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

interface ReaderOptions {
  viewer?: User | null;
  visitorId?: string;
  isBot?: boolean;
  now?: Date;
  ip?: string;
  freePerNetwork?: number;
}

/** One request's caller, on its own forked EntityManager (so parallel callers use their own connections). */
function reader(opts: ReaderOptions = {}) {
  const caller = appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer: opts.viewer ?? null,
      sessionId: null,
      visitor: { id: opts.visitorId ?? 'visitor00000001', isBot: opts.isBot ?? false, country: null },
      ip: opts.ip ?? '192.0.2.1',
      now: () => opts.now ?? new Date('2026-11-21T12:00:00Z'),
      env: defaultServiceEnvironment(
        opts.freePerNetwork === undefined ? {} : { freeStoriesPerNetworkPerMonth: opts.freePerNetwork },
      ),
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
const meterRows = (where: Record<string, unknown>) => db.em().count(MeterEntry, where);

describe('the paywall matrix (spec §1, §4)', () => {
  it('gives readers without an account only the preview and the sign-up prompt, and writes no meter row', async () => {
    const { posts } = await lockedStories(2);
    // Each cookieless request comes with a fresh visitor id; none of them may unlock anything.
    for (let i = 0; i < 10; i++) {
      const visitor = reader({ visitorId: `freshvisitor${String(i).padStart(3, '0')}` });
      for (const post of posts) {
        const page = await visitor.posts.byId({ id: post.id });
        expect(page.content.isLockedPreviewOnly).toBe(true);
        expect(page.paywall).toBe('signed_out');
        expect(page.meterState).toBe('paywalled');
        expect(page.freeStoriesLeft).toBeNull();
        expect(wire(page)).not.toContain(SECRET);
        expect(wire(page)).toContain('A third, the last of the preview.');
      }
    }
    // The same visitor cookie does not get a story either.
    const returning = reader({ visitorId: 'returningvisit1' });
    expect(wire(await returning.posts.byId({ id: posts[0]!.id }))).not.toContain(SECRET);
    expect(await meterRows({})).toBe(0);
  });

  it('meters a signed-in non-member: 3 free stories a month, each counted once, then the membership prompt', async () => {
    const { posts } = await lockedStories(4);
    const me = await buildUser(db.em());
    const api = reader({ viewer: me });
    for (let i = 0; i < 20; i++) expect(wire(await api.posts.byId({ id: posts[0]!.id }))).toContain(SECRET);
    expect(await meterRows({ user: me.id })).toBe(1);
    expect((await api.posts.byId({ id: posts[1]!.id })).freeStoriesLeft).toBe(1);
    const third = await api.posts.byId({ id: posts[2]!.id });
    expect([third.meterState, third.freeStoriesLeft, third.paywall]).toEqual(['metered', 0, null]);
    const fourth = await api.posts.byId({ id: posts[3]!.id });
    expect(wire(fourth)).not.toContain(SECRET);
    expect([fourth.meterState, fourth.paywall]).toEqual(['paywalled', 'free_stories_used']);
    // A story already counted this month stays readable; the count resets next month.
    expect(wire(await api.posts.byId({ id: posts[0]!.id }))).toContain(SECRET);
    expect(await meterRows({ user: me.id })).toBe(FREE_STORIES_PER_MONTH);
    const nextMonth = reader({ viewer: me, now: new Date('2026-12-02T12:00:00Z') });
    expect((await nextMonth.posts.byId({ id: posts[3]!.id })).meterState).toBe('metered');
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

  it('opens the story for the author’s friend link, signed in past the free stories or signed out; a wrong key does not', async () => {
    const { posts } = await lockedStories(4);
    const me = await buildUser(db.em());
    const api = reader({ viewer: me });
    for (const post of posts.slice(0, 3)) await api.posts.byId({ id: post.id });
    const target = posts[3]!;
    const shareKey = (await db.em().findOneOrFail(Post, target.id)).shareKey ?? null;
    expect(shareKey).toBeTruthy();
    expect(wire(await api.posts.byId({ id: target.id, shareKey: 'not-the-key' }))).not.toContain(SECRET);
    for (const who of [api, reader({ visitorId: 'friendvisitor01' })]) {
      const right = await who.posts.byId({ id: target.id, shareKey });
      expect(wire(right)).toContain(SECRET);
      expect([right.meterState, right.paywall]).toEqual(['not_metered', null]);
    }
    expect(await meterRows({ post: target.id })).toBe(0);
  });

  it('shows crawlers only the preview and spends nobody’s free stories', async () => {
    const { posts } = await lockedStories(1);
    const bot = await reader({ isBot: true, visitorId: 'botvisitor00001' }).posts.byId({ id: posts[0]!.id });
    expect(bot.meterState).toBe('paywalled');
    expect(wire(bot)).not.toContain(SECRET);
    expect(await meterRows({ post: posts[0]!.id })).toBe(0);
  });
});

describe('the meter under parallel requests', () => {
  it('gives one reader exactly 3 of 30 members-only stories read at once, and writes exactly 3 rows', async () => {
    const { posts } = await lockedStories(30);
    const me = await buildUser(db.em());
    const pages = await Promise.all(posts.map((post) => reader({ viewer: me }).posts.byId({ id: post.id })));
    expect(pages.filter((page) => wire(page).includes(SECRET))).toHaveLength(FREE_STORIES_PER_MONTH);
    expect(pages.filter((page) => page.paywall === 'free_stories_used')).toHaveLength(
      30 - FREE_STORIES_PER_MONTH,
    );
    expect(await meterRows({ user: me.id })).toBe(FREE_STORIES_PER_MONTH);
  });

  it('caps the free stories one network is given a month, across accounts reading at once', async () => {
    const ceiling = 5;
    const { posts } = await lockedStories(FREE_STORIES_PER_MONTH);
    const accounts = [];
    for (let i = 0; i < 12; i++) accounts.push(await buildUser(db.em()));
    // Twelve accounts in one /24 (different hosts of it) each open the same 3 stories, all at once.
    const reads = accounts.flatMap((viewer, i) =>
      posts.map((post) =>
        reader({ viewer, ip: `198.51.100.${i + 1}`, freePerNetwork: ceiling }).posts.byId({ id: post.id }),
      ),
    );
    const pages = await Promise.all(reads);
    expect(pages.filter((page) => wire(page).includes(SECRET))).toHaveLength(ceiling);
    const refused = pages.filter((page) => page.paywall === 'network_free_stories_used');
    expect(refused).toHaveLength(accounts.length * posts.length - ceiling);
    expect(refused.every((page) => !wire(page).includes(SECRET))).toBe(true);
    expect(await meterRows({ networkKey: '198.51.100.0/24' })).toBe(ceiling);
    expect(await meterRows({ post: { $in: posts.map((post) => post.id) } })).toBe(ceiling);

    // Past the ceiling, a story counted already stays readable; another network still gets its own.
    const counted = await db.em().findOneOrFail(MeterEntry, { networkKey: '198.51.100.0/24' });
    const again = await reader({
      viewer: counted.user!,
      ip: '198.51.100.200',
      freePerNetwork: ceiling,
    }).posts.byId({ id: counted.post.id });
    expect(wire(again)).toContain(SECRET);
    const outsider = reader({ viewer: await buildUser(db.em()), ip: '203.0.113.9', freePerNetwork: ceiling });
    expect(wire(await outsider.posts.byId({ id: posts[0]!.id }))).toContain(SECRET);
  });
});

describe('networkOf', () => {
  it('groups IPv4 by /24 (IPv4-mapped addresses too) and IPv6 by /64, whatever the notation', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.250')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:0db8:0000:0001::/64');
    expect(networkOf('2001:DB8:0:1:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0000:0001::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(networkOf('::1')).toBe('0000:0000:0000:0000::/64');
    expect(networkOf('2001:db8:0:2::5')).not.toBe(networkOf('2001:db8:0:1::5'));
  });
});
