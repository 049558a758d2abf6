import { notificationTexts, yourPagesTexts } from '@quire/domain';
import { EmptyState } from '@quire/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FollowsDialog, NotificationRow, NotificationsFooter } from '../../components/NotificationsPopover';
import type { NotificationsTab } from '../../components/notification-tabs';
import type { NotificationItem } from '../../components/notification-texts';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import { notificationsPageQuery } from './queries';

/**
 * Spec §2 /me/notifications: the bell's list as a page, with its two tabs, older pages and the Follows dialog.
 * Opening it marks the activity as viewed, as opening the bell does.
 */
export function NotificationsPage({ now = new Date() }: { now?: Date }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<NotificationsTab>('all');
  const [follows, setFollows] = useState<NotificationItem | null>(null);
  const list = useInfiniteQuery(notificationsPageQuery(trpc, tab));
  const markViewed = useMutation(
    trpc.notifications.markViewed.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
    }),
  );
  const viewed = useRef(false);
  const mark = markViewed.mutate;
  useEffect(() => {
    // After the first page is in, so that page still shows what was unread.
    if (viewed.current || list.isPending) return;
    viewed.current = true;
    mark();
  }, [list.isPending, mark]);
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const tabs: [NotificationsTab, string][] = [
    ['all', notificationTexts.tabAll],
    ['responses', notificationTexts.tabResponses],
  ];
  return (
    <main className="q-column q-notifications-page" data-testid="notifications-page">
      <h1>{yourPagesTexts.notificationsTitle}</h1>
      <div role="tablist" className="q-notifications-tabs">
        {tabs.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      {list.isSuccess && !items.length ? <EmptyState title={notificationTexts.allCaughtUp} /> : null}
      <ul className="q-notifications-list" aria-busy={!list.isSuccess}>
        {items.map((item) => (
          <NotificationRow key={item.notificationName} item={item} now={now} onOpenFollows={setFollows} />
        ))}
      </ul>
      {list.isSuccess && items.length ? (
        <NotificationsFooter
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      ) : null}
      {follows ? <FollowsDialog item={follows} onClose={() => setFollows(null)} /> : null}
    </main>
  );
}
