import {
  AnalyticsEvent,
  AuthToken,
  Clap,
  CollectionMember,
  EmailOutbox,
  EmailSuppression,
  Highlight,
  Membership,
  Newsletter,
  NewsletterDelivery,
  NewsletterEmail,
  Notification,
  OAuthIdentity,
  Post,
  ReadEvent,
  Session,
  User,
} from '@quire/db';
import { ACCOUNT_DELETION_GRACE_DAYS, accountDeletionTexts, type PostContent } from '@quire/domain';
import { DevProvider } from '@quire/payments';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultServiceEnvironment, KEPT_AFTER_PURGE, purgeDeletedAccounts } from '../src';
import { defaultPlanSettings, syncPlans } from '../src/services/membership';
import { callerAs, testClock } from './auth-helpers';

/*
 * Deleting an account: closed at once (profile, stories, sessions, subscription), then purged after the grace
 * period so that no table holds the person's email, and their id only where KEPT_AFTER_PURGE says why.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));
const env = defaultServiceEnvironment({
  payments: new DevProvider({ webhookSecret: 'deletion-test-secret', now: clock.now }),
});
const DAY = 86_400_000;

beforeAll(async () => {
  await syncPlans(db.em(), defaultPlanSettings());
});

const api = (viewer: User | null) => callerAs(db, clock, viewer, env);

const fresh = (user: User) => db.em().findOneOrFail(User, user.id, { refresh: true });

const content = (text: string): PostContent => ({
  paragraphs: [
    { name: 'a1', type: 'H3', text: 'A heading', markups: [] },
    { name: 'a2', type: 'P', text, markups: [] },
  ],
});

/** A writer with a bit of everything: stories, a response, follows, a membership, a publication, sessions. */
async function busyWriter() {
  const em = db.em();
  const email = `leaving-${Date.now().toString(36)}@example.com`;
  const writer = await buildUser(em, { name: 'Leaving Writer', email });
  const other = await buildUser(em, { name: 'Staying Reader' });
  const story = await buildPost(em, {
    creator: writer,
    title: 'A story about leaving',
    content: content('Words that belong to the writer.'),
  });
  const othersStory = await buildPost(em, { creator: other, title: 'Someone else writes' });
  await api(writer).social.followUser({ targetUserId: other.id });
  await api(other).social.followUser({ targetUserId: writer.id });
  await api(writer).social.muteUser({ targetUserId: (await buildUser(em)).id });
  await api(writer).reading.view({ postId: othersStory.id });
  // Newsletters: one subscribed with the account, one subscribed signed out at its address and confirmed.
  await api(writer).newsletters.subscribe({ userId: other.id });
  const letters = await buildUser(em, { name: 'Letters Writer' });
  await api(null).newsletters.subscribeByEmail({ userId: letters.id, email });
  const confirmMail = await em.findOneOrFail(EmailOutbox, { to: email, template: 'newsletter-confirm' });
  await api(null).newsletters.confirm({ token: String(confirmMail.payload.link).split('/').pop()! });
  const response = await buildPost(em, { creator: writer, title: 'A response' });
  await em.nativeUpdate(Post, response.id, { inResponseToPost: othersStory.id });
  em.create(Clap, { user: writer, post: othersStory });
  em.create(Highlight, {
    user: other,
    post: story,
    paragraphName: 'a2',
    startOffset: 0,
    endOffset: 5,
    quote: 'Words',
  });
  em.create(OAuthIdentity, { provider: 'GOOGLE', providerUserId: `google-${writer.id}`, user: writer });
  em.create(AnalyticsEvent, { key: 'post.viewed', user: writer, occurredAt: clock.now() });
  em.create(Notification, {
    recipient: other,
    actor: writer,
    notificationType: 'users_following_you_rollup',
    activityType: 'users_following_you_rollup',
    rollupItems: [{ actorId: writer.id, occurredAt: clock.now().toISOString() }],
    occurredAt: clock.now(),
  });
  const publication = await buildCollection(em, { creator: writer, name: 'Leaving Letters' });
  await addCollectionMember(em, publication, other, 'EDITOR');
  await em.flush();
  // A paid monthly membership through the test checkout.
  const { url } = await api(writer).membership.checkout({ planCode: 'monthly-usd', requestId: 'leaving-1' });
  const sessionId = new URL(url, 'http://localhost').searchParams.get('session')!;
  await api(writer).membership.completeTestCheckout({
    sessionId,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  await buildSession(em, writer);
  return { writer: await fresh(writer), other, letters, story, response, publication, email };
}

describe('deleting an account', () => {
  it('refuses a wrong username and changes nothing', async () => {
    const writer = await buildUser(db.em());
    await expect(
      api(writer).accountDeletion.deleteAccount({ confirmUsername: 'someone-else' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accountDeletionTexts.confirmMismatch });
    expect((await fresh(writer)).isDeleted).toBe(false);
    await expect(api(null).accountDeletion.deleteAccount({ confirmUsername: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('closes the account at once: profile and stories gone, sessions ended, subscription cancelled, mail sent', async () => {
    const { writer, story, email } = await busyWriter();
    const result = await api(writer).accountDeletion.deleteAccount({
      confirmUsername: `@${writer.username}`,
    });
    expect(result).toEqual({
      redirect: '/m/goodbye',
      purgeAfter: new Date(clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY).toISOString(),
    });
    const closed = await fresh(writer);
    expect([closed.isDeleted, closed.deletedAt?.toISOString()]).toEqual([true, clock.now().toISOString()]);
    expect(await db.em().count(Session, { user: writer.id, revokedAt: null })).toBe(0);
    const membership = await db.em().findOneOrFail(Membership, { user: writer.id }, { refresh: true });
    expect(membership.cancelAtPeriodEnd).toBe(true);
    expect(await db.em().count(EmailOutbox, { to: email, template: 'account-deleted' })).toBe(1);

    const reader = await buildUser(db.em());
    await expect(api(reader).profiles.byUsername({ username: writer.username })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const page = await api(reader).posts.byId({ id: story.id });
    expect(page.__typename).toBe('AccountDeleted');
  });

  it('purges the personal data after the grace period: no email anywhere, the id only where kept on purpose', async () => {
    const { writer, other, letters, story, response, publication, email } = await busyWriter();
    const newsletterCount = async (user: User) =>
      (await db.em().findOneOrFail(Newsletter, { user: user.id }, { refresh: true })).subscriberCount;
    expect([await newsletterCount(other), await newsletterCount(letters)]).toEqual([1, 1]);
    // An issue went to the address, and the address once bounced: both rows hold it.
    const sending = db.em();
    const issue = sending.create(NewsletterEmail, {
      newsletter: await sending.findOneOrFail(Newsletter, { user: letters.id }),
      subject: 'An issue',
    });
    sending.create(NewsletterDelivery, { email: issue, address: email.toLowerCase(), status: 'SENT' });
    sending.create(EmailSuppression, { address: email.toLowerCase(), reason: 'BOUNCE' });
    await sending.flush();
    await api(writer).accountDeletion.deleteAccount({ confirmUsername: writer.username });

    clock.advance((ACCOUNT_DELETION_GRACE_DAYS - 1) * DAY);
    expect(await purgeDeletedAccounts(db.em(), clock.now())).toBe(0);
    clock.advance(2 * DAY);
    expect(await purgeDeletedAccounts(db.em(), clock.now())).toBeGreaterThanOrEqual(1);

    const purged = await fresh(writer);
    expect(purged).toMatchObject({ name: '', email: null, bio: '', imageId: null, passwordHash: null });
    expect(purged.username).toBe(`deleted-${writer.id}`);
    expect(purged.purgedAt?.toISOString()).toBe(clock.now().toISOString());

    // Stories are empty tombstones that still say the account was deleted.
    const tomb = await db.em().findOneOrFail(Post, story.id, { refresh: true });
    expect([tomb.title, tomb.content.paragraphs.length, tomb.uniqueSlug]).toEqual(['', 0, story.id]);
    expect((await api(other).posts.byId({ id: response.id })).__typename).toBe('AccountDeleted');
    // Their publication keeps an owner: its editor.
    const members = await db.em().find(CollectionMember, { collection: publication.id }, { refresh: true });
    expect(members.map((m) => [m.user.id, m.role])).toEqual([[other.id, 'OWNER']]);
    // Their newsletter subscriptions are gone, by account and by address, and no longer counted.
    expect([await newsletterCount(other), await newsletterCount(letters)]).toEqual([0, 0]);
    // Counts others rely on stay, anonymous.
    expect(await db.em().count(ReadEvent, { user: null })).toBeGreaterThan(0);
    expect(await db.em().count(Notification, { recipient: other.id, actor: null })).toBeGreaterThan(0);
    for (const gone of [Highlight, OAuthIdentity, AuthToken, Session] as const)
      expect(await db.em().count(gone as typeof Session, { user: writer.id } as never)).toBe(0);

    // Every text and JSON column of every table, searched for the address and the id.
    const columns = await db.em().execute<{ table_name: string; column_name: string }[]>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const holding = async (needle: string) => {
      const found: string[] = [];
      for (const { table_name: t, column_name: c } of columns) {
        const [row] = await db
          .em()
          .execute<{ n: number }[]>(`select count(*)::int as n from "${t}" where "${c}"::text ilike ?`, [
            `%${needle}%`,
          ]);
        if (row!.n > 0) found.push(`${t}.${c}`);
      }
      return found;
    };
    expect(await holding(email)).toEqual([]);
    const withId = await holding(writer.id);
    const unexplained = withId.filter((ref) => !(ref in KEPT_AFTER_PURGE) && ref !== 'users.username');
    expect(unexplained).toEqual([]);
    expect(withId).toContain('posts.creator_id');
  });
});
