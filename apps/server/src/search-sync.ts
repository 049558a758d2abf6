import type { Orm } from '@quire/db';
import {
  createOpenSearchIndex,
  type OpenSearchIndex,
  postDocuments,
  searchDocumentPages,
} from '@quire/search';
import type { PgBoss } from 'pg-boss';
import { listenForCachePurges } from './cache-purge';
import type { ServerConfig } from './config';

/** The pg-boss queue that copies the searchable rows into OpenSearch. */
export const SEARCH_SYNC_QUEUE = 'search.sync';

/**
 * With OpenSearch, a story its writer publishes, edits, unpublishes or trashes is indexed (or removed)
 * within this long of the commit: the bound docs/FEATURES.md states. It covers the gathering below, the
 * database read and the bulk request, plus the cluster's default 1 s refresh before a search sees it.
 */
export const SEARCH_INDEXING_BOUND_MS = 5_000;

/** Story changes are gathered this long and indexed together (an autosave burst is one request). */
const GATHER_MS = 500;

/** Stories changed since the last indexing, gathered from the commits' notifications. */
function storyIndexer(orm: Orm, index: OpenSearchIndex, log: (m: string) => void) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const flush = async () => {
    timer = null;
    const ids = [...pending];
    pending.clear();
    try {
      const documents = await postDocuments(orm.em.fork(), ids);
      const kept = new Set(documents.map((d) => d.objectID));
      await index.update(
        'post',
        documents,
        ids.filter((id) => !kept.has(id)),
      );
    } catch (error) {
      // The minute's full re-sync catches these stories up.
      log(`jobs: indexing ${ids.length} changed stories failed: ${(error as Error).message}`);
    }
  };
  return {
    /** A page-cache tag of a committed change: `post-{id}` names a story whose text or state changed. */
    purgeTag(tag: string) {
      if (!tag.startsWith('post-')) return;
      pending.add(tag.slice('post-'.length));
      timer ??= setTimeout(() => {
        running = running.then(flush);
      }, GATHER_MS);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * With OPENSEARCH_URL set, keeps the OpenSearch indexes in step with the database: a story is indexed as
 * soon as the transaction that publishes or changes it commits (the NOTIFY the page cache listens to as
 * well), and every minute (and once at start) a full re-sync copies every searchable row and removes the
 * rest, which catches up whatever a missed notification or a change elsewhere (a suspended writer, a
 * publication made private) left behind. Without it there is nothing to do: the PostgreSQL search reads
 * the tables themselves, so a change is searchable as soon as it commits.
 */
export async function scheduleSearchSync(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  databaseUrl: string,
  log: (m: string) => void,
): Promise<{ stop(): Promise<void> }> {
  if (!config.OPENSEARCH_URL) return { stop: async () => {} };
  const index = createOpenSearchIndex(config.OPENSEARCH_URL, config.SEARCH_INDEX_PREFIX);
  const stories = storyIndexer(orm, index, log);
  const listener = listenForCachePurges(databaseUrl, stories, log);
  await listener.ready;
  await boss.createQueue(SEARCH_SYNC_QUEUE);
  await boss.schedule(SEARCH_SYNC_QUEUE, '* * * * *');
  await boss.work(SEARCH_SYNC_QUEUE, async () => {
    const stamp = Date.now();
    const { indexed } = await index.sync(searchDocumentPages(orm.em.fork()), stamp);
    log(`jobs: search sync indexed ${indexed} documents`);
  });
  await boss.send(SEARCH_SYNC_QUEUE, {});
  return {
    async stop() {
      await listener.stop();
      await stories.stop();
    },
  };
}
