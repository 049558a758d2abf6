import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultServiceEnvironment, type ServiceEnvironment } from '@quire/api';
import type { PostContent } from '@quire/domain';
import { type TestDatabase, useTestDatabase } from '@quire/test-harness';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

export interface TestApp {
  db: TestDatabase;
  /** The app's DATA_DIR: the env's, or a temporary folder of this file's own (removed after its tests). */
  dataDir: string;
  readonly app: FastifyInstance;
  /** Runs a GraphQL operation by its persisted name (spec §7), with optional headers. */
  gql(
    operationName: string,
    variables: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** GETs a page, signed in with a session token when one is given. */
  page(url: string, token?: string | null): Promise<LightMyRequestResponse>;
}

/**
 * A server on the file's own database, driven with app.inject (no network). Its DATA_DIR (uploads, resized
 * images) is a temporary folder unless the env names one, so no test writes into the default `.data/`.
 */
export function useTestApp(
  setup?: (app: FastifyInstance) => void,
  env: Record<string, string> = { PAGE_CACHE_FRESH_MS: '0' },
  services?: () => ServiceEnvironment,
): TestApp {
  const db = useTestDatabase();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-test-data-'));
  if (!env.DATA_DIR) afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp({
      orm: db.orm,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATA_DIR: dataDir }),
      env: services?.(),
      logger: false,
    });
    setup?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  const ready = () => {
    if (!app) throw new Error('the app is ready only inside tests');
    return app;
  };
  return {
    db,
    dataDir,
    get app() {
      return ready();
    },
    gql: (operationName, variables, headers = {}) =>
      ready().inject({ method: 'POST', url: '/_/graphql', payload: { operationName, variables }, headers }),
    page: (url, token) => ready().inject({ url, headers: token ? { cookie: `sid=${token}` } : {} }),
  };
}

/** Another app on `t`'s database, as a second process or machine would be (call `ready` or `listen` on it). */
export function buildAppBeside(t: TestApp, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildApp({
    orm: t.db.orm,
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAGE_CACHE_FRESH_MS: '0',
      ...env,
      DATA_DIR: t.dataDir,
    }),
    logger: false,
  });
}

/** Cookie header with a session and a matching xsrf token, plus the xsrf header. */
export function authHeaders(sessionToken: string | null, xsrf = 'test-xsrf-token') {
  const cookies = [`xsrf=${xsrf}`];
  if (sessionToken) cookies.push(`sid=${sessionToken}`);
  return { cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
}

/** The 120×80 PNG a test's remote site serves as an image found by its address. */
export const remotePng = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/**
 * Services whose fetches from the web (imports, images by address) keep the SSRF guard on, with a resolver that
 * says `localhost` is a public address, and a network that delivers that address to the loopback: a local test
 * server is reached by that name as a remote site would be, while a literal loopback address, or `intranet.test` (a
 * private address), is refused like any other.
 */
export function guardedFetchEnvironment(): ServiceEnvironment {
  const resolver: Record<string, string> = { localhost: '93.184.216.34', 'intranet.test': '10.0.0.5' };
  return defaultServiceEnvironment({
    pageFetch: {
      allowPrivateAddresses: false,
      lookup: async (host) => {
        const address = resolver[host];
        if (!address) throw new Error(`no address for ${host}`);
        return [{ address, family: 4 }];
      },
      route: (address) => (address === resolver.localhost ? '127.0.0.1' : address),
    },
  });
}

/** A members-only story's body: the three paragraphs of its locked preview, then `hidden`, for readers with access. */
export const lockedStoryContent = (hidden: string): PostContent => ({
  paragraphs: [
    { name: 'l1', type: 'P', text: 'A locked opening anyone may read.', markups: [] },
    { name: 'l2', type: 'P', text: 'A locked second paragraph.', markups: [] },
    { name: 'l3', type: 'P', text: 'The last paragraph of the preview.', markups: [] },
    { name: 'l4', type: 'P', text: hidden, markups: [] },
  ],
});
