import { createSession } from '@quire/api';
import { EmailOutbox, FeatureFlag, OAuthIdentity, Session, User } from '@quire/db';
import { emailSettingsTexts, securityTexts, settingsTexts } from '@quire/domain';
import { unsubscribeHeaders, unsubscribeUrlOf } from '@quire/mail';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailLinkSigner, loadConfig } from '../src/config';
import { authHeaders, useTestApp } from './helpers';

/* Spec §2 /me/settings#security and #notifications, and the signed email-settings pages, over HTTP. */

const ENV = { PAGE_CACHE_FRESH_MS: '0', APP_SECRET: 'settings-test-secret-'.padEnd(48, 'x') };
const t = useTestApp(undefined, ENV);
const links = emailLinkSigner(loadConfig({ NODE_ENV: 'test', ...ENV }));

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const trpc = (path: string, input: unknown, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: (input ?? {}) as object,
    headers: authHeaders(token),
  });
const query = (path: string, token: string | null) =>
  t.app.inject({ url: `/trpc/${path}`, headers: token ? { cookie: `sid=${token}` } : {} });
const me = async (token: string) => (await query('viewer.me', token)).json().result.data;

async function sessionOn(user: User, userAgent: string, country: string) {
  const em = t.db.em();
  const { token, session } = await createSession(em, user, {
    ip: '198.51.100.8',
    userAgent,
    now: new Date(Date.now() - 60 * 60 * 1000),
  });
  session.country = country;
  await em.flush();
  return { token, id: session.id };
}

beforeAll(async () => {
  const em = t.db.em();
  em.create(FeatureFlag, { name: 'skip_sign_in_recaptcha', boolValue: true });
  await em.flush();
});

