import { Clap, FollowUser, observeQueries, PostTag, Tag } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();
afterEach(() => observeQueries(null));

/** The statements one page render sends to the database. */
async function statementsFor(url: string, token: string | null) {
  let statements = 0;
  observeQueries(() => {
    statements += 1;
  });
  try {
    const res = await t.page(url, token);
    expect(res.statusCode, url).toBe(200);
    return statements;
  } finally {
    observeQueries(null);
  }
}

/** A writer with `stories` published stories, each clapped for and followed by a reader who is signed in. */
async function world(stories: number) {
  const em = t.db.em();
  const writer = await buildUser(em);
  const reader = await buildUser(em);
  const posts = [];
  for (let i = 0; i < stories; i++) posts.push(await buildPost(em, { creator: writer }));
  const tag = em.create(Tag, { slug: `topic-${stories}`, name: `Topic ${stories}`, isTopic: true });
  em.create(FollowUser, { follower: reader, target: writer });
  for (const post of posts) {
    em.create(Clap, { user: reader, post, count: 2 });
    em.create(PostTag, { post, tag });
  }
  await em.flush();
  return { writer, reader, posts, tag: tag.slug, token: await buildSession(em, reader) };
}

describe('statements per page (no N+1: a page with more stories sends no more statements)', () => {
  it('keeps the story, home, profile and topic pages to a fixed number of statements', async () => {
    const small = await world(3);
    const large = await world(15);
    const pages = (w: Awaited<ReturnType<typeof world>>) => ({
      story: `/p/${w.posts[0]!.id}`,
      home: '/',
      profile: `/@${w.writer.username}`,
      topic: `/tag/${w.tag}`,
    });
    const counts: Record<string, number[]> = {};
    for (const w of [small, large]) {
      for (const [name, url] of Object.entries(pages(w))) {
        // The first render warms the process caches (flags, page modules); the second is counted.
        await statementsFor(url, w.token);
        counts[name] = [...(counts[name] ?? []), await statementsFor(url, w.token)];
      }
    }
    for (const [name, [few, many]] of Object.entries(counts)) expect(many, name).toBe(few);
    // Today's figures as ceilings: a change that adds a statement to a page says so here.
    const budget: Record<string, number> = { story: 3, home: 7, profile: 5, topic: 5 };
    for (const [name, [few]] of Object.entries(counts)) expect(few, name).toBeLessThanOrEqual(budget[name]!);
  });
});
