import { UNREAD_POLL_MS, UNREAD_STREAM_EVENT, UNREAD_STREAM_PATH } from '@quire/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/**
 * Keeps the bell's count live: each count the server sends on the unread stream (server-sent events) replaces
 * the cached one. Returns how often the count query should poll: never while the stream is open, every
 * UNREAD_POLL_MS while it is down (the browser reconnects the stream by itself meanwhile).
 */
export function useLiveUnreadCount(countKey: QueryKey, enabled: boolean): number | false {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // The key is rebuilt on every render; the stream stays open across them.
  const key = useRef(countKey);
  key.current = countKey;
  useEffect(() => {
    if (!enabled || typeof EventSource !== 'function') return;
    const source = new EventSource(UNREAD_STREAM_PATH);
    source.addEventListener(UNREAD_STREAM_EVENT, (event) => {
      const count = Number((event as MessageEvent<string>).data);
      if (Number.isSafeInteger(count) && count >= 0) queryClient.setQueryData(key.current, count);
    });
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [enabled, queryClient]);
  return live ? false : UNREAD_POLL_MS;
}
