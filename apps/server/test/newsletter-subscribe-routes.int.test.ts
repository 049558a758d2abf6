import { EmailOutbox, Newsletter, NewsletterEmail, NewsletterSubscription } from '@quire/db';
import { newsletterAccessTexts, newsletterSubscribeTexts as texts } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * Spec §7 subscribe endpoints over HTTP (xsrf, JSON and form posts, the confirmation link) and the newsletter
 * pages as the server renders them.
 */

const t = useTestApp();
const XSRF = 'newsletter-xsrf';

async function signedIn(name?: string) {
  const user = await buildUser(t.db.em(), name ? { name } : {});
  return { user, token: await buildSession(t.db.em(), user) };
}

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: authHeaders(token, XSRF), ...(payload ? { payload } : {}) });

const countOf = async (id: string) =>
  (await t.db.em().findOneOrFail(Newsletter, id, { refresh: true })).subscriberCount;

describe('subscribe action endpoints (spec §7 /_/subscribe/user/{id}[/{x}], /_/subscribe/collection/{id}[/{x}])', () => {
  it('subscribes a signed-in reader and answers JSON; a second time is SUBSCRIBED_ALREADY', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Route Writer' });
    const reader = await signedIn();
    const first = await send('POST', `/_/subscribe/user/${writer.id}`, reader.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({
      outcome: 'SUBSCRIBED',
      newsletter: { name: 'Route Writer', subscriberCount: 1 },
    });
    const post = await buildPost(t.db.em(), { creator: writer });
    const again = await send('POST', `/_/subscribe/user/${writer.id}/${post.id}`, reader.token);
    expect(again.json()).toMatchObject({ outcome: 'SUBSCRIBED_ALREADY', newsletter: { subscriberCount: 1 } });
  });

  it('refuses without the anti-forgery token, signed out without an address, and the writer’s own', async () => {
    const writer = await signedIn();
    const reader = await signedIn();
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: `/_/subscribe/user/${writer.user.id}`,
      headers: { cookie: `sid=${reader.token}; xsrf=${XSRF}` },
    });
    expect(noXsrf.statusCode).toBe(403);
    const wrongForm = await t.app.inject({
      method: 'POST',
      url: `/_/subscribe/user/${writer.user.id}`,
      headers: {
        cookie: `sid=${reader.token}; xsrf=${XSRF}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'xsrf=not-the-cookie',
    });
    expect(wrongForm.statusCode).toBe(403);
    expect((await send('POST', `/_/subscribe/user/${writer.user.id}`, null)).statusCode).toBe(401);
    const self = await send('POST', `/_/subscribe/user/${writer.user.id}`, writer.token);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(newsletterAccessTexts.subscribeSelf);
    const unknown = await send('POST', '/_/subscribe/user/0123456789ab', reader.token);
    expect(unknown.statusCode).toBe(404);
    expect(await t.db.em().count(NewsletterSubscription, { user: reader.user.id })).toBe(0);
  });

  it('takes a form post (the token as a field) and goes back where it came from', async () => {
    const owner = await buildUser(t.db.em());
    const publication = await buildCollection(t.db.em(), { creator: owner });
    const newsletter = t.db.em().create(Newsletter, {
      name: 'Form Letters',
      slug: 'letters',
      type: 'COLLECTION',
      collection: publication,
    });
    await t.db.em().persist(newsletter).flush();
    const reader = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: `/_/subscribe/collection/${publication.id}`,
      headers: {
        cookie: `sid=${reader.token}; xsrf=${XSRF}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `xsrf=${XSRF}&redirect=${encodeURIComponent(`/${publication.slug}/newsletters/letters`)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/${publication.slug}/newsletters/letters?subscribed=SUBSCRIBED`);
    expect(await countOf(newsletter.id)).toBe(1);
    // Another host is never where it goes back to.
    const away = await t.app.inject({
      method: 'POST',
      url: `/_/subscribe/collection/${publication.id}`,
      headers: {
        cookie: `sid=${reader.token}; xsrf=${XSRF}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `xsrf=${XSRF}&redirect=${encodeURIComponent('//evil.example/')}`,
    });
    expect(away.headers.location).toBe('/?subscribed=SUBSCRIBED_ALREADY');
  });

  it('subscribes a visitor’s address from a form, confirmed by the emailed link, which lands on a page saying so', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Link Writer' });
    const address = `route-visitor-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/_/subscribe/user/${writer.id}`,
      headers: { cookie: `xsrf=${XSRF}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `xsrf=${XSRF}&email=${encodeURIComponent(address)}&redirect=/subscribe/@${writer.username}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/subscribe/@${writer.username}?subscribed=CHECK_INBOX`);
    const mail = await t.db.em().findOneOrFail(EmailOutbox, { to: address, template: 'newsletter-confirm' });
    const path = new URL(String(mail.payload.link)).pathname;
    expect(path).toMatch(/^\/m\/newsletter\/confirm\/[A-Za-z0-9_-]{43}$/);
    const row = await t.db.em().findOneOrFail(NewsletterSubscription, { email: address });
    expect(row.confirmedAt).toBeNull();

    const landed = await t.app.inject({ url: path });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe(`/m/newsletter/confirmed/${row.newsletter.id}`);
    const page = await t.page(String(landed.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(texts.confirmedTitle);
    expect(page.body).toContain('Link Writer');
    expect(await countOf(row.newsletter.id)).toBe(1);

    // The link works once; a forged one lands on the failure page.
    const spent = await t.app.inject({ url: path });
    expect(spent.headers.location).toBe('/m/newsletter/confirm-failed');
    expect((await t.app.inject({ url: '/m/newsletter/confirm/forgedTokenValue' })).headers.location).toBe(
      '/m/newsletter/confirm-failed',
    );
    // Text the database cannot store is refused before any route.
    expect((await t.app.inject({ url: '/m/newsletter/confirm/%00forged' })).statusCode).toBe(400);
    const failed = await t.page('/m/newsletter/confirm-failed');
    expect(failed.body).toContain(texts.confirmFailedBody);
    expect(await countOf(row.newsletter.id)).toBe(1);
  });
});

describe('API paths (spec §7 /_/api/subscriptions/newsletters/{id}, /_/api/users/{id}/lazily-enable-writer-subscription)', () => {
  it('answer the viewer’s state, subscribe and unsubscribe', async () => {
    const writer = await signedIn('Api Writer');
    const reader = await signedIn();
    const enabled = await send(
      'POST',
      `/_/api/users/${writer.user.id}/lazily-enable-writer-subscription`,
      writer.token,
    );
    expect(enabled.statusCode).toBe(200);
    const id = enabled.json().id as string;
    expect(enabled.json()).toMatchObject({ name: 'Api Writer', subscriberCount: 0 });
    // Only the writer themself.
    const other = await send(
      'POST',
      `/_/api/users/${writer.user.id}/lazily-enable-writer-subscription`,
      reader.token,
    );
    expect(other.statusCode).toBe(404);

    const url = `/_/api/subscriptions/newsletters/${id}`;
    expect((await send('GET', url, reader.token)).json()).toMatchObject({ subscribed: false, isOwn: false });
    expect((await send('POST', url, reader.token)).json()).toMatchObject({ outcome: 'SUBSCRIBED' });
    expect((await send('GET', url, reader.token)).json()).toMatchObject({ subscribed: true });
    expect((await send('DELETE', url, reader.token)).json()).toMatchObject({
      unsubscribed: true,
      subscriberCount: 0,
    });
    const noXsrf = await t.app.inject({ method: 'DELETE', url, headers: { cookie: `sid=${reader.token}` } });
    expect(noXsrf.statusCode).toBe(403);
    expect((await send('GET', '/_/api/subscriptions/newsletters/not-an-id', reader.token)).statusCode).toBe(
      400,
    );
  });
});

describe('newsletter pages as the server renders them', () => {
  it('a writer’s subscribe landing at both addresses, with the address form for a visitor', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Landing Writer', bio: 'Writes about harbours.' });
    for (const url of [`/subscribe/@${writer.username}`, `/@${writer.username}/subscribe`]) {
      const res = await t.page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(texts.landingTitle('Landing Writer'));
      expect(res.body).toContain('Writes about harbours.');
      expect(res.body).toContain(texts.emailLabel);
      // Other pages keep the Open-in-app strip (the newsletter landing below has none).
      expect(res.body).toContain('data-testid="open-in-app"');
    }
    expect((await t.page('/subscribe/@no-such-writer-here')).statusCode).toBe(404);
  });

  it('a publication newsletter’s landing: name, count, and its public past issues, newest first', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner, name: 'Harbour Post' });
    const newsletter = em.create(Newsletter, {
      name: 'Harbour Weekly',
      slug: 'weekly',
      description: 'The week at the harbour.',
      type: 'COLLECTION',
      collection: publication,
      subscriberCount: 3,
    });
    const older = await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'Older issue story',
    });
    const newer = await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'Newer issue story',
    });
    const locked = await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'Members issue',
      isLocked: true,
    });
    const sent = (post: typeof older, at: string) =>
      em.create(NewsletterEmail, {
        newsletter,
        post,
        subject: post.title,
        status: 'SENT',
        sentAt: new Date(at),
      });
    sent(older, '2026-11-01T00:00:00Z');
    sent(newer, '2026-11-08T00:00:00Z');
    sent(locked, '2026-11-09T00:00:00Z');
    await em.flush();

    const res = await t.page(`/${publication.slug}/newsletters/weekly`);
    expect(res.statusCode).toBe(200);
    for (const text of [
      'Harbour Post',
      'Harbour Weekly',
      'The week at the harbour.',
      texts.subscriberCount(3),
    ])
      expect(res.body).toContain(text);
    expect(res.body.indexOf('Newer issue story')).toBeGreaterThan(0);
    expect(res.body.indexOf('Newer issue story')).toBeLessThan(res.body.indexOf('Older issue story'));
    expect(res.body).not.toContain('Members issue');
    // Spec §2: no Open-in-app button on ShowCollectionNewsletterLanding.
    expect(res.body).not.toContain('data-testid="open-in-app"');
    expect((await t.page(`/${publication.slug}/newsletters/nothing`)).statusCode).toBe(404);
  });

  it('/me/newsletters: the viewer’s subscriptions with Unsubscribe, the writer’s box, and an empty state', async () => {
    const writer = await signedIn('Listed Writer');
    const reader = await signedIn();
    const empty = await t.page('/me/newsletters', reader.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(texts.emptyTitle);
    expect((await t.page('/me/newsletters')).body).toContain('href="/m/signin?redirect=%2Fme%2Fnewsletters"');

    await send('POST', `/_/subscribe/user/${writer.user.id}`, reader.token);
    const listed = await t.page('/me/newsletters', reader.token);
    expect(listed.body).toContain('Listed Writer');
    expect(listed.body).toContain(texts.unsubscribeFrom('Listed Writer'));

    const box = await t.page('/me/newsletters', writer.token);
    expect(box.body).toContain(texts.yourNewsletter);
    expect(box.body).toContain(texts.subscriberCount(1));
    for (const href of ['/me/subscribers/import', '/me/subscribers/confirm-export', '/stats'])
      expect(box.body).toContain(href);
  });

  it('puts the envelope beside Follow on a writer’s profile, and not on one’s own', async () => {
    const writer = await signedIn('Profile Writer');
    const visitorView = await t.page(`/@${writer.user.username}`);
    expect(visitorView.body).toContain('data-testid="subscribe-button"');
    const own = await t.page(`/@${writer.user.username}`, writer.token);
    expect(own.body).not.toContain('data-testid="subscribe-button"');
  });
});

describe('GraphQL CollectionViewerEdge.isSubscribedToLetters', () => {
  it('says whether the viewer gets the publication’s newsletter', async () => {
    const owner = await buildUser(t.db.em());
    const publication = await buildCollection(t.db.em(), { creator: owner });
    const newsletter = t.db.em().create(Newsletter, {
      name: 'Edge Letters',
      slug: 'edge',
      type: 'COLLECTION',
      collection: publication,
    });
    await t.db.em().persist(newsletter).flush();
    const reader = await signedIn();
    const headers = authHeaders(reader.token, XSRF);
    const edge = async () =>
      (await t.gql('CollectionViewerEdge', { collectionId: publication.id }, headers)).json().data
        .collectionViewerEdge.isSubscribedToLetters;
    expect(await edge()).toBe(false);
    await send('POST', `/_/subscribe/collection/${publication.id}`, reader.token);
    expect(await edge()).toBe(true);
  });
});
