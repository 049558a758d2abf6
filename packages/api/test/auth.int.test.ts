import { Session, User } from '@quire/db';
import { authErrors, susiServerMessages, validationMessages } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src';
import { browser, lastEmail, setFlag, solveCaptcha, testClock } from './auth-helpers';

const db = useTestDatabase();

beforeAll(async () => {
  await setFlag(db.em(), 'enable_passwords', true);
});

let n = 0;
const uniqueEmail = (prefix = 'reader') => `${prefix}.${++n}@example.com`;

async function userWithPassword(password = 'correct horse battery') {
  const em = db.em();
  const user = await buildUser(em, { email: uniqueEmail('pw') });
  user.passwordHash = await hashPassword(password);
  await em.flush();
  return user;
}

describe('CreateAccount (spec §8 account creation)', () => {
  it('creates the account, derives the username from the email prefix, signs in and mails a verification link', async () => {
    const clock = testClock();
    const b = browser(db, clock, { ip: '198.51.100.1' });
    const email = `John.Smith42.${++n}@Example.com`;
    const result = await b.caller.auth.createAccount({
      email,
      name: 'John Smith',
      password: 'long enough pw',
    });
    // A new account starts with onboarding (spec §3 NOT_ONBOARDED).
    expect(result).toMatchObject({ __typename: 'AuthInfo', redirect: '/get-started' });
    const user = await db.em().findOneOrFail(User, { email: email.toLowerCase() });
    expect(user.username).toBe('JohnSmith');
    expect(user.onboardingStatus).toBe('NOT_ONBOARDED');
    expect(user.emailVerifiedAt).toBeNull();
    expect(b.cookies.values.get('sid')).toBeTruthy();
    const mail = await lastEmail(db, email, 'verify-email');
    expect(String(mail.payload.link)).toMatch(/\/m\/account\/confirm\/[\w-]{43}$/);
    // A second account with the same derived name gets a number.
    const again = await b.caller.auth.createAccount({
      email: `john_smith.${++n}@example.org`,
      name: 'John Smith',
      password: 'long enough pw',
      // Signing up at the paywall goes back to the story, without onboarding (spec §4).
      entryPoint: 'paywall',
      redirect: '/p/0123456789ab',
    });
    expect(again).toMatchObject({ __typename: 'AuthInfo', redirect: '/p/0123456789ab' });
    const second = await db.em().findOneOrFail(User, { id: (again as { uid: string }).uid });
    expect(second.username).toBe('JohnSmith2');
    expect(second.onboardingStatus).toBe('SKIPPED');
  });

  it('answers AlreadyExists with the spec text and creates nothing', async () => {
    const b = browser(db, testClock(), { ip: '198.51.100.2' });
    const email = uniqueEmail();
    await b.caller.auth.createAccount({ email, name: 'First', password: 'long enough pw' });
    const before = await db.em().count(User, {});
    const result = await b.caller.auth.createAccount({ email, name: 'Second', password: 'long enough pw' });
    expect(result).toEqual({
      __typename: 'AlreadyExists',
      message: 'You’ve already created an account with this service.',
    });
    expect(await db.em().count(User, {})).toBe(before);
  });

  it('rate-limits accounts per IP (UserCreationRateLimited) and attempts per email (Forbidden)', async () => {
    const b = browser(db, testClock(), { ip: '198.51.100.3' });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await b.caller.auth.createAccount({
            email: uniqueEmail('ip'),
            name: 'N',
            password: 'long enough pw',
          })
        ).__typename,
      ).toBe('AuthInfo');
    }
    const limited = await b.caller.auth.createAccount({
      email: uniqueEmail('ip'),
      name: 'N',
      password: 'long enough pw',
    });
    expect(limited).toEqual({
      __typename: 'UserCreationRateLimited',
      message: authErrors.userCreationRateLimited,
    });

    const email = uniqueEmail('busy');
    for (let i = 0; i < 5; i++) {
      const other = browser(db, testClock(), { ip: `192.0.2.${10 + i}` });
      await other.caller.auth.createAccount({ email, name: 'N', password: 'long enough pw' });
    }
    const forbidden = await browser(db, testClock(), { ip: '192.0.2.99' }).caller.auth.createAccount({
      email,
      name: 'N',
      password: 'long enough pw',
    });
    expect(forbidden).toEqual({ __typename: 'Forbidden', message: authErrors.accountForbidden });
  });

  it('refuses malformed input with the spec’s validation messages', async () => {
    const b = browser(db, testClock());
    await expect(
      b.caller.auth.createAccount({ email: 'not-an-email', name: 'X', password: 'long enough pw' }),
    ).rejects.toThrow(validationMessages.invalidEmail);
    await expect(
      b.caller.auth.createAccount({ email: uniqueEmail(), name: 'X', password: 'short' }),
    ).rejects.toThrow(validationMessages.passwordTooShort);
    await expect(
      b.caller.auth.createAccount({ email: uniqueEmail(), name: '  ', password: 'long enough pw' }),
    ).rejects.toThrow(validationMessages.nameRequired);
  });
});

