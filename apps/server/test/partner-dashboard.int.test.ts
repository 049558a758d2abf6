import { allocateDay } from '@quire/api';
import { Charge, Membership, PartnerEnrollment, ReadEvent } from '@quire/db';
import { earningsTexts, previousUtcDay } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/*
 * Spec §2 /me/partner/dashboard and /@{username}/partner/dashboard through the server: the writer sees the
 * day's earnings the allocation booked; anyone else gets the 404 page; a visitor is asked to sign in.
 */

const t = useTestApp();

/** An enrolled writer whose members-only story a paying member read yesterday, with yesterday allocated. */
async function writerWhoEarned() {
  const em = t.db.em();
  const writer = await buildUser(em, { isPartnerProgramEnrolled: true });
  em.create(PartnerEnrollment, { user: writer, status: 'ENROLLED' });
  const story = await buildPost(em, { creator: writer, isLocked: true, title: 'Paid by the minute' });
  const member = await buildUser(em, { mediumMemberAt: Date.now() });
  const day = previousUtcDay(new Date());
  const paidAt = new Date(`${day}T00:00:00Z`);
  const membership = em.create(Membership, {
    user: member,
    status: 'ACTIVE',
    provider: 'STRIPE',
    startedAt: paidAt,
  });
  // 3,000 cents for 30 days: 100 for the day, 90 to the writers read.
  em.create(Charge, {
    user: member,
    membership,
    amount: 3000,
    currency: 'USD',
    provider: 'STRIPE',
    status: 'SUCCEEDED',
    createdAt: paidAt,
    periodEnd: new Date(paidAt.getTime() + 30 * 86_400_000),
  });
  em.create(ReadEvent, {
    post: story,
    user: member,
    kind: 'READ',
    occurredAt: new Date(paidAt.getTime() + 3_600_000),
    readingSeconds: 120,
    isMember: true,
  });
  await em.flush();
  await allocateDay(t.db.em(), day);
  return { writer, story, token: await buildSession(t.db.em(), writer) };
}

describe('the Partner Program dashboard pages', () => {
  it('shows the writer their earnings at both addresses', async () => {
    const { writer, story, token } = await writerWhoEarned();
    for (const url of ['/me/partner/dashboard', `/@${writer.username}/partner/dashboard`]) {
      const page = await t.page(url, token);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(earningsTexts.title);
      expect(page.body).toContain(story.title);
      expect(page.body).toContain('$0.90');
      expect(page.body).toContain('href="/me/settings/payout/dashboard"');
    }
  });

  it('is the 404 page to anyone else, at a publication’s address, and asks a visitor to sign in', async () => {
    const { writer } = await writerWhoEarned();
    const other = await buildUser(t.db.em());
    const otherToken = await buildSession(t.db.em(), other);
    const theirs = await t.page(`/@${writer.username}/partner/dashboard`, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('$0.90');
    const publication = await buildCollection(t.db.em(), { creator: writer });
    expect((await t.page(`/${publication.slug}/partner/dashboard`, otherToken)).statusCode).toBe(404);
    const visitor = await t.page('/me/partner/dashboard');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain(
      `href="/m/signin?redirect=${encodeURIComponent('/me/partner/dashboard')}"`,
    );
    const visitorTheirs = await t.page(`/@${writer.username}/partner/dashboard`);
    expect(visitorTheirs.body).not.toContain('$0.90');
  });
});
