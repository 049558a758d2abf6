import { afterAll, describe, expect, it } from 'vitest';
import { consoleErrors, pageErrors, useBrowserApp } from './harness';

const e2e = useBrowserApp();

const PATHS = [
  '/about',
  '/help',
  '/m/tos',
  '/privacy',
  '/creators',
  '/creator-tools',
  '/jobs',
  '/blog',
  '/text-to-speech',
  '/status',
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];

describe("Quire's own pages in Chromium", () => {
  for (const viewport of VIEWPORTS) {
    it(`hydrate without errors and never scroll sideways at ${viewport.width}px`, async () => {
      const page = await e2e.openPage({ viewport, session: null });
      afterAll(() => page.close());
      const errors = [...pageErrors(page), ...consoleErrors(page)];
      const problems: string[] = [];
      for (const path of PATHS) {
        const res = await e2e.gotoHydrated(page, path);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator('h1').count(), path).toBe(1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${path} scrolls ${overflow}px sideways`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('the status page checks the service once open and says it works', async () => {
    const page = await e2e.openPage({ session: null });
    await e2e.gotoHydrated(page, '/status');
    await expect
      .poll(() => page.getByTestId('service-status').textContent())
      .toBe('All systems are working.');
    await page.close();
  });

  it('the footer links go to these pages', async () => {
    const page = await e2e.openPage({ session: null });
    await e2e.gotoHydrated(page, '/about');
    await page.locator('footer').getByRole('link', { name: 'Terms' }).first().click();
    await page.waitForURL(/\/m\/tos$/);
    expect(await page.locator('h1').textContent()).toBe('Terms of Service');
    await page.close();
  });
});