describe('LoginUser with a password (spec §8 login)', () => {
  it('counts down N = 6 − failCount, soft-locks for 1 minute on the 6th, and lets the right password in after it', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const b = browser(db, clock, { ip: '203.0.113.10' });
    for (let failCount = 1; failCount <= 5; failCount++) {
      const result = await b.caller.auth.loginUser({ email: user.email!, password: 'wrong password' });
      expect(result).toEqual({
        __typename: 'InvalidPassword',
        message: `That password was incorrect. You have ${6 - failCount} more attempts before your account is locked for 1 minute.`,
        lockoutInfo: { failCount, lockedOutUntil: null },
      });
    }
    const locked = await b.caller.auth.loginUser({ email: user.email!, password: 'wrong password' });
    expect(locked).toMatchObject({
      __typename: 'PasswordSoftLockout',
      message: 'Due to too many password attempts, your account is locked for 1 minutes.',
      lockoutInfo: { failCount: 6, lockedOutUntil: new Date(clock.now().getTime() + 60_000).toISOString() },
    });
    // Even the right password waits out the lock.
    expect(
      (await b.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' })).__typename,
    ).toBe('PasswordSoftLockout');
    clock.advance(61_000);
    const ok = await b.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' });
    expect(ok).toMatchObject({ __typename: 'AuthInfo', uid: user.id });
    expect(b.cookies.values.get('sid')).toBeTruthy();
  });

  it('rounds the soft-lock minutes up and turns permanent after five soft locks', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const b = browser(db, clock, { ip: '203.0.113.11' });
    const fail = () => b.caller.auth.loginUser({ email: user.email!, password: 'nope nope' });
    for (let round = 1; round <= 4; round++) {
      for (let i = 0; i < 6; i++) await fail();
      clock.advance(30_000);
      expect(((await fail()) as { message: string }).message).toBe(
        'Due to too many password attempts, your account is locked for 1 minutes.',
      );
      clock.advance(31_000);
    }
    for (let i = 0; i < 6; i++) await fail();
    const permanent = await b.caller.auth.loginUser({
      email: user.email!,
      password: 'correct horse battery',
    });
    expect(permanent).toMatchObject({
      __typename: 'PasswordPermanentLockout',
      message: authErrors.passwordPermanentLockout,
    });
  });

  it('answers an unknown address like a wrong password (NotFound, "That password was incorrect.")', async () => {
    const result = await browser(db, testClock(), { ip: '203.0.113.12' }).caller.auth.loginUser({
      email: uniqueEmail('ghost'),
      password: 'whatever123',
    });
    expect(result).toEqual({ __typename: 'NotFound', message: 'That password was incorrect.' });
  });

  it('locks a network out for whole days after many failures (IpAuthLockout)', async () => {
    const clock = testClock();
    const b = browser(db, clock, { ip: '203.0.113.66' });
    for (let i = 0; i < 50; i++)
      await b.caller.auth.loginUser({ email: uniqueEmail('spray'), password: 'guess1234' });
    const user = await userWithPassword();
    const result = await b.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' });
    expect(result).toMatchObject({
      __typename: 'IpAuthLockout',
      message: 'For security reasons, you cannot sign in from this network for 1 days.',
    });
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(
      (await b.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' })).__typename,
    ).toBe('AuthInfo');
  });

  it('refuses password sign-in while enable_passwords is off', async () => {
    const user = await userWithPassword();
    await setFlag(db.em(), 'enable_passwords', false);
    try {
      const result = await browser(db, testClock()).caller.auth.loginUser({
        email: user.email!,
        password: 'correct horse battery',
      });
      expect(result.__typename).toBe('BadRequest');
    } finally {
      await setFlag(db.em(), 'enable_passwords', true);
    }
  });
});

