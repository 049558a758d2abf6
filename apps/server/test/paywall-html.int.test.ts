import { Post } from '@quire/db';
import { buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

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

describe('members-only text in server-rendered HTML', () => {
  it('never reaches a visitor past the meter — not in the markup, not in the embedded state — unless by friend link', async () => {
    const author = await buildUser(t.db.em());
    const posts = [];
    for (let i = 0; i < 4; i++)
      posts.push(await buildPost(t.db.em(), { creator: author, isLocked: true, content }));
    const visitor = { cookie: 'qv=htmlvisitor0001' };
    for (const post of posts.slice(0, 3)) {
      const page = await t.app.inject({ url: `/p/${post.id}`, headers: visitor });
      expect(page.body).toContain(SECRET);
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    const target = posts[3]!;
    const paywalled = await t.app.inject({ url: `/p/${target.id}`, headers: visitor });
    expect(paywalled.statusCode).toBe(200);
    expect(paywalled.body).not.toContain(SECRET);
    expect(paywalled.body).toContain('Free end of preview.');
    expect(paywalled.body).toContain('data-testid="paywall"');

    const { shareKey } = await t.db.em().findOneOrFail(Post, target.id);
    const wrong = await t.app.inject({
      url: `/p/${target.id}?source=friends_link&sk=wrong`,
      headers: visitor,
    });
    expect(wrong.body).not.toContain(SECRET);
    const friend = await t.app.inject({
      url: `/p/${target.id}?source=friends_link&sk=${shareKey}`,
      headers: visitor,
    });
    expect(friend.body).toContain(SECRET);
  });
});
