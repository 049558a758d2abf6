import type { Orm } from '@quire/db';
import { createOpenSearchIndex, searchDocuments } from '@quire/search';
import type { PgBoss } from 'pg-boss';
import type { ServerConfig } from './config';

/** The pg-boss queue that copies the searchable rows into OpenSearch. */
export const SEARCH_SYNC_QUEUE = 'search.sync';

/**
 * With OPENSEARCH_URL set, re-syncs the OpenSearch indexes from the database every minute (and once at
 * start), removing rows that stopped being searchable. Without it there is nothing to do: the
 * PostgreSQL search reads the tables themselves, so a change is searchable as soon as it commits.
 */
export async function scheduleSearchSync(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
) {
  if (!config.OPENSEARCH_URL) return;
  const index = createOpenSearchIndex(config.OPENSEARCH_URL, config.SEARCH_INDEX_PREFIX);
  await boss.createQueue(SEARCH_SYNC_QUEUE);
  await boss.schedule(SEARCH_SYNC_QUEUE, '* * * * *');
  await boss.work(SEARCH_SYNC_QUEUE, async () => {
    const { indexed } = await index.sync(await searchDocuments(orm.em.fork()));
    log(`jobs: search sync indexed ${indexed} documents`);
  });
  await boss.send(SEARCH_SYNC_QUEUE, {});
}
