import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * What every page must pass in Chromium (issue 15): axe-core with no serious or critical violation, no sideways
 * scrolling, and pictures that arrive with pixels.
 */

// axe-core's browser build, injected into each page checked.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The phone and desktop widths the look is checked at. */
export const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/**
 * Waits for the page's finite animations and transitions (a top bar fading as the page scrolls to an anchor):
 * contrast is judged on what the reader sees once they end. Endless ones (skeleton shimmer) are not waited for.
 */
export const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** axe-core's serious and critical violations on the page (or inside `selector`), as 'rule: target' lines. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  await settleAnimations(page);
  // Evaluated through the debugging protocol: the page's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (context) => {
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[] }[];
    }
    interface Axe {
      run(context: string | Document, options: object): Promise<{ violations: AxeViolation[] }>;
    }
    const axe = (window as unknown as { axe: Axe }).axe;
    // Only the violations are collected: the passes are most of axe's work on a long page.
    return (await axe.run(context ?? document, { resultTypes: ['violations'] })).violations;
  }, selector);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** How far the page scrolls sideways (above 0 means it does). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The first-use tooltip, banners and toasts that lie over a page title, as 'overlay covers "title"' lines. */
export const coveredTitles = (page: Page) =>
  page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const overlays = [
      ...document.querySelectorAll('.q-tooltip, .q-privacy-banner, .q-toast, .q-banner'),
    ].filter((el) => ['absolute', 'fixed'].includes(getComputedStyle(el).position) && shown(el));
    const titles = [...document.querySelectorAll('h1')].filter(shown);
    const lines: string[] = [];
    for (const overlay of overlays) {
      const a = overlay.getBoundingClientRect();
      for (const title of titles) {
        const b = title.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          lines.push(`${overlay.className} covers "${title.textContent?.trim().slice(0, 40)}"`);
      }
    }
    return lines;
  });

/** Images that the browser tried and could not show (complete, but with no pixels). */
export const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
  );

/**
 * Loads every picture of the page, the lazy ones below the fold too, and answers those that came without pixels.
 * A picture that fails and is replaced (the initials avatar) is no longer in the page, so it does not count.
 */
export async function imagesWithoutPixels(page: Page, timeoutMs = 10_000): Promise<string[]> {
  await page.evaluate(async (timeout) => {
    const until = Date.now() + timeout;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const idle = () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }));
    // Pictures a late query renders (responses, read next) arrive after the first round, and the page loads some
    // parts once the browser is idle: go again until none wait, even after the page has had its idle moments.
    for (let round = 0; round < 8 && Date.now() < until; round++) {
      let pending = [...document.images].filter((img) => !img.complete);
      if (!pending.length) {
        await idle();
        await idle();
        pending = [...document.images].filter((img) => !img.complete);
      }
      if (!pending.length) break;
      for (const img of pending) img.loading = 'eager';
      const settled = pending.map(
        (img) =>
          new Promise<void>((resolve) => {
            if (img.complete) return resolve();
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
          }),
      );
      await Promise.race([
        Promise.all(settled),
        new Promise((resolve) => setTimeout(resolve, until - Date.now())),
      ]);
      // React swaps a failed picture for its fallback on the error event: let it render.
      await frame();
    }
  }, timeoutMs);
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.isConnected && (!img.complete || img.naturalWidth === 0))
      .map((img) => img.currentSrc || img.src),
  );
}
