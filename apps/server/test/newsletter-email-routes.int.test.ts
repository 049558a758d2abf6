import { queueIssue, sendNewsletters } from '@quire/api';
import {
  Newsletter,
  NewsletterDelivery,
  NewsletterEmail,
  NewsletterSubscription,
  type User,
} from '@quire/db';
import { newsletterUnsubscribeTexts } from '@quire/domain';
import {
  newsletterClickUrl,
  newsletterOpenUrl,
  newsletterUnsubscribeUrl,
  type OutgoingNewsletterMail,
} from '@quire/mail';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { emailLinkSigner, loadConfig } from '../src/config';
import { useTestApp } from './helpers';

/*
 * The signed links of newsletter issues: one-click unsubscribe (RFC 8058) and its confirmation page, the open
 * pixel and click redirects, each counted once per delivery and only where tracked; forgeries change nothing.
 */

const ENV = { PAGE_CACHE_FRESH_MS: '0', APP_SECRET: 'newsletter-links-secret-'.padEnd(48, 'x') };
const t = useTestApp(undefined, ENV);
const links = emailLinkSigner(loadConfig({ NODE_ENV: 'test', ...ENV }));
const path = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

let seq = 0;
/** An issue sent to two subscribers (in memory: the links are what matter here); answers its deliveries. */
async function sentIssue(opts: { track: boolean }) {
  const em = t.db.em();
  const writer: User = await buildUser(em, { name: `Linked Writer ${++seq}` });
  const newsletter = em.create(Newsletter, {
    name: `Letters ${seq}`,
    slug: writer.username,
    type: 'AUTHOR',
    user: writer,
    subscriberCount: 2,
    trackEngagement: opts.track,
  });
  for (const i of [1, 2])
    em.create(NewsletterSubscription, {
      newsletter,
      email: `linked${seq}-${i}@example.com`,
      entityKind: 'AUTHOR',
      confirmedAt: new Date(),
    });
  await em.flush();
  const post = await buildPost(em, { creator: writer });
  const issue = await em.transactional((tx) =>
    queueIssue(tx, { newsletter, post, subject: post.title, body: null, createdBy: writer }),
  );
  const sent: OutgoingNewsletterMail[] = [];
  await sendNewsletters(t.db.em(), {
    mailer: { send: async (_em, mail) => void sent.push(mail), close() {} },
    from: 'Quire <noreply@quire.test>',
    links,
  });
  const deliveries = await t.db
    .em()
    .find(NewsletterDelivery, { email: issue.id }, { orderBy: { address: 'asc' } });
  return { writer, post, newsletter, issue, deliveries, sent };
}

