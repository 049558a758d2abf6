import type { EntityManager } from '@mikro-orm/postgresql';
import { appRouter, createContextInner, type NotifyInput, notify } from '@quire/api';
import { Block, Catalog, Highlight, Notification, User } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const gql = t.gql;

/** A tRPC caller for `viewer` (or a visitor), on a clock fixed at `now`. */
const caller = (viewer: User | null, now = new Date()) =>
  appRouter.createCaller(
    createContextInner({
      em: t.db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'notifvisitor01', isBot: false, country: null },
      ip: '192.0.2.1',
      now: () => now,
    }),
  );

/** Records notifications the way a feature does: inside the transaction of its change. */
const record = (...inputs: NotifyInput[]) =>
  t.db.em().transactional(async (em: EntityManager) => {
    const out = [];
    for (const input of inputs) out.push(await notify(em, input));
    return out;
  });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** `fan` responds to a story of `me`'s: both stories, and the response_created notification it records. */
async function responded(me: User, fan: User, titles: { post?: string; response: string }, minutes: number) {
  const post = await buildPost(t.db.em(), { creator: me, ...(titles.post ? { title: titles.post } : {}) });
  const response = await buildPost(t.db.em(), { creator: fan, title: titles.response });
  const notification: NotifyInput = {
    recipient: me,
    type: 'response_created',
    actor: fan,
    post,
    responsePost: response,
    occurredAt: minutesAgo(minutes),
  };
  return { post, response, notification };
}
const rows = (recipient: User) =>
  t.db.em().find(Notification, { recipient: recipient.id }, { orderBy: { occurredAt: 'asc' } });

describe('notify (service)', () => {
  it('folds a rollup type into the unread row with the same key, and opens a new row once it was read', async () => {
    const me = await buildUser(t.db.em());
    const [ada, bob, cyd] = [
      await buildUser(t.db.em()),
      await buildUser(t.db.em()),
      await buildUser(t.db.em()),
    ];
    await record(
      { recipient: me, type: 'users_following_you_rollup', actor: ada, occurredAt: minutesAgo(30) },
      { recipient: me, type: 'users_following_you_rollup', actor: bob, occurredAt: minutesAgo(20) },
      // The same follower again moves to the front instead of appearing twice.
      { recipient: me, type: 'users_following_you_rollup', actor: ada, occurredAt: minutesAgo(10) },
    );
    let saved = await rows(me);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.rollupItems.map((i) => i.actorId)).toEqual([bob.id, ada.id]);
    expect(saved[0]!.actor?.id).toBe(ada.id);
    expect(saved[0]!.activityType).toBe('users_following_you');
    expect(await caller(me).notifications.unreadCount()).toBe(1);

    await caller(me, minutesAgo(5)).notifications.markViewed();
    await record({
      recipient: me,
      type: 'users_following_you_rollup',
      actor: cyd,
      occurredAt: minutesAgo(1),
    });
    saved = await rows(me);
    expect(saved).toHaveLength(2);
    expect(saved[1]!.rollupItems.map((i) => i.actorId)).toEqual([cyd.id]);
    expect(await caller(me).notifications.unreadCount()).toBe(1);

    const page = await caller(me).notifications.list({});
    expect(page.notifications.map((n) => [n.isUnread, n.rollupItems.map((i) => i.actor?.username)])).toEqual([
      [true, [cyd.username]],
      [false, [ada.username, bob.username]],
    ]);
  });

  it('keeps single types apart, and records nothing for one’s own action or a blocked actor', async () => {
    const me = await buildUser(t.db.em());
    const fan = await buildUser(t.db.em());
    const troll = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: me });
    const em = t.db.em();
    em.create(Block, { blocker: me, blocked: troll });
    await em.flush();
    const made = await record(
      { recipient: me, type: 'response_created', actor: fan, post },
      { recipient: me, type: 'response_created', actor: fan, post },
      { recipient: me, type: 'response_created', actor: me, post },
      { recipient: me, type: 'response_created', actor: troll, post },
    );
    expect(made.map((n) => n !== null)).toEqual([true, true, false, false]);
    expect(await rows(me)).toHaveLength(2);
  });

  it('refuses to run outside the transaction of the change', async () => {
    const me = await buildUser(t.db.em());
    await expect(notify(t.db.em(), { recipient: me, type: 'post_published' })).rejects.toThrow(
      'notify() must run inside the transaction of the change.',
    );
  });
});

