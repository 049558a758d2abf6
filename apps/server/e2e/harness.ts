import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '@quire/e2e';
import { type TestDatabase, useTestDatabase } from '@quire/test-harness';
import type { FastifyInstance } from 'fastify';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { LocalDiskMediaStore, type MediaStore } from '../src/media-store';

export type Browser = Awaited<ReturnType<typeof launchBrowser>>;

export interface BrowserAppOptions {
  /** Fills the database before the app is built (e.g. `seedDemo(db.orm, { media })`, which also stores its images). */
  seed?: (db: TestDatabase, files: { media: MediaStore }) => Promise<unknown>;
  /** Config on top of NODE_ENV=test and silent logs. */
  env?: Record<string, string>;
  /** Adds routes and hooks, which Fastify accepts only before the server listens. */
  setup?: (app: FastifyInstance) => void;
}

export interface OpenPageOptions {
  /** A session token signs the browser in, null signs it out; left out, the cookies stay as they are. */
  session?: string | null;
  viewport?: { width: number; height: number };
}

export interface BrowserApp {
  db: TestDatabase;
  /** The app's DATA_DIR: the env's, or a temporary folder of this file's own (removed after its tests). */
  dataDir: string;
  readonly app: FastifyInstance;
  /** The listening server's address, e.g. http://127.0.0.1:40123. */
  readonly origin: string;
  readonly browser: Browser;
  /** Replaces the browser's cookies with a session cookie for `token`, or none for null. */
  setSession(token: string | null): Promise<void>;
  openPage(options?: OpenPageOptions): Promise<Page>;
  /** Opens a path on the server and waits until React has hydrated it. */
  gotoHydrated(page: Page, path: string): Promise<Response | null>;
}

/** The marker the reader's client entry sets once React has hydrated the server's HTML. */
export const HYDRATED = 'html[data-hydrated="true"]';

/** Headless Chromium names itself in its user agent, and reads by bots are not counted: a person's browser's. */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector(HYDRATED);
}

/** Collects the page's uncaught errors, so a journey can assert there were none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Collects what the page logs as errors (React reports hydration mismatches this way). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * A server on the file's own database, listening on a free local port, and a fresh Chromium profile. Its DATA_DIR
 * is a temporary folder unless the env names one, so no test writes into the default `.data/`.
 */
export function useBrowserApp(options: BrowserAppOptions = {}): BrowserApp {
  const { seed, env = { PAGE_CACHE_FRESH_MS: '0' }, setup } = options;
  const db = useTestDatabase();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-e2e-data-'));
  if (!env.DATA_DIR) afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let app: FastifyInstance | undefined;
  let origin: string | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    await seed?.(db, { media: new LocalDiskMediaStore(path.join(dataDir, 'media')) });
    app = await buildApp({
      orm: db.orm,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATA_DIR: dataDir }),
      logger: false,
    });
    setup?.(app);
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined)
      throw new Error(`useBrowserApp(): the ${name} is ready only inside tests and hooks`);
    return value;
  };

  const harness: BrowserApp = {
    db,
    dataDir,
    get app() {
      return ready(app, 'app');
    },
    get origin() {
      return ready(origin, 'origin');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    async setSession(token) {
      await harness.browser.context.clearCookies();
      if (token) {
        await harness.browser.context.addCookies([{ name: 'sid', value: token, url: harness.origin }]);
      }
    },
    async openPage({ session, viewport } = {}) {
      if (session !== undefined) await harness.setSession(session);
      const page = await harness.browser.context.newPage();
      if (viewport) await page.setViewportSize({ width: viewport.width, height: viewport.height });
      return page;
    },
    async gotoHydrated(page, path) {
      const response = await page.goto(`${harness.origin}${path}`);
      await waitForHydration(page);
      return response;
    },
  };
  return harness;
}
