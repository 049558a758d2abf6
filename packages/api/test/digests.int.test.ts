import { EmailOutbox, FollowTag, FollowUser, Notification, PostTag, Tag, type User } from '@quire/db';
import { digestDedupeKey, digestPeriod } from '@quire/domain';
import { type DigestPayload, deliverPendingEmails } from '@quire/mail';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import type { Transporter } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { queueDigests } from '../src/services/digests';
import { oneClickUnsubscribe } from '../src/services/email-settings';

const db = useTestDatabase();

// A Wednesday: the daily period is Tue 07:00 to Wed 07:00 UTC, the weekly one the week to Monday 07:00.
const NOW = new Date('2031-03-12T08:00:00Z');
const inDailyPeriod = new Date('2031-03-11T12:00:00Z');
const inWeeklyPeriod = new Date('2031-03-05T12:00:00Z');

const digestRows = (user: User) => db.em().fork().find(EmailOutbox, { to: user.email! });
const storiesOf = (row: EmailOutbox) =>
  (row.payload.digest as DigestPayload).sections.flatMap((s) => s.stories.map((story) => story.title));

/** A reader following `writer`, with the given digest frequency and settings. */
async function follower(writer: User, settings: Partial<User> = {}) {
  const em = db.em();
  const reader = await buildUser(em);
  Object.assign(reader, settings);
  em.create(FollowUser, { follower: reader, target: writer });
  await em.flush();
  return reader;
}