const issueRow = (id: string) => t.db.em().findOneOrFail(NewsletterEmail, id, { refresh: true });
const oneClick = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('newsletter unsubscribe links', () => {
  it('asks first on GET, and a one-click POST unsubscribes that subscription and counts once', async () => {
    const { newsletter, issue, deliveries, sent } = await sentIssue({ track: true });
    const delivery = deliveries[0]!;
    const url = path(newsletterUnsubscribeUrl(links, delivery.id));
    expect(sent.find((m) => m.to === delivery.address)!.headers['List-Unsubscribe']).toBe(
      `<${newsletterUnsubscribeUrl(links, delivery.id)}>`,
    );

    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(newsletterUnsubscribeTexts.confirm(newsletter.name));
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    // A GET (a mail scanner following links) changes nothing.
    const subscription = () =>
      t.db.em().findOneOrFail(NewsletterSubscription, { email: delivery.address }, { refresh: true });
    expect((await subscription()).unsubscribedAt).toBeNull();

    // No session and no anti-forgery token: the signature is the credential; the form field is required.
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(400);
    const first = await oneClick(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(newsletterUnsubscribeTexts.done(newsletter.name));
    const second = await oneClick(url);
    expect(second.statusCode).toBe(200);

    expect((await subscription()).unsubscribedAt).not.toBeNull();
    expect((await issueRow(issue.id)).unsubscribeCount).toBe(1);
    const count = await t.db.em().findOneOrFail(Newsletter, newsletter.id, { refresh: true });
    expect(count.subscriberCount).toBe(1);
    // The other subscriber is untouched.
    const other = await t.db
      .em()
      .findOneOrFail(NewsletterSubscription, { email: deliveries[1]!.address }, { refresh: true });
    expect(other.unsubscribedAt).toBeNull();
  });

  it('refuses a forged or altered link and changes nothing', async () => {
    const { issue, deliveries } = await sentIssue({ track: true });
    const [a, b] = deliveries as [NewsletterDelivery, NewsletterDelivery];
    const sigA = newsletterUnsubscribeUrl(links, a.id).split('/').pop()!;
    const forgeries = [
      `/_/newsletter/unsubscribe/${b.id}/${sigA}`,
      `/_/newsletter/unsubscribe/${a.id}/${'A'.repeat(43)}`,
      `/_/newsletter/unsubscribe/${a.id}/${sigA.slice(0, -1)}`,
      path(newsletterUnsubscribeUrl({ ...links, secret: 'another-secret' }, a.id)),
    ];
    for (const forged of forgeries) {
      expect((await t.app.inject({ url: forged })).statusCode, forged).toBe(404);
      expect((await oneClick(forged)).statusCode, forged).toBe(404);
    }
    const rows = await t.db
      .em()
      .find(NewsletterSubscription, { email: { $in: [a.address, b.address] } }, { refresh: true });
    expect(rows.map((r) => r.unsubscribedAt)).toEqual([null, null]);
    expect((await issueRow(issue.id)).unsubscribeCount).toBe(0);
  });
});

describe('newsletter opens and clicks', () => {
  it('counts the first open and the first click of each delivery, and redirects only to signed URLs', async () => {
    const { issue, deliveries } = await sentIssue({ track: true });
    const [a, b] = deliveries as [NewsletterDelivery, NewsletterDelivery];
    for (let i = 0; i < 2; i++) {
      const pixel = await t.app.inject({ url: path(newsletterOpenUrl(links, a.id)) });
      expect(pixel.statusCode).toBe(200);
      expect(pixel.headers['content-type']).toBe('image/gif');
    }
    await t.app.inject({ url: path(newsletterOpenUrl(links, b.id)) });
    const target = 'http://quire.test/@someone/a-story-0123456789ab';
    const click = await t.app.inject({ url: path(newsletterClickUrl(links, a.id, target)) });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(target);
    await t.app.inject({ url: path(newsletterClickUrl(links, a.id, target)) });
    expect(await issueRow(issue.id)).toMatchObject({ openCount: 2, clickCount: 1 });
    const row = await t.db.em().findOneOrFail(NewsletterDelivery, a.id, { refresh: true });
    expect(row.openedAt).not.toBeNull();
    expect(row.clickedAt).not.toBeNull();

    // Another URL under the same signature is not a redirect anyone can use, and counts nothing.
    const signed = new URL(newsletterClickUrl(links, b.id, target));
    signed.searchParams.set('url', 'https://evil.example/phish');
    const forged = await t.app.inject({ url: `${signed.pathname}${signed.search}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    const badPixel = await t.app.inject({ url: `/_/newsletter/open/${b.id}/${'A'.repeat(43)}.gif` });
    expect(badPixel.statusCode).toBe(404);
    expect(await issueRow(issue.id)).toMatchObject({ openCount: 2, clickCount: 1 });
  });

  it('counts nothing for a newsletter that does not track engagement', async () => {
    const { issue, deliveries, sent } = await sentIssue({ track: false });
    const a = deliveries[0]!;
    expect(sent[0]!.html).not.toContain('/_/newsletter/open/');
    expect((await t.app.inject({ url: path(newsletterOpenUrl(links, a.id)) })).statusCode).toBe(200);
    const target = 'http://quire.test/elsewhere';
    expect((await t.app.inject({ url: path(newsletterClickUrl(links, a.id, target)) })).statusCode).toBe(302);
    expect(await issueRow(issue.id)).toMatchObject({ openCount: 0, clickCount: 0 });
    const row = await t.db.em().findOneOrFail(NewsletterDelivery, a.id, { refresh: true });
    expect([row.openedAt, row.clickedAt]).toEqual([null, null]);
  });
});

describe('newsletter stats and past issues', () => {
  it('shows each issue’s counts to the newsletter’s writer only, and lists past public issues to anyone', async () => {
    const { writer, post, newsletter, deliveries } = await sentIssue({ track: false });
    await t.app.inject({ url: path(newsletterUnsubscribeUrl(links, deliveries[0]!.id)) });
    await oneClick(path(newsletterUnsubscribeUrl(links, deliveries[0]!.id)));

    const mine = await t.page(`/newsletters/${newsletter.id}/stats`, await buildSession(t.db.em(), writer));
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(post.title);
    expect(mine.body).toContain('not tracked');
    const stranger = await buildUser(t.db.em());
    const theirs = await t.page(
      `/newsletters/${newsletter.id}/stats`,
      await buildSession(t.db.em(), stranger),
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(post.title);

    const locked = await buildPost(t.db.em(), { creator: writer, isLocked: true, title: 'Members issue' });
    await t.db
      .em()
      .transactional((tx) =>
        queueIssue(tx, { newsletter, post: locked, subject: locked.title, body: null, createdBy: writer }),
      );
    await sendNewsletters(t.db.em(), {
      mailer: { send: async () => {}, close() {} },
      from: 'Quire <noreply@quire.test>',
      links,
    });
    const posts = await t.app.inject({ url: `/_api/newsletters/${newsletter.id}/posts` });
    expect(posts.statusCode).toBe(200);
    const json = posts.json() as { posts: { id: string; title: string }[] };
    expect(json.posts.map((p) => p.id)).toEqual([post.id]);
    expect((await t.app.inject({ url: '/_api/newsletters/0123456789ab/posts' })).statusCode).toBe(404);
  });
});
