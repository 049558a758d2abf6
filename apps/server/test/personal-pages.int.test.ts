import { followButtonTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

/** The viewer a rendered page was made for, from its preloaded state. */
const viewerOf = (html: string) => /"viewer":\{"id":"([^"]+)"/.exec(html)?.[1] ?? null;

describe("signed-in pages are each reader's own (no personal part reaches another reader)", () => {
  it('renders two readers’ story, home and profile pages concurrently, each with only its own parts', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Wren Writer' });
    const post = await buildPost(t.db.em(), { creator: writer, title: 'Shared story' });
    const ann = await buildUser(t.db.em(), { name: 'Annika Personal' });
    const bob = await buildUser(t.db.em(), { name: 'Bobbie Private' });
    const readers = [
      { user: ann, token: await buildSession(t.db.em(), ann), claps: 7, other: bob },
      { user: bob, token: await buildSession(t.db.em(), bob), claps: 3, other: ann },
    ];
    for (const r of readers) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/posts.clap',
        payload: { postId: post.id, count: r.claps },
        headers: authHeaders(r.token),
      });
      expect(res.statusCode).toBe(200);
    }
    // Only Annika follows the writer: the follow state on the writer's pages is hers alone.
    const follow = await t.app.inject({
      method: 'POST',
      url: '/trpc/social.followUser',
      payload: { targetUserId: writer.id },
      headers: authHeaders(readers[0]!.token),
    });
    expect(follow.statusCode).toBe(200);
    const paths = [`/p/${post.id}`, '/', `/@${writer.username}`];
    const renders = await Promise.all(
      Array.from({ length: 8 }, (_, i) => readers[i % 2]!).flatMap((r) =>
        paths.map(async (path) => ({ r, path, res: await t.page(path, r.token) })),
      ),
    );
    for (const { r, path, res } of renders) {
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['x-cache'], path).toBe('BYPASS');
      expect(res.headers['cache-control'], path).toBe('private, no-store');
      // Timings are off unless SERVER_TIMING asks for them.
      expect(res.headers['server-timing'], path).toBeUndefined();
      expect(viewerOf(res.body), path).toBe(r.user.id);
      expect(res.body, path).toContain(r.user.name);
      expect(res.body, path).not.toContain(r.other.name);
      expect(res.body, path).not.toContain(r.other.id);
      if (path === `/@${writer.username}`) {
        expect(res.body, path).toContain(
          `>${r.user === ann ? followButtonTexts.following : followButtonTexts.follow}</button>`,
        );
      }
    }
  });
});
