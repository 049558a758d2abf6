import { FollowTag, FollowUser, Tag } from '@quire/db';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;
let readerId: string;
let writer: { id: string; username: string; name: string };

beforeAll(async () => {
  const em = db.em();
  const reader = await buildUser(em, { name: 'Chromium Follower' });
  readerId = reader.id;
  writer = await buildUser(em, { name: 'Followed Writer' });
  await e2e.setSession(await buildSession(em, reader));
});

describe('following in Chromium (spec §4 Follow/unfollow)', () => {
  it('follows a writer from the profile page: the label turns to Following, the count rises, a reload keeps it', async () => {
    const page = await e2e.openPage();
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, `/@${writer.username}`);
    const button = page.getByTestId('follow-button');
    expect(await button.textContent()).toBe('Follow');
    expect(await page.getByTestId('follower-count').textContent()).toBe('0 followers');

    await button.click();
    await expect.poll(() => button.textContent()).toBe('Following');
    await expect.poll(() => page.getByTestId('follower-count').textContent()).toBe('1 follower');
    await expect.poll(() => db.em().count(FollowUser, { follower: readerId, target: writer.id })).toBe(1);

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('follow-button').textContent()).toBe('Following');
    expect(await page.getByTestId('follower-count').textContent()).toBe('1 follower');

    // Unfollowing from the same button brings the count back down.
    await page.getByTestId('follow-button').click();
    await expect.poll(() => page.getByTestId('follow-button').textContent()).toBe('Follow');
    await expect.poll(() => page.getByTestId('follower-count').textContent()).toBe('0 followers');
    await expect.poll(() => db.em().count(FollowUser, { follower: readerId })).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a topic from its page: the label and the count change, a reload keeps it', async () => {
    const em = db.em();
    const tag = em.create(Tag, {
      slug: 'chromium-gardens',
      name: 'Chromium Gardens',
      isTopic: true,
      postCount: 1,
    });
    await em.flush();
    const page = await e2e.openPage();
    await e2e.gotoHydrated(page, '/tag/chromium-gardens');
    const button = page.getByTestId('follow-button');
    expect(await button.textContent()).toBe('Follow');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Following');
    await expect.poll(() => page.locator('.q-topic-header').textContent()).toContain('1 followers');
    await expect.poll(() => db.em().count(FollowTag, { follower: readerId, tag: tag.id })).toBe(1);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('follow-button').textContent()).toBe('Following');
    await page.close();
  });
});
