import { observeQueries } from '@quire/db';
import { clapTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, lockedStoryContent, useTestApp } from './helpers';

/*
 * A running site keeps each story as its page reads it, shared by every reader, until a change purges it. The reads
 * are kept a minute here, so a page that shows a change within seconds was told of it (PostgreSQL LISTEN/NOTIFY),
 * not left to time out.
 */
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', FOR_YOU_CACHE_MS: '60000' });
afterEach(() => observeQueries(null));

const HIDDEN = 'The paragraph only members may read.';

/** A story page as `token`'s reader gets it, and whether its render read the story from the database. */
async function page(url: string, token: string | null) {
  let readStory = false;
  observeQueries((sql) => {
    if (sql.includes('p.content')) readStory = true;
  });
  try {
    const res = await t.page(url, token);
    return { status: res.statusCode, html: res.body, readStory };
  } finally {
    observeQueries(null);
  }
}

const within = { timeout: 5000, interval: 50 };

describe('stories kept between requests', () => {
  it('are read once for every reader, and dropped at once when a reader claps or the writer locks or deletes them', async () => {
    const em = t.db.em();
    // A Partner Program writer may put a story behind the paywall.
    const writer = await buildUser(em, { isPartnerProgramEnrolled: true });
    const writerToken = await buildSession(em, writer);
    const headers = authHeaders(writerToken);
    const reader = await buildSession(em, await buildUser(em));
    const call = async (path: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload, headers });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      return res.json().result.data;
    };
    const { id } = await call('posts.createDraft', {});
    await call('posts.save', { id, baseRev: 0, title: 'Kept for all', content: lockedStoryContent(HIDDEN) });
    const url = `/p/${id}`;
    // A draft is read every time: an autosave changes its text and purges nothing.
    expect(await page(url, writerToken)).toMatchObject({ status: 200, readStory: true });
    expect(await page(url, writerToken)).toMatchObject({ status: 200, readStory: true });
    await call('posts.publish', { id, baseRev: 1, topics: [] });

    const first = await page(url, reader);
    expect(first.readStory).toBe(true);
    expect(first.html).toContain(HIDDEN);
    // Another reader's page, and the same reader's again, share the kept story.
    expect(await page(url, null)).toMatchObject({ status: 200, readStory: false });
    expect(await page(url, reader)).toMatchObject({ status: 200, readStory: false });

    // A reader's claps reach their next page's total at once, as the story's own counts.
    const clapped = await t.app.inject({
      method: 'POST',
      url: '/trpc/posts.clap',
      payload: { postId: id, count: 3 },
      headers: authHeaders(reader),
    });
    expect(clapped.statusCode, clapped.body).toBe(200);
    const clapTotal = (html: string) => html.match(/data-testid="clap-count">([^<]*)</)?.[1];
    await expect.poll(async () => clapTotal((await page(url, reader)).html), within).toBe(clapTexts.claps(3));

    // Behind the paywall: the kept public story is dropped, and a visitor gets the locked preview only.
    await call('posts.publish', { id, baseRev: 1, topics: [], isLocked: true });
    await expect.poll(async () => (await page(url, null)).html.includes(HIDDEN), within).toBe(false);
    const locked = await page(url, null);
    expect(locked.status).toBe(200);
    expect(locked.html).toContain('A locked opening anyone may read.');
    expect(locked.readStory).toBe(false);

    // Deleted: no reader gets its text from what was kept.
    await call('posts.delete', { targetPostId: id });
    await expect.poll(async () => (await page(url, reader)).status, within).not.toBe(200);
    const gone = await page(url, reader);
    expect(gone.html).not.toContain('A locked opening anyone may read.');
  });
});