describe('email digests (spec §3 digest frequency and notification booleans)', () => {
  it('mails a DAILY reader the new public stories of followed writers only, once, under the story digest', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const stranger = await buildUser(em);
    const reader = await follower(writer, { emailsEnabled: false });
    await buildPost(em, { creator: writer, title: 'Followed fresh story', publishedAt: inDailyPeriod });
    await buildPost(em, { creator: writer, title: 'Followed older story', publishedAt: inWeeklyPeriod });
    await buildPost(em, { creator: stranger, title: 'Unfollowed story', publishedAt: inDailyPeriod });
    const hidden = await buildCollection(em, { creator: writer });
    hidden.visibility = 'PRIVATE';
    await buildPost(em, {
      creator: writer,
      collection: hidden,
      title: 'Private publication story',
      publishedAt: inDailyPeriod,
    });

    await queueDigests(em.fork(), 'DAILY', NOW);
    await queueDigests(em.fork(), 'DAILY', NOW);
    const rows = await digestRows(reader);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.dedupeKey).toBe(digestDedupeKey('story', digestPeriod('DAILY', NOW), reader.id));
    expect(row!.dedupeKey).toBe(`digest:story:DAILY:${reader.id}:2031-03-12`);
    expect(row!.payload.category).toBe('emailDigestFrequency');
    expect(row!.payload.unsubscribe).toEqual({ userId: reader.id, setting: 'emailDigestFrequency' });
    expect(storiesOf(row!)).toEqual(['Followed fresh story']);
    const story = (row!.payload.digest as DigestPayload).sections[0]!.stories[0]!;
    expect(story.byline).toBe(writer.name);
    expect(story.readingTime).toMatch(/^\d+ min read$/);
    expect(story.path).toMatch(new RegExp(`^/@${writer.username}/`));
  });

  it('gives WEEKLY readers the week’s stories on the weekly run, and OFF or all-emails-off readers none', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const weekly = await follower(writer, { emailDigestFrequency: 'WEEKLY', emailsEnabled: false });
    const off = await follower(writer, {
      emailDigestFrequency: 'OFF',
      emailTopicDigest: false,
      emailsEnabled: false,
    });
    const silenced = await follower(writer, { allowAllEmails: false });
    await buildPost(em, { creator: writer, title: 'This week', publishedAt: inWeeklyPeriod });
    await buildPost(em, { creator: writer, title: 'This day', publishedAt: inDailyPeriod });

    // Following a writer with nothing new: no email at all.
    const idle = await follower(await buildUser(em), { emailsEnabled: false });
    await queueDigests(em.fork(), 'DAILY', NOW);
    expect(await digestRows(idle)).toHaveLength(0);
    expect(await digestRows(weekly)).toHaveLength(0);
    await queueDigests(em.fork(), 'WEEKLY', NOW);
    const rows = await digestRows(weekly);
    expect(rows.map((r) => r.dedupeKey)).toEqual([`digest:story:WEEKLY:${weekly.id}:2031-W11`]);
    // The day after the weekly period ended is in the next week's digest.
    expect(storiesOf(rows[0]!)).toEqual(['This week']);
    expect(await digestRows(off)).toHaveLength(0);
    expect(await digestRows(silenced)).toHaveLength(0);
  });

  it('queues one digest when two runs race', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const reader = await follower(writer, { emailsEnabled: false });
    await buildPost(em, { creator: writer, title: 'Raced story', publishedAt: inDailyPeriod });
    await Promise.all([queueDigests(em.fork(), 'DAILY', NOW), queueDigests(em.fork(), 'DAILY', NOW)]);
    expect(await digestRows(reader)).toHaveLength(1);
  });

  it('sends the digest with RFC 8058 headers, an HTML and a plain-text part; one click turns it off', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const reader = await follower(writer, { emailsEnabled: false });
    await buildPost(em, { creator: writer, title: 'Mailed story', publishedAt: inDailyPeriod });
    await queueDigests(em.fork(), 'DAILY', NOW);

    const sent: Record<string, unknown>[] = [];
    const transport = {
      sendMail: async (mail: Record<string, unknown>) => void sent.push(mail),
    } as unknown as Transporter;
    const links = { publicUrl: 'https://quire.test', secret: 'digest-test-secret' };
    await deliverPendingEmails(em.fork(), transport, { from: 'noreply@quire.test', links, batchSize: 1000 });
    const mail = sent.find((m) => m.to === reader.email)!;
    expect(mail.subject).toBe('Your daily Quire digest');
    const headers = mail.headers as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<https://quire\\.test/me/email-settings/${reader.id}/[\\w-]{43}\\?setting=emailDigestFrequency>$`,
      ),
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('Mailed story');
    expect(mail.html).toContain('https://quire.test/@');
    expect(mail.text).toContain('Mailed story');
    expect(mail.text).not.toContain('<');
    expect(mail.text).toContain('https://quire.test/me/email-settings/');

    const url = new URL(headers['List-Unsubscribe']!.slice(1, -1));
    const [, , , userId, hash] = url.pathname.split('/');
    const settings = await oneClickUnsubscribe(em.fork(), links.secret, {
      userId: userId!,
      hash: hash!,
      setting: 'emailDigestFrequency',
    });
    expect(settings.emailDigestFrequency).toBe('OFF');
    expect(settings.allowAllEmails).toBe(true);
  });

  it('adds followed topics as a section, and sends readers whose story digest is off a weekly topic digest', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const tag = em.create(Tag, { slug: `digest-topic-${Date.now()}`, name: 'Digest topic' });
    const onTopic = await buildPost(em, {
      creator: await buildUser(em),
      title: 'On a followed topic',
      publishedAt: inWeeklyPeriod,
    });
    em.create(PostTag, { post: onTopic, tag, position: 0 });
    await buildPost(em, { creator: writer, title: 'By a followed writer', publishedAt: inWeeklyPeriod });
    const both = await follower(writer, { emailDigestFrequency: 'WEEKLY', emailsEnabled: false });
    const topicsOnly = await follower(writer, { emailDigestFrequency: 'OFF', emailsEnabled: false });
    em.create(FollowTag, { follower: both, tag });
    em.create(FollowTag, { follower: topicsOnly, tag });
    await em.flush();

    await queueDigests(em.fork(), 'WEEKLY', NOW);
    const [story] = await digestRows(both);
    expect(
      (story!.payload.digest as DigestPayload).sections.map((s) => [s.title, s.stories.map((x) => x.title)]),
    ).toEqual([
      ['From writers and publications you follow', ['By a followed writer']],
      ['On topics you follow', ['On a followed topic']],
    ]);
    const topicRows = await digestRows(topicsOnly);
    expect(topicRows).toHaveLength(1);
    expect(topicRows[0]!.payload.category).toBe('emailTopicDigest');
    expect(storiesOf(topicRows[0]!)).toEqual(['On a followed topic']);
  });

  it('summarises the unread notifications of the period for readers whose notification emails are on', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const actor = await buildUser(em, { name: 'Ada Actor' });
    reader.notificationsLastViewedAt = new Date('2031-03-11T09:00:00Z');
    const at = (iso: string) => new Date(iso);
    const notify = (type: string, occurredAt: Date) =>
      em.create(Notification, {
        recipient: reader,
        actor,
        notificationType: type,
        activityType: type,
        occurredAt,
      });
    notify('users_following_you', at('2031-03-11T10:00:00Z'));
    notify('users_following_you_rollup', at('2031-03-11T11:00:00Z'));
    notify('response_created', at('2031-03-11T12:00:00Z'));
    // Seen already (before the bell was opened), and outside the period: not counted.
    notify('response_created', at('2031-03-11T08:00:00Z'));
    notify('response_created', at('2031-03-12T07:30:00Z'));
    const quiet = await buildUser(em);
    quiet.emailsEnabled = false;
    em.create(Notification, {
      recipient: quiet,
      notificationType: 'users_following_you',
      activityType: 'users_following_you',
      occurredAt: at('2031-03-11T10:00:00Z'),
    });
    await em.flush();

    await queueDigests(em.fork(), 'DAILY', NOW);
    const row = (await digestRows(reader)).find((r) => r.payload.category === 'emailsEnabled')!;
    const digest = row.payload.digest as DigestPayload;
    expect(row.dedupeKey).toBe(`digest:notification:DAILY:${reader.id}:2031-03-12`);
    expect(digest.notifications!.counts.sort()).toEqual([
      '1 response or reply',
      '2 new follower notifications',
    ]);
    expect(digest.notifications!.latest).toEqual([
      'Ada Actor responded to your work',
      'Ada Actor followed you',
      'Ada Actor followed you',
    ]);
    expect((await digestRows(quiet)).filter((r) => r.payload.category === 'emailsEnabled')).toHaveLength(0);
  });
});
