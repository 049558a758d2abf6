import {
  EmailOutbox,
  EmailSuppression,
  type Newsletter,
  NewsletterDelivery,
  NewsletterEmail,
  NewsletterSubscription,
  Post,
  type User,
} from '@quire/db';
import type { PostContent } from '@quire/domain';
import {
  createNewsletterTransport,
  type EmailLinkSigner,
  type NewsletterMailer,
  outboxNewsletterMailer,
  smtpNewsletterMailer,
  verifyNewsletterLink,
} from '@quire/mail';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { decodeQuotedPrintable, startSmtpSink } from '@quire/test-harness/smtp-sink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWriterNewsletter } from '../src/services/newsletters/core';
import { queueIssue } from '../src/services/newsletters/issues';
import {
  claimDeliveries,
  fanOutQueuedIssues,
  type NewsletterSendOptions,
  sendClaimed,
  sendNewsletters,
} from '../src/services/newsletters/sending';
import { callerAs, testClock } from './auth-helpers';

/*
 * Sending newsletter issues over real SMTP (smtp-server on loopback, nodemailer's pooled transport): each
 * recipient exactly once even when a worker dies mid-batch, skips, bounces, retries, the headers and parts of
 * each copy, members-only previews, and the per-story switch of publishing.
 */

const db = useTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let mailer: NewsletterMailer;
const links: EmailLinkSigner = { publicUrl: 'http://quire.test', secret: 'n'.repeat(64) };
const LEASE = 60_000;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = smtpNewsletterMailer(createNewsletterTransport(sink.url, { ratePerSecond: 1000 }));
});
afterAll(async () => {
  mailer.close();
  await sink.close();
});

let seq = 0;
/** A writer with a newsletter and `count` confirmed subscribers at fresh addresses. */
async function newsletterWith(count: number, opts: { track?: boolean } = {}) {
  const em = db.em();
  const writer = await buildUser(em, { name: `Sender ${++seq}` });
  const newsletter = await ensureWriterNewsletter(em, writer);
  newsletter.trackEngagement = opts.track ?? true;
  const addresses: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `r${seq}-${i}@example.com`;
    addresses.push(email);
    em.create(NewsletterSubscription, { newsletter, email, entityKind: 'AUTHOR', confirmedAt: new Date() });
  }
  await em.flush();
  return { writer, newsletter, addresses };
}

async function queueStory(newsletter: Newsletter, writer: User, post?: Post) {
  const em = db.em();
  const story = post ?? (await buildPost(em, { creator: writer, title: `Issue story ${++seq}` }));
  const issue = await em.transactional((tx) =>
    queueIssue(tx, { newsletter, post: story, subject: story.title, body: null, createdBy: writer }),
  );
  return { story, issue };
}

const options = (now: Date, extra: Partial<NewsletterSendOptions> = {}): NewsletterSendOptions => ({
  mailer,
  from: 'Quire <noreply@quire.test>',
  links,
  now: () => now,
  leaseMs: LEASE,
  ...extra,
});

const issueRow = (id: string) => db.em().findOneOrFail(NewsletterEmail, id, { refresh: true });
const deliveryAt = (emailId: string, address: string) =>
  db.em().findOneOrFail(NewsletterDelivery, { email: emailId, address });

