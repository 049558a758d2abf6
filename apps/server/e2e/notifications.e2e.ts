import type { EntityManager } from '@mikro-orm/postgresql';
import { notify, postPath } from '@quire/api';
import { Post, User } from '@quire/db';
import { clapTexts, notificationTexts } from '@quire/domain';
import { launchBrowser } from '@quire/e2e';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;
let token: string;
let userId: string;

beforeAll(async () => {
  const em = db.em();
  const me = await buildUser(em, { name: 'Bell Reader' });
  userId = me.id;
  const fan = await buildUser(em, { name: 'Bell Fan' });
  const other = await buildUser(em, { name: 'Bell Follower' });
  const post = await buildPost(em, { creator: me, title: 'Bell story' });
  const reply = await buildPost(em, { creator: fan, title: 'Bell reply' });
  await db.em().transactional(async (tx: EntityManager) => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await notify(tx, {
      recipient: me,
      type: 'response_created',
      actor: fan,
      post,
      responsePost: reply,
      occurredAt: ago(30),
    });
    await notify(tx, { recipient: me, type: 'users_following_you_rollup', actor: fan, occurredAt: ago(20) });
    await notify(tx, {
      recipient: me,
      type: 'users_following_you_rollup',
      actor: other,
      occurredAt: ago(10),
    });
    await notify(tx, { recipient: me, type: 'post_recommended', actor: other, post, occurredAt: ago(5) });
  });
  token = await buildSession(em, me);
});

describe('notifications bell (spec §2, §4)', () => {
  it('shows the unread badge, opens the 360px popover, and zeroes the count for good', async () => {
    const page = await e2e.openPage({ session: token, viewport: { width: 1280, height: 800 } });
    await e2e.gotoHydrated(page, '/');

    const badge = page.getByTestId('notifications-badge');
    await expect.poll(() => badge.textContent()).toBe('3');

    await page.getByTestId('notifications-bell').click();
    const popover = page.getByTestId('notifications-popover');
    await popover.waitFor();
    expect(await popover.evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
    // The badge goes at once; the first page still shows which items were unread.
    expect(await badge.count()).toBe(0);
    const items = popover.locator('li.q-notification');
    await expect.poll(() => items.count()).toBe(3);
    expect(await popover.locator('li.q-notification[data-unread="true"]').count()).toBe(3);
    expect(await items.first().evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('3px');
    await expect.poll(() => popover.textContent()).toContain(notificationTexts.allCaughtUp);

    // The Responses tab lists only responses.
    await popover.getByRole('tab', { name: notificationTexts.tabResponses }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain('Bell Fan responded to');

    // The follow rollup opens the Follows dialog.
    await popover.getByRole('tab', { name: notificationTexts.tabAll }).click();
    await popover.getByRole('button', { name: /Bell Follower and 1 other/ }).click();
    const dialog = page.getByRole('dialog', { name: notificationTexts.followsDialogTitle });
    await dialog.waitFor();
    // Each follower has a real follow button; following one back is a click away.
    const follow = dialog.getByRole('button', { name: 'Follow', exact: true });
    expect(await follow.count()).toBe(2);
    await follow.first().click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Following', exact: true }).count()).toBe(1);

    await expect
      .poll(async () => (await db.em().findOneOrFail(User, userId)).notificationsLastViewedAt !== null)
      .toBe(true);
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);
    await page.close();
  });
});

describe('the live unread count (server-sent events)', () => {
  it('rises in one browser, without a reload, as a reader in another follows and claps', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Live Writer' });
    const fan = await buildUser(em, { name: 'Live Fan' });
    const story = await buildPost(em, { creator: writer, title: 'Live story' });
    const storyPath = postPath(
      await db.em().findOneOrFail(Post, story.id, { populate: ['creator', 'collection'] }),
    );

    const page = await e2e.openPage({ session: await buildSession(em, writer) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/');
    const badge = page.getByTestId('notifications-badge');
    expect(await badge.count()).toBe(0);

    const second = await launchBrowser();
    try {
      await second.context.addCookies([{ name: 'sid', value: await buildSession(em, fan), url: e2e.origin }]);
      const other = await second.context.newPage();
      await other.goto(`${e2e.origin}/@${writer.username}`);
      await waitForHydration(other);
      await other.getByTestId('follow-button').click();
      await expect.poll(() => badge.textContent(), { timeout: 2_000 }).toBe('1');

      await other.goto(`${e2e.origin}${storyPath}`);
      await waitForHydration(other);
      await other.getByRole('button', { name: clapTexts.clap, exact: true }).click();
      await expect.poll(() => badge.textContent(), { timeout: 3_000 }).toBe('2');
    } finally {
      await second.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