describe('emailed links and login codes (spec §7 SendAcctAuthEmail, VerifyLoginCode)', () => {
  it('requires the captcha, says User does not exist for unknown sign-ins, and mails a link and a 6-digit code', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('link') });
    const clock = testClock();
    const b = browser(db, clock);
    expect(await b.caller.auth.sendAcctAuthEmail({ email: user.email!, operation: 'login' })).toMatchObject({
      __typename: 'FailedChallenge',
    });
    const captchaValue = solveCaptcha(await b.caller.auth.captchaChallenge());
    const unknown = await b.caller.auth.sendAcctAuthEmail({
      email: uniqueEmail('nobody'),
      operation: 'login',
      captchaValue,
    });
    expect(unknown).toEqual({ __typename: 'NotFound', message: susiServerMessages.userDoesNotExist });
    const sent = await b.caller.auth.sendAcctAuthEmail({
      email: user.email!,
      operation: 'login',
      captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
    });
    expect(sent).toEqual({ __typename: 'SusiMethod', value: 'EMAIL' });
    const mail = await lastEmail(db, user.email!, 'magic-link');
    expect(String(mail.payload.code)).toMatch(/^\d{6}$/);
    expect(String(mail.payload.link)).toContain('/m/callback/email?token=');
    // A captcha answer works once.
    expect(
      (await b.caller.auth.sendAcctAuthEmail({ email: user.email!, operation: 'login', captchaValue }))
        .__typename,
    ).toBe('FailedChallenge');
  });

  it('skips the captcha for sign-in when skip_sign_in_recaptcha is on, never for sign-up', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('skip') });
    await setFlag(db.em(), 'skip_sign_in_recaptcha', true);
    try {
      const b = browser(db, testClock());
      expect(
        (await b.caller.auth.sendAcctAuthEmail({ email: user.email!, operation: 'login' })).__typename,
      ).toBe('SusiMethod');
      expect(
        (
          await b.caller.auth.sendAcctAuthEmail({
            email: uniqueEmail('new'),
            operation: 'register',
            fullName: 'New Person',
          })
        ).__typename,
      ).toBe('FailedChallenge');
    } finally {
      await setFlag(db.em(), 'skip_sign_in_recaptcha', false);
    }
  });

  it('trades a right code for a one-use completion URL, and locks out after too many wrong codes', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('code') });
    const clock = testClock();
    const b = browser(db, clock);
    const send = async () =>
      b.caller.auth.sendAcctAuthEmail({
        email: user.email!,
        operation: 'login',
        captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
      });
    await send();
    const code = String((await lastEmail(db, user.email!, 'magic-link')).payload.code);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: wrong })).toMatchObject({
      __typename: 'NotFound',
    });
    const ok = await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: code });
    expect(ok).toMatchObject({ __typename: 'Token' });
    expect((ok as { redirectUrl: string }).redirectUrl).toMatch(
      /^\/m\/callback\/email\?token=[\w-]+&operation=login&state=/,
    );
    // Single use.
    expect((await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: code })).__typename).toBe(
      'NotFound',
    );
    await expect(b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: '12345' })).rejects.toThrow(
      'Login code must be 6 digits.',
    );
    await send();
    for (let i = 0; i < 5; i++) await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: wrong });
    const code2 = String((await lastEmail(db, user.email!, 'magic-link')).payload.code);
    expect((await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: code2 })).__typename).toBe(
      'TooManyRequests',
    );
  });

  it('expires codes after 15 minutes', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('late') });
    const clock = testClock();
    const b = browser(db, clock);
    await b.caller.auth.sendAcctAuthEmail({
      email: user.email!,
      operation: 'login',
      captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
    });
    const code = String((await lastEmail(db, user.email!, 'magic-link')).payload.code);
    clock.advance(15 * 60 * 1000 + 1);
    expect((await b.caller.auth.verifyLoginCode({ email: user.email!, loginCode: code })).__typename).toBe(
      'BadRequest',
    );
  });
});

