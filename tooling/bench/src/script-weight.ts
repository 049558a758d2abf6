// Every script a first-time visitor's browser loads for a page, weighed as it crosses the wire and gzipped.
import { launchBrowser } from '@quire/e2e';
import { gzipBytes } from './js-floor';

export interface ScriptWeight {
  /** Scripts the page loaded, in load order, with their bytes on the wire and gzipped (level 9). */
  scripts: { path: string; transferBytes: number; gzipBytes: number }[];
  transferBytes: number;
  gzipBytes: number;
}

/**
 * Loads `url` in a fresh Chromium profile (nothing cached), waits until the network is idle (lazy chunks
 * and the parts that hydrate later included), and weighs every script response.
 */
export async function scriptWeight(url: string): Promise<ScriptWeight> {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const pending: Promise<ScriptWeight['scripts'][number] | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
          return {
            path: new URL(response.url()).pathname,
            transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
            gzipBytes: gzipBytes(body),
          };
        })().catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Parts that hydrate when the browser is idle ask for their chunks a moment after the load.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s) => s !== null);
    return {
      scripts,
      transferBytes: scripts.reduce((n, s) => n + s.transferBytes, 0),
      gzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
    };
  } finally {
    await browser.close();
  }
}
