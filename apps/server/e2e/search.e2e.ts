import { buildPost, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserApp } from './harness';

const e2e = useBrowserApp();

beforeAll(async () => {
  const em = e2e.db.em();
  const writer = await buildUser(em, { name: 'Ada Searchable', username: 'adasearchable' });
  writer.isHighQuality = true;
  await em.flush();
  await buildPost(em, { creator: writer, title: 'Ada searches the engine' });
});

async function openAt(width: number, path: string): Promise<Page> {
  const page = await e2e.openPage({ session: null, viewport: { width, height: 800 } });
  await e2e.gotoHydrated(page, path);
  return page;
}

const focusedItem = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-search-item') ?? null);

describe('predictive search in the top bar (spec §2)', () => {
  it('opens on typing with the writer, cycles with Up and Down, closes when cleared', async () => {
    const page = await openAt(1280, '/');
    const input = page.locator('input.q-search-input');
    expect(await input.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
    await input.fill('Ada Sea');
    const popover = page.locator('.q-search-popover');
    await popover.getByText('Ada Searchable').waitFor();
    expect(await popover.evaluate((el) => el.getBoundingClientRect().width)).toBe(316);
    const items = await page.locator('[data-search-item]').count();
    expect(items).toBeGreaterThanOrEqual(2);

    await input.press('ArrowDown');
    expect(await focusedItem(page)).toBe('0');
    await page.keyboard.press('ArrowUp');
    expect(await focusedItem(page)).toBe(String(items - 1));
    await page.keyboard.press('ArrowDown');
    expect(await focusedItem(page)).toBe('0');

    await input.fill('');
    await popover.waitFor({ state: 'detached' });
    await page.close();
  });

  it('Enter opens the full search page for the query', async () => {
    const page = await openAt(1280, '/');
    const input = page.locator('input.q-search-input');
    await input.fill('Ada searches');
    await page.locator('.q-search-popover').waitFor();
    await input.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'Ada searches',
    );
    await page.locator('[data-testid="search"]').getByText('Ada searches the engine').waitFor();
    // Spec §2: the box on the search page starts from the q parameter.
    expect(await input.inputValue()).toBe('Ada searches');
    await page.close();
  });

  it('shows a search icon linking to /search on small screens instead of the input', async () => {
    const page = await openAt(375, '/');
    expect(await page.locator('input.q-search-input').isVisible()).toBe(false);
    const icon = page.locator('a.q-search-icon');
    expect(await icon.isVisible()).toBe(true);
    expect(await icon.getAttribute('href')).toBe('/search');
    await page.close();
  });
});
