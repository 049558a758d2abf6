import { unreadBadge } from '@quire/domain';
import { BellIcon } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../lib/hydrated';
import { lazyModule } from '../lib/lazy-module';
import { useLiveUnreadCount } from '../lib/live-unread';
import { useMutation } from '../lib/mutation';
import { useTRPC } from '../trpc';

const popover = lazyModule(() => import('./NotificationsPopover'));
const preloadPopover = () => void popover.load().catch(() => {});

/** Spec §2/§9: the unread badge, '99+' above 99, nothing when all is read. */
export function NotificationsBadge({ count }: { count: number }) {
  const text = unreadBadge(count);
  if (!text) return null;
  return (
    <span className="q-notifications-badge" data-testid="notifications-badge">
      {text}
    </span>
  );
}

/**
 * Spec §2/§4 notifications bell for signed-in readers: the unread badge, and a 360px popover. Opening it
 * zeroes the count at once (optimistically) and marks activity viewed on the server.
 */
export function NotificationsBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const Popover = popover.use(open);
  const root = useRef<HTMLDivElement>(null);
  const countKey = trpc.notifications.unreadCount.queryKey();
  // Spec §2 badge, kept current without a reload: pushed by the server, polled while the push is down.
  const poll = useLiveUnreadCount(countKey, hydrated);
  const count = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    enabled: hydrated,
    refetchInterval: poll,
  });
  const markViewed = useMutation(
    trpc.notifications.markViewed.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: countKey }),
    }),
  );
  const viewedMutate = markViewed.mutate;
  const onViewed = useCallback(() => viewedMutate(), [viewedMutate]);
  const onClose = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const toggle = () => {
    if (open) return setOpen(false);
    setOpen(true);
    // Spec §4: the count drops to zero as the bell opens, before the server confirms.
    void queryClient.cancelQueries({ queryKey: countKey });
    queryClient.setQueryData(countKey, 0);
  };
  const badge = unreadBadge(count.data ?? 0);
  return (
    <div className="q-notifications" ref={root}>
      <button
        type="button"
        className="q-notifications-bell q-link-button"
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        aria-expanded={open}
        data-testid="notifications-bell"
        onClick={toggle}
        onPointerEnter={preloadPopover}
        onFocus={preloadPopover}
      >
        <BellIcon size={24} />
        <NotificationsBadge count={count.data ?? 0} />
      </button>
      {open && Popover ? <Popover.OpenNotifications onViewed={onViewed} onClose={onClose} /> : null}
    </div>
  );
}
