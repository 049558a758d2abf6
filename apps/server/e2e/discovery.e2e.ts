import { FollowUser } from '@quire/db';
import { launchBrowser } from '@quire/e2e';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const db = useTestDatabase();
let app: FastifyInstance;
let origin: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  app = await buildApp({
    orm: db.orm,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_FRESH_MS: '0' }),
    logger: false,
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('discovery lists in Chromium (spec §9 scroll-to-load)', () => {
  it('loads the next followers on scroll, without a click, until the list ends', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Much Followed' });
    for (let i = 0; i < 45; i++) {
      const fan = await buildUser(em, { name: `Scroll Fan ${i}` });
      em.create(FollowUser, {
        follower: fan,
        target: writer,
        createdAt: new Date(Date.now() - (60 - i) * 60_000),
      });
    }
    await em.flush();

    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/@${writer.username}/followers`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const people = page.getByTestId('person');
    expect(await people.count()).toBe(20);

    for (let round = 0; round < 10 && (await people.count()) < 45; round++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => people.count()).toBe(45);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('loads the next page of a publication archive with the Show more button', async () => {
    const em = db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner, name: 'Archive Press' });
    for (let i = 0; i < 25; i++) {
      await buildPost(em, {
        creator: owner,
        collection: publication,
        title: `Archived story ${i}`,
        publishedAt: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    const page = await browser.context.newPage();
    // A short window keeps the button out of the scroll-to-load distance until it is clicked.
    await page.setViewportSize({ width: 1000, height: 400 });
    await page.goto(`${origin}/${publication.slug}/archive/2024/01`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const cards = page.locator('article.q-card');
    expect(await cards.count()).toBe(20);
    await page.getByRole('button', { name: 'Show more stories' }).click();
    await expect.poll(() => cards.count()).toBe(25);
  });
});
