import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Membership, User } from '@quire/db';
import { ACCOUNT_DELETION_GRACE_DAYS, formatLongDate, accountDeletionTexts as texts } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { TRPCError } from '@trpc/server';
import { enforce } from '../policies';
import { revokeAllSessions } from './auth/sessions';
import { purgeCacheTags } from './cache-purge';
import type { ServiceEnvironment } from './environment';
import { setMembershipCancel } from './membership/payments';
import { forgetSubscriber } from './newsletters/subscriptions';

/*
 * Deleting an account (spec §3 PostResult AccountDeleted, §2 /m/goodbye). Closing is at once: the profile and
 * stories disappear (their pages say 'This account has been deleted.'), every session ends, a paid
 * subscription is cancelled at its period's end through the membership code. The personal data goes
 * ACCOUNT_DELETION_GRACE_DAYS later, in `purgeDeletedAccounts`: rows that only mean something for the person
 * are deleted, stories keep an empty tombstone, records others rely on (charges, earnings, read counts)
 * keep no more than an anonymous id.
 */

const DAY_MS = 86_400_000;

/** Closes the viewer's account once they typed their username; the page then goes to /m/goodbye. */
export async function deleteAccount(
  em: EntityManager,
  env: ServiceEnvironment,
  viewer: User,
  input: { confirmUsername: string },
  now: Date,
): Promise<{ redirect: string; purgeAfter: string }> {
  await enforce(em, viewer, 'actAs', viewer);
  if (input.confirmUsername.trim().replace(/^@/, '').toLowerCase() !== viewer.username.toLowerCase())
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.confirmMismatch });
  const paid = await em.count(Membership, {
    user: viewer.id,
    provider: { $ne: 'MEDIUM_GIFT' },
    status: { $in: ['ACTIVE', 'TRIALING', 'PAST_DUE'] },
    cancelAtPeriodEnd: false,
  });
  if (paid) await setMembershipCancel(em, env, viewer, true, `account-deletion:${viewer.id}`, now);
  const user = await em.findOneOrFail(User, viewer.id);
  user.isDeleted = true;
  user.deletedAt = now;
  await revokeAllSessions(em, viewer.id, now);
  // Their profile and stories say the account was deleted at once, not when a kept page or story times out.
  await purgeCacheTags(em, [`user-${viewer.id}`]);
  const purgeAfter = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  if (user.email) {
    enqueueEmail(em, {
      category: 'security',
      to: user.email,
      subject: texts.emailSubject(env.productName),
      template: 'account-deleted',
      payload: { text: texts.emailText(env.productName, formatLongDate(purgeAfter)) },
    });
  }
  await em.flush();
  return { redirect: '/m/goodbye', purgeAfter: purgeAfter.toISOString() };
}

/**
 * Where a deleted account's id may stay after the purge, and why: nothing in these rows says who the person
 * was. Every other row that names the user is deleted (a new table is covered without a change here).
 */
export const KEPT_AFTER_PURGE: Readonly<Record<string, string>> = {
  'users.id': 'the anonymous tombstone others point to',
  'posts.creator_id':
    "stories and responses stay as empty tombstones, so their pages say 'This account has been deleted.'",
  'collections.creator_id': 'a publication others write for outlives its founder',
  'memberships.user_id': 'membership and charge records are kept for accounting',
  'charges.user_id': 'membership and charge records are kept for accounting',
  'gifts.purchaser_id': 'a gift bought is a charge record, and its code may still be redeemed',
  'gifts.redeemed_by_id': 'a redeemed gift is a charge record',
  'gift_redemptions.user_id': 'counts how often a group gift was redeemed',
  'earnings.user_id': 'Partner Program earnings are kept for accounting',
  'payouts.user_id': 'Partner Program payouts are kept for accounting',
  'payment_events.payload': 'the payment provider events, kept as received for accounting',
  'payment_events.provider_event_id':
    'the keys of membership changes made here, kept with the events for accounting',
  'dev_payment_states.state':
    "the test-mode payment provider's own records, as a real provider keeps its customers",
};

/** Foreign keys to users.id that become null instead of deleting the row (anonymous counts others rely on). */
const NULLED = new Set([
  'read_events.user_id',
  'analytics_events.user_id',
  'notifications.actor_id',
  'reports.reporter_id',
  'sessions.spoofed_by_id',
  'media.uploader_id',
  'post_versions.created_by_id',
  'signup_attempts.user_id',
]);

/** Every foreign key column that points at users.id, as 'table.column'. */
async function userReferences(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ ref: string }[]>(
    `select c.conrelid::regclass::text || '.' || a.attname as ref
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass and c.conrelid <> 'users'::regclass
      order by 1`,
  );
  return rows.map((r) => r.ref.replaceAll('"', ''));
}

