import {
  AuthToken,
  Clap,
  Lockout,
  Post,
  Session,
  SignupAttempt,
  TwoFactorAuth,
  TwoFactorBackupCode,
  User,
} from '@quire/db';
import { AUTH_POLICY, authErrors, CLAPS_PER_READER_MAX, type LockoutKind } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContextInner, hashPassword } from '../src';
import { CODE_NOT_FOUND, CODE_TOO_MANY } from '../src/services/auth/email-link';
import { loginWithPassword } from '../src/services/auth/login';
import { issueToken, sha256 } from '../src/services/auth/tokens';
import { newTotpSecret } from '../src/services/auth/two-factor';
import { browser, env, lastEmail, setFlag, solveCaptcha, testClock } from './auth-helpers';

// Each request below runs on its own EntityManager and transaction, so they race on separate connections.
const db = useTestDatabase();
const PARALLEL = 32;

beforeAll(async () => {
  await setFlag(db.em(), 'enable_passwords', true);
});

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${++n}@example.com`;
/** Starts `count` requests at once; a thrown error becomes a result, so a tally shows it beside the answers. */
const parallel = <T>(count: number, request: (i: number) => Promise<T>) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      request(i).catch((error: Error) => ({ __typename: `thrown: ${error.message}` }) as never as T),
    ),
  );
const tally = (results: { __typename: string }[]) =>
  results.reduce<Record<string, number>>((acc, r) => {
    acc[r.__typename] = (acc[r.__typename] ?? 0) + 1;
    return acc;
  }, {});
const lockoutRows = (kind: LockoutKind, key: string) => db.em().find(Lockout, { kind, key });

describe('wrong login codes in parallel (VerifyLoginCode)', () => {
  it('checks at most loginCodeMaxAttempts codes, refuses the rest and then the right code too', async () => {
    const clock = testClock();
    const user = await buildUser(db.em(), { email: uniqueEmail('code') });
    const email = user.email!;
    const sender = browser(db, clock).caller;
    await sender.auth.sendAcctAuthEmail({
      email,
      operation: 'login',
      captchaValue: solveCaptcha(await sender.auth.captchaChallenge()),
    });
    const code = String((await lastEmail(db, email, 'magic-link')).payload.code);
    const wrong = code === '000000' ? '111111' : '000000';

    const results = await parallel(PARALLEL, () =>
      browser(db, clock).caller.auth.verifyLoginCode({ email, loginCode: wrong }),
    );

    const limit = AUTH_POLICY.loginCodeMaxAttempts;
    expect(tally(results)).toEqual({ NotFound: limit, TooManyRequests: PARALLEL - limit });
    for (const r of results) {
      expect(r).toEqual(
        r.__typename === 'NotFound'
          ? { __typename: 'NotFound', message: CODE_NOT_FOUND }
          : { __typename: 'TooManyRequests', message: CODE_TOO_MANY },
      );
    }
    const rows = await lockoutRows('LOGIN_CODE', email);
    expect(rows.map((r) => r.failCount)).toEqual([limit]);

    expect(await browser(db, clock).caller.auth.verifyLoginCode({ email, loginCode: code })).toEqual({
      __typename: 'TooManyRequests',
      message: CODE_TOO_MANY,
    });
    const [token] = await db.em().find(AuthToken, { kind: 'LOGIN_CODE', email });
    expect(token?.usedAt).toBeNull();
  });
});

describe('wrong passwords in parallel (LoginUser)', () => {
  const contextAt = (ip: string, clock: { now: () => Date }) =>
    createContextInner({
      em: db.em(),
      viewer: null,
      sessionId: null,
      visitor: { id: 'v', isBot: false, country: null },
      ip,
      now: clock.now,
      env,
    });
  // The argon2 check runs before the transaction; a known-wrong result keeps the race on the counters.
  const failPassword = (ip: string, clock: { now: () => Date }, email: string) => {
    const em = db.em();
    return em.transactional((tx) =>
      loginWithPassword(contextAt(ip, clock), tx, { email, passwordOk: false }),
    );
  };

  it('counts at most maxAttempts failures, then answers the soft lockout; the first lockout row never collides', async () => {
    const clock = testClock();
    const ip = '198.51.100.40';
    const em = db.em();
    const user = await buildUser(em, { email: uniqueEmail('pw') });
    user.passwordHash = await hashPassword('correct horse battery');
    await em.flush();

    const results = await parallel(PARALLEL, () => failPassword(ip, clock, user.email!));

    const max = AUTH_POLICY.maxAttempts;
    expect(tally(results)).toEqual({ InvalidPassword: max - 1, PasswordSoftLockout: PARALLEL - max + 1 });
    const until = new Date(clock.now().getTime() + AUTH_POLICY.softLockMs).toISOString();
    for (const r of results.filter((r) => r.__typename === 'PasswordSoftLockout')) {
      expect(r).toEqual({
        __typename: 'PasswordSoftLockout',
        message: authErrors.passwordSoftLockout(new Date(until), clock.now()),
        lockoutInfo: { failCount: max, lockedOutUntil: until },
      });
    }
    const failCounts = results.flatMap((r) => ('lockoutInfo' in r ? [r.lockoutInfo.failCount] : []));
    expect(failCounts.filter((c) => c < max).sort()).toEqual([1, 2, 3, 4, 5]);
    const [row, ...others] = await lockoutRows('PASSWORD', user.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ failCount: max, softLockCount: 1, permanent: false });
    expect(row?.lockedOutUntil?.toISOString()).toBe(until);
    // Each counted failure counts once against the network too.
    expect((await lockoutRows('IP', ip)).map((r) => r.failCount)).toEqual([max]);
  });

  it('locks a network out after exactly ipFailuresBeforeLock failures from it', async () => {
    const clock = testClock();
    const ip = '198.51.100.41';
    const limit = AUTH_POLICY.ipFailuresBeforeLock;
    const results = await parallel(limit + 10, () => failPassword(ip, clock, uniqueEmail('spray')));
    expect(tally(results)).toEqual({ NotFound: limit, IpAuthLockout: 10 });
    const [row, ...others] = await lockoutRows('IP', ip);
    expect(others).toEqual([]);
    expect(row?.failCount).toBe(limit);
    expect(row?.lockedOutUntil).not.toBeNull();
  });
});

describe('wrong two-factor codes in parallel (LoginUser with a pending token)', () => {
  it('counts at most maxAttempts failures and soft-locks once', async () => {
    const clock = testClock();
    const em = db.em();
    const user = await buildUser(em, { email: uniqueEmail('tfa') });
    em.create(TwoFactorAuth, {
      user,
      preferredMethod: 'AUTH_APP',
      totpSecret: newTotpSecret(),
      enabled: true,
      verifiedAt: clock.now(),
    });
    const { raw: token } = issueToken(em, {
      kind: 'TWO_FACTOR_PENDING',
      ttlMs: AUTH_POLICY.twoFactorPendingTtlMs,
      now: clock.now(),
      user,
      payload: { redirect: '/' },
    });
    await em.flush();

    const results = await parallel(PARALLEL, () =>
      browser(db, clock).caller.auth.loginUser({ token, twoFactorVerificationCode: '0000000' }),
    );

    const max = AUTH_POLICY.maxAttempts;
    expect(tally(results)).toEqual({
      InvalidTwoFactorAuthCode: max - 1,
      TwoFactorAuthSoftLockout: PARALLEL - max + 1,
    });
    const [row, ...others] = await lockoutRows('TWO_FACTOR', user.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ failCount: max, softLockCount: 1, permanent: false });
  });
});

describe('right second factors in parallel on one pending sign-in', () => {
  // Regression: the pending token was checked before the user's lock, so each right code signed in.
  it('signs in once; the other requests find the pending sign-in used', async () => {
    const clock = testClock();
    const em = db.em();
    const user = await buildUser(em, { email: uniqueEmail('tfa-once') });
    em.create(TwoFactorAuth, {
      user,
      preferredMethod: 'AUTH_APP',
      totpSecret: newTotpSecret(),
      enabled: true,
      verifiedAt: clock.now(),
    });
    const codes = Array.from({ length: 8 }, (_, i) => `backup0${i}`);
    for (const code of codes) em.create(TwoFactorBackupCode, { user, codeHash: sha256(code) });
    const { raw: token } = issueToken(em, {
      kind: 'TWO_FACTOR_PENDING',
      ttlMs: AUTH_POLICY.twoFactorPendingTtlMs,
      now: clock.now(),
      user,
      payload: { redirect: '/' },
    });
    await em.flush();

    const results = await parallel(codes.length, (i) =>
      browser(db, clock).caller.auth.loginUser({ token, backupCode: codes[i] }),
    );

    expect(tally(results)).toEqual({ AuthInfo: 1, BadRequest: codes.length - 1 });
    expect(await db.em().count(Session, { user: user.id })).toBe(1);
    expect(await db.em().count(TwoFactorBackupCode, { user: user.id, usedAt: { $ne: null } })).toBe(1);
  });
});

describe('accounts from one IP in parallel (CreateAccount)', () => {
  it('creates at most accountsPerIpPerDay accounts and answers UserCreationRateLimited to the rest', async () => {
    const clock = testClock();
    const ip = '198.51.100.50';
    const emails = Array.from({ length: PARALLEL }, () => uniqueEmail('signup'));

    const results = await parallel(PARALLEL, (i) =>
      browser(db, clock, { ip }).caller.auth.createAccount({
        email: emails[i]!,
        name: 'New Reader',
        password: 'long enough pw',
      }),
    );

    const limit = AUTH_POLICY.accountsPerIpPerDay;
    expect(tally(results)).toEqual({ AuthInfo: limit, UserCreationRateLimited: PARALLEL - limit });
    for (const r of results.filter((r) => r.__typename !== 'AuthInfo')) {
      expect(r).toEqual({
        __typename: 'UserCreationRateLimited',
        message: authErrors.userCreationRateLimited,
      });
    }
    expect(await db.em().count(User, { email: { $in: emails } })).toBe(limit);
    expect(await db.em().count(SignupAttempt, { ip, succeeded: true })).toBe(limit);
  });
});

describe('claps from one reader in parallel (posts.clap)', () => {
  it(`never passes ${CLAPS_PER_READER_MAX} per reader, and the story's total is the sum of the readers' claps`, async () => {
    const clock = testClock();
    const writer = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: writer });
    const readers = await parallel(3, () => buildUser(db.em()));
    const clap = (reader: User, count: number) =>
      browser(db, clock, { viewer: reader }).caller.posts.clap({ postId: post.id, count });

    // Three readers at once: 32 bursts of 3 each, and one of them also takes claps back midway.
    const results = await Promise.all([
      ...readers.flatMap((reader) => Array.from({ length: PARALLEL }, () => clap(reader, 3))),
      ...Array.from({ length: 4 }, () =>
        browser(db, clock, { viewer: readers[2]! }).caller.posts.undoClaps({ postId: post.id }),
      ),
    ]);

    for (const r of results) expect(r.viewerClapCount).toBeLessThanOrEqual(CLAPS_PER_READER_MAX);
    const rows = await db.em().find(Clap, { post: post.id }, { populate: ['user'] });
    const byReader = new Map(rows.map((r) => [r.user.id, r.count]));
    expect(byReader.get(readers[0]!.id)).toBe(CLAPS_PER_READER_MAX);
    expect(byReader.get(readers[1]!.id)).toBe(CLAPS_PER_READER_MAX);
    expect(byReader.get(readers[2]!.id) ?? 0).toBeLessThanOrEqual(CLAPS_PER_READER_MAX);
    expect(rows).toHaveLength(byReader.has(readers[2]!.id) ? 3 : 2);
    const sum = rows.reduce((total, r) => total + r.count, 0);
    expect((await db.em().findOneOrFail(Post, post.id)).clapCount).toBe(sum);
  });
});
