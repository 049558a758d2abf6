import { FollowUser } from '@quire/db';
import { launchBrowser } from '@quire/e2e';
import { buildSession, buildUser, useTestDatabase } from '@quire/test-harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const db = useTestDatabase();
let app: FastifyInstance;
let origin: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let readerId: string;
let writer: { id: string; username: string; name: string };

beforeAll(async () => {
  app = await buildApp({
    orm: db.orm,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_FRESH_MS: '0' }),
    logger: false,
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
  const em = db.em();
  const reader = await buildUser(em, { name: 'Chromium Follower' });
  readerId = reader.id;
  writer = await buildUser(em, { name: 'Followed Writer' });
  const token = await buildSession(em, reader);
  await browser.context.addCookies([{ name: 'sid', value: token, url: origin }]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('following in Chromium (spec §4 Follow/unfollow)', () => {
  it('follows a writer from the profile page: the label turns to Following, the count rises, a reload keeps it', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/@${writer.username}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const button = page.getByTestId('follow-button');
    expect(await button.textContent()).toBe('Follow');
    expect(await page.getByTestId('follower-count').textContent()).toBe('0 followers');

    await button.click();
    await expect.poll(() => button.textContent()).toBe('Following');
    await expect.poll(() => page.getByTestId('follower-count').textContent()).toBe('1 follower');
    await expect.poll(() => db.em().count(FollowUser, { follower: readerId, target: writer.id })).toBe(1);

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
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
});
