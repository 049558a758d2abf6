import { EmailOutbox, FeatureFlag, Session, User } from '@quire/db';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

beforeAll(async () => {
  const em = t.db.em();
  // Sign-in links skip the captcha here; the captcha itself is covered in packages/api.
  em.create(FeatureFlag, { name: 'skip_sign_in_recaptcha', boolValue: true });
  await em.flush();
});

const trpc = (path: string, input: unknown, headers: Record<string, string> = authHeaders(null)) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });

async function emailedLink(to: string) {
  const [mail] = await t.db
    .em()
    .find(EmailOutbox, { to, template: 'magic-link' }, { orderBy: { createdAt: 'desc' }, limit: 1 });
  return new URL(String(mail!.payload.link));
}

describe('sign-in by emailed link over HTTP', () => {
  it('signs in with an HttpOnly session cookie, once; a replay lands on the expired-link screen', async () => {
    const user = await buildUser(t.db.em(), { email: 'linker@example.com', name: 'Link Reader' });
    const sent = await trpc('auth.sendAcctAuthEmail', {
      email: 'linker@example.com',
      operation: 'login',
      redirect: '/p/0123456789ab',
    });
    expect(sent.json().result.data).toEqual({ __typename: 'SusiMethod', value: 'EMAIL' });
    const link = await emailedLink('linker@example.com');
    const callback = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/p/0123456789ab');
    const sid = callback.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    const viewer = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: { operationName: 'ViewerQuery' },
      headers: { cookie: `sid=${sid!.value}` },
    });
    expect(viewer.json().data.viewer.id).toBe(user.id);

    const replay = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(replay.headers.location).toBe('/m/signin?entry=email_login_timeout');
    expect(replay.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('creates the account from a sign-up link, with the name given, and verifies the address', async () => {
    const sent = await trpc('auth.sendAcctAuthEmail', {
      email: 'newcomer@example.com',
      operation: 'register',
      fullName: 'New Comer',
      captchaValue: 'wrong',
    });
    expect(sent.json().result.data.__typename).toBe('FailedChallenge');
    const challenge = (await t.app.inject({ url: '/trpc/auth.captchaChallenge' })).json().result.data;
    const [a, b] = challenge.question.match(/\d+/g).map(Number);
    const ok = await trpc('auth.sendAcctAuthEmail', {
      email: 'newcomer@example.com',
      operation: 'register',
      fullName: 'New Comer',
      captchaValue: `${challenge.token}:${a + b}`,
    });
    expect(ok.json().result.data.__typename).toBe('SusiMethod');
    const link = await emailedLink('newcomer@example.com');
    const callback = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(callback.statusCode).toBe(302);
    const user = await t.db.em().findOneOrFail(User, { email: 'newcomer@example.com' });
    expect(user.name).toBe('New Comer');
    expect(user.username).toBe('Newcomer');
    expect(user.emailVerifiedAt).not.toBeNull();
  });
});

describe('sign-out (AcctSignout /m/signout/{xsrf})', () => {
  it('needs the anti-forgery token in the path and revokes the session', async () => {
    const user = await buildUser(t.db.em());
    const token = await buildSession(t.db.em(), user);
    const forged = await t.app.inject({
      url: '/m/signout/forged',
      headers: { cookie: `sid=${token}; xsrf=real-token` },
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.db.em().count(Session, { user: user.id, revokedAt: null })).toBe(1);
    const out = await t.app.inject({
      url: '/m/signout/real-token',
      headers: { cookie: `sid=${token}; xsrf=real-token` },
    });
    expect(out.statusCode).toBe(302);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await t.db.em().count(Session, { user: user.id, revokedAt: null })).toBe(0);
    const after = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: { operationName: 'ViewerQuery' },
      headers: { cookie: `sid=${token}` },
    });
    expect(after.json().data.viewer).toBeNull();
  });
});

