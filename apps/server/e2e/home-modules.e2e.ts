import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { seedDemo } from '@quire/seed';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleErrors, useBrowserApp } from './harness';

/*
 * The home page's right column (spec §9 home modules) on a desktop and a phone, Read next under a story, and the
 * empty states that suggest a next step, in Chromium on the demo data.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const story = { older: '', reader: '' };

const e2e = useBrowserApp({
  seed: async (db, { media }) => {
    await seedDemo(db.orm, { media });
    const em = db.em();
    const writer = await buildUser(em, { name: 'Read Next Writer' });
    const older = await buildPost(em, {
      creator: writer,
      title: 'The first of two stories',
      publishedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    await buildPost(em, { creator: writer, title: 'The second of two stories' });
    story.older = older.id;
    // A reader who follows nobody: the Following tab is empty.
    story.reader = await buildSession(em, await buildUser(em, { name: 'New Reader' }));
  },
  env: {},
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** axe-core's serious and critical violations inside `selector`, as 'rule: target' lines. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[] }[];
    }
    const axe = (window as unknown as { axe: { run(ctx: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run({ include: [include] })).violations;
  }, selector);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('home modules, Read next and empty states in Chromium', () => {
  it('shows the right column beside the feed at 1280 px', async () => {
    const page = await e2e.openPage({ session: null, viewport: DESKTOP });
    const errors = consoleErrors(page);
    await e2e.gotoHydrated(page, '/');
    const aside = page.getByTestId('home-modules');
    expect(await aside.isVisible()).toBe(true);
    for (const type of ['FEATURED_STORIES', 'RECOMMENDED_TOPICS', 'TOP_WRITERS']) {
      expect(await aside.locator(`[data-module-type="${type}"]`).count(), type).toBe(1);
    }
    expect(await aside.locator('.q-pick').count()).toBeGreaterThan(0);
    expect(await aside.locator('.q-module-topics a').count()).toBeGreaterThan(0);
    expect(await aside.getByTestId('follow-button').count()).toBeGreaterThan(0);
    // Beside the feed, not under it.
    const feed = await page.getByTestId('feed').boundingBox();
    const column = await aside.boundingBox();
    expect(feed && column && column.x >= feed.x + feed.width).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, '[data-testid="home-modules"]')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page, '[data-testid="home-modules"]')).toEqual([]);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('leaves the column out at 375 px, and nothing scrolls sideways', async () => {
    const page = await e2e.openPage({ session: null, viewport: PHONE });
    await e2e.gotoHydrated(page, '/');
    expect(await page.getByTestId('feed').isVisible()).toBe(true);
    expect(await page.getByTestId('home-modules').isVisible()).toBe(false);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // A visitor's Following tab asks them to sign in, and offers writers to follow all the same.
    await page.getByRole('tab', { name: 'Following' }).click();
    const suggestions = page.getByTestId('following-suggestions');
    await suggestions.waitFor();
    expect(await suggestions.getByTestId('follow-button').count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('shows Read next under a story, at 1280 and 375 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.openPage({ session: null, viewport });
      await e2e.gotoHydrated(page, `/p/${story.older}`);
      const readNext = page.getByTestId('read-next');
      await readNext.scrollIntoViewIfNeeded();
      expect(await readNext.isVisible()).toBe(true);
      const writerGroup = readNext.locator('[data-group="writer"]');
      expect(await writerGroup.getByRole('heading', { name: 'More from Read Next Writer' }).count()).toBe(1);
      expect(await writerGroup.locator('article').allInnerTexts()).toEqual([
        expect.stringContaining('The second of two stories'),
      ]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page, '[data-testid="read-next"]')).toEqual([]);
      await page.close();
    }
  });

  it('offers writers to follow on an empty Following tab, and topics and writers after a search with no hits', async () => {
    const page = await e2e.openPage({ session: story.reader, viewport: PHONE });
    await e2e.gotoHydrated(page, '/');
    await page.getByRole('tab', { name: 'Following' }).click();
    const suggestions = page.getByTestId('following-suggestions');
    await suggestions.waitFor();
    expect(await suggestions.getByTestId('follow-button').count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await e2e.gotoHydrated(page, '/search?q=zzqxnothingmatchesthis');
    const empty = page.getByTestId('search-empty');
    await empty.locator('.q-topics a').first().waitFor();
    expect(await empty.getByTestId('follow-button').count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
