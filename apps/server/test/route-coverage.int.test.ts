import { quireRoutes, samplePathFor } from '@quire/domain';
import { comingSoonFor } from '@quire/reader/server';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

// As an install with every optional service set up (an unset IFTTT answers 503 by design).
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', IFTTT_SERVICE_KEY: 'coverage-service-key' });

const COMING_SOON = 'class="q-coming-soon"';

/**
 * What a request for each route-table entry really gets: a reader page, a redirect, an answer of the server's
 * own (feeds, the editor's shell, /v1, uploads: the reader would say 'Coming soon' for these), or 'Coming soon'.
 * A path that answers GET with 'Coming soon' is tried with POST too, for the paths that only take writes.
 */
async function coverage() {
  const counts = { entries: 0, readerPages: 0, redirects: 0, servedByServer: 0, comingSoon: 0 };
  const failures: string[] = [];
  for (const entry of quireRoutes.entries) {
    counts.entries += 1;
    if (entry.redirectTo) {
      counts.redirects += 1;
      continue;
    }
    const url = samplePathFor(entry.pattern);
    const get = await t.app.inject({ url, headers: { accept: 'text/html' } });
    if (get.statusCode >= 500) failures.push(`GET ${url}: ${get.statusCode}`);
    const answered = !get.body.includes(COMING_SOON) || (await answersPost(url));
    if (!answered) counts.comingSoon += 1;
    else if (comingSoonFor(url)) counts.servedByServer += 1;
    else counts.readerPages += 1;
  }
  return { counts, failures };
}

async function answersPost(url: string): Promise<boolean> {
  // With the anti-forgery pair, so the guard in front of every write lets it reach the router.
  const post = await t.app.inject({ method: 'POST', url, payload: {}, headers: authHeaders(null) });
  return post.statusCode !== 404;
}

describe('spec §2 Paths coverage as requests see it (the figures docs/FEATURES.md reports)', () => {
  it('counts reader pages, redirects, server answers and coming-soon pages, with no 5xx', async () => {
    const { counts, failures } = await coverage();
    expect(failures).toEqual([]);
    expect(counts).toEqual({
      entries: 322,
      readerPages: 210,
      redirects: 17,
      servedByServer: 60,
      comingSoon: 35,
    });
  });
});
