import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotificationsBadge } from '../src/components/NotificationsBell';
import { FollowsDialog, NotificationRow, NotificationsPanel } from '../src/components/NotificationsPopover';
import { tabActivityTypes } from '../src/components/notification-tabs';
import type { NotificationItem } from '../src/components/notification-texts';
import { renderWithProviders } from './render';

const NOW = new Date('2026-11-21T12:00:00Z');
const ada = { id: 'u1', name: 'Ada Lovelace', username: 'ada', imageId: null };
const bob = { id: 'u2', name: 'Bob Babbage', username: 'bob', imageId: null };

function item(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    notificationName: 'n1',
    notificationType: 'response_created',
    activityType: 'response_created',
    isUnread: false,
    occurredAt: '2026-11-21T11:00:00.000Z',
    actor: ada,
    rollupItems: [],
    milestoneArg: null,
    post: { id: 'p1', title: 'On engines', mediumUrl: '/@me/on-engines-p1' },
    collection: null,
    catalog: null,
    quote: null,
    note: null,
    noteReply: null,
    responsePost: { id: 'r1', mediumUrl: '/@ada/reply-r1' },
    href: '/@ada/reply-r1',
    ...overrides,
  };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
const row = (n: NotificationItem) => renderToStaticMarkup(<NotificationRow item={n} now={NOW} />);
const panel = (props: Partial<Parameters<typeof NotificationsPanel>[0]> = {}) =>
  renderToStaticMarkup(
    <NotificationsPanel tab="all" items={[]} loaded hasMore={false} now={NOW} {...props} />,
  );

describe('notifications bell (spec §2)', () => {
  it('shows the unread count, 99+ above 99, and no badge when nothing is unread', () => {
    const badge = (count: number) => text(renderToStaticMarkup(<NotificationsBadge count={count} />));
    expect(badge(0)).toBe('');
    expect(badge(7)).toBe('7');
    expect(badge(99)).toBe('99');
    expect(badge(100)).toBe('99+');
    expect(badge(4321)).toBe('99+');
  });

  it('links each item to its page and marks unread ones with a left accent border', () => {
    const unread = row(item({ isUnread: true }));
    expect(unread).toContain('href="/@ada/reply-r1"');
    // The accent border is social.css's, keyed on this attribute.
    expect(unread).toContain('data-unread="true"');
    expect(text(unread)).toBe('Ada Lovelace responded to On engines 1h ago');
    expect(row(item({ isUnread: false }))).not.toContain('data-unread');
  });

  it('names the publication for submissions, approvals and invitations, and the story when it is declined', () => {
    const publication = { id: 'c1', name: 'The Night Shift', slug: 'night-shift' };
    const about = (notificationType: string, post: NotificationItem['post'] = item().post) =>
      text(row(item({ notificationType, activityType: notificationType, collection: publication, post })));
    expect(about('collection_post_approved')).toContain(
      'Ada Lovelace published your story in The Night Shift',
    );
    expect(about('collection_post_submitted_rollup')).toContain(
      'Ada Lovelace submitted a story to The Night Shift',
    );
    expect(about('collection_invitation', null)).toContain(
      'Ada Lovelace invited you to join The Night Shift',
    );
    expect(about('collection_post_declined')).toContain('Ada Lovelace declined your story On engines');
    expect(about('collection_post_changes_requested')).toContain(
      'asked for changes to your story On engines',
    );
  });

  it('renders nothing for an unknown type', () => {
    expect(row(item({ notificationType: 'hologram_sent', activityType: 'hologram_sent' }))).toBe('');
    const html = panel({ items: [item({ notificationName: 'x', notificationType: 'hologram_sent' })] });
    expect(html).not.toContain('q-notification"');
  });

  it('shows a deleted actor as Deleted user, in items and in the Follows dialog', () => {
    expect(text(row(item({ actor: null })))).toContain('Deleted user responded to');
    const follows = item({
      notificationType: 'users_following_you_rollup',
      activityType: 'users_following_you',
      rollupItems: [
        { actor: bob, occurredAt: '2026-11-21T11:00:00.000Z', viewerIsFollowing: true },
        { actor: null, occurredAt: '2026-11-21T10:00:00.000Z', viewerIsFollowing: false },
      ],
      post: null,
      responsePost: null,
      href: '/@me/followers',
    });
    // A follow rollup opens the dialog instead of following a link.
    const html = row(follows);
    expect(html).toContain('<button');
    expect(text(html)).toContain('Bob Babbage and 1 other started following you');
    const dialog = text(renderWithProviders(<FollowsDialog item={follows} onClose={() => {}} />));
    expect(dialog).toBe('Follows Bob Babbage Following Deleted user');
  });

  it('cuts quote and note previews to 50 characters', () => {
    const long = 'A sentence that goes on for quite a while, longer than any preview may be.';
    const html = text(
      row(
        item({
          notificationType: 'note_created',
          activityType: 'note_created',
          note: { id: 'n', content: long, anchor: 'a1' },
        }),
      ),
    );
    const preview = /“(.*)”/.exec(html)?.[1] ?? '';
    expect(preview).toBe('A sentence that goes on for quite a while, longer…');
    expect(Array.from(preview).length).toBeLessThanOrEqual(50);
  });

  it('shows a full date for items older than 5 days', () => {
    expect(text(row(item({ occurredAt: '2026-11-17T12:00:00.000Z' })))).toMatch(/4d ago$/);
    expect(text(row(item({ occurredAt: '2026-11-16T11:00:00.000Z' })))).toMatch(/November 16, 2026$/);
  });

  it('has the All and Responses tabs, and the footer texts', () => {
    const more = text(panel({ items: [item()], hasMore: true }));
    expect(more.startsWith('All Responses')).toBe(true);
    expect(more).toContain('Older notifications');
    expect(more).not.toContain("You're all caught up.");
    expect(more.endsWith('Your stats')).toBe(true);
    const done = panel({ items: [item()] });
    expect(text(done)).toContain("You're all caught up.");
    expect(done).toContain('href="/me/stats"');
    expect(done).toContain('width:360px');
    expect(panel({ loaded: false })).not.toContain('caught up');
    expect(tabActivityTypes('responses')).toEqual(['response_created', 'catalog_response_created']);
    expect(tabActivityTypes('all')).toBeUndefined();
  });
});
