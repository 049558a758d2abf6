/** The notifications popover (spec §2), in its own chunk: it loads when the bell is first opened or pointed at. */
import { LAYOUT, notificationDateLabel, notificationTexts, quireRoutes } from '@quire/domain';
import { CloseIcon, useFocusTrap } from '@quire/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useTRPC } from '../trpc';
import { FollowButton } from './FollowButton';
import { type NotificationsTab, tabActivityTypes } from './notification-tabs';
import {
  actorName,
  type NotificationItem,
  notificationSentence,
  opensFollowsDialog,
} from './notification-texts';

const STATS_PATH = quireRoutes.build('ShowStats');

// Spec §9: the popover's width; the rest of its look is in social.css.
const popoverStyle: CSSProperties = {
  width: LAYOUT.notificationsPopoverWidth,
  maxWidth: `calc(100vw - ${2 * LAYOUT.gutter}px)`,
};

/** One notification: a link to its page (or the Follows dialog for a follow rollup); unknown types render nothing. */
export function NotificationRow({
  item,
  now,
  onOpenFollows,
}: {
  item: NotificationItem;
  now: Date;
  onOpenFollows?: (item: NotificationItem) => void;
}) {
  const sentence = notificationSentence(item);
  if (!sentence) return null;
  const body = (
    <>
      <span className="q-notification-text">
        {sentence.who ? <strong>{sentence.who}</strong> : null}
        {sentence.who ? ' ' : null}
        {sentence.what}
        {sentence.subject ? (
          <>
            {' '}
            <strong>{sentence.subject}</strong>
          </>
        ) : null}
      </span>
      {sentence.preview ? (
        <span className="q-notification-preview q-notification-meta">“{sentence.preview}”</span>
      ) : null}
      <time className="q-notification-meta" dateTime={item.occurredAt}>
        {notificationDateLabel(item.occurredAt, now)}
      </time>
    </>
  );
  return (
    <li
      className="q-notification"
      data-type={item.notificationType}
      data-unread={item.isUnread ? 'true' : undefined}
    >
      {opensFollowsDialog(item) ? (
        <button type="button" className="q-notification-link" onClick={() => onOpenFollows?.(item)}>
          {body}
        </button>
      ) : (
        <a href={item.href} className="q-notification-link">
          {body}
        </a>
      )}
    </li>
  );
}

/** Spec §2 footer: 'Older notifications' while more pages exist, else "You're all caught up."; 'Your stats'. */
export function NotificationsFooter({
  hasMore,
  loadingMore = false,
  onLoadMore,
}: {
  hasMore: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}) {
  return (
    <footer className="q-notifications-footer">
      {hasMore ? (
        <button type="button" className="q-link-button" disabled={loadingMore} onClick={onLoadMore}>
          {notificationTexts.olderNotifications}
        </button>
      ) : (
        <span className="q-notification-meta">{notificationTexts.allCaughtUp}</span>
      )}
      <a href={STATS_PATH}>{notificationTexts.yourStats}</a>
    </footer>
  );
}

/** The popover's body for a tab: the tabs, the items and the footer (the footer waits for the first page). */
export function NotificationsPanel({
  tab,
  onTab,
  items,
  loaded,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpenFollows,
  now,
}: {
  tab: NotificationsTab;
  onTab?: (tab: NotificationsTab) => void;
  items: readonly NotificationItem[];
  loaded: boolean;
  hasMore: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  onOpenFollows?: (item: NotificationItem) => void;
  now: Date;
}) {
  const tabs: [NotificationsTab, string][] = [
    ['all', notificationTexts.tabAll],
    ['responses', notificationTexts.tabResponses],
  ];
  return (
    <div
      className="q-notifications-popover"
      role="dialog"
      aria-label="Notifications"
      data-testid="notifications-popover"
      style={popoverStyle}
    >
      <div role="tablist" className="q-notifications-tabs">
        {tabs.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => onTab?.(key)}>
            {label}
          </button>
        ))}
      </div>
      <ul className="q-notifications-list" aria-busy={!loaded}>
        {items.map((item) => (
          <NotificationRow key={item.notificationName} item={item} now={now} onOpenFollows={onOpenFollows} />
        ))}
      </ul>
      {loaded ? (
        <NotificationsFooter hasMore={hasMore} loadingMore={loadingMore} onLoadMore={onLoadMore} />
      ) : null}
    </div>
  );
}

/**
 * Spec §2 rollup follow notifications: a dialog titled Follows listing the followers, each with a follow
 * button.
 */
export function FollowsDialog({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  const titleId = useId();
  // Tab stays inside, Escape closes, and focus returns to the notification that opened it.
  const dialogRef = useFocusTrap(true, { onEscape: onClose });
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="q-follows-dialog"
    >
      <div className="q-follows-panel" style={popoverStyle}>
        <div className="q-follows-header">
          <h2 id={titleId}>{notificationTexts.followsDialogTitle}</h2>
          <button type="button" className="q-link-button" aria-label="Close" onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        <ul className="q-follows-list">
          {item.rollupItems.map((rolled, i) => (
            <li
              // A deleted follower has no id; their position keeps the key unique.
              key={rolled.actor?.id ?? `deleted-${i}`}
            >
              {rolled.actor ? (
                <a href={quireRoutes.build('ShowUser', { username: rolled.actor.username })}>
                  {rolled.actor.name}
                </a>
              ) : (
                <span>{actorName(null)}</span>
              )}
              {rolled.actor ? (
                <FollowButton
                  target={{ kind: 'user', id: rolled.actor.id, name: rolled.actor.name }}
                  isFollowing={rolled.viewerIsFollowing}
                  followSource="notifications_follows_dialog"
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The open popover: loads pages of the tab, then marks everything seen once the first page is in. */
export function OpenNotifications({ onViewed, onClose }: { onViewed: () => void; onClose: () => void }) {
  const trpc = useTRPC();
  const [tab, setTab] = useState<NotificationsTab>('all');
  const [follows, setFollows] = useState<NotificationItem | null>(null);
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions(
      { activityTypes: tabActivityTypes(tab) },
      // Fresh on every opening: which items are unread changes as soon as the bell is opened.
      { getNextPageParam: (last) => last.pagingInfo.next, staleTime: 0, gcTime: 0 },
    ),
  );
  const viewed = useRef(false);
  useEffect(() => {
    // Marked after the first page is read, so that page still shows what was unread.
    if (viewed.current || list.isPending) return;
    viewed.current = true;
    onViewed();
  }, [list.isPending, onViewed]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !follows) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [follows, onClose]);
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <>
      <NotificationsPanel
        tab={tab}
        onTab={setTab}
        items={items}
        loaded={list.isSuccess}
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        onOpenFollows={setFollows}
        now={new Date()}
      />
      {follows ? <FollowsDialog item={follows} onClose={() => setFollows(null)} /> : null}
    </>
  );
}
