import { FollowUser } from '@quire/db';
import { buildCollection, buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;

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

    // The server renders the first page of 20; the browser loads the rest as the end comes near (spec §9:
    // within 1.5 viewport heights, which a short list already is, so it may load before any scroll).
    const html = await (await fetch(`${e2e.origin}/@${writer.username}/followers`)).text();
    expect(html.match(/data-testid="person"/g)).toHaveLength(20);
    const page = await e2e.openPage();
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, `/@${writer.username}/followers`);
    const people = page.getByTestId('person');

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
    // A short window keeps the button out of the scroll-to-load distance until it is clicked.
    const page = await e2e.openPage({ viewport: { width: 1000, height: 400 } });
    await e2e.gotoHydrated(page, `/${publication.slug}/archive/2024/01`);
    const cards = page.locator('article.q-card');
    expect(await cards.count()).toBe(20);
    await page.getByRole('button', { name: 'Show more stories' }).click();
    await expect.poll(() => cards.count()).toBe(25);
  });
});
