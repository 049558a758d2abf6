import { ReadEvent } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { PERSON_USER_AGENT, useBrowserApp } from './harness';

/*
 * Spec §4 read tracking in Chromium: a short story whose end shows at once is read at once, and the time the
 * reader then spends on it reaches the server when they leave (the Partner Program pays members' reading time).
 */

const e2e = useBrowserApp();
const { db } = e2e;

describe('reading time in Chromium', () => {
  it('counts the time spent on a story whose end showed at once, sent as the reader leaves', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Short Story Writer' });
    const member = await buildUser(em, { name: 'Patient Member', mediumMemberAt: Date.now() });
    const story = await buildPost(em, {
      creator: writer,
      title: 'A story that fits the screen',
      content: { paragraphs: [{ name: 'rt01', type: 'P', text: 'One short paragraph.', markups: [] }] },
    });
    const reader = await e2e.openPage({
      session: await buildSession(em, member),
      viewport: { width: 1280, height: 1600 },
    });
    await reader.setExtraHTTPHeaders({ 'user-agent': PERSON_USER_AGENT });
    const seconds = async () =>
      (await db.em().fork().findOne(ReadEvent, { post: story.id, kind: 'READ' }))?.readingSeconds;

    await e2e.gotoHydrated(reader, `/p/${story.id}`);
    // The end is in view at once: the read is recorded at once, with next to no time.
    await expect.poll(seconds, { timeout: 10_000 }).toBeLessThanOrEqual(1);
    await reader.waitForTimeout(7_000);
    // The event a page gets as the reader leaves it (headless Chromium's own navigations do not let a test see
    // what the leaving page sends): the time read since goes out with keepalive and raises the day's read.
    const sent = reader.waitForRequest(
      (r) => r.url().endsWith('/trpc/reading.read') && r.method() === 'POST',
    );
    await reader.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    expect((await sent).postDataJSON()).toMatchObject({ postId: story.id });
    await expect.poll(seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    await reader.close();
  });
});