describe('two-factor authentication (spec §7 RegisterAuthyUser, CrupdateTwoFactorAuth, backup codes)', () => {
  async function enableTotp(user: User, clock: ReturnType<typeof testClock>) {
    const b = browser(db, clock, { viewer: user });
    const reg = await b.caller.auth.registerAuthyUser({ preferredMethod: 'AUTH_APP' });
    if (reg.__typename !== 'AuthyUser') throw new Error('setup failed');
    expect(reg.otpauthUri).toContain('digits=7');
    const code = await generate({
      secret: reg.secret!,
      digits: 7,
      period: 30,
      epoch: Math.floor(clock.now().getTime() / 1000),
    });
    const done = await b.caller.auth.crupdateTwoFactorAuth({
      authyId: reg.authyId,
      preferredMethod: 'AUTH_APP',
      verificationCode: code,
    });
    expect(done).toEqual({ __typename: 'Success', success: true });
    return reg.secret!;
  }

  it('sets up TOTP with 7-digit codes, then asks for a code after the password', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const secret = await enableTotp(user, clock);
    const b = browser(db, clock, { ip: '203.0.113.20' });
    const first = await b.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' });
    expect(first).toMatchObject({ __typename: 'AuthToken', method: 'AUTH_APP' });
    expect(b.cookies.values.get('sid')).toBeUndefined();
    const token = (first as { token: string }).token;
    const wrong = await b.caller.auth.loginUser({ token, twoFactorVerificationCode: '0000000' });
    expect(wrong).toEqual({
      __typename: 'InvalidTwoFactorAuthCode',
      message:
        'That verification code was incorrect. You have 5 more attempts before your account is locked for 1 minute.',
      lockoutInfo: { failCount: 1, lockedOutUntil: null },
    });
    const code = await generate({
      secret,
      digits: 7,
      period: 30,
      epoch: Math.floor(clock.now().getTime() / 1000),
    });
    expect(await b.caller.auth.loginUser({ token, twoFactorVerificationCode: code })).toMatchObject({
      __typename: 'AuthInfo',
    });
    expect(b.cookies.values.get('sid')).toBeTruthy();
    // The pending token is spent.
    expect((await b.caller.auth.loginUser({ token, twoFactorVerificationCode: code })).__typename).toBe(
      'BadRequest',
    );
  });

  it('soft-locks two-factor after six wrong codes with the spec text', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    await enableTotp(user, clock);
    const b = browser(db, clock, { ip: '203.0.113.21' });
    const { token } = (await b.caller.auth.loginUser({
      email: user.email!,
      password: 'correct horse battery',
    })) as { token: string };
    let last: unknown;
    for (let i = 0; i < 6; i++)
      last = await b.caller.auth.loginUser({ token, twoFactorVerificationCode: '1234567' });
    expect(last).toMatchObject({
      __typename: 'TwoFactorAuthSoftLockout',
      message: 'You reached your maximum number of attempts. Your account will be locked for 1 minutes.',
    });
  });

  it('gives 10 backup codes of 8 characters that each work once', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    await enableTotp(user, clock);
    const me = browser(db, clock, { viewer: user });
    const result = await me.caller.auth.crupdateTwoFactorBackupCodes({ userId: user.id });
    if (result.__typename !== 'BackupCodes') throw new Error('no codes');
    expect(result.backupCodes).toHaveLength(10);
    for (const code of result.backupCodes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    const other = await me.caller.auth.crupdateTwoFactorBackupCodes({ userId: 'someoneelse' });
    expect(other.__typename).toBe('NotFound');

    const signIn = async () => {
      const b = browser(db, clock, { ip: '203.0.113.22' });
      const { token } = (await b.caller.auth.loginUser({
        email: user.email!,
        password: 'correct horse battery',
      })) as {
        token: string;
      };
      return b.caller.auth.loginUser({ token, backupCode: result.backupCodes[0]! });
    };
    expect((await signIn()).__typename).toBe('AuthInfo');
    const reused = await signIn();
    expect(reused.__typename).toBe('NotFound');
    expect((reused as { message: string }).message).toContain('recovery code');
  });

  it('sends SMS codes through the provider (the outbox by default) and verifies them', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('sms') });
    const clock = testClock();
    const b = browser(db, clock, { viewer: user });
    expect(
      await b.caller.auth.registerAuthyUser({
        preferredMethod: 'SMS_TEXT',
        countryCode: '+1',
        phoneNumber: '555-010',
      }),
    ).toEqual({
      __typename: 'BadRequest',
      message: validationMessages.invalidPhone,
    });
    const reg = await b.caller.auth.registerAuthyUser({
      preferredMethod: 'SMS_TEXT',
      countryCode: '+1',
      phoneNumber: '(555) 010-9999',
    });
    if (reg.__typename !== 'AuthyUser') throw new Error('setup failed');
    const code = String((await lastEmail(db, user.email!, 'two-factor-code')).payload.code);
    expect(code).toMatch(/^\d{7}$/);
    const done = await b.caller.auth.crupdateTwoFactorAuth({
      authyId: reg.authyId,
      preferredMethod: 'SMS_TEXT',
      verificationCode: code,
    });
    expect(done.__typename).toBe('Success');
  });
});

