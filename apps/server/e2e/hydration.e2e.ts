import { DEMO, seedDemo } from '@quire/seed';
import { buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './harness';

const e2e = useBrowserApp({ seed: (db, { media }) => seedDemo(db.orm, { media }) });

/** Whether React has hydrated the first element `selector` finds: it keeps its fiber on the node. */
const hydratedNode = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));

describe('parts of a page that become interactive after the rest', () => {
  it("hydrates a story's text, 'Read next' and the footer once the browser is idle", async () => {
    const page = await e2e.openPage();
    await e2e.gotoHydrated(page, DEMO.story.path);
    // The parts that answer at once are hydrated with the page.
    expect(await hydratedNode(page, '.q-clap-button')).toBe(true);
    await expect.poll(() => hydratedNode(page, '[data-testid="read-next"]')).toBe(true);
    await expect.poll(() => hydratedNode(page, '.q-post-body')).toBe(true);
    await expect.poll(() => hydratedNode(page, '.q-footer')).toBe(true);
    await page.close();
  });

  it('lets a reader use a card below the fold: Show less like this takes it out of the feed', async () => {
    const em = e2e.db.em();
    const page = await e2e.openPage({ session: await buildSession(em, await buildUser(em)) });
    await e2e.gotoHydrated(page, '/');
    const card = page.locator('[data-testid="feed"] article').nth(6);
    const title = (await card.locator('h2').textContent()) ?? '';
    await card.getByRole('button', { name: 'Show less like this' }).click();
    await expect.poll(() => page.locator('[data-testid="feed"] h2', { hasText: title }).count()).toBe(0);
    await page.close();
    await e2e.setSession(null);
  });
});
