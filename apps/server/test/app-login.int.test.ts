import { AuthToken, Session, TwoFactorAuth, User } from '@quire/db';
import { APP_LOGIN_POLICY, appLoginTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/* /m/app/login/{token}: a sign-in link made in the security settings, opened on another device. */

const BASE = 'http://127.0.0.1:3999';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL: BASE });

const mutate = (path: string, input: unknown, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input as object,
    headers: authHeaders(token),
  });

async function makeLink(token: string) {
  const res = await mutate('security.createAppLoginLink', {}, token);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json().result.data as { url: string };
  return { url, raw: decodeURIComponent(url.slice(`${BASE}/m/app/login/`.length)) };
}

const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sid')?.value;

describe('signing in on another device with a link', () => {
  it('shows whom the link signs in without using it, then signs this device in once', async () => {
    const em = t.db.em();
    const user = await buildUser(em, { name: 'Device Reader' });
    const { url, raw } = await makeLink(await buildSession(em, user));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/m\/app\/login\/[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.em().findOneOrFail(AuthToken, { kind: 'APP_LOGIN', user: user.id });
    expect(stored.tokenHash).not.toContain(raw); // only its hash is kept
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(APP_LOGIN_POLICY.ttlMs);

    // The page (what a link preview fetches too) names the account and signs nobody in.
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: `/m/app/login/${raw}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(appLoginTexts.lead(user.name, user.username));
      expect(sessionCookieOf(page)).toBeUndefined();
    }
    const sessionsBefore = await t.db.em().count(Session, { user: user.id });

    const signedIn = await mutate('auth.completeAppLogin', { token: raw }, null);
    expect(signedIn.json().result.data).toEqual({ __typename: 'AuthInfo', uid: user.id, redirect: '/' });
    const sid = sessionCookieOf(signedIn);
    expect(sid).toBeTruthy();
    const me = await t.app.inject({ url: '/trpc/viewer.me', headers: { cookie: `sid=${sid}` } });
    expect(me.json().result.data.id).toBe(user.id);
    expect(await t.db.em().count(Session, { user: user.id })).toBe(sessionsBefore + 1);

    // Used up: the page and a second use say so, and no session is made.
    const again = await mutate('auth.completeAppLogin', { token: raw }, null);
    expect(again.json().result.data).toEqual({ __typename: 'BadRequest', message: appLoginTexts.invalid });
    expect(sessionCookieOf(again)).toBeUndefined();
    expect((await t.app.inject({ url: `/m/app/login/${raw}` })).body).toContain(appLoginTexts.invalid);
  });

  it('refuses a forged, malformed or expired link, and a link of a deleted account', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const session = await buildSession(em, user);
    const forged = 'A'.repeat(43);
    expect((await mutate('auth.completeAppLogin', { token: forged }, null)).json().result.data.message).toBe(
      appLoginTexts.invalid,
    );
    // Malformed input is a clear 400, never a 5xx; the page says the link is not valid.
    for (const token of ['', 'a b', 'x'.repeat(201), 'bad\u0000', '\ud800']) {
      expect((await mutate('auth.completeAppLogin', { token }, null)).statusCode, token).toBe(400);
    }
    expect((await t.app.inject({ url: '/m/app/login/%00%00' })).statusCode).toBeLessThan(500);

    const expired = await makeLink(session);
    await t.db
      .em()
      .nativeUpdate(
        AuthToken,
        { kind: 'APP_LOGIN', user: user.id },
        { expiresAt: new Date(Date.now() - 1000) },
      );
    const late = await mutate('auth.completeAppLogin', { token: expired.raw }, null);
    expect(late.json().result.data.message).toBe(appLoginTexts.expired);
    expect(sessionCookieOf(late)).toBeUndefined();

    const gone = await makeLink(session);
    await t.db.em().nativeUpdate(User, { id: user.id }, { isDeleted: true });
    expect(
      (await mutate('auth.completeAppLogin', { token: gone.raw }, null)).json().result.data.message,
    ).toBe(appLoginTexts.invalid);
  });

  it('asks for the second factor of an account that has two-factor on', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    em.create(TwoFactorAuth, {
      user,
      preferredMethod: 'AUTH_APP',
      totpSecret: 'JBSWY3DPEHPK3PXP', // the method's secret plays no part before a code is asked for
      enabled: true,
      verifiedAt: new Date(),
    });
    await em.flush();
    const { raw } = await makeLink(await buildSession(em, user));
    const res = await mutate('auth.completeAppLogin', { token: raw }, null);
    expect(res.json().result.data).toMatchObject({ __typename: 'AuthToken', method: 'AUTH_APP' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('keeps only the newest link, needs a session, and allows a few links an hour even when asked at once', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const session = await buildSession(em, user);
    expect((await mutate('security.createAppLoginLink', {}, null)).statusCode).toBe(401);

    const first = await makeLink(session);
    await makeLink(session);
    const stale = await mutate('auth.completeAppLogin', { token: first.raw }, null);
    expect(stale.json().result.data.message).toBe(appLoginTexts.invalid);

    // Requests at once pass the hourly limit no further than one at a time would.
    const answers = await Promise.all(
      Array.from({ length: APP_LOGIN_POLICY.linksPerHour + 4 }, () =>
        mutate('security.createAppLoginLink', {}, session),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 200).length;
    expect(made).toBe(APP_LOGIN_POLICY.linksPerHour - 2);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(appLoginTexts.tooMany);
    expect(await t.db.em().count(AuthToken, { kind: 'APP_LOGIN', user: user.id })).toBe(
      APP_LOGIN_POLICY.linksPerHour,
    );
  });
});