describe('CrupdatePassword (spec §8 password update)', () => {
  it('needs the current password, counts wrong ones, and revokes the other sessions on change', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const other = browser(db, clock, { ip: '203.0.113.30' });
    expect(
      (await other.caller.auth.loginUser({ email: user.email!, password: 'correct horse battery' }))
        .__typename,
    ).toBe('AuthInfo');
    const me = browser(db, clock, { viewer: user });
    expect(await me.caller.auth.crupdatePassword({ password: 'a brand new password' })).toEqual({
      __typename: 'Forbidden',
      message: 'Please enter your current password.',
    });
    expect(
      await me.caller.auth.crupdatePassword({
        password: 'a brand new password',
        oldPassword: 'not it at all',
      }),
    ).toMatchObject({
      __typename: 'InvalidPassword',
    });
    expect(
      await me.caller.auth.crupdatePassword({
        password: 'a brand new password',
        oldPassword: 'correct horse battery',
      }),
    ).toEqual({
      __typename: 'Success',
      redirect: '/',
    });
    const live = await db.em().find(Session, { user: user.id, revokedAt: null });
    expect(live).toHaveLength(1); // only the session just issued to this browser
    expect(
      (
        await browser(db, clock).caller.auth.loginUser({
          email: user.email!,
          password: 'a brand new password',
        })
      ).__typename,
    ).toBe('AuthInfo');
  });

  it('resets by emailed token once, and says the link expired after an hour', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const b = browser(db, clock);
    const ask = async () =>
      b.caller.auth.sendAcctAuthEmail({
        email: user.email!,
        operation: 'login',
        resetPasswordFlow: true,
        captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
      });
    await ask();
    const token = new URL(
      String((await lastEmail(db, user.email!, 'password-reset')).payload.link),
    ).searchParams.get('token')!;
    expect((await b.caller.auth.crupdatePassword({ password: 'reset via email', token })).__typename).toBe(
      'Success',
    );
    expect(await b.caller.auth.crupdatePassword({ password: 'reset via email', token })).toEqual({
      __typename: 'BadRequest',
      message: 'Invalid token',
    });
    await ask();
    const token2 = new URL(
      String((await lastEmail(db, user.email!, 'password-reset')).payload.link),
    ).searchParams.get('token')!;
    clock.advance(60 * 60 * 1000 + 1);
    expect(await b.caller.auth.crupdatePassword({ password: 'too late now', token: token2 })).toEqual({
      __typename: 'ExpiredCredentials',
      message: 'The password reset link has expired.',
    });
  });
});