describe('email verification (/m/account/confirm/{key})', () => {
  it('verifies the address once from the emailed link', async () => {
    const user = await buildUser(t.db.em(), { email: 'unverified@example.com' });
    const token = await buildSession(t.db.em(), user);
    const sent = await trpc('auth.sendVerificationEmail', {}, authHeaders(token));
    expect(sent.json().result.data).toEqual({ sent: true, email: 'unverified@example.com' });
    const [mail] = await t.db
      .em()
      .find(EmailOutbox, { to: 'unverified@example.com', template: 'verify-email' });
    const link = new URL(String(mail!.payload.link));
    const confirm = await t.app.inject({ url: link.pathname });
    expect(confirm.headers.location).toBe('/?emailVerified=1');
    expect((await t.db.em().findOneOrFail(User, user.id)).emailVerifiedAt).not.toBeNull();
    expect((await t.app.inject({ url: link.pathname })).headers.location).toBe('/?emailVerified=0');
  });
});

describe('bad input changes nothing', () => {
  it('refuses a forged xsrf on an auth mutation with 403', async () => {
    const before = await t.db.em().count(EmailOutbox, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.sendAcctAuthEmail',
      payload: { email: 'x@example.com', operation: 'login' },
      headers: { cookie: 'xsrf=a', 'x-xsrf-token': 'b' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.em().count(EmailOutbox, {})).toBe(before);
  });

  it('answers a malformed email with 400 and the spec message', async () => {
    const res = await trpc('auth.sendAcctAuthEmail', { email: 'nope', operation: 'login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('email: Please enter a valid email address.');
  });
});

describe('the development outbox page', () => {
  it('lists queued mail with clickable links when no SMTP is configured', async () => {
    await buildUser(t.db.em(), { email: 'devmail@example.com' });
    await trpc('auth.sendAcctAuthEmail', { email: 'devmail@example.com', operation: 'login' });
    const page = await t.app.inject({ url: '/_/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('to devmail@example.com');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/m\/callback\/email\?token=/);
  });

  it('is never shown to another host, however the request presents itself', async () => {
    await buildUser(t.db.em(), { email: 'devmail-remote@example.com' });
    await trpc('auth.sendAcctAuthEmail', { email: 'devmail-remote@example.com', operation: 'login' });
    const attempts = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '10.0.0.2', headers: { host: 'localhost' } },
      // Relayed by a proxy on this machine, or reached through a rebound DNS name.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example' } },
    ];
    for (const attempt of attempts) {
      const page = await t.app.inject({ url: '/_/dev/mail', ...attempt });
      expect(page.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(page.body).not.toContain('devmail-remote@example.com');
    }
    const local = await t.app.inject({ url: '/_/dev/mail', remoteAddress: '::ffff:127.0.0.1' });
    expect(local.body).toContain('devmail-remote@example.com');
  });
});

describe('when the development outbox page may be on', () => {
  it('is on by default only on a loopback bind without SMTP outside production', () => {
    expect(loadConfig({}).devMailPage).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devMailPage).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).devMailPage).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).devMailPage).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).devMailPage).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailPage).toBe(false);
    expect(loadConfig({ DEV_MAIL_PAGE: 'false' }).devMailPage).toBe(false);
  });

  it('refuses to start when it is asked for where another host could reach it', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', DEV_MAIL_PAGE: 'true' })).toThrow(/DEV_MAIL_PAGE=true/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAIL_PAGE: 'true' })).toThrow(/loopback HOST/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com', DEV_MAIL_PAGE: 'true' })).toThrow();
  });

  it('is not served at all when it is off', async () => {
    const app = await buildApp({
      orm: t.db.orm,
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '0.0.0.0',
        PAGE_CACHE_FRESH_MS: '0',
      }),
    });
    try {
      await app.ready();
      const page = await app.inject({ url: '/_/dev/mail', headers: { accept: 'application/json' } });
      expect(page.body).not.toContain('Outbox (development');
    } finally {
      await app.close();
    }
  });
});
