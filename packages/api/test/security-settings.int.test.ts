import { AuthToken, OAuthIdentity, Session, User } from '@quire/db';
import { passwordStrengthTexts, securityTexts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import {
  appRouter,
  createContextInner,
  createSession,
  hashPassword,
  memoryCookieJar,
  sessionFromToken,
  touchSession,
} from '../src';
import { browser, env, lastEmail, setFlag, solveCaptcha, testClock } from './auth-helpers';

const db = useTestDatabase();

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A caller as the browser holding `sessionId` (the settings tell the current session apart). */
function asSession(viewer: User, sessionId: string | null, now = () => new Date()) {
  const cookies = memoryCookieJar();
  const caller = appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer,
      sessionId,
      visitor: { id: 'v', isBot: false, country: 'FR' },
      ip: '203.0.113.9',
      now,
      cookies,
      env,
    }),
  );
  return { caller, cookies };
}

async function signedInOn(user: User, userAgent: string, country: string | null, at: Date) {
  const em = db.em();
  const { token, session } = await createSession(em, user, { ip: '198.51.100.4', userAgent, now: at });
  session.country = country;
  await em.flush();
  return { token, id: session.id };
}

describe('password strength (spec §2 #security, beside the §5 8-character rule)', () => {
  it('refuses a guessable new password with the reason, and saves a strong one', async () => {
    const em = db.em();
    const user = await buildUser(em);
    user.passwordHash = await hashPassword('correct horse battery');
    await em.flush();
    const me = browser(db, testClock(), { viewer: user });
    const weak = await me.caller.auth.crupdatePassword({
      password: 'password123',
      oldPassword: 'correct horse battery',
    });
    expect(weak.__typename).toBe('BadRequest');
    expect((weak as { message: string }).message).toContain(passwordStrengthTexts.refused);
    expect((weak as { message: string }).message).toContain(passwordStrengthTexts.warnings.common);
    // A password made of the account's own name is guessable too.
    const own = await me.caller.auth.crupdatePassword({
      password: `${user.username}`,
      oldPassword: 'correct horse battery',
    });
    expect(own.__typename).toBe('BadRequest');
    // The spec's own rule still answers first, with its own text.
    await expect(
      me.caller.auth.crupdatePassword({ password: 'short', oldPassword: 'correct horse battery' }),
    ).rejects.toThrow('Your password must be 8 characters or more.');
    const ok = await me.caller.auth.crupdatePassword({
      password: 'plum kettle orbit sway',
      oldPassword: 'correct horse battery',
    });
    expect(ok.__typename).toBe('Success');
  });

  it('refuses a guessable password at sign-up too, creating nothing', async () => {
    await setFlag(db.em(), 'enable_passwords', true);
    const b = browser(db, testClock(), { ip: '198.51.100.77' });
    const email = `strength.${Date.now()}@example.com`;
    const result = await b.caller.auth.createAccount({
      email,
      name: 'Strength Test',
      password: 'iloveyou2024',
    });
    expect(result.__typename).toBe('BadRequest');
    expect((result as { message: string }).message).toContain(passwordStrengthTexts.warnings.similarToCommon);
    expect(await db.em().count(User, { email })).toBe(0);
    expect(b.cookies.values.has('sid')).toBe(false);
  });

  it('keeps a reset link usable after a guessable password is refused', async () => {
    await setFlag(db.em(), 'enable_passwords', true);
    const user = await buildUser(db.em());
    const clock = testClock(new Date());
    const b = browser(db, clock);
    await b.caller.auth.sendAcctAuthEmail({
      email: user.email!,
      operation: 'login',
      resetPasswordFlow: true,
      captchaValue: solveCaptcha(await b.caller.auth.captchaChallenge()),
    });
    const token = new URL(
      String((await lastEmail(db, user.email!, 'password-reset')).payload.link),
    ).searchParams.get('token')!;
    const weak = await b.caller.auth.crupdatePassword({ password: 'qwertyuiop', token });
    expect(weak).toMatchObject({ __typename: 'BadRequest' });
    expect((weak as { message: string }).message).toContain(passwordStrengthTexts.warnings.topHundred);
    expect(await db.em().count(AuthToken, { kind: 'PASSWORD_RESET', user: user.id, usedAt: null })).toBe(1);
    expect(
      (await b.caller.auth.crupdatePassword({ password: 'plum kettle orbit sway', token })).__typename,
    ).toBe('Success');
  });
});