describe('notifications router', () => {
  it('pages newest first with next {limit, page, source, to} until the last page', async () => {
    const me = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: me });
    const fans = [];
    for (let i = 0; i < 12; i++) fans.push(await buildUser(t.db.em(), { name: `Fan ${i}` }));
    await record(
      ...fans.map((fan, i) => ({
        recipient: me,
        type: 'post_recommended' as const,
        actor: fan,
        post,
        occurredAt: minutesAgo(100 - i),
      })),
    );
    const first = await caller(me).notifications.list({ pagingOptions: { limit: 5, source: 'widget' } });
    expect(first.notifications.map((n) => n.actor?.name)).toEqual([
      'Fan 11',
      'Fan 10',
      'Fan 9',
      'Fan 8',
      'Fan 7',
    ]);
    expect(first.pagingInfo.next).toMatchObject({ limit: 5, page: 2, source: 'widget' });
    const second = await caller(me).notifications.list({ pagingOptions: first.pagingInfo.next });
    expect(second.notifications.map((n) => n.actor?.name)).toEqual([
      'Fan 6',
      'Fan 5',
      'Fan 4',
      'Fan 3',
      'Fan 2',
    ]);
    expect(second.pagingInfo.next?.page).toBe(3);
    const third = await caller(me).notifications.list({ pagingOptions: second.pagingInfo.next });
    expect(third.notifications.map((n) => n.actor?.name)).toEqual(['Fan 1', 'Fan 0']);
    expect(third.pagingInfo.next).toBeNull();
    expect(first.notifications[0]!.href).toBe(`/@${me.username}/${post.uniqueSlug}`);
  });

  it('filters by activity type (the Responses tab) and hides unknown types from the list and the count', async () => {
    const me = await buildUser(t.db.em());
    const fan = await buildUser(t.db.em());
    const { post, response, notification } = await responded(me, fan, { response: 'My reply' }, 4);
    const em = t.db.em();
    const list = em.create(Catalog, { creator: me, name: 'Reads', slug: 'reads' });
    await em.flush();
    await record(
      notification,
      {
        recipient: me,
        type: 'catalog_response_created',
        actor: fan,
        catalog: list,
        occurredAt: minutesAgo(3),
      },
      { recipient: me, type: 'post_recommended', actor: fan, post, occurredAt: minutesAgo(2) },
    );
    // A type this version does not know (written by a newer one) must never reach a client.
    const raw = t.db.em();
    raw.create(Notification, {
      recipient: me.id,
      notificationType: 'hologram_sent',
      activityType: 'hologram_sent',
      actor: fan.id,
      occurredAt: minutesAgo(1),
    });
    await raw.flush();

    const all = await caller(me).notifications.list({});
    expect(all.notifications.map((n) => n.notificationType)).toEqual([
      'post_recommended',
      'catalog_response_created',
      'response_created',
    ]);
    expect(await caller(me).notifications.unreadCount()).toBe(3);

    const responses = await caller(me).notifications.list({
      activityTypes: ['response_created', 'catalog_response_created'],
    });
    expect(responses.notifications.map((n) => [n.notificationType, n.href])).toEqual([
      ['catalog_response_created', `/@${me.username}/list/reads-${list.id}`],
      ['response_created', `/@${fan.username}/${response.uniqueSlug}`],
    ]);
  });

  it('marks everything seen, so the count is zero and nothing is unread', async () => {
    const me = await buildUser(t.db.em());
    const fan = await buildUser(t.db.em());
    await record(
      { recipient: me, type: 'users_following_you', actor: fan, occurredAt: minutesAgo(3) },
      { recipient: me, type: 'tax_failed_tin_final', occurredAt: minutesAgo(2) },
    );
    expect(await caller(me).notifications.unreadCount()).toBe(2);
    expect(await caller(me).notifications.markViewed()).toBe(true);
    expect(await caller(me).notifications.unreadCount()).toBe(0);
    const page = await caller(me).notifications.list({});
    expect(page.notifications.map((n) => [n.isUnread, n.href])).toEqual([
      [false, '/me/settings'],
      [false, `/@${fan.username}`],
    ]);
    const saved = await t.db.em().findOneOrFail(User, me.id);
    expect(saved.notificationsLastViewedAt).not.toBeNull();
  });

  it('shows a deleted actor as null (rendered as Deleted user) and cuts quote previews to 50 characters', async () => {
    const me = await buildUser(t.db.em());
    const gone = await buildUser(t.db.em());
    const hidden = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: me });
    const em = t.db.em();
    const quote = em.create(Highlight, {
      user: hidden,
      post,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 20,
      quote: 'A sentence that goes on for quite a while, longer than any preview may be.',
    });
    await em.flush();
    await record(
      { recipient: me, type: 'quote', actor: hidden, post, quote, occurredAt: minutesAgo(2) },
      { recipient: me, type: 'users_following_you', actor: gone, occurredAt: minutesAgo(1) },
    );
    await t.db.em().nativeDelete(User, { id: gone.id });
    await t.db.em().nativeUpdate(User, { id: hidden.id }, { isDeleted: true });

    const [follow, quoted] = (await caller(me).notifications.list({})).notifications;
    expect(follow!.actor).toBeNull();
    expect(quoted!.actor).toBeNull();
    expect(quoted!.quote).toEqual({
      id: quote.id,
      startOffset: 0,
      endOffset: 20,
      paragraphs: [{ text: 'The first line of the story.', type: 'P' }],
      quoteParagraphPreview: 'A sentence that goes on for quite a while, longer…',
    });
    expect(quoted!.quote!.quoteParagraphPreview.length).toBeLessThanOrEqual(50);
  });

  it('answers only the viewer’s own notifications, and nothing to a visitor', async () => {
    const me = await buildUser(t.db.em());
    const other = await buildUser(t.db.em());
    const fan = await buildUser(t.db.em());
    await record({ recipient: me, type: 'users_following_you', actor: fan });
    expect((await caller(other).notifications.list({})).notifications).toEqual([]);
    expect(await caller(other).notifications.unreadCount()).toBe(0);
    await caller(other).notifications.markViewed();
    expect(await caller(me).notifications.unreadCount()).toBe(1);

    await expect(caller(null).notifications.unreadCount()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(null).notifications.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(null).notifications.markViewed()).rejects.toBeInstanceOf(TRPCError);
  });

  it('refuses bad paging options with a clear message', async () => {
    const me = await buildUser(t.db.em());
    await expect(caller(me).notifications.list({ pagingOptions: { limit: 500 } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller(me).notifications.list({ pagingOptions: { to: 'yesterday' } })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
  });
});

describe('GraphQL notification operations (spec §7)', () => {
  it('answers UnreadNotificationCount, NotificationsBadgeQuery, NotificationsWidgetQuery and NotificationCountMutation', async () => {
    const me = await buildUser(t.db.em());
    const fan = await buildUser(t.db.em(), { name: 'Graph Fan' });
    const { post, response, notification } = await responded(
      me,
      fan,
      { post: 'Graph story', response: 'Graph reply' },
      3,
    );
    await record(notification, {
      recipient: me,
      type: 'post_recommended_rollup',
      actor: fan,
      post,
      occurredAt: minutesAgo(2),
    });
    const headers = authHeaders(await buildSession(t.db.em(), me));

    for (const name of ['UnreadNotificationCount', 'NotificationsBadgeQuery']) {
      const res = await gql(name, {}, headers);
      expect(res.json()).toEqual({ data: { notificationStatus: { unreadNotificationCount: 2 } } });
    }

    const widget = await gql(
      'NotificationsWidgetQuery',
      { pagingOptions: { limit: 1 }, activityTypes: ['response_created'] },
      headers,
    );
    const connection = widget.json().data.notificationsConnectionByActivityTypes;
    expect(connection.notifications).toHaveLength(1);
    expect(connection.notifications[0]).toMatchObject({
      notificationType: 'response_created',
      activityType: 'response_created',
      isUnread: true,
      actor: { id: fan.id, name: 'Graph Fan' },
      post: { id: post.id, title: 'Graph story' },
      responsePost: { id: response.id, mediumUrl: `/@${fan.username}/${response.uniqueSlug}` },
      quote: null,
    });
    expect(typeof connection.notifications[0].occurredAt).toBe('number');
    expect(connection.pagingInfo).toEqual({ next: null });

    const all = await gql('NotificationsWidgetQuery', { pagingOptions: { limit: 1 } }, headers);
    expect(all.json().data.notificationsConnectionByActivityTypes.pagingInfo.next).toMatchObject({
      limit: 1,
      page: 2,
    });

    const marked = await gql('NotificationCountMutation', {}, headers);
    expect(marked.json()).toEqual({ data: { updateActivityLastViewed: true } });
    const after = await gql('NotificationsBadgeQuery', {}, headers);
    expect(after.json().data.notificationStatus.unreadNotificationCount).toBe(0);
  });

  it('needs sign-in, the anti-forgery header for the mutation, and readable paging errors', async () => {
    const me = await buildUser(t.db.em());
    await record({ recipient: me, type: 'post_published', occurredAt: minutesAgo(1) });
    const token = await buildSession(t.db.em(), me);

    const signedOut = await gql('UnreadNotificationCount', {}, authHeaders(null));
    expect(signedOut.json().errors[0].message).toBe('You need to sign in first.');

    const noHeader = await gql('NotificationCountMutation', {}, { cookie: authHeaders(token).cookie });
    expect(noHeader.statusCode).toBe(403);
    expect((await t.db.em().findOneOrFail(User, me.id)).notificationsLastViewedAt).toBeNull();

    const tooMany = await gql(
      'NotificationsWidgetQuery',
      { pagingOptions: { limit: 500 } },
      authHeaders(token),
    );
    expect(tooMany.json().errors[0].message).toBe('pagingOptions.limit: limit must be at most 50.');
  });
});