describe('the remaining §8 members', () => {
  it('TwoFactorAuthPermanentLockout after five two-factor soft locks', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const b = browser(db, clock, { viewer: user });
    const reg = await b.caller.auth.registerAuthyUser({ preferredMethod: 'AUTH_APP' });
    if (reg.__typename !== 'AuthyUser') throw new Error('setup failed');
    let last: unknown;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 6; i++) {
        last = await b.caller.auth.crupdateTwoFactorAuth({
          authyId: reg.authyId,
          preferredMethod: 'AUTH_APP',
          verificationCode: '0000000',
        });
      }
      clock.advance(61_000);
    }
    expect(last).toMatchObject({
      __typename: 'TwoFactorAuthPermanentLockout',
      message:
        'Your account has been locked, because you have attempted to enter a verification code too many times.',
    });
  });

  it('CrupdatePassword without a session or token is NotFound; sign-in links are refused while disable_login_email is on', async () => {
    const b = browser(db, testClock());
    expect((await b.caller.auth.crupdatePassword({ password: 'long enough pw' })).__typename).toBe(
      'NotFound',
    );
    const user = await buildUser(db.em(), { email: uniqueEmail('off') });
    await setFlag(db.em(), 'disable_login_email', true);
    try {
      const result = await b.caller.auth.sendAcctAuthEmail({
        email: user.email!,
        operation: 'login',
        captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
      });
      expect(result.__typename).toBe('BadRequest');
      expect((await b.caller.auth.options()).emailEnabled).toBe(false);
    } finally {
      await setFlag(db.em(), 'disable_login_email', false);
    }
  });
});

describe('suspended accounts', () => {
  it('may read but not change anything', async () => {
    const user = await buildUser(db.em(), { email: uniqueEmail('suspended'), isSuspended: true });
    const b = browser(db, testClock(), { viewer: user });
    await expect(b.caller.auth.sendVerificationEmail()).rejects.toThrow(
      'This account is under investigation or was found in violation of the Rules.',
    );
  });
});

describe('changing the two-factor method', () => {
  it('keeps the current authenticator working until the new one is confirmed', async () => {
    const user = await userWithPassword();
    const clock = testClock();
    const me = browser(db, clock, { viewer: user });
    const first = await me.caller.auth.registerAuthyUser({ preferredMethod: 'AUTH_APP' });
    if (first.__typename !== 'AuthyUser') throw new Error('setup failed');
    const codeFor = (secret: string) =>
      generate({ secret, digits: 7, period: 30, epoch: Math.floor(clock.now().getTime() / 1000) });
    await me.caller.auth.crupdateTwoFactorAuth({
      authyId: first.authyId,
      preferredMethod: 'AUTH_APP',
      verificationCode: await codeFor(first.secret!),
    });
    // Start over with a new app, but do not confirm it yet: the old one still signs in.
    const second = await me.caller.auth.registerAuthyUser({ preferredMethod: 'AUTH_APP' });
    if (second.__typename !== 'AuthyUser') throw new Error('setup failed');
    const signIn = async (secret: string) => {
      const b = browser(db, clock, { ip: '203.0.113.40' });
      const { token } = (await b.caller.auth.loginUser({
        email: user.email!,
        password: 'correct horse battery',
      })) as {
        token: string;
      };
      return (await b.caller.auth.loginUser({ token, twoFactorVerificationCode: await codeFor(secret) }))
        .__typename;
    };
    expect(await signIn(first.secret!)).toBe('AuthInfo');
    // Confirming the new app replaces the old one.
    expect(
      await me.caller.auth.crupdateTwoFactorAuth({
        authyId: second.authyId,
        preferredMethod: 'AUTH_APP',
        verificationCode: await codeFor(second.secret!),
      }),
    ).toEqual({ __typename: 'Success', success: true });
    clock.advance(90_000); // a fresh time step, so the two secrets' codes differ from any cached one
    expect(await signIn(second.secret!)).toBe('AuthInfo');
    expect(await signIn(first.secret!)).toBe('InvalidTwoFactorAuthCode');
  });
});
