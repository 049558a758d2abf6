import { EmailOutbox, User } from '@quire/db';
import { EMAIL_SETTINGS, type EmailSetting, emailSettingsTexts } from '@quire/domain';
import { emailSettingsHash, unsubscribeUrlOf } from '@quire/mail';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, env, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock(new Date());
const links = { publicUrl: env.publicUrl, secret: env.emailLinkSecret };

const notificationMails = (to: string) =>
  db.em().find(EmailOutbox, { to, template: 'notification' }, { orderBy: { createdAt: 'asc' } });

/** The userId, hash and setting of a signed link, as the page reads them from its URL. */
function linkParts(url: string) {
  const parsed = new URL(url);
  const [, , , userId, hash] = parsed.pathname.split('/');
  return { userId: userId!, hash: hash!, setting: parsed.searchParams.get('setting') as EmailSetting };
}

describe('email settings (spec §3 notification settings)', () => {
  it('saves each boolean and the digest frequency, and refuses what is not a setting', async () => {
    const user = await buildUser(db.em());
    const me = browser(db, clock, { viewer: user }).as(user);
    const before = await me.emailSettings.mine();
    expect(before).toMatchObject({
      allowAllEmails: true,
      emailFollower: true,
      emailDigestFrequency: 'DAILY',
    });
    for (const key of EMAIL_SETTINGS) {
      const saved = await me.emailSettings.update({ [key]: false });
      expect(saved[key]).toBe(false);
      const row = await db.em().findOneOrFail(User, user.id);
      expect(row[key]).toBe(false);
      await me.emailSettings.update({ [key]: true });
    }
    expect((await me.emailSettings.update({ emailDigestFrequency: 'WEEKLY' })).emailDigestFrequency).toBe(
      'WEEKLY',
    );
    expect((await db.em().findOneOrFail(User, user.id)).emailDigestFrequency).toBe('WEEKLY');
    await expect(me.emailSettings.update({ emailDigestFrequency: 'HOURLY' as 'DAILY' })).rejects.toThrow();
    await expect(me.emailSettings.update({ isStaff: true } as never)).rejects.toThrow();
    expect((await db.em().findOneOrFail(User, user.id)).isStaff).toBe(false);
    await expect(browser(db, clock).caller.emailSettings.mine()).rejects.toThrow();
  });

  it('emails a new follower and a response only while their settings are on', async () => {
    const writer = await buildUser(db.em());
    const fan = await buildUser(db.em(), { name: 'Ada Fan' });
    const second = await buildUser(db.em());
    const asWriter = browser(db, clock, { viewer: writer }).as(writer);
    await browser(db, clock).as(fan).social.followUser({ targetUserId: writer.id });
    const [followed] = await notificationMails(writer.email!);
    expect(followed).toMatchObject({ subject: 'Ada Fan followed you' });
    expect(followed!.payload.unsubscribe).toEqual({ userId: writer.id, setting: 'emailFollower' });

    // Off: the next follower is recorded in the bell, and not emailed.
    await asWriter.notifications.markViewed();
    await asWriter.emailSettings.update({ emailFollower: false });
    await browser(db, clock).as(second).social.followUser({ targetUserId: writer.id });
    expect(await notificationMails(writer.email!)).toHaveLength(1);

    // Responses follow the social setting, and every activity email needs emailsEnabled and allowAllEmails.
    const story = await buildPost(db.em(), { creator: writer, title: 'Mailed story' });
    await asWriter.emailSettings.update({ emailsEnabled: false });
    await browser(db, clock).as(fan).posts.respond({ postId: story.id, text: 'First response.' });
    expect(await notificationMails(writer.email!)).toHaveLength(1);
    await asWriter.notifications.markViewed();
    await asWriter.emailSettings.update({ emailsEnabled: true, allowAllEmails: false });
    await browser(db, clock).as(second).posts.respond({ postId: story.id, text: 'Second response.' });
    expect(await notificationMails(writer.email!)).toHaveLength(1);
    await asWriter.notifications.markViewed();
    await asWriter.emailSettings.update({ allowAllEmails: true });
    await browser(db, clock).as(fan).posts.respond({ postId: story.id, text: 'Third response.' });
    const mails = await notificationMails(writer.email!);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.payload.unsubscribe).toEqual({ userId: writer.id, setting: 'emailSocial' });
  });

  it('the signed link opens and changes the settings signed out; a forged one changes nothing', async () => {
    const writer = await buildUser(db.em(), { name: 'Linked Writer' });
    const fan = await buildUser(db.em());
    await browser(db, clock).as(fan).social.followUser({ targetUserId: writer.id });
    const [mail] = await notificationMails(writer.email!);
    const url = unsubscribeUrlOf(mail!, links)!;
    expect(url).toMatch(
      new RegExp(`^${env.publicUrl}/me/email-settings/${writer.id}/[\\w-]{43}\\?setting=emailFollower$`),
    );
    const link = linkParts(url);
    const visitor = browser(db, clock).caller;
    expect(await visitor.emailSettings.signed(link)).toMatchObject({
      name: 'Linked Writer',
      setting: 'emailFollower',
      settings: { emailFollower: true },
    });
    const saved = await visitor.emailSettings.updateSigned({
      ...link,
      settings: { emailFollower: false, emailProduct: false },
    });
    expect(saved.settings).toMatchObject({ emailFollower: false, emailProduct: false, emailMention: true });

    // Forged: another user's id with this hash, this user with another setting's name, an altered hash.
    const other = await buildUser(db.em());
    const altered = `${link.hash.slice(0, -1)}${link.hash.endsWith('A') ? 'B' : 'A'}`;
    const forgeries = [
      { ...link, userId: other.id },
      { ...link, setting: 'allowAllEmails' as const },
      { ...link, hash: altered },
      { ...link, hash: emailSettingsHash('not the secret', writer.id, 'emailFollower') },
    ];
    for (const forged of forgeries) {
      await expect(visitor.emailSettings.signed(forged)).rejects.toThrow(emailSettingsTexts.forged);
      await expect(
        visitor.emailSettings.updateSigned({ ...forged, settings: { allowAllEmails: false } }),
      ).rejects.toThrow(emailSettingsTexts.forged);
    }
    await expect(visitor.emailSettings.signed({ ...link, hash: 'short' })).rejects.toThrow();
    expect((await db.em().findOneOrFail(User, writer.id)).allowAllEmails).toBe(true);
    expect((await db.em().findOneOrFail(User, other.id)).allowAllEmails).toBe(true);
  });

  it('unsubscribes from all newsletters signed in, or by a link signed for that setting', async () => {
    const user = await buildUser(db.em());
    const me = browser(db, clock, { viewer: user }).as(user);
    await me.emailSettings.unsubscribeAll({ kind: 'newsletters' });
    expect((await db.em().findOneOrFail(User, user.id)).emailNewsletterV3).toBe(false);

    const visitor = browser(db, clock).caller;
    await expect(visitor.emailSettings.unsubscribeAll({ kind: 'authorNewsletters' })).rejects.toThrow(
      emailSettingsTexts.signInOrLink,
    );
    // A link signed for newsletters does not stop writers' emails.
    const newsletterHash = emailSettingsHash(env.emailLinkSecret, user.id, 'emailNewsletterV3');
    await expect(
      visitor.emailSettings.unsubscribeAll({
        kind: 'authorNewsletters',
        userId: user.id,
        hash: newsletterHash,
      }),
    ).rejects.toThrow(emailSettingsTexts.forged);
    expect((await db.em().findOneOrFail(User, user.id)).emailAuthorNewsletterV3).toBe(true);
    const hash = emailSettingsHash(env.emailLinkSecret, user.id, 'emailAuthorNewsletterV3');
    await visitor.emailSettings.unsubscribeAll({ kind: 'authorNewsletters', userId: user.id, hash });
    expect((await db.em().findOneOrFail(User, user.id)).emailAuthorNewsletterV3).toBe(false);
  });
});
