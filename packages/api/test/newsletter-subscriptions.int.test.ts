import { Collection, EmailOutbox, Newsletter, NewsletterSubscription, type User } from '@quire/db';
import { newsletterAccessTexts, newsletterSubscribeTexts } from '@quire/domain';
import { buildCollection, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { callerAs, refusal, testClock } from './auth-helpers';

/*
 * Subscribing to and leaving newsletters: one click signed in, by email (confirmed from the email) signed out,
 * exact counts under concurrency, private publications hidden, hostile addresses refused with nothing written.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-28T12:00:00Z'));
const api = (viewer: User | null) => callerAs(db, clock, viewer);
const MINUTE = 60_000;

const countOf = async (newsletterId: string) =>
  (await db.em().findOneOrFail(Newsletter, newsletterId, { refresh: true })).subscriberCount;

/** A publication with a newsletter of its own. */
async function publicationWithNewsletter(owner: User) {
  const em = db.em();
  const publication = await buildCollection(em, { creator: owner });
  const newsletter = em.create(Newsletter, {
    name: `${publication.name} Weekly`,
    slug: 'weekly',
    type: 'COLLECTION',
    collection: publication,
  });
  await em.flush();
  return { publication, newsletter };
}

/** The token of the newest confirmation email to an address (the link's last segment). */
async function confirmTokenFor(to: string) {
  const mails = await db
    .em()
    .find(
      EmailOutbox,
      { to, template: 'newsletter-confirm' },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  const link = String(mails[0]?.payload.link ?? '');
  return { count: mails.length, token: link.split('/').pop() ?? '', link, mail: mails[0] };
}

describe('subscribing signed in', () => {
  it('subscribes in one click, says so again without counting twice, leaves and comes back', async () => {
    const writer = await buildUser(db.em(), { name: 'Letter Writer' });
    const reader = await buildUser(db.em());
    // No newsletter before its first subscriber: it is made then.
    expect(await api(reader).newsletters.state({ userId: writer.id })).toMatchObject({
      newsletter: null,
      subscribed: false,
    });
    const first = await api(reader).newsletters.subscribe({ userId: writer.id });
    expect(first.outcome).toBe('SUBSCRIBED');
    expect(first.newsletter).toMatchObject({ name: 'Letter Writer', type: 'AUTHOR', subscriberCount: 1 });
    const again = await api(reader).newsletters.subscribe({ userId: writer.id });
    expect(again.outcome).toBe('SUBSCRIBED_ALREADY');
    expect(await countOf(first.newsletter.id)).toBe(1);
    expect(await api(reader).newsletters.state({ userId: writer.id })).toMatchObject({ subscribed: true });

    const row = await db.em().findOneOrFail(NewsletterSubscription, { user: reader.id });
    expect(row.email).toBe(reader.email);
    expect(row.confirmedAt).not.toBeNull();

    expect(await api(reader).newsletters.unsubscribe({ userId: writer.id })).toMatchObject({
      unsubscribed: true,
      subscriberCount: 0,
    });
    // Leaving twice changes nothing more.
    expect(await api(reader).newsletters.unsubscribe({ newsletterId: first.newsletter.id })).toMatchObject({
      unsubscribed: false,
      subscriberCount: 0,
    });
    expect(await api(reader).newsletters.state({ newsletterId: first.newsletter.id })).toMatchObject({
      subscribed: false,
    });
    const back = await api(reader).newsletters.subscribe({ newsletterId: first.newsletter.id });
    expect(back.outcome).toBe('SUBSCRIBED');
    expect(await countOf(first.newsletter.id)).toBe(1);
    expect(await db.em().count(NewsletterSubscription, { newsletter: first.newsletter.id })).toBe(1);
  });

  it('refuses a writer their own newsletter (SUBSCRIBE_SELF), and an unknown writer', async () => {
    const writer = await buildUser(db.em());
    expect(await refusal(api(writer).newsletters.subscribe({ userId: writer.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: newsletterAccessTexts.subscribeSelf,
    });
    expect(await db.em().count(Newsletter, { user: writer.id })).toBe(0);
    expect((await refusal(api(writer).newsletters.subscribe({ userId: 'ffffffffffff' })))?.code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(api(null).newsletters.subscribe({ userId: writer.id })))?.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('hides a private publication’s newsletter from strangers, and lists it for its members', async () => {
    const owner = await buildUser(db.em());
    const stranger = await buildUser(db.em());
    const { publication, newsletter } = await publicationWithNewsletter(owner);
    await api(stranger).newsletters.subscribe({ collectionId: publication.id });
    await db.em().nativeUpdate(Collection, publication.id, { visibility: 'PRIVATE' });

    expect(await refusal(api(stranger).newsletters.subscribe({ newsletterId: newsletter.id }))).toEqual({
      code: 'NOT_FOUND',
      message: newsletterAccessTexts.notFound,
    });
    expect(await api(stranger).newsletters.state({ collectionId: publication.id })).toMatchObject({
      newsletter: null,
      subscribed: false,
    });
    expect((await api(stranger).newsletters.mine()).subscriptions).toEqual([]);
    // Leaving never needs sight of it.
    expect(await api(stranger).newsletters.unsubscribe({ collectionId: publication.id })).toMatchObject({
      unsubscribed: true,
    });
    // Its owner still sees it, and subscribes (a publication's newsletter is not its owner's own).
    expect((await api(owner).newsletters.subscribe({ collectionId: publication.id })).outcome).toBe(
      'SUBSCRIBED',
    );
    const mine = await api(owner).newsletters.mine();
    expect(mine.subscriptions.map((s) => [s.newsletter.id, s.publication?.id])).toEqual([
      [newsletter.id, publication.id],
    ]);
  });

  it('counts exactly under concurrency: one reader twice at once counts once, two readers count two', async () => {
    const writer = await buildUser(db.em());
    const [a, b] = [await buildUser(db.em()), await buildUser(db.em())];
    const twice = await Promise.all([
      api(a).newsletters.subscribe({ userId: writer.id }),
      api(a).newsletters.subscribe({ userId: writer.id }),
    ]);
    expect(twice.map((r) => r.outcome).sort()).toEqual(['SUBSCRIBED', 'SUBSCRIBED_ALREADY']);
    const id = twice[0]!.newsletter.id;
    expect(await countOf(id)).toBe(1);
    await Promise.all([
      api(b).newsletters.subscribe({ userId: writer.id }),
      api(a).newsletters.unsubscribe({ userId: writer.id }),
    ]);
    expect(await countOf(id)).toBe(1);
    const c = await buildUser(db.em());
    await Promise.all([
      api(a).newsletters.subscribe({ userId: writer.id }),
      api(c).newsletters.subscribe({ userId: writer.id }),
      api(b).newsletters.unsubscribe({ userId: writer.id }),
      api(b).newsletters.unsubscribe({ userId: writer.id }),
    ]);
    expect(await countOf(id)).toBe(2);
    expect(
      await db
        .em()
        .count(NewsletterSubscription, { newsletter: id, confirmedAt: { $ne: null }, unsubscribedAt: null }),
    ).toBe(2);
  });

  it('lists the viewer’s newsletters, with their own box for a writer', async () => {
    const writer = await buildUser(db.em(), { name: 'Box Writer' });
    const reader = await buildUser(db.em());
    const other = await buildUser(db.em(), { name: 'Other Writer' });
    expect(await api(reader).newsletters.mine()).toEqual({ subscriptions: [], own: null });
    await api(reader).newsletters.subscribe({ userId: writer.id });
    await api(writer).newsletters.subscribe({ userId: other.id });
    const mine = await api(reader).newsletters.mine();
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({
      newsletter: { name: 'Box Writer' },
      writer: { id: writer.id, username: writer.username },
      publication: null,
    });
    expect((await api(writer).newsletters.mine()).own).toMatchObject({
      name: 'Box Writer',
      subscriberCount: 1,
    });
  });

  it('lazily enables a writer’s newsletter for the writer only', async () => {
    const writer = await buildUser(db.em(), { name: 'Lazy Writer' });
    const other = await buildUser(db.em());
    expect((await refusal(api(other).newsletters.lazilyEnableWriter({ userId: writer.id })))?.code).toBe(
      'NOT_FOUND',
    );
    expect(await db.em().count(Newsletter, { user: writer.id })).toBe(0);
    const made = await api(writer).newsletters.lazilyEnableWriter({ userId: writer.id });
    expect(made).toMatchObject({ name: 'Lazy Writer', type: 'AUTHOR', subscriberCount: 0 });
    expect((await api(writer).newsletters.lazilyEnableWriter({ userId: writer.id })).id).toBe(made.id);
  });
});

describe('subscribing by email, signed out', () => {
  it('mails a confirmation link; nothing counts until it is opened, and a link works once', async () => {
    const writer = await buildUser(db.em(), { name: 'Email Writer' });
    const address = `visitor-${Date.now()}@example.com`;
    expect(
      await api(null).newsletters.subscribeByEmail({
        userId: writer.id,
        email: `  ${address.toUpperCase()} `,
      }),
    ).toEqual({
      ok: true,
    });
    const row = await db.em().findOneOrFail(NewsletterSubscription, { email: address });
    expect(row).toMatchObject({ user: null, source: 'READER', confirmedAt: null });
    expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const { token, link, mail } = await confirmTokenFor(address);
    expect(link).toContain('/m/newsletter/confirm/');
    expect(mail?.payload.category).toBe('security');
    // The stored hash is not the token.
    expect(row.confirmTokenHash).not.toContain(token);
    expect(await countOf(row.newsletter.id)).toBe(0);

    expect(await refusal(api(null).newsletters.confirm({ token: 'not-the-token' }))).toEqual({
      code: 'NOT_FOUND',
      message: newsletterSubscribeTexts.invalidToken,
    });
    const confirmed = await api(null).newsletters.confirm({ token });
    expect(confirmed.newsletter).toMatchObject({ name: 'Email Writer', subscriberCount: 1 });
    const after = await db.em().findOneOrFail(NewsletterSubscription, row.id, { refresh: true });
    expect(after.confirmedAt).not.toBeNull();
    expect(after.confirmTokenHash).toBeNull();
    // A spent link is refused and counts nothing.
    expect((await refusal(api(null).newsletters.confirm({ token })))?.code).toBe('NOT_FOUND');
    expect(await countOf(row.newsletter.id)).toBe(1);
  });

  it('mails an address at most once every 10 minutes, answering the same either way', async () => {
    const writer = await buildUser(db.em());
    const address = `flood-${Date.now()}@example.com`;
    const ask = () => api(null).newsletters.subscribeByEmail({ userId: writer.id, email: address });
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect((await confirmTokenFor(address)).count).toBe(1);
    clock.advance(9 * MINUTE);
    expect(await ask()).toEqual({ ok: true });
    expect((await confirmTokenFor(address)).count).toBe(1);
    clock.advance(2 * MINUTE);
    await ask();
    const second = await confirmTokenFor(address);
    expect(second.count).toBe(2);
    // The newest link confirms; an active subscription gets no more mail.
    await api(null).newsletters.confirm({ token: second.token });
    clock.advance(60 * MINUTE);
    expect(await ask()).toEqual({ ok: true });
    expect((await confirmTokenFor(address)).count).toBe(2);
  });

  it('lets a signed-in reader take over what they subscribed by email at their address', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    await api(null).newsletters.subscribeByEmail({ userId: writer.id, email: reader.email! });
    const result = await api(reader).newsletters.subscribe({ userId: writer.id });
    expect(result).toMatchObject({ outcome: 'SUBSCRIBED', newsletter: { subscriberCount: 1 } });
    const rows = await db.em().find(NewsletterSubscription, { newsletter: result.newsletter.id });
    expect(rows.map((r) => [r.user?.id, r.confirmTokenHash])).toEqual([[reader.id, null]]);
  });

  it('refuses a NUL, a lone surrogate or an overlong address with a clear error and writes nothing', async () => {
    const writer = await buildUser(db.em());
    const before = await db.em().count(NewsletterSubscription, {});
    const mailsBefore = await db.em().count(EmailOutbox, { template: 'newsletter-confirm' });
    for (const email of [
      'a\u0000b@example.com',
      'a\uD800b@example.com',
      `${'a'.repeat(250)}@example.com`,
      'no-at-sign',
    ]) {
      const refused = await refusal(api(null).newsletters.subscribeByEmail({ userId: writer.id, email }));
      expect(refused?.code).toBe('BAD_REQUEST');
      expect(refused?.message).toMatch(/email/i);
    }
    expect(await db.em().count(NewsletterSubscription, {})).toBe(before);
    expect(await db.em().count(EmailOutbox, { template: 'newsletter-confirm' })).toBe(mailsBefore);
    expect(await db.em().count(Newsletter, { user: writer.id })).toBe(0);
  });

  it('hides a private publication’s newsletter from a visitor', async () => {
    const owner = await buildUser(db.em());
    const { publication } = await publicationWithNewsletter(owner);
    await db.em().nativeUpdate(Collection, publication.id, { visibility: 'PRIVATE' });
    const email = `private-${Date.now()}@example.com`;
    expect(
      (await refusal(api(null).newsletters.subscribeByEmail({ collectionId: publication.id, email })))?.code,
    ).toBe('NOT_FOUND');
    expect(await db.em().count(NewsletterSubscription, { email })).toBe(0);
  });
});
