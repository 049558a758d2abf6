import { CACHE_PURGE_CHANNEL } from '@quire/api';
import { listenOnChannel } from './pg-listen';

/**
 * Listens for purge notifications (sent inside the transactions that change stories) and hands each tag
 * to `cache`: this process's page cache, so every app process forgets a changed page at once, or the
 * OpenSearch story indexer (search-sync.ts). Reconnects after a dropped connection; the purges sent while it was
 * away are lost, so `purgeAll` then forgets everything the cache kept (the indexer has its own sync each minute).
 */
export function listenForCachePurges(
  url: string,
  cache: { purgeTag(tag: string): unknown; purgeAll?(): unknown },
  log: (m: string) => void,
) {
  return listenOnChannel({
    url,
    channel: CACHE_PURGE_CHANNEL,
    onPayload: (payload) => {
      for (const tag of payload.split(' ')) cache.purgeTag(tag);
    },
    onReconnect: () => cache.purgeAll?.(),
    log,
  });
}
