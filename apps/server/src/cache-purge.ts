import { CACHE_PURGE_CHANNEL } from '@quire/api';
import pg from 'pg';

/**
 * Listens for purge notifications (sent inside the transactions that change stories) and hands each tag
 * to `cache`: this process's page cache, so every app process forgets a changed page at once, or the
 * OpenSearch story indexer (search-sync.ts). Reconnects after a dropped connection.
 */
export function listenForCachePurges(
  url: string,
  cache: { purgeTag(tag: string): unknown },
  log: (m: string) => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  // Retries until the database is back: one failed reconnect must not end the listening for good.
  const reconnect = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnect), 1000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CACHE_PURGE_CHANNEL || !msg.payload) return;
      for (const tag of msg.payload.split(' ')) cache.purgeTag(tag);
    });
    c.on('error', (error) => {
      log(`cache purge listener: ${error.message}`);
      c.end().catch(() => {});
      if (client === c) reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${CACHE_PURGE_CHANNEL}`);
    client = c;
  };
  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
