import { DEMO, seedDemo } from '@quire/seed';
import { buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './harness';

const e2e = useBrowserApp({ seed: (db, { media }) => seedDemo(db.orm, { media }) });

/** The deferred parts (HydrateLater) that have hydrated so far, by the performance marks they leave. */
const hydratedLater = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((mark) => mark.name)
      .filter((name) => name.startsWith('hydrated-later:'))
      .sort(),
  );

describe('parts of a page that become interactive after the rest', () => {
  it("hydrates a story's text, what follows it and 'Read next' once the browser is idle, in the server's HTML", async () => {
    const page = await e2e.openPage();
    await e2e.gotoHydrated(page, DEMO.story.path);
    // The deferred parts hydrate in idle time, with no input from the reader.
    await expect
      .poll(() => hydratedLater(page))
      .toEqual(['hydrated-later:read-next', 'hydrated-later:story-end', 'hydrated-later:story-text']);
    // Each part hydrated the HTML the server sent, none was built a second time beside it.
    const count = (selector: string) => page.locator(selector).count();
    expect([
      await count('.q-post-body'),
      await count('footer.q-post-footer'),
      await count('[data-testid="read-next"]'),
    ]).toEqual([1, 1, 1]);
    expect(await count('footer.q-footer')).toBe(1);
    // The hydrated parts answer: the clap asks a visitor to sign up.
    await page.locator('.q-clap-button').first().click();
    await page.locator('[role="dialog"][aria-modal="true"]').waitFor();
    await page.close();
  });

  it('answers a click below the text before its part has hydrated: the first input hydrates every part', async () => {
    const page = await e2e.openPage();
    // The app starts, but the browser is kept too busy for idle time: nothing deferred hydrates on its own.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await e2e.gotoHydrated(page, DEMO.story.path);
    expect(await hydratedLater(page)).toEqual([]);
    await page.locator('footer.q-post-footer .q-clap-button').click();
    await page.locator('[role="dialog"][aria-modal="true"]').waitFor();
    expect(await hydratedLater(page)).toEqual([
      'hydrated-later:read-next',
      'hydrated-later:story-end',
      'hydrated-later:story-text',
    ]);
    expect(await page.locator('footer.q-post-footer').count()).toBe(1);
    await page.close();
  });

  it('lets a reader use a card below the fold: Show less like this takes it out of the feed', async () => {
    const em = e2e.db.em();
    const page = await e2e.openPage({ session: await buildSession(em, await buildUser(em)) });
    await e2e.gotoHydrated(page, '/');
    const served = await page.evaluate(
      () => document.querySelectorAll('[data-testid="feed"] article').length,
    );
    // The cards below the fold hydrate one by one into the server's HTML, and the feed keeps its length.
    await expect
      .poll(async () => (await hydratedLater(page)).filter((m) => m === 'hydrated-later:feed-card').length)
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="feed"] article').count()).toBe(served);
    expect(await page.locator('footer.q-footer').count()).toBe(1);
    const card = page.locator('[data-testid="feed"] article').nth(6);
    const title = (await card.locator('h2').textContent()) ?? '';
    await card.getByRole('button', { name: 'Show less like this' }).click();
    await expect.poll(() => page.locator('[data-testid="feed"] h2', { hasText: title }).count()).toBe(0);
    await page.close();
    await e2e.setSession(null);
  });

  it('never lets the browser send a form itself before the app runs: no field reaches the address', async () => {
    const em = e2e.db.em();
    const page = await e2e.openPage({ session: await buildSession(em, await buildUser(em)) });
    // The app's scripts never arrive: the server's HTML and its boot script alone.
    await page.route(/\/static\/reader\/.*\.js$/, (route) => route.abort());
    // The Partner Program's first step: a form with a named field (its country), server-rendered.
    await page.goto(`${e2e.origin}/me/partner/enroll`);
    const form = page.locator('main form').first();
    expect(await form.locator('select[name="country"]').count()).toBe(1);
    await form.locator('button[type="submit"]').click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe('');
    // A plain form (the search page's, with its method) still goes.
    await page.goto(`${e2e.origin}/search`);
    await page.locator('form.q-search-page-form input[name="q"]').fill('walking');
    await page.locator('form.q-search-page-form').evaluate((f) => (f as HTMLFormElement).requestSubmit());
    await page.waitForURL(/q=walking/);
    await page.close();
  });
});