describe('sending an issue', () => {
  it('gets it to every subscriber exactly once when a worker dies mid-batch', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(30);
    const { issue } = await queueStory(newsletter, writer);
    const t0 = new Date();
    expect(await fanOutQueuedIssues(db.em())).toBe(1);
    // A second fan-out (a retried job) writes nobody twice.
    expect(await fanOutQueuedIssues(db.em())).toBe(0);
    expect((await issueRow(issue.id)).recipientCount).toBe(30);

    // Worker A claims a batch, commits the claim, and dies before sending anything.
    const abandoned = await claimDeliveries(db.em(), { now: t0, limit: 10, leaseMs: LEASE });
    expect(abandoned).toHaveLength(10);
    // Worker B, while A's lease holds: sends the rest, and its one crash after a send leaves a copy out.
    // The crash hits an address of B's share (A's ten are random: deliveries are claimed by their random ids).
    const claimed = await db.em().find(NewsletterDelivery, { id: { $in: abandoned } });
    const claimedAddresses = new Set(claimed.map((d) => d.address));
    const crashed = addresses.find((a) => !claimedAddresses.has(a))!;
    const crashOnce = new Set([crashed]);
    const flaky: NewsletterMailer = {
      async send(em, mail) {
        await mailer.send(em, mail);
        if (crashOnce.delete(mail.to)) throw new Error('worker killed after the copy left');
      },
      close() {},
    };
    const b = await sendNewsletters(db.em(), options(t0, { mailer: flaky }));
    expect(b.SENT).toBe(19);
    expect((await issueRow(issue.id)).status).toBe('SENDING');
    // Once the lease passes, worker C takes A's batch back; the crashed copy is retried after its backoff.
    const later = new Date(t0.getTime() + 10 * 60_000);
    const c = await sendNewsletters(db.em(), options(later));
    expect(c.SENT).toBe(11);

    for (const address of addresses) {
      const copies = sink.to(address);
      expect(copies.length, address).toBeGreaterThanOrEqual(1);
      // A copy sent again after a crash is the same message (one Message-ID per recipient).
      expect(new Set(copies.map((m) => m.messageId)).size, address).toBe(1);
    }
    // Only the copy whose send the crash cut short went twice.
    for (const address of addresses)
      expect(sink.to(address), address).toHaveLength(address === crashed ? 2 : 1);
    const ids = new Set(addresses.map((a) => sink.to(a)[0]!.messageId));
    expect(ids.size).toBe(30);
    const done = await issueRow(issue.id);
    expect(done).toMatchObject({ status: 'SENT', recipientCount: 30, deliveredCount: 30, bouncedCount: 0 });
    expect(done.sentAt).not.toBeNull();
  });

  it('counts a copy once when a worker whose lease passed finishes after another sent it', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(4);
    const { issue } = await queueStory(newsletter, writer);
    const t0 = new Date();
    await fanOutQueuedIssues(db.em());
    // Worker A claims everything and stalls; after its lease worker C takes the rows back and sends them.
    const stalled = await claimDeliveries(db.em(), { now: t0, limit: 10, leaseMs: LEASE });
    expect(stalled).toHaveLength(4);
    const later = new Date(t0.getTime() + LEASE + 1000);
    expect((await sendNewsletters(db.em(), options(later))).SENT).toBe(4);
    // A wakes up and sends its batch: the copies go again (same Message-ID), but nothing is counted or written twice.
    const late = await sendClaimed(db.em(), stalled, options(later));
    expect(late.SENT).toBe(4);
    const done = await issueRow(issue.id);
    expect(done).toMatchObject({ status: 'SENT', deliveredCount: 4, recipientCount: 4 });
    for (const address of addresses) {
      const copies = sink.to(address);
      expect(copies).toHaveLength(2);
      expect(copies[0]!.messageId).toBe(copies[1]!.messageId);
    }
  });

  it('puts each recipient’s own signed links into the one rendering of the issue', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(3);
    const { issue } = await queueStory(newsletter, writer);
    await sendNewsletters(db.em(), options(new Date()));
    const linkPattern =
      /\/_\/newsletter\/(click|open|unsubscribe)\/([0-9a-f]{16})\/([\w-]+?)(?:\.gif)?(?:\?url=([^"\s<>&]+))?(?=["\s<>&]|$)/g;
    const seen = new Set<string>();
    for (const address of addresses) {
      const delivery = await deliveryAt(issue.id, address);
      const body = decodeQuotedPrintable(sink.to(address)[0]!.raw);
      expect(body).not.toContain('QLINK');
      const found = [...body.matchAll(linkPattern)];
      // The story link (title and button, both parts), the unsubscribe link (both parts) and the pixel.
      expect(new Set(found.map((m) => m[1])).size).toBe(3);
      for (const [, kind, id, sig, url] of found) {
        expect(id).toBe(delivery.id);
        const target = url ? decodeURIComponent(url) : '';
        expect(
          verifyNewsletterLink(links.secret, kind as 'click', id!, sig!, target),
          `${kind} ${target}`,
        ).toBe(true);
        seen.add(sig!);
      }
    }
    // Three recipients, three different sets of signatures.
    expect(seen.size).toBe(9);
  });

  it('stops a pass when its worker stops, putting the copies it did not send back in the queue', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(5);
    const { issue } = await queueStory(newsletter, writer);
    const stopping = new AbortController();
    const stopAfterOne: NewsletterMailer = {
      async send(em, mail) {
        await mailer.send(em, mail);
        stopping.abort();
      },
      close() {},
    };
    const t0 = new Date();
    const first = await sendNewsletters(
      db.em(),
      options(t0, { mailer: stopAfterOne, signal: stopping.signal, concurrency: 1 }),
    );
    expect(first.SENT).toBe(1);
    const rows = await db.em().find(NewsletterDelivery, { email: issue.id }, { orderBy: { status: 'asc' } });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['PENDING', 0],
      ['PENDING', 0],
      ['PENDING', 0],
      ['PENDING', 0],
      ['SENT', 1],
    ]);
    // The next pass sends the rest at once (no lease to wait for), each once.
    expect((await sendNewsletters(db.em(), options(t0))).SENT).toBe(4);
    for (const address of addresses) expect(sink.to(address)).toHaveLength(1);
    expect(await issueRow(issue.id)).toMatchObject({ status: 'SENT', deliveredCount: 5 });
  });

  it('skips addresses suppressed or unsubscribed after the fan-out', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(3);
    const { issue } = await queueStory(newsletter, writer);
    await fanOutQueuedIssues(db.em());
    const em = db.em();
    em.create(EmailSuppression, { address: addresses[0]!, reason: 'COMPLAINT' });
    await em.nativeUpdate(NewsletterSubscription, { email: addresses[1]! }, { unsubscribedAt: new Date() });
    await em.flush();
    const totals = await sendNewsletters(db.em(), options(new Date()));
    expect(totals).toMatchObject({ SENT: 1, SKIPPED: 2 });
    expect(sink.to(addresses[0]!)).toHaveLength(0);
    expect(sink.to(addresses[1]!)).toHaveLength(0);
    expect(sink.to(addresses[2]!)).toHaveLength(1);
    expect((await deliveryAt(issue.id, addresses[1]!)).status).toBe('SKIPPED');
    expect(await issueRow(issue.id)).toMatchObject({ status: 'SENT', deliveredCount: 1 });
  });

  it('sends nothing more of a story that was trashed or unpublished after its issue was queued', async () => {
    for (const withdraw of [{ deletedAt: new Date() }, { status: 'DRAFT' as const }, { isSuspended: true }]) {
      const { writer, newsletter, addresses } = await newsletterWith(2);
      const { issue, story } = await queueStory(newsletter, writer);
      await fanOutQueuedIssues(db.em());
      await db.em().nativeUpdate(Post, { id: story.id }, withdraw);
      const totals = await sendNewsletters(db.em(), options(new Date()));
      expect(totals, JSON.stringify(withdraw)).toMatchObject({ SENT: 0, SKIPPED: 2 });
      for (const address of addresses) expect(sink.to(address)).toHaveLength(0);
      expect((await deliveryAt(issue.id, addresses[0]!)).error).toBe('story withdrawn');
    }
  });

  it('marks a permanent refusal (550) BOUNCED, suppresses the address and never sends to it again', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(2);
    const dead = addresses[0]!;
    sink.permanent.add(dead);
    const first = await queueStory(newsletter, writer);
    await sendNewsletters(db.em(), options(new Date()));
    const delivery = await deliveryAt(first.issue.id, dead);
    expect(delivery.status).toBe('BOUNCED');
    expect(delivery.error).toContain('550');
    expect(await db.em().findOne(EmailSuppression, dead)).toMatchObject({ reason: 'BOUNCE' });
    expect(await issueRow(first.issue.id)).toMatchObject({
      status: 'SENT',
      bouncedCount: 1,
      deliveredCount: 1,
    });
    // The next issue does not even list it.
    const second = await queueStory(newsletter, writer);
    await sendNewsletters(db.em(), options(new Date()));
    expect(await db.em().count(NewsletterDelivery, { email: second.issue.id, address: dead })).toBe(0);
    expect(await issueRow(second.issue.id)).toMatchObject({ recipientCount: 1, deliveredCount: 1 });
    expect(sink.to(dead)).toHaveLength(0);
  });

  it('retries a temporary refusal (4xx) with backoff, and gives up after the last delay', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(2);
    const [slow, never] = addresses as [string, string];
    sink.transient.set(slow, 1);
    sink.transient.set(never, 99);
    const { issue } = await queueStory(newsletter, writer);
    const t0 = new Date();
    await sendNewsletters(db.em(), options(t0));
    const waiting = await deliveryAt(issue.id, slow);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(waiting.availableAt.getTime()).toBe(t0.getTime() + 60_000);
    // Not before its time.
    expect((await sendNewsletters(db.em(), options(new Date(t0.getTime() + 30_000)))).SENT).toBe(0);
    const after = await sendNewsletters(db.em(), options(new Date(t0.getTime() + 61_000)));
    expect(after.SENT).toBe(1);
    expect(sink.to(slow)).toHaveLength(1);
    // The other keeps failing: 5 attempts in all (1, 5, 30 min, 2 h apart), then FAILED and the issue is done.
    let t = t0.getTime() + 61_000;
    for (const delay of [300_000, 1_800_000, 7_200_000]) {
      t += delay + 1000;
      await sendNewsletters(db.em(), options(new Date(t)));
    }
    expect(await deliveryAt(issue.id, never)).toMatchObject({ status: 'FAILED', attempts: 5 });
    expect(await issueRow(issue.id)).toMatchObject({ status: 'SENT', deliveredCount: 1 });
    expect(await db.em().findOne(EmailSuppression, never)).toBeNull();
  });

  it('carries the newsletter name, the story link, a plain-text part and RFC 8058 unsubscribe headers', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(1);
    const { story, issue } = await queueStory(newsletter, writer);
    await sendNewsletters(db.em(), options(new Date()));
    const [mail] = sink.to(addresses[0]!);
    const delivery = await deliveryAt(issue.id, addresses[0]!);
    expect(mail!.headers['list-unsubscribe']).toBe(
      `<http://quire.test/_/newsletter/unsubscribe/${delivery.id}/${mail!.headers['list-unsubscribe']!.split('/').pop()!.slice(0, -1)}>`,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.messageId).toBe(`<newsletter.${delivery.id}@quire.test>`);
    expect(delivery.messageId).toBe(mail!.messageId);
    expect(mail!.headers['content-type']).toContain('multipart/alternative');
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain(newsletter.name);
    expect(body).toContain('Manage your email settings');
    expect(body).toContain('The first line of the story.');
    // Tracking on: links are signed redirects to the story, and a pixel is added.
    expect(body).toContain(`/_/newsletter/click/${delivery.id}/`);
    expect(body).toContain(encodeURIComponent(`http://quire.test/@${writer.username}/`));
    expect(body).toContain(`/_/newsletter/open/${delivery.id}/`);
    expect(story.id).toBeTruthy();
  });

  it('adds no pixel and no redirects when the newsletter does not track engagement', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(1, { track: false });
    await queueStory(newsletter, writer);
    await sendNewsletters(db.em(), options(new Date()));
    const body = decodeQuotedPrintable(sink.to(addresses[0]!)[0]!.raw);
    expect(body).not.toContain('/_/newsletter/open/');
    expect(body).not.toContain('/_/newsletter/click/');
    expect(body).toContain(`http://quire.test/@${newsletter.slug}/`);
  });

  it('mails a members-only story whole to a member and as a preview to anyone else', async () => {
    const em = db.em();
    const { writer, newsletter, addresses } = await newsletterWith(1);
    const member = await buildUser(em, { name: 'Paying Reader', mediumMemberAt: Date.now() });
    em.create(NewsletterSubscription, {
      newsletter,
      user: member,
      email: member.email!,
      entityKind: 'AUTHOR',
      confirmedAt: new Date(),
    });
    await em.flush();
    const content: PostContent = {
      paragraphs: [
        { name: 'm1', type: 'P', text: 'Opening line for all.', markups: [] },
        { name: 'm2', type: 'P', text: 'Second line for all.', markups: [] },
        { name: 'm3', type: 'P', text: 'Third line for all.', markups: [] },
        { name: 'm4', type: 'P', text: 'ZEBRAFINCH only members read this.', markups: [] },
      ],
    };
    const post = await buildPost(em, { creator: writer, isLocked: true, content, title: 'Locked issue' });
    await queueStory(newsletter, writer, post);
    await sendNewsletters(db.em(), options(new Date()));
    const outsider = decodeQuotedPrintable(sink.to(addresses[0]!)[0]!.raw);
    const inside = decodeQuotedPrintable(sink.to(member.email!)[0]!.raw);
    expect(outsider).toContain('Third line for all.');
    expect(outsider).not.toContain('ZEBRAFINCH');
    expect(outsider).toContain('Read the rest on Quire');
    expect(inside).toContain('ZEBRAFINCH only members read this.');
    expect(inside).not.toContain('Read the rest on Quire');
  });

  it('puts the copies in the outbox for the dev mail page when there is no SMTP', async () => {
    const { writer, newsletter, addresses } = await newsletterWith(2);
    await queueStory(newsletter, writer);
    const outbox = outboxNewsletterMailer();
    await sendNewsletters(db.em(), options(new Date(), { mailer: outbox }));
    const rows = await db.em().find(EmailOutbox, { to: { $in: addresses } });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ template: 'newsletter', status: 'SENT' });
    expect(String(rows[0]!.payload.text)).toContain('The first line of the story.');
    expect(sink.to(addresses[0]!)).toHaveLength(0);
  });
});