describe('sessions (spec §2 #security)', () => {
  it('lists device, place and last use; signs one out at once, then all the others', async () => {
    const user = await buildUser(db.em());
    const t0 = new Date(Date.now() - 60 * 60 * 1000);
    const here = await signedInOn(user, FIREFOX_WINDOWS, 'FR', t0);
    const phone = await signedInOn(user, SAFARI_IPHONE, 'JP', new Date(t0.getTime() + 1000));
    const other = await signedInOn(user, 'curl/8.0', null, new Date(t0.getTime() + 2000));
    const me = asSession(user, here.id);

    const { sessions } = await me.caller.security.overview();
    expect(sessions.map((s) => s.id)).toEqual([here.id, other.id, phone.id]);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: { browser: 'Firefox', os: 'Windows', label: 'Firefox on Windows' },
      place: 'France',
      lastUsedAt: t0.toISOString(),
    });
    expect(sessions.find((s) => s.id === phone.id)).toMatchObject({
      current: false,
      device: { browser: 'Safari', os: 'iOS' },
      place: 'Japan',
    });
    expect(sessions.find((s) => s.id === other.id)!.place).toBe(securityTexts.unknownPlace);

    // Last use is written at most once every few minutes.
    const em = db.em();
    const live = (await sessionFromToken(em, phone.token, new Date()))!;
    await touchSession(em, live, new Date(t0.getTime() + 2 * 60 * 1000), 'JP');
    expect((await db.em().findOneOrFail(Session, phone.id)).lastSeenAt!.getTime()).toBe(t0.getTime() + 1000);
    const later = new Date(t0.getTime() + 10 * 60 * 1000);
    await touchSession(em, live, later, 'DE');
    const touched = await db.em().findOneOrFail(Session, phone.id);
    expect(touched.lastSeenAt!.getTime()).toBe(later.getTime());
    expect(touched.country).toBe('DE');

    expect(await me.caller.security.signOutSession({ sessionId: phone.id })).toEqual({ revoked: 1 });
    expect(await sessionFromToken(db.em(), phone.token, new Date())).toBeNull();
    expect(await sessionFromToken(db.em(), here.token, new Date())).not.toBeNull();
    // Another user's session, or one already ended, is not found and not touched.
    const stranger = await buildUser(db.em());
    const theirs = await signedInOn(stranger, FIREFOX_WINDOWS, null, new Date());
    await expect(me.caller.security.signOutSession({ sessionId: theirs.id })).rejects.toThrow(
      securityTexts.sessionNotFound,
    );
    expect(await sessionFromToken(db.em(), theirs.token, new Date())).not.toBeNull();

    expect(await me.caller.security.signOutOtherSessions()).toEqual({ revoked: 1 });
    expect(await sessionFromToken(db.em(), other.token, new Date())).toBeNull();
    expect(await sessionFromToken(db.em(), here.token, new Date())).not.toBeNull();
    expect((await me.caller.security.overview()).sessions.map((s) => s.id)).toEqual([here.id]);
  });

  it('signing this session out also clears its cookie', async () => {
    const user = await buildUser(db.em());
    const here = await signedInOn(user, FIREFOX_WINDOWS, null, new Date());
    const me = asSession(user, here.id);
    me.cookies.set('sid', here.token, { httpOnly: true });
    await me.caller.security.signOutSession({ sessionId: here.id });
    expect(me.cookies.values.has('sid')).toBe(false);
  });
});

describe('connected sign-in providers (spec §2 #security)', () => {
  it('disconnects a provider only while another way to sign in remains', async () => {
    const em = db.em();
    const user = await buildUser(em, { email: null });
    em.create(OAuthIdentity, { user, provider: 'GOOGLE', providerUserId: `g-${user.id}`, email: null });
    await em.flush();
    const me = asSession(user, null);
    const { providers } = await me.caller.security.overview();
    expect(providers).toEqual([
      expect.objectContaining({ provider: 'GOOGLE', name: 'Google', canDisconnect: false }),
    ]);
    // The only way in: refused, and still connected.
    await expect(me.caller.security.disconnectProvider({ provider: 'GOOGLE' })).rejects.toThrow(
      securityTexts.lastSignInWay,
    );
    expect(await db.em().count(OAuthIdentity, { user: user.id })).toBe(1);
    // A second provider is another way in: either may go, but not the last one.
    em.create(OAuthIdentity, { user, provider: 'APPLE', providerUserId: `a-${user.id}`, email: null });
    await em.flush();
    expect((await me.caller.security.overview()).providers.every((p) => p.canDisconnect)).toBe(true);
    expect(await me.caller.security.disconnectProvider({ provider: 'GOOGLE' })).toEqual({
      disconnected: 'GOOGLE',
    });
    await expect(me.caller.security.disconnectProvider({ provider: 'APPLE' })).rejects.toThrow(
      securityTexts.lastSignInWay,
    );
    // A password is another way in.
    const stored = await db.em().findOneOrFail(OAuthIdentity, { user: user.id });
    const fresh = db.em();
    const owner = await fresh.findOneOrFail(User, user.id);
    owner.passwordHash = await hashPassword('plum kettle orbit sway');
    await fresh.flush();
    expect(
      await asSession(owner, null).caller.security.disconnectProvider({ provider: stored.provider }),
    ).toEqual({
      disconnected: 'APPLE',
    });
    await expect(me.caller.security.disconnectProvider({ provider: 'TWITTER' })).rejects.toThrow(
      securityTexts.providerNotConnected,
    );
  });

  it('refuses signed-out callers and bad input', async () => {
    const visitor = browser(db, testClock()).caller;
    await expect(visitor.security.overview()).rejects.toThrow();
    const user = await buildUser(db.em());
    const me = asSession(user, null);
    await expect(me.caller.security.signOutSession({ sessionId: 'not-an-id\u0000' })).rejects.toThrow(
      'A session id is 8 to 16 hex characters.',
    );
    await expect(
      me.caller.security.disconnectProvider({ provider: 'MYSPACE' as unknown as 'GOOGLE' }),
    ).rejects.toThrow();
  });
});
