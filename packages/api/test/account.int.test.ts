import { AuthToken, EmailOutbox, User, UsernameHistory } from '@quire/db';
import { ACCOUNT_LIMITS, AUTH_POLICY, accountTexts, validationMessages } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { confirmEmail, createContextInner, currentUsernameFor } from '../src';
import { browser, env, lastEmail, storedUpload, testClock } from './auth-helpers';

/*
 * Account settings (spec §3 editable account fields, custom style sheet): each saved and shown, a username
 * change leaving a redirect behind, an email change confirmed only by its own unexpired link, and every refusal
 * named next to its field with nothing saved.
 */

const db = useTestDatabase();
const clock = testClock(new Date());

/** What a refused call says: its code, the field it names and the message. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const issue = error.cause instanceof ZodError ? error.cause.issues[0] : undefined;
    return { code: error.code, field: issue?.path[0], message: issue?.message ?? error.message };
  }
  throw new Error('the call was not refused');
}

const fresh = (id: string) => db.em().findOneOrFail(User, id);
const as = (user: User) => browser(db, clock, { viewer: user }).caller;

describe('profile fields', () => {
  it('saves the name and bio and shows them on the settings and the profile', async () => {
    const user = await buildUser(db.em());
    const saved = await as(user).account.updateProfile({
      name: '  Ada Lovelace ',
      bio: 'Writes about engines.',
    });
    expect(saved).toMatchObject({ name: 'Ada Lovelace', bio: 'Writes about engines.' });
    expect(await as(user).account.settings()).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Writes about engines.',
    });
    const profile = await browser(db, clock).caller.profiles.byUsername({ username: user.username });
    expect(profile).toMatchObject({ name: 'Ada Lovelace', bio: 'Writes about engines.' });
  });

  it('refuses an over-long or empty name and an over-long bio next to the field, saving nothing', async () => {
    const user = await buildUser(db.em(), { name: 'Kept Name', bio: 'Kept bio' });
    expect(await refusal(as(user).account.updateProfile({ name: 'x'.repeat(101), bio: 'new' }))).toEqual({
      code: 'BAD_REQUEST',
      field: 'name',
      message: accountTexts.nameTooLong,
    });
    expect(await refusal(as(user).account.updateProfile({ name: '   ' }))).toMatchObject({
      field: 'name',
      message: accountTexts.nameRequired,
    });
    expect(await refusal(as(user).account.updateProfile({ bio: 'b'.repeat(161) }))).toMatchObject({
      field: 'bio',
      message: accountTexts.bioTooLong,
    });
    expect(await refusal(as(user).account.updateProfile({ bio: 'nul \u0000 byte' }))).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'bio',
    });
    expect(await fresh(user.id)).toMatchObject({ name: 'Kept Name', bio: 'Kept bio' });
  });

  it('refuses to save for a visitor', async () => {
    expect(await refusal(browser(db, clock).caller.account.updateProfile({ name: 'Nobody' }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('username', () => {
  it('checks availability with the rules, then against other accounts (without case)', async () => {
    const ada = await buildUser(db.em(), { username: 'AdaAvail' });
    const other = await buildUser(db.em(), { username: 'TakenName' });
    const check = (username: string) => as(ada).account.usernameAvailability({ username });
    expect(await check('ab')).toMatchObject({ available: false, message: accountTexts.usernameTooShort });
    expect(await check('1ada')).toMatchObject({ available: false, message: accountTexts.usernameMalformed });
    expect(await check('ada lovelace')).toMatchObject({
      available: false,
      message: accountTexts.usernameMalformed,
    });
    expect(await check('a'.repeat(31))).toMatchObject({
      available: false,
      message: accountTexts.usernameTooLong,
    });
    expect(await check(other.username)).toMatchObject({
      available: false,
      message: accountTexts.usernameTaken,
    });
    expect(await check('takenname')).toMatchObject({ available: false, message: accountTexts.usernameTaken });
    // '_' is a LIKE wildcard: 'Taken_ame' must not match 'TakenName'.
    expect(await check('Taken_ame')).toMatchObject({ available: true });
    expect(await check('AdaAvail')).toMatchObject({ available: true, message: accountTexts.usernameYours });
    expect(await check('Ada_Lovelace2')).toMatchObject({
      available: true,
      message: accountTexts.usernameAvailable,
    });
  });

  it('changes the username, keeps the old one in the history and points the old profile path at the new one', async () => {
    const user = await buildUser(db.em(), { username: 'OldName' });
    await as(user).account.updateProfile({ username: 'NewName' });
    expect((await fresh(user.id)).username).toBe('NewName');
    expect(await db.em().find(UsernameHistory, { user: user.id })).toMatchObject([{ username: 'OldName' }]);
    expect(await currentUsernameFor(db.em(), 'OldName')).toBe('NewName');
    // The current name is no redirect, nor is a name no one ever had.
    expect(await currentUsernameFor(db.em(), 'NewName')).toBeNull();
    expect(await currentUsernameFor(db.em(), 'NeverWas')).toBeNull();
    // A second change: both old names lead to the newest.
    await as(await fresh(user.id)).account.updateProfile({ username: 'NewestName' });
    expect(await currentUsernameFor(db.em(), 'OldName')).toBe('NewestName');
    expect(await currentUsernameFor(db.em(), 'NewName')).toBe('NewestName');
    // Someone else may take a name given up; then it is theirs and no longer redirects.
    await buildUser(db.em(), { username: 'OldName' });
    expect(await currentUsernameFor(db.em(), 'OldName')).toBeNull();
  });

  it('refuses a taken or malformed username next to the field, saving nothing else of the call', async () => {
    await buildUser(db.em(), { username: 'Occupied' });
    const user = await buildUser(db.em(), { username: 'Stays', name: 'Before' });
    expect(await refusal(as(user).account.updateProfile({ name: 'After', username: 'occupied' }))).toEqual({
      code: 'CONFLICT',
      field: 'username',
      message: accountTexts.usernameTaken,
    });
    expect(
      await refusal(as(user).account.updateProfile({ name: 'After', username: 'no/slash' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'username',
      message: accountTexts.usernameMalformed,
    });
    expect(await fresh(user.id)).toMatchObject({ username: 'Stays', name: 'Before' });
    expect(await db.em().count(UsernameHistory, { user: user.id })).toBe(0);
  });

  it('gives a username two people ask for at once to one of them; the other is told it is taken', async () => {
    const [a, b] = [await buildUser(db.em()), await buildUser(db.em())];
    const results = await Promise.allSettled([
      as(a).account.updateProfile({ username: 'Contested' }),
      as(b).account.updateProfile({ username: 'contested' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await refusal(Promise.reject(refused.reason))).toEqual({
      code: 'CONFLICT',
      field: 'username',
      message: accountTexts.usernameTaken,
    });
    expect(await db.em().count(User, { username: { $ilike: 'contested' } })).toBe(1);
  });
});

describe('username races', () => {
  it('refuses, through the unique index, a name another transaction takes between the check and the save', async () => {
    const [holder, user] = [await buildUser(db.em()), await buildUser(db.em(), { name: 'Unchanged' })];
    let attempt: Promise<unknown> = Promise.resolve();
    // Another writer renames to 'Racy' without the lock: uncommitted, it is invisible to the check, and the
    // save then waits on the unique index until that transaction commits.
    await db
      .em()
      .fork()
      .transactional(async (tx) => {
        await tx.execute('update users set username = ? where id = ?', ['Racy', holder.id]);
        attempt = refusal(as(user).account.updateProfile({ name: 'Changed', username: 'Racy' }));
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
    expect(await attempt).toEqual({
      code: 'CONFLICT',
      field: 'username',
      message: accountTexts.usernameTaken,
    });
    expect(await fresh(user.id)).toMatchObject({ name: 'Unchanged', username: user.username });
  });
});

describe('photo', () => {
  it('sets a square photo of the viewer’s own upload and removes it', async () => {
    const user = await buildUser(db.em());
    const imageId = await storedUpload(db, user, 400, 400);
    expect(await as(user).account.updatePhoto({ imageId })).toMatchObject({ imageId });
    expect((await browser(db, clock).caller.profiles.byUsername({ username: user.username })).imageId).toBe(
      imageId,
    );
    expect(await as(user).account.updatePhoto({ imageId: null })).toMatchObject({ imageId: null });
  });

  it('refuses a photo that is not square, not the viewer’s upload, missing or not an image id', async () => {
    const user = await buildUser(db.em());
    const someoneElse = await buildUser(db.em());
    const wide = await storedUpload(db, user, 800, 600);
    const theirs = await storedUpload(db, someoneElse, 300, 300);
    expect(await refusal(as(user).account.updatePhoto({ imageId: wide }))).toEqual({
      code: 'BAD_REQUEST',
      field: 'imageId',
      message: accountTexts.photoNotSquare,
    });
    expect(await refusal(as(user).account.updatePhoto({ imageId: theirs }))).toMatchObject({
      field: 'imageId',
      message: accountTexts.photoNotYours,
    });
    expect(await refusal(as(user).account.updatePhoto({ imageId: 'missing.png' }))).toMatchObject({
      field: 'imageId',
      message: accountTexts.photoNotYours,
    });
    expect(await refusal(as(user).account.updatePhoto({ imageId: '../etc/passwd' }))).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'imageId',
    });
    expect((await fresh(user.id)).imageId ?? null).toBeNull();
  });
});

describe('email change', () => {
  const confirmCtx = () =>
    createContextInner({
      em: db.em(),
      viewer: null,
      sessionId: null,
      visitor: { id: 'v', isBot: false, country: null },
      ip: '203.0.113.9',
      now: clock.now,
      env,
    });
  const linkKey = (link: unknown) => String(link).split('/m/account/confirm/')[1]!;

  it('keeps the new address unverified until its link is opened, and tells the old address', async () => {
    const user = await buildUser(db.em(), { email: 'before@example.com' });
    const result = await as(user).account.changeEmail({ email: ' After@Example.com ' });
    expect(result).toEqual({ unverifiedEmail: 'after@example.com' });
    expect(await fresh(user.id)).toMatchObject({
      email: 'before@example.com',
      unverifiedEmail: 'after@example.com',
    });
    expect(await as(user).account.settings()).toMatchObject({
      email: 'before@example.com',
      unverifiedEmail: 'after@example.com',
    });

    const notice = await lastEmail(db, 'before@example.com', 'email-change-notice');
    expect(String(notice.payload.text)).toContain('after@example.com');
    const mail = await lastEmail(db, 'after@example.com', 'confirm-email-change');
    const key = linkKey(mail.payload.link);
    // Only the hash of the link is stored.
    expect(await db.em().count(AuthToken, { tokenHash: key })).toBe(0);

    expect(await confirmEmail(confirmCtx(), key)).toBe(true);
    const after = await fresh(user.id);
    expect(after).toMatchObject({ email: 'after@example.com', unverifiedEmail: null });
    expect(after.emailVerifiedAt).not.toBeNull();
    // Single use: the same link again changes nothing and says so.
    expect(await confirmEmail(confirmCtx(), key)).toBe(false);
  });

  it('refuses a forged link and an expired one, changing nothing', async () => {
    const user = await buildUser(db.em(), { email: 'stay@example.com' });
    await as(user).account.changeEmail({ email: 'later@example.com' });
    const key = linkKey((await lastEmail(db, 'later@example.com', 'confirm-email-change')).payload.link);
    expect(await confirmEmail(confirmCtx(), `${key.slice(0, -2)}xx`)).toBe(false);
    expect(await confirmEmail(confirmCtx(), 'forged')).toBe(false);
    clock.advance(AUTH_POLICY.emailVerificationTtlMs + 1000);
    expect(await confirmEmail(confirmCtx(), key)).toBe(false);
    expect(await fresh(user.id)).toMatchObject({
      email: 'stay@example.com',
      unverifiedEmail: 'later@example.com',
    });
  });

  it('makes an earlier link stop working when a newer address is asked for, and when the change is cancelled', async () => {
    const user = await buildUser(db.em(), { email: 'first@example.com' });
    await as(user).account.changeEmail({ email: 'second@example.com' });
    const old = linkKey((await lastEmail(db, 'second@example.com', 'confirm-email-change')).payload.link);
    await as(user).account.changeEmail({ email: 'third@example.com' });
    expect(await confirmEmail(confirmCtx(), old)).toBe(false);
    const current = linkKey((await lastEmail(db, 'third@example.com', 'confirm-email-change')).payload.link);
    await as(user).account.cancelEmailChange();
    expect(await confirmEmail(confirmCtx(), current)).toBe(false);
    expect(await fresh(user.id)).toMatchObject({ email: 'first@example.com', unverifiedEmail: null });
  });

  it('refuses a malformed address, the address in use and another account’s next to the field', async () => {
    await buildUser(db.em(), { email: 'owner@example.com' });
    const user = await buildUser(db.em(), { email: 'mine@example.com' });
    const mails = () =>
      db.em().count(EmailOutbox, { to: { $in: ['mine@example.com', 'owner@example.com'] } });
    const before = await mails();
    expect(await refusal(as(user).account.changeEmail({ email: 'not-an-address' }))).toEqual({
      code: 'BAD_REQUEST',
      field: 'email',
      message: validationMessages.invalidEmail,
    });
    expect(await refusal(as(user).account.changeEmail({ email: 'MINE@example.com' }))).toMatchObject({
      field: 'email',
      message: accountTexts.emailSame,
    });
    expect(await refusal(as(user).account.changeEmail({ email: 'owner@example.com' }))).toEqual({
      code: 'CONFLICT',
      field: 'email',
      message: accountTexts.emailTaken,
    });
    expect(await fresh(user.id)).toMatchObject({ unverifiedEmail: null });
    expect(await mails()).toBe(before);
  });

  it('refuses a sixth confirmation email within the hour, so no address is mailed again and again', async () => {
    const user = await buildUser(db.em(), { email: 'often@example.com' });
    for (let n = 1; n <= ACCOUNT_LIMITS.emailChangesPerHour; n++) {
      await as(user).account.changeEmail({ email: `often${n}@example.com` });
    }
    expect(await refusal(as(user).account.changeEmail({ email: 'often-more@example.com' }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      field: 'email',
      message: accountTexts.emailTooMany,
    });
    expect(await db.em().count(EmailOutbox, { to: 'often-more@example.com' })).toBe(0);
    clock.advance(60 * 60 * 1000 + 1000);
    await as(user).account.changeEmail({ email: 'often-more@example.com' });
    expect((await fresh(user.id)).unverifiedEmail).toBe('often-more@example.com');
  });

  it('does not take an address another account claimed while the link waited', async () => {
    const user = await buildUser(db.em(), { email: 'waiting@example.com' });
    await as(user).account.changeEmail({ email: 'claimed@example.com' });
    const key = linkKey((await lastEmail(db, 'claimed@example.com', 'confirm-email-change')).payload.link);
    await buildUser(db.em(), { email: 'claimed@example.com' });
    expect(await confirmEmail(confirmCtx(), key)).toBe(false);
    expect((await fresh(user.id)).email).toBe('waiting@example.com');
  });
});

describe('profile colours', () => {
  it('saves spec colour strings and the profile applies them as custom properties', async () => {
    const user = await buildUser(db.em());
    const colors = { background: '#FFFAF7F0', text: 'rgba(20, 20, 20, 1)', accent: '#FF1A8917' };
    await as(user).account.setColors({ colors });
    expect((await as(user).account.settings()).colors).toEqual(colors);
    const profile = await browser(db, clock).caller.profiles.byUsername({ username: user.username });
    expect(profile.style).toEqual({
      '--q-profile-background': 'rgba(250, 247, 240, 1)',
      '--q-profile-text': 'rgba(20, 20, 20, 1)',
      '--q-profile-accent': 'rgba(26, 137, 23, 1)',
    });
    await as(user).account.setColors({ colors: null });
    expect((await as(user).account.settings()).colors).toBeNull();
  });

  it('refuses what is not a spec colour string with the spec’s message', async () => {
    const user = await buildUser(db.em());
    const good = { background: '#FFFFFFFF', text: '#FF000000', accent: '#FF1A8917' };
    expect(
      await refusal(as(user).account.setColors({ colors: { ...good, accent: '#1A8917' } })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: validationMessages.invalidColor });
    expect(
      await refusal(as(user).account.setColors({ colors: { ...good, text: 'red; background: url(x)' } })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: validationMessages.unrecognizedColor });
    expect((await as(user).account.settings()).colors).toBeNull();
  });
});