describe('queueing a story', () => {
  const clock = testClock(new Date());
  const body = (text: string): PostContent => ({
    paragraphs: [{ name: 'p1', type: 'P', text, markups: [] }],
  });

  async function draft(writer: User, title: string) {
    const api = callerAs(db, clock, writer);
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title, content: body(`${title} body`) });
    return { api, id };
  }

  it('queues a first publish once, and nothing when the writer turns the switch off', async () => {
    const { writer, newsletter } = await newsletterWith(1);
    const on = await draft(writer, 'Mailed story');
    const editor = await on.api.posts.editorState({ id: on.id });
    expect(editor).toMatchObject({ newsletterSubscriberCount: 0, emailSubscribers: true });
    await on.api.posts.publish({ id: on.id, baseRev: 1, topics: [] });
    const issues = await db.em().find(NewsletterEmail, { newsletter: newsletter.id, post: on.id });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ status: 'QUEUED', subject: 'Mailed story' });
    // Publishing it again (unlisted, then public) is not a first publish.
    const again = await on.api.posts.editorState({ id: on.id });
    expect(again.newsletterSubscriberCount).toBeNull();
    await on.api.posts.publish({ id: on.id, baseRev: again.latestRev, topics: [], unlisted: true });
    await on.api.posts.publish({ id: on.id, baseRev: again.latestRev, topics: [] });
    expect(await db.em().count(NewsletterEmail, { post: on.id })).toBe(1);

    const off = await draft(writer, 'Quiet story');
    await off.api.posts.publish({ id: off.id, baseRev: 1, topics: [], emailSubscribers: false });
    expect(await db.em().count(NewsletterEmail, { post: off.id })).toBe(0);

    const unlisted = await draft(writer, 'Hidden story');
    await unlisted.api.posts.publish({ id: unlisted.id, baseRev: 1, topics: [], unlisted: true });
    expect(await db.em().count(NewsletterEmail, { post: unlisted.id })).toBe(0);
  });

  it('never sends a story twice to a newsletter', async () => {
    const { writer, newsletter } = await newsletterWith(1);
    const first = await queueStory(newsletter, writer);
    const second = await queueStory(newsletter, writer, first.story);
    expect(second.issue.id).toBe(first.issue.id);
    expect(await db.em().count(NewsletterEmail, { post: first.story.id })).toBe(1);
  });
});
