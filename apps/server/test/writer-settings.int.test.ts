import { AuthToken, EmailOutbox, User } from '@quire/db';
import { accountConvertTexts, mobileBetaTexts, postPromptTexts, writerPromotionTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * /me/settings/promote-memberships, promote-subscriptions and mobile-beta, the prompts the first two put under a
 * writer's stories, and /m/account/convert/{token}, rendered by the server.
 */

// The anonymous page cache on (as in production), so a switch must purge the writer's cached story pages.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '60000' });
const { page } = t;

const trpc = (path: string, input: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });

const html = (text: string) => text.replaceAll("'", '&#x27;');

/** Whether a visitor's (cacheable) page shows `text` once the purge a change sent has arrived. */
const visitorSees = (url: string, text: string, shown: boolean) =>
  expect.poll(async () => (await page(url)).body.includes(text), { timeout: 5000, interval: 50 }).toBe(shown);

describe('the promotion settings pages', () => {
  it('are real pages that ask a visitor to sign in, and show the writer their switch', async () => {
    for (const url of ['/me/settings/promote-memberships', '/me/settings/promote-subscriptions']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`href="/m/signin?redirect=${encodeURIComponent(url)}"`);
    }
    const em = t.db.em();
    const writer = await buildUser(em);
    const token = await buildSession(em, writer);
    const memberships = await page('/me/settings/promote-memberships', token);
    expect(memberships.statusCode).toBe(200);
    expect(memberships.body).toContain(writerPromotionTexts.promoteMemberships.title);
    expect(memberships.body).toContain(writerPromotionTexts.promoteMemberships.off);
    expect(memberships.body).toMatch(/<input type="checkbox" name="promoteMemberships"/);
    const subscriptions = await page('/me/settings/promote-subscriptions', token);
    expect(subscriptions.body).toContain(writerPromotionTexts.promoteSubscriptions.title);
    // Linked from the settings page.
    const settings = await page('/me/settings', token);
    expect(settings.body).toContain('href="/me/settings/promote-memberships"');
    expect(settings.body).toContain('href="/me/settings/promote-subscriptions"');
    expect(settings.body).toContain('href="/me/settings/mobile-beta"');
  });

  it('mobile-beta explains Quire on a phone, with no switch since there is no beta feature', async () => {
    const res = await page('/me/settings/mobile-beta');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(html(mobileBetaTexts.title));
    expect(res.body).toContain(mobileBetaTexts.noBeta);
    expect(res.body.match(/data-testid="mobile-beta"[\s\S]*<\/main>/)?.[0]).not.toContain('type="checkbox"');
  });
});

describe("the writer's prompts under their stories", () => {
  it('shows the membership invitation while it is on, and not while it is off (cached pages purged)', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Promo Writer' });
    const story = await buildPost(em, { creator: writer, title: 'A public story' });
    const reader = await buildUser(em);
    const readerToken = await buildSession(em, reader);
    const member = await buildUser(em, { mediumMemberAt: Date.now() });
    const memberToken = await buildSession(em, member);
    const writerToken = await buildSession(em, writer);
    const writerHeaders = authHeaders(writerToken);
    const url = `/p/${story.id}`;
    const prompt = 'data-testid="writer-membership-prompt"';

    expect((await page(url)).body).not.toContain(prompt);
    const on = await trpc(
      'writerPromotions.set',
      { promotion: 'promoteMemberships', on: true },
      writerHeaders,
    );
    expect(on.statusCode).toBe(200);
    await visitorSees(url, prompt, true);
    const visitor = (await page(url)).body;
    expect(visitor).toContain(html(writerPromotionTexts.membershipPrompt('Promo Writer')));
    expect(visitor).toContain(`href="/membership/@${writer.username}"`);
    expect((await page(url, readerToken)).body).toContain(prompt);
    expect((await page(url, memberToken)).body).not.toContain(prompt);
    expect((await page('/me/settings/promote-memberships', writerToken)).body).toContain(
      writerPromotionTexts.promoteMemberships.on,
    );

    const off = await trpc(
      'writerPromotions.set',
      { promotion: 'promoteMemberships', on: false },
      writerHeaders,
    );
    expect(off.statusCode).toBe(200);
    expect((await page(url, readerToken)).body).not.toContain(prompt);
    await visitorSees(url, prompt, false);
    // The generic prompt is not the writer's: its copy is not rendered by the server either way.
    expect(visitor).not.toContain(postPromptTexts.fewRead);
  });

  it('shows the follow invitation while it is on, and not while it is off', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Follow Writer' });
    const story = await buildPost(em, { creator: writer, title: 'A followable story', isLocked: true });
    const writerToken = await buildSession(em, writer);
    const reader = await buildUser(em);
    const readerToken = await buildSession(em, reader);
    const url = `/p/${story.id}`;
    const prompt = 'data-testid="writer-follow-prompt"';
    expect((await page(url, readerToken)).body).not.toContain(prompt);

    const on = await trpc(
      'writerPromotions.set',
      { promotion: 'promoteSubscriptions', on: true },
      authHeaders(writerToken),
    );
    expect(on.statusCode).toBe(200);
    const signedIn = (await page(url, readerToken)).body;
    expect(signedIn).toContain(prompt);
    expect(signedIn).toContain(html(writerPromotionTexts.subscriptionPrompt('Follow Writer')));
    expect(signedIn).toContain('href="/me/settings#notifications"');
    await visitorSees(url, prompt, true);
    expect((await page(url, writerToken)).body).not.toContain(prompt);

    await trpc(
      'writerPromotions.set',
      { promotion: 'promoteSubscriptions', on: false },
      authHeaders(writerToken),
    );
    expect((await page(url, readerToken)).body).not.toContain(prompt);
    await visitorSees(url, prompt, false);
  });

  it('refuses a change without the anti-forgery token, and changes nothing', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const token = await buildSession(em, writer);
    const res = await trpc(
      'writerPromotions.set',
      { promotion: 'promoteMemberships', on: true },
      { cookie: `sid=${token}` },
    );
    expect(res.statusCode).toBe(403);
    expect((await t.db.em().findOneOrFail(User, writer.id)).promoteMemberships).toBe(false);
  });
});

describe('/m/account/convert/{token}', () => {
  it('shows the form for a good link, and a clear message for a forged or malformed one', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const headers = authHeaders(await buildSession(em, user));
    const mailed = await trpc('security.mailConvertLink', {}, headers);
    expect(mailed.statusCode).toBe(200);
    const row = await t.db.em().findOneOrFail(AuthToken, { kind: 'ACCOUNT_CONVERT', user: user.id });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The raw token is only in the mail.
    const mail = await t.db.em().findOneOrFail(EmailOutbox, { to: user.email!, template: 'account-convert' });
    const link = new URL(String((mail.payload as { link: string }).link));

    const good = await page(link.pathname);
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('data-testid="convert-form"');
    expect(good.body).toContain(user.email!);

    for (const bad of [
      '/m/account/convert/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/m/account/convert/not%20a%20token',
      `/m/account/convert/${'a'.repeat(300)}`,
    ]) {
      const res = await page(bad);
      expect(res.statusCode, bad).toBe(200);
      expect(res.body, bad).toContain('data-testid="convert-refused"');
      expect(res.body, bad).toContain(html(accountConvertTexts.invalid));
      expect(res.body, bad).not.toContain('data-testid="convert-form"');
    }
  });
});