describe('the settings page (spec §2 /me/settings)', () => {
  it('renders security and notifications between account and membership, with sessions and providers', async () => {
    const em = t.db.em();
    const user = await buildUser(em, { name: 'Settings Reader' });
    em.create(OAuthIdentity, {
      user,
      provider: 'GOOGLE',
      providerUserId: `g-${user.id}`,
      email: 'g@example.com',
    });
    await em.flush();
    const here = await sessionOn(user, CHROME_MAC, 'CA');
    await sessionOn(user, FIREFOX_LINUX, 'DE');
    const res = await t.app.inject({
      url: '/me/settings/security',
      headers: { cookie: `sid=${here.token}` },
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const order = ['account', 'security', 'notifications', 'membership'].map((id) =>
      html.indexOf(`id="${id}"`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain(settingsTexts.sections.security);
    expect(html).toContain('Chrome on macOS');
    expect(html).toContain('Firefox on Linux');
    expect(html).toContain('Canada');
    expect(html).toContain('Germany');
    expect(html).toContain(securityTexts.thisDevice);
    expect(html).toContain(securityTexts.signOutOthers);
    expect(html).toContain('href="/two-factor-authentication"');
    expect(html).toContain('href="/password"');
    expect(html).toContain('Google');
    expect(html).toContain(emailSettingsTexts.labels.emailFollower);
    expect(html).toContain('name="emailDigestFrequency"');
    // A visitor is asked to sign in.
    const visitor = await t.app.inject({ url: '/me/settings' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain(securityTexts.sessionsHeading);
  });
});

describe('sessions over HTTP', () => {
  it('records the place of use, and a revoked session is signed out at once', async () => {
    const user = await buildUser(t.db.em());
    const here = await sessionOn(user, CHROME_MAC, 'CA');
    const phone = await sessionOn(user, FIREFOX_LINUX, 'DE');
    const laptop = await sessionOn(user, FIREFOX_LINUX, 'FR');
    // A request an hour after the last use writes the new last use and place.
    await t.app.inject({
      url: '/trpc/viewer.me',
      headers: { cookie: `sid=${phone.token}`, 'cf-ipcountry': 'jp' },
    });
    const touched = await t.db.em().findOneOrFail(Session, phone.id);
    expect(touched.country).toBe('JP');
    expect(Date.now() - touched.lastSeenAt!.getTime()).toBeLessThan(60_000);

    expect((await me(phone.token))?.id).toBe(user.id);
    const out = await trpc('security.signOutSession', { sessionId: phone.id }, here.token);
    expect(out.statusCode).toBe(200);
    expect(await me(phone.token)).toBeNull();
    const signedOutPage = await t.app.inject({
      url: '/me/settings',
      headers: { cookie: `sid=${phone.token}` },
    });
    expect(signedOutPage.body).toContain(`href="/m/signin?redirect=${encodeURIComponent('/me/settings')}"`);

    // Without the anti-forgery token nothing changes.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/trpc/security.signOutOtherSessions',
      headers: { cookie: `sid=${here.token}` },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect((await me(laptop.token))?.id).toBe(user.id);
    expect((await trpc('security.signOutOtherSessions', {}, here.token)).json().result.data).toEqual({
      revoked: 1,
    });
    expect(await me(laptop.token)).toBeNull();
    expect((await me(here.token))?.id).toBe(user.id);
  });
});

describe('email settings links (spec §2 /me/email-settings/{userId}/{hash})', () => {
  async function followedWriter() {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Mailed Writer' });
    const fan = await buildUser(em, { name: 'Keen Fan' });
    const fanToken = await buildSession(em, fan);
    const followed = await trpc('social.followUser', { targetUserId: writer.id }, fanToken);
    expect(followed.statusCode).toBe(200);
    const mail = await t.db.em().findOneOrFail(EmailOutbox, { to: writer.email!, template: 'notification' });
    return { writer, mail };
  }

  it('a mailed link opens the settings signed out, and one-click turns the setting off', async () => {
    const { writer, mail } = await followedWriter();
    expect(mail.subject).toBe('Keen Fan followed you');
    const headers = unsubscribeHeaders(mail, links);
    const url = new URL(unsubscribeUrlOf(mail, links)!);
    expect(headers).toEqual({
      'List-Unsubscribe': `<${url.href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(emailSettingsTexts.pageIntro('Mailed Writer'));
    expect(page.body).toContain('name="emailFollower"');

    // RFC 8058: no session, no anti-forgery token, only the form field.
    const noBody = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(noBody.statusCode).toBe(400);
    const click = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.body).toBe(emailSettingsTexts.unsubscribedFrom(emailSettingsTexts.labels.emailFollower));
    const after = await t.db.em().findOneOrFail(User, writer.id);
    expect(after.emailFollower).toBe(false);
    expect(after.allowAllEmails).toBe(true);
  });

  it('a forged or altered link is refused and changes nothing', async () => {
    const { writer, mail } = await followedWriter();
    const url = new URL(unsubscribeUrlOf(mail, links)!);
    const [, , , , hash] = url.pathname.split('/');
    const other = await buildUser(t.db.em());
    const forgeries = [
      `/me/email-settings/${other.id}/${hash}?setting=emailFollower`,
      `/me/email-settings/${writer.id}/${hash}?setting=allowAllEmails`,
      `/me/email-settings/${writer.id}/${'A'.repeat(43)}?setting=emailFollower`,
    ];
    for (const forged of forgeries) {
      const page = await t.app.inject({ url: forged });
      expect(page.statusCode, forged).toBe(404);
      expect(page.body).not.toContain('Mailed Writer');
      const click = await t.app.inject({
        method: 'POST',
        url: forged,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(click.statusCode, forged).toBe(404);
    }
    for (const u of [writer, other]) {
      const row = await t.db.em().findOneOrFail(User, u.id);
      expect([row.emailFollower, row.allowAllEmails]).toEqual([true, true]);
    }
  });

  it('the unsubscribe-all pages are real pages, signed in or not', async () => {
    for (const path of ['/me/unsubscribe-all-newsletters', '/me/unsubscribe-all-author-newsletters']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(emailSettingsTexts.signInOrLink);
    }
    const user = await buildUser(t.db.em());
    const token = await buildSession(t.db.em(), user);
    const signedIn = await t.app.inject({
      url: '/me/unsubscribe-all-newsletters',
      headers: { cookie: `sid=${token}` },
    });
    expect(signedIn.body).toContain(emailSettingsTexts.unsubscribeAll.newsletters.button);
    expect((await trpc('emailSettings.unsubscribeAll', { kind: 'newsletters' }, token)).statusCode).toBe(200);
    expect((await t.db.em().findOneOrFail(User, user.id)).emailNewsletterV3).toBe(false);
  });
});