/** Removes the personal data of one deleted account, in the caller's transaction. */
export async function purgeAccount(em: EntityManager, userId: string, now: Date): Promise<void> {
  const user = await em.findOneOrFail(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user.isDeleted || user.purgedAt) return;
  const email = user.email;
  // A publication keeps an owner: its oldest editor (or writer) takes over from a departing sole owner.
  await em.execute(
    `update collection_members m set role = 'OWNER', updated_at = now()
      where m.id in (
        select distinct on (o.collection_id) n.id
          from collection_members o
          join collection_members n on n.collection_id = o.collection_id and n.user_id <> o.user_id
         where o.user_id = ? and o.role = 'OWNER'
           and not exists (select 1 from collection_members x
                            where x.collection_id = o.collection_id and x.role = 'OWNER' and x.user_id <> o.user_id)
         order by o.collection_id, case n.role when 'EDITOR' then 0 else 1 end, n.created_at, n.id)`,
    [userId],
  );
  // Stories become tombstones: no title, text or history; their pages answer AccountDeleted.
  await em.execute(`delete from post_versions where post_id in (select id from posts where creator_id = ?)`, [
    userId,
  ]);
  await em.execute(
    `delete from post_search_texts where post_id in (select id from posts where creator_id = ?)`,
    [userId],
  );
  await em.execute(
    `update posts set title = '', subtitle = null, slug = '', unique_slug = id, content = '{"paragraphs":[]}'::jsonb,
            preview_image_id = null, preview_title = null, preview_subtitle = null, share_key = null,
            word_count = 0, reading_time = 0, updated_at = now()
      where creator_id = ?`,
    [userId],
  );
  // What others kept of those stories' words: highlights and private notes on them.
  for (const table of ['highlights', 'notes'])
    await em.execute(`delete from ${table} where post_id in (select id from posts where creator_id = ?)`, [
      userId,
    ]);
  // Newsletter subscriptions, the account's and those made signed out at its address, leave their counts first.
  await forgetSubscriber(em, userId, email ?? null);
  for (const ref of await userReferences(em)) {
    if (ref in KEPT_AFTER_PURGE) continue;
    const [table, column] = ref.split('.') as [string, string];
    const sql = NULLED.has(ref)
      ? `update "${table}" set "${column}" = null where "${column}" = ?`
      : `delete from "${table}" where "${column}" = ?`;
    await em.execute(sql, [userId]);
  }
  // Their follower log names them as plain text, not a foreign key, so it goes by hand.
  await em.execute(`delete from follower_changes where subject_kind = 'USER' and subject_id = ?`, [userId]);
  // Others' rolled-up notifications ('Ada and 3 others followed you') forget them too.
  await em.execute(
    `update notifications
        set rollup_items = coalesce((select jsonb_agg(item) from jsonb_array_elements(rollup_items) item
                                      where item->>'actorId' <> ?), '[]'::jsonb)
      where rollup_items @> jsonb_build_array(jsonb_build_object('actorId', ?::text))`,
    [userId, userId],
  );
  if (email) {
    // Mail to the address, and sign-up attempts that named it, go with it.
    await em.execute(`delete from email_outbox where lower("to") = lower(?)`, [email]);
    await em.execute(`delete from auth_tokens where lower(email) = lower(?)`, [email]);
    await em.execute(`delete from signup_attempts where lower(email) = lower(?)`, [email]);
    // Newsletter recipients and suppressed addresses are keyed by the address itself: neither keeps it.
    await em.execute('delete from newsletter_deliveries where lower(address) = lower(?)', [email]);
    await em.execute('delete from email_suppressions where lower(address) = lower(?)', [email]);
  }
  Object.assign(user, {
    name: '',
    username: `deleted-${user.id}`,
    email: null,
    unverifiedEmail: null,
    emailVerifiedAt: null,
    bio: '',
    imageId: null,
    passwordHash: null,
    tippingLink: null,
    twitterScreenName: null,
    geolocationCountry: null,
    purgedAt: now,
  });
  await em.flush();
}

/** The purge job: every account deleted more than the grace period ago and not purged yet, each in its own transaction. */
export async function purgeDeletedAccounts(em: EntityManager, now: Date, limit = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const due = await em.find(
    User,
    { isDeleted: true, purgedAt: null, deletedAt: { $lte: cutoff } },
    { fields: ['id'], limit, orderBy: { deletedAt: 'asc' } },
  );
  for (const { id } of due) await em.fork().transactional((tx) => purgeAccount(tx, id, now));
  return due.length;
}
