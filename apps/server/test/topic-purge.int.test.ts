import { PostTag, Tag } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

// Pages and lists' first pages kept for a minute: only a purge can make them change within the test.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '60000', FOR_YOU_CACHE_MS: '60000' });

const poll = { timeout: 5000, interval: 50 };

describe("a topic's pages when a story on it is published or trashed (spec §4 tag-{id})", () => {
  it('show the story at once, on the cached page and in the kept list, and drop it at once', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const topic = em.create(Tag, { slug: 'purged-topic', name: 'Purged Topic', isTopic: true });
    const earlier = await buildPost(em, { creator: writer, title: 'Already on the topic' });
    em.create(PostTag, { post: earlier.id, tag: topic, position: 0 });
    await em.flush();
    const token = await buildSession(em, writer);
    const headers = { cookie: `sid=${token}; xsrf=x`, 'x-xsrf-token': 'x' };
    const call = async (procedure: string, payload: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload, headers })).json().result
        .data;

    const page = () => t.app.inject({ url: '/tag/purged-topic' });
    const listed = async () =>
      (
        await t.app.inject({
          url: `/trpc/topics.stories?input=${encodeURIComponent(JSON.stringify({ slug: 'purged-topic' }))}`,
        })
      )
        .json()
        .result.data.posts.map((p: { title: string }) => p.title) as string[];
    expect((await page()).body).toContain('Already on the topic');
    expect((await page()).headers['x-cache']).toBe('HIT');
    expect(await listed()).toEqual(['Already on the topic']);

    const { id } = await call('posts.createDraft', {});
    const content = { paragraphs: [{ name: 'f1', type: 'P', text: 'Fresh words.', markups: [] }] };
    await call('posts.save', { id, baseRev: 0, title: 'Fresh on the topic', content });
    await call('posts.publish', { id, baseRev: 1, topics: ['Purged Topic'] });
    await expect.poll(async () => (await page()).body.includes('Fresh on the topic'), poll).toBe(true);
    await expect.poll(listed, poll).toEqual(['Fresh on the topic', 'Already on the topic']);

    await call('posts.delete', { targetPostId: id });
    await expect.poll(async () => (await page()).body.includes('Fresh on the topic'), poll).toBe(false);
    await expect.poll(listed, poll).toEqual(['Already on the topic']);
  });
});
