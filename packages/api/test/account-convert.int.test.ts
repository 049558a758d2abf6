import { AuthToken, OAuthIdentity, User } from '@quire/db';
import { ACCOUNT_CONVERT_POLICY, accountConvertTexts as texts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { hashPassword } from '../src';
import { browser, lastEmail, setFlag, testClock } from './auth-helpers';

/* /m/account/convert/{token}: an account with no password adds one through a mailed single-use link. */

const db = useTestDatabase();
const password = 'river lantern copper meadow';

/** An account made through Google: no password, an address from the provider. */
async function googleAccount() {
  const em = db.em();
  const user = await buildUser(em);
  em.create(OAuthIdentity, { provider: 'GOOGLE', providerUserId: `g-${user.id}`, user, email: user.email });
  await em.flush();
  return user;
}

/** The raw token of the newest convert link mailed to the account. */
async function mailedToken(user: User) {
  const mail = await lastEmail(db, user.email!, 'account-convert');
  const link = String((mail.payload as { link: string }).link);
  expect(link).toMatch(/\/m\/account\/convert\/[A-Za-z0-9_-]{43}$/);
  return link.split('/').at(-1)!;
}

const stored = async (id: string) => db.em().findOneOrFail(User, id, { refresh: true });

describe('adding a password through the convert link', () => {
  it('mails a link stored only as its hash, which adds a password once; the account then signs in with it', async () => {
    const user = await googleAccount();
    const clock = testClock();
    const me = browser(db, clock, { viewer: user });
    expect(await me.caller.security.mailConvertLink()).toEqual({ sentTo: user.email });
    const token = await mailedToken(user);
    const rows = await db.em().find(AuthToken, { kind: 'ACCOUNT_CONVERT', user: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(ACCOUNT_CONVERT_POLICY.ttlMs);

    const visitor = browser(db, clock);
    expect(await visitor.caller.account.convertLink({ token })).toEqual({ usable: true, email: user.email });
    expect(await visitor.caller.account.convert({ token, password })).toEqual({ email: user.email });
    const after = await stored(user.id);
    expect(after.passwordHash).toBeTruthy();
    expect(after.emailVerifiedAt).toBeTruthy();
    expect(visitor.cookies.values.get('sid')).toBeFalsy();

    // Used: the page says so and a second try changes nothing.
    expect(await visitor.caller.account.convertLink({ token })).toEqual({
      usable: false,
      message: texts.invalid,
    });
    await expect(
      visitor.caller.account.convert({ token, password: 'another long password x' }),
    ).rejects.toThrow(texts.invalid);
    expect((await stored(user.id)).passwordHash).toBe(after.passwordHash);

    await setFlag(db.em(), 'enable_passwords', true);
    const signIn = await browser(db, clock).caller.auth.loginUser({ email: user.email!, password });
    expect(signIn).toMatchObject({ __typename: 'AuthInfo', uid: user.id });
  });

  it('refuses forged, expired and superseded links and guessable passwords, changing nothing', async () => {
    const user = await googleAccount();
    const clock = testClock();
    const me = browser(db, clock, { viewer: user });
    await me.caller.security.mailConvertLink();
    const first = await mailedToken(user);
    clock.advance(1000);
    await me.caller.security.mailConvertLink();
    const second = await mailedToken(user);
    expect(second).not.toBe(first);
    const visitor = browser(db, clock).caller;

    // An earlier link stops working when a newer one is mailed; a forged one never worked.
    for (const token of [first, 'A'.repeat(43), `${second.slice(0, -1)}x`]) {
      expect(await visitor.account.convertLink({ token })).toEqual({ usable: false, message: texts.invalid });
      await expect(visitor.account.convert({ token, password })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: texts.invalid,
      });
    }
    // Malformed input: refused by the schema, NUL bytes and lone surrogates too.
    for (const token of ['', 'a/b', 'a'.repeat(201), 'abc\u0000', 'abc\ud800']) {
      await expect(visitor.account.convert({ token, password }), JSON.stringify(token)).rejects.toMatchObject(
        {
          code: 'BAD_REQUEST',
        },
      );
    }
    await expect(visitor.account.convert({ token: second, password: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      visitor.account.convert({ token: second, password: 'pass\u0000word long enough' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // A guessable password is refused next to the field; the link stays usable.
    const weak = await visitor.account.convert({ token: second, password: 'password1234' }).catch((e) => e);
    expect(weak).toBeInstanceOf(TRPCError);
    const issue = weak.cause instanceof ZodError ? weak.cause.issues[0] : undefined;
    expect(issue?.path).toEqual(['password']);
    expect(issue?.message).toMatch(/too easy to guess/);
    expect(await visitor.account.convertLink({ token: second })).toEqual({ usable: true, email: user.email });
    expect((await stored(user.id)).passwordHash).toBeNull();

    // Past its 24 hours.
    clock.advance(ACCOUNT_CONVERT_POLICY.ttlMs + 1);
    expect(await visitor.account.convertLink({ token: second })).toEqual({
      usable: false,
      message: texts.expired,
    });
    await expect(visitor.account.convert({ token: second, password })).rejects.toThrow(texts.expired);
    expect((await stored(user.id)).passwordHash).toBeNull();
  });

  it('is not for accounts with a password or without an address, and is rate limited', async () => {
    const em = db.em();
    const withPassword = await buildUser(em);
    withPassword.passwordHash = await hashPassword('an old long password');
    const noEmail = await buildUser(em, { email: null });
    await em.flush();
    const clock = testClock();
    await expect(
      browser(db, clock, { viewer: withPassword }).caller.security.mailConvertLink(),
    ).rejects.toThrow(texts.hasPassword);
    await expect(browser(db, clock, { viewer: noEmail }).caller.security.mailConvertLink()).rejects.toThrow(
      texts.noEmail,
    );
    await expect(browser(db, clock).caller.security.mailConvertLink()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const user = await googleAccount();
    const me = browser(db, clock, { viewer: user }).caller;
    for (let i = 0; i < ACCOUNT_CONVERT_POLICY.linksPerHour; i++) await me.security.mailConvertLink();
    await expect(me.security.mailConvertLink()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    // Requests sent at once pass the hourly limit no more than requests one after another.
    const racer = await googleAccount();
    const results = await Promise.allSettled(
      Array.from({ length: ACCOUNT_CONVERT_POLICY.linksPerHour + 3 }, () =>
        browser(db, clock, { viewer: racer }).caller.security.mailConvertLink(),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(ACCOUNT_CONVERT_POLICY.linksPerHour);
    expect(await db.em().count(AuthToken, { user: racer.id, kind: 'ACCOUNT_CONVERT' })).toBe(
      ACCOUNT_CONVERT_POLICY.linksPerHour,
    );

    // A password set another way after the link was mailed: the link no longer applies.
    const token = await mailedToken(user);
    const other = db.em();
    const row = await other.findOneOrFail(User, user.id);
    row.passwordHash = await hashPassword('set on the password page');
    await other.flush();
    const visitor = browser(db, clock).caller;
    expect(await visitor.account.convertLink({ token })).toEqual({
      usable: false,
      message: texts.hasPassword,
    });
    await expect(visitor.account.convert({ token, password })).rejects.toThrow(texts.hasPassword);
  });
});
