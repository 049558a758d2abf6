import { MeterEntry, Post } from '@quire/db';
import {
  FREE_STORIES_PER_MONTH,
  FREE_STORIES_PER_NETWORK_PER_MONTH,
  paywallMessage,
  paywallTexts,
} from '@quire/domain';
import { keptParts } from '@quire/reader/server';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const SECRET = 'Only members and friends may read this sentence.';
const content = {
  paragraphs: [
    { name: 'p1', type: 'P' as const, text: 'Free opening.', markups: [] },
    { name: 'p2', type: 'P' as const, text: 'Free middle.', markups: [] },
    { name: 'p3', type: 'P' as const, text: 'Free end of preview.', markups: [] },
    { name: 'p4', type: 'P' as const, text: SECRET, markups: [] },
  ],
};

async function lockedStories(n: number) {
  const author = await buildUser(t.db.em());
  const posts = [];
  for (let i = 0; i < n; i++)
    posts.push(await buildPost(t.db.em(), { creator: author, isLocked: true, content }));
  return { author, posts };
}

const byIdUrl = (id: string) => `/trpc/posts.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`;
const meterRows = () => t.db.em().count(MeterEntry, {});

describe('members-only text in server-rendered HTML', () => {
  it('gives a cookieless client only the preview and the sign-up prompt, every time; meter rows are per account and story', async () => {
    const { author, posts } = await lockedStories(1);
    const post = posts[0]!;
    const pages = [`/p/${post.id}`, `/@${author.username}/${post.uniqueSlug}`, `/p/${post.id}?format=json`];
    for (let round = 0; round < 5; round++) {
      for (const url of pages) {
        // No cookie jar: every request is a first contact, as if from a new visitor.
        const page = await t.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain(SECRET);
        expect(page.body).toContain('Free end of preview.');
        expect(page.body).toContain('data-paywall="signed_out"');
        expect(page.body).toContain(paywallTexts.signUpToRead(FREE_STORIES_PER_MONTH));
        expect(page.body).toContain(paywallTexts.createAccount);
        expect(page.body).not.toContain(paywallTexts.freeStoriesUsed);
      }
      const api = await t.app.inject({ url: byIdUrl(post.id) });
      const data = api.json().result.data;
      expect(api.body).not.toContain(SECRET);
      expect([data.content.isLockedPreviewOnly, data.paywall, data.meterState]).toEqual([
        true,
        'signed_out',
        'paywalled',
      ]);
    }
    expect(await meterRows()).toBe(0);

    // Meter rows are per reader and story, not per request: a signed-in non-member's 20 reads write one.
    const me = await buildUser(t.db.em());
    const headers = authHeaders(await buildSession(t.db.em(), me));
    for (let i = 0; i < 20; i++) {
      const page = await t.app.inject({ url: i % 2 ? `/p/${post.id}` : byIdUrl(post.id), headers });
      expect(page.body).toContain(SECRET);
    }
    expect(await meterRows()).toBe(1);
  });

  it('invites a visitor who has read nothing to sign up, even on a network whose readers used up their free stories', async () => {
    const { posts } = await lockedStories(FREE_STORIES_PER_MONTH + 1);
    const remoteAddress = '203.0.113.7';
    const me = await buildUser(t.db.em());
    const headers = authHeaders(await buildSession(t.db.em(), me));
    for (const post of posts) await t.app.inject({ url: `/p/${post.id}`, headers, remoteAddress });
    const used = await t.app.inject({ url: `/p/${posts.at(-1)!.id}`, headers, remoteAddress });
    expect(used.body).toContain('data-paywall="free_stories_used"');
    // A new visitor from the same address: no account, nothing read, so the sign-up invitation.
    const visitor = await t.app.inject({ url: `/p/${posts.at(-1)!.id}`, remoteAddress });
    expect(visitor.body).toContain('data-paywall="signed_out"');
    expect(visitor.body).toContain(paywallMessage('signed_out'));
    expect(visitor.body).not.toContain(paywallTexts.freeStoriesUsed);
    expect(visitor.body).not.toContain(paywallTexts.networkFreeStoriesUsed);
  });

  it('shows a signed-in reader past the free stories the membership prompt — not in the markup, not in the embedded state — unless by friend link', async () => {
    const { posts } = await lockedStories(4);
    const me = await buildUser(t.db.em());
    const headers = authHeaders(await buildSession(t.db.em(), me));
    for (const post of posts.slice(0, 3)) {
      const page = await t.app.inject({ url: `/p/${post.id}`, headers });
      expect(page.body).toContain(SECRET);
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    const target = posts[3]!;
    const paywalled = await t.app.inject({ url: `/p/${target.id}`, headers });
    expect(paywalled.statusCode).toBe(200);
    expect(paywalled.body).not.toContain(SECRET);
    expect(paywalled.body).toContain('Free end of preview.');
    expect(paywalled.body).toContain('data-paywall="free_stories_used"');
    expect(paywalled.body).toContain(paywallTexts.freeStoriesUsed);
    expect(paywalled.body).not.toContain(paywallTexts.createAccount);

    const { shareKey } = await t.db.em().findOneOrFail(Post, target.id);
    const wrong = await t.app.inject({ url: `/p/${target.id}?source=friends_link&sk=wrong`, headers });
    expect(wrong.body).not.toContain(SECRET);
    for (const who of [headers, {}]) {
      const friend = await t.app.inject({
        url: `/p/${target.id}?source=friends_link&sk=${shareKey}`,
        headers: who,
      });
      expect(friend.body).toContain(SECRET);
    }
  });

  it('never splices the kept HTML of a story’s full text into a page that may show only its preview', async () => {
    const { posts } = await lockedStories(FREE_STORIES_PER_MONTH + 1);
    const post = posts[0]!;
    const reader = authHeaders(await buildSession(t.db.em(), await buildUser(t.db.em())));
    const first = await t.app.inject({ url: `/p/${post.id}`, headers: reader });
    expect(first.body).toContain(SECRET);
    // A signed-in reader who has used their free stories on the others.
    const spent = authHeaders(await buildSession(t.db.em(), await buildUser(t.db.em())));
    for (const other of posts.slice(1))
      expect((await t.app.inject({ url: `/p/${other.id}`, headers: spent })).body).toContain(SECRET);
    const hits = keptParts.hits;
    // The full text is kept now; readers who may see only the preview, and the first reader again, at once.
    const [visitor, again, paywalled] = await Promise.all([
      t.app.inject({ url: `/p/${post.id}?v=1` }),
      t.app.inject({ url: `/p/${post.id}`, headers: reader }),
      t.app.inject({ url: `/p/${post.id}`, headers: spent }),
    ]);
    for (const page of [visitor, paywalled]) {
      expect(page.body).not.toContain(SECRET);
      expect(page.body).toContain('Free end of preview.');
    }
    expect(paywalled.body).toContain('data-paywall="free_stories_used"');
    expect(again.body).toContain(SECRET);
    expect(keptParts.hits).toBeGreaterThan(hits);
  });

  it('gives one signed-in reader exactly 3 of 30 members-only stories requested in parallel', async () => {
    const { posts } = await lockedStories(30);
    const me = await buildUser(t.db.em());
    const headers = authHeaders(await buildSession(t.db.em(), me));
    const answers = await Promise.all(posts.map((post) => t.app.inject({ url: byIdUrl(post.id), headers })));
    expect(answers.map((answer) => answer.statusCode).every((status) => status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.includes(SECRET))).toHaveLength(FREE_STORIES_PER_MONTH);
    expect(await t.db.em().count(MeterEntry, { user: me.id })).toBe(FREE_STORIES_PER_MONTH);
  });

  it('gives accounts on one network, reading in parallel, no more free stories than the network ceiling', async () => {
    const { posts } = await lockedStories(FREE_STORIES_PER_MONTH);
    const accounts = Math.ceil(FREE_STORIES_PER_NETWORK_PER_MONTH / FREE_STORIES_PER_MONTH) + 1;
    const sessions = [];
    for (let i = 0; i < accounts; i++)
      sessions.push(authHeaders(await buildSession(t.db.em(), await buildUser(t.db.em()))));
    const answers = await Promise.all(
      sessions.flatMap((headers, i) =>
        posts.map((post) =>
          t.app.inject({ url: byIdUrl(post.id), headers, remoteAddress: `198.51.100.${i + 1}` }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.body.includes(SECRET))).toHaveLength(
      FREE_STORIES_PER_NETWORK_PER_MONTH,
    );
    const refused = answers.filter(
      (answer) => answer.json().result.data.paywall === 'network_free_stories_used',
    );
    expect(refused).toHaveLength(accounts * posts.length - FREE_STORIES_PER_NETWORK_PER_MONTH);
    expect(await t.db.em().count(MeterEntry, { networkKey: '198.51.100.0/24' })).toBe(
      FREE_STORIES_PER_NETWORK_PER_MONTH,
    );
    // The story page tells such a reader why: the network's free stories are used up.
    const first = answers.findIndex(
      (answer) => answer.json().result.data.paywall === 'network_free_stories_used',
    );
    const account = Math.floor(first / posts.length);
    const page = await t.app.inject({
      url: `/p/${posts[first % posts.length]!.id}`,
      headers: sessions[account],
      remoteAddress: `198.51.100.${account + 1}`,
    });
    expect(page.body).not.toContain(SECRET);
    expect(page.body).toContain(paywallTexts.networkFreeStoriesUsed);
  });
});
