import { hashPassword } from '@quire/api';
import { FeatureFlag } from '@quire/db';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

beforeAll(async () => {
  const em = t.db.em();
  em.create(FeatureFlag, { name: 'enable_passwords', boolValue: true });
  await em.flush();
});

const gql = (operationName: string, variables: Record<string, unknown>) =>
  t.gql(operationName, variables, authHeaders(null));

describe('GraphQL sign-in operations (persisted by name)', () => {
  it('LoginUser answers InvalidPassword with the spec text and lockoutInfo', async () => {
    const em = t.db.em();
    const user = await buildUser(em, { email: 'gql-login@example.com' });
    user.passwordHash = await hashPassword('the right password');
    await em.flush();
    const res = await gql('LoginUser', { email: 'gql-login@example.com', password: 'not the right one' });
    expect(res.json().data.loginUser).toEqual({
      __typename: 'InvalidPassword',
      message:
        'That password was incorrect. You have 5 more attempts before your account is locked for 1 minute.',
      lockoutInfo: { failCount: 1, lockedOutUntil: null },
    });
    const ok = await gql('LoginUser', { email: 'gql-login@example.com', password: 'the right password' });
    expect(ok.json().data.loginUser).toEqual({
      __typename: 'AuthInfo',
      uid: user.id,
      sessionToken: null,
      redirect: '/',
    });
    expect(ok.cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
  });

  it('CreateAccount answers AlreadyExists, and malformed input as its BadRequest member', async () => {
    await buildUser(t.db.em(), { email: 'taken@example.com' });
    const taken = await gql('CreateAccount', {
      email: 'taken@example.com',
      name: 'Someone',
      password: 'long enough pw',
    });
    expect(taken.json().data.createAccount).toEqual({
      __typename: 'AlreadyExists',
      message: 'You’ve already created an account with this service.',
    });
    const bad = await gql('SendAcctAuthEmail', { email: 'not an email', operation: 'login' });
    expect(bad.json().data.sendAcctAuthEmail).toEqual({
      __typename: 'BadRequest',
      message: 'email: Please enter a valid email address.',
    });
  });

  it('MagicLinkPreferredQuery and EmailAvailability answer for known and unknown addresses', async () => {
    await buildUser(t.db.em(), { email: 'linkonly@example.com' });
    expect(
      (await gql('MagicLinkPreferredQuery', { email: 'linkonly@example.com' })).json().data
        .magicLinkPreferred,
    ).toEqual({
      __typename: 'PrefersMagicLink',
      result: true,
    });
    expect(
      (await gql('MagicLinkPreferredQuery', { email: 'nobody@example.com' })).json().data.magicLinkPreferred,
    ).toEqual({
      __typename: 'NotFound',
      message: 'User does not exist',
    });
    expect(
      (await gql('EmailAvailability', { email: 'nobody@example.com' })).json().data.emailAvailability,
    ).toBe(true);
    expect(
      (await gql('EmailAvailability', { email: 'linkonly@example.com' })).json().data.emailAvailability,
    ).toBe(false);
  });

  it('AccountTokenQuery answers null when signed out (a refusal) and a token when signed in', async () => {
    const signedOut = await gql('AccountTokenQuery', {});
    expect(signedOut.json()).toEqual({ data: { accountToken: null } });
    const me = await buildUser(t.db.em());
    const signedIn = await t.gql('AccountTokenQuery', {}, authHeaders(await buildSession(t.db.em(), me)));
    expect(signedIn.json().data.accountToken).toMatch(/\S{16,}/);
  });

  it('refuses sign-in mutations without the anti-forgery token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: { operationName: 'LoginUser', variables: { email: 'a@example.com', password: 'x' } },
    });
    expect(res.statusCode).toBe(403);
  });
});
