import { EmailSuppression, NewsletterSubscription } from '@quire/db';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { activeSubscriptions, ensureWriterNewsletter } from '../src/services/newsletters/core';

const db = useTestDatabase();

describe('newsletters: what every part shares', () => {
  it('makes a writer one newsletter, even when asked twice at once', async () => {
    const writer = await buildUser(db.em(), { name: 'Core Writer' });
    const [a, b] = await Promise.all([
      ensureWriterNewsletter(db.em(), writer),
      ensureWriterNewsletter(db.em(), writer),
    ]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ type: 'AUTHOR', name: 'Core Writer', slug: writer.username });
  });

  it('sends an issue only to confirmed, subscribed addresses that are not suppressed, page by page', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Core Sender' });
    const newsletter = await ensureWriterNewsletter(em, writer);
    const now = new Date();
    const row = (email: string, extra: Partial<NewsletterSubscription> = {}) =>
      em.create(NewsletterSubscription, {
        newsletter,
        email,
        entityKind: 'AUTHOR',
        confirmedAt: now,
        ...extra,
      });
    row('one@example.com');
    row('two@example.com');
    row('unconfirmed@example.com', { confirmedAt: null });
    row('left@example.com', { unsubscribedAt: now });
    row('bounced@example.com');
    em.create(EmailSuppression, { address: 'bounced@example.com', reason: 'BOUNCE' });
    await em.flush();

    const first = await activeSubscriptions(db.em(), newsletter.id, { limit: 1 });
    const rest = await activeSubscriptions(db.em(), newsletter.id, { limit: 10, after: first[0]!.id });
    expect([...first, ...rest].map((s) => s.email).sort()).toEqual(['one@example.com', 'two@example.com']);
  });
});
