import { AuthToken, EmailOutbox, FeatureFlag, Lockout, Session, SignupAttempt, User } from '@quire/db';
import { AUTH_POLICY, authErrors } from '@quire/domain';
import { buildUser } from '@quire/test-harness';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

// Requests start together and each runs in its own transaction on its own pool connection.
const t = useTestApp();
const PARALLEL = 32;

beforeAll(async () => {
  const em = t.db.em();
  em.create(FeatureFlag, { name: 'skip_sign_in_recaptcha', boolValue: true });
  em.create(FeatureFlag, { name: 'enable_passwords', boolValue: true });
  await em.flush();
});

const trpc = (path: string, input: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input as object,
    headers: authHeaders(null),
  });

/** Every answer is a 200 with a result member: no 5xx, no database or driver text. */
function results(responses: LightMyRequestResponse[]) {
  for (const response of responses) {
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/duplicate key|constraint|violates|sql/i);
  }
  return responses.map((r) => r.json().result.data as { __typename: string; message?: string });
}

const tally = (answers: { __typename: string }[]) =>
  answers.reduce<Record<string, number>>((acc, a) => {
    acc[a.__typename] = (acc[a.__typename] ?? 0) + 1;
    return acc;
  }, {});

describe('wrong login codes in parallel over HTTP (VerifyLoginCode)', () => {
  it('checks at most loginCodeMaxAttempts codes, then refuses every code, the right one too', async () => {
    const email = 'racer@example.com';
    await buildUser(t.db.em(), { email });
    await trpc('auth.sendAcctAuthEmail', { email, operation: 'login' });
    const [mail] = await t.db.em().find(EmailOutbox, { to: email, template: 'magic-link' });
    const code = String(mail!.payload.code);
    const wrong = code === '000000' ? '111111' : '000000';

    const answers = results(
      await Promise.all(
        Array.from({ length: PARALLEL }, () => trpc('auth.verifyLoginCode', { email, loginCode: wrong })),
      ),
    );

    const limit = AUTH_POLICY.loginCodeMaxAttempts;
    expect(tally(answers)).toEqual({ NotFound: limit, TooManyRequests: PARALLEL - limit });
    const refusal = answers.find((a) => a.__typename === 'TooManyRequests');
    expect(refusal?.message).toBe('Too many wrong codes. Ask for a new email and try again.');
    const rows = await t.db.em().find(Lockout, { kind: 'LOGIN_CODE', key: email });
    expect(rows.map((r) => r.failCount)).toEqual([limit]);

    const [right] = results([await trpc('auth.verifyLoginCode', { email, loginCode: code })]);
    expect(right).toEqual(refusal);
    const [token] = await t.db.em().find(AuthToken, { kind: 'LOGIN_CODE', email });
    expect(token?.usedAt).toBeNull();
  });
});

describe('sign-ups from one IP in parallel over HTTP (CreateAccount)', () => {
  it('creates at most accountsPerIpPerDay accounts and answers UserCreationRateLimited to the rest', async () => {
    const emails = Array.from({ length: PARALLEL }, (_, i) => `crowd.${i}@example.com`);

    const answers = results(
      await Promise.all(
        emails.map((email) =>
          trpc('auth.createAccount', { email, name: 'Crowd Reader', password: 'long enough pw' }),
        ),
      ),
    );

    const limit = AUTH_POLICY.accountsPerIpPerDay;
    expect(tally(answers)).toEqual({ AuthInfo: limit, UserCreationRateLimited: PARALLEL - limit });
    expect(answers.find((a) => a.__typename === 'UserCreationRateLimited')?.message).toBe(
      authErrors.userCreationRateLimited,
    );
    expect(await t.db.em().count(User, { email: { $in: emails } })).toBe(limit);
    expect(await t.db.em().count(SignupAttempt, { email: { $in: emails }, succeeded: true })).toBe(limit);
  });
});

describe('one emailed sign-up link opened many times at once (GET /m/callback/email)', () => {
  it('is used once: one account, one session, every other open lands on the expired-link screen', async () => {
    const email = 'eager@example.com';
    const challenge = (await t.app.inject({ url: '/trpc/auth.captchaChallenge' })).json().result.data;
    const [a, b] = challenge.question.match(/\d+/g).map(Number);
    const sent = await trpc('auth.sendAcctAuthEmail', {
      email,
      operation: 'register',
      fullName: 'Eager Reader',
      captchaValue: `${challenge.token}:${a + b}`,
    });
    expect(sent.json().result.data.__typename).toBe('SusiMethod');
    const [mail] = await t.db.em().find(EmailOutbox, { to: email, template: 'magic-link' });
    const link = new URL(String(mail!.payload.link));

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.app.inject({ url: `${link.pathname}${link.search}` })),
    );

    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 302));
    const signedIn = responses.filter((r) => r.cookies.some((c) => c.name === 'sid'));
    expect(signedIn).toHaveLength(1);
    // The new account starts with onboarding.
    expect(signedIn[0]?.headers.location).toBe('/get-started');
    for (const r of responses.filter((r) => r !== signedIn[0]))
      expect(r.headers.location).toBe('/m/signin?entry=email_login_timeout');
    expect(await t.db.em().count(User, { email })).toBe(1);
    expect(await t.db.em().count(Session, { user: { email } })).toBe(1);
  });
});
