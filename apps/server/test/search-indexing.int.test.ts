import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Paragraph } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { SEARCH_INDEXING_BOUND_MS } from '../src/search-sync';
import { startWorker } from '../src/worker';
import { authHeaders, useTestApp } from './helpers';

/** How soon a published story must reach OpenSearch: the stated bound less the cluster's 1 s refresh. */
const BOUND_MS = SEARCH_INDEXING_BOUND_MS - 1_000;

const t = useTestApp();

/** One line of a bulk request: an action ({ index } or { delete }) or the document after an index action. */
type BulkLine = Record<string, { _index?: string; _id?: string }> & Record<string, unknown>;

// A stand-in for an OpenSearch node (none can run here): it accepts everything and keeps the bulk requests.
let cluster: Server;
let clusterUrl = '';
const bulks: { at: number; lines: BulkLine[] }[] = [];
const deletesByQuery: string[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  cluster = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const body = await readBody(req);
    if (path === '/_bulk') {
      bulks.push({
        at: Date.now(),
        lines: body
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      });
    }
    if (path.endsWith('/_delete_by_query')) deletesByQuery.push(path);
    res.writeHead(200, { 'content-type': 'application/json' });
    const answer = path === '/_bulk' ? { errors: false, items: [] } : { acknowledged: true, deleted: 0 };
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => cluster.listen(0, '127.0.0.1', resolve));
  clusterUrl = `http://127.0.0.1:${(cluster.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => cluster.close(() => resolve())));

/** The documents indexed and the ids deleted for `id`, across the bulk requests sent after `since`. */
function sentFor(id: string, since: number) {
  const indexed: { at: number; doc: Record<string, unknown>; alone: boolean }[] = [];
  const deleted: number[] = [];
  for (const bulk of bulks.filter((b) => b.at >= since)) {
    // A request naming only this story is the prompt indexing, not the minute's full re-sync.
    const actions = bulk.lines.filter((l) => 'index' in l || 'delete' in l);
    const alone = actions.every((a) => (a.index ?? a.delete)?._id === id);
    bulk.lines.forEach((line, i) => {
      if (line.index?._id === id) indexed.push({ at: bulk.at, doc: bulk.lines[i + 1] ?? {}, alone });
      if (line.delete?._id === id) deleted.push(bulk.at);
    });
  }
  return { indexed, deleted };
}

describe('OpenSearch indexing on publish (OPENSEARCH_URL set)', () => {
  it(`indexes a story within ${BOUND_MS / 1000} seconds of publishing, and removes it when trashed`, async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', OPENSEARCH_URL: clusterUrl });
    const worker = await startWorker({ orm: t.db.orm, url: t.db.url, config, log: () => {} });
    try {
      // The worker's first full sync, so what follows can only be the prompt indexing.
      await expect
        .poll(() => deletesByQuery.length, { timeout: 15_000, interval: 100 })
        .toBeGreaterThanOrEqual(4);
      const em = t.db.em();
      const headers = authHeaders(
        await buildSession(
          em,
          await buildUser(em, { name: 'Ottilie Prompt', isPartnerProgramEnrolled: true }),
        ),
      );
      const call = async (path: string, payload: Record<string, unknown>) => {
        const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload, headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().result.data;
      };
      const { id } = await call('posts.createDraft', {});
      const paragraphs: Paragraph[] = [
        'Open words about kestrels.',
        'More on hovering.',
        'Wind.',
        'Secret merlin',
      ].map((text, i) => ({ name: `p${i}`, type: 'P', text, markups: [] }));
      await call('posts.save', { id, baseRev: 0, title: 'Falcons at Dusk', content: { paragraphs } });
      const publishedAt = Date.now();
      await call('posts.publish', { id, baseRev: 1, topics: [], subtitle: 'A field guide', isLocked: true });

      await expect
        .poll(() => sentFor(id, publishedAt).indexed.filter((s) => s.alone).length, {
          timeout: BOUND_MS,
          interval: 50,
        })
        .toBeGreaterThan(0);
      const [first] = sentFor(id, publishedAt).indexed;
      expect(first?.doc).toMatchObject({ postId: id, title: 'Falcons at Dusk', subtitle: 'A field guide' });
      expect(first?.doc.searchText).toContain('kestrels');
      expect(first?.doc.searchText).not.toContain('merlin');
      expect(first?.doc.membersSearchText).toContain('merlin');

      const trashedAt = Date.now();
      await call('posts.delete', { targetPostId: id });
      await expect
        .poll(() => sentFor(id, trashedAt).deleted.length, { timeout: BOUND_MS, interval: 50 })
        .toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  });
});
