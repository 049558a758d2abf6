import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import {
  EMAIL_SETTINGS,
  type EmailLinkSetting,
  type EmailSetting,
  type EmailSettings,
  emailSettingsTexts,
  settingOffPatch,
  UNSUBSCRIBE_ALL_SETTING,
  type UnsubscribeAllKind,
} from '@quire/domain';
import { verifyEmailSettingsHash } from '@quire/mail';
import { TRPCError } from '@trpc/server';

/** Spec §3 notification settings and digest frequency of a user. */
export function emailSettingsOf(user: User): EmailSettings {
  const settings = Object.fromEntries(EMAIL_SETTINGS.map((key) => [key, user[key]])) as Record<
    EmailSetting,
    boolean
  >;
  return { ...settings, emailDigestFrequency: user.emailDigestFrequency };
}

/** Saves the settings given (the others stay as they are); returns them all. */
export async function updateEmailSettings(em: EntityManager, userId: string, patch: Partial<EmailSettings>) {
  const user = await em.findOneOrFail(User, userId);
  for (const key of EMAIL_SETTINGS) {
    const value = patch[key];
    if (typeof value === 'boolean') user[key] = value;
  }
  if (patch.emailDigestFrequency) user.emailDigestFrequency = patch.emailDigestFrequency;
  await em.flush();
  return emailSettingsOf(user);
}

/** A signed email link's parts: whose settings, under which setting it was sent, and its signature. */
export interface SignedEmailLink {
  userId: string;
  hash: string;
  setting: EmailLinkSetting;
}

const forged = () => new TRPCError({ code: 'NOT_FOUND', message: emailSettingsTexts.forged });

/**
 * The user a signed email link speaks for (spec §2 /me/email-settings/{userId}/{hash}): the signature is the
 * only credential, so a forged or altered link is not found, and says nothing about whether the user exists.
 */
export async function userOfSignedLink(em: EntityManager, secret: string, link: SignedEmailLink) {
  if (!verifyEmailSettingsHash(secret, link.userId, link.setting, link.hash)) throw forged();
  const user = await em.findOne(User, { id: link.userId, isDeleted: false });
  if (!user) throw forged();
  return user;
}

/** The signed page's content: the user's name and settings, and the setting the email was sent under. */
export async function signedEmailSettings(em: EntityManager, secret: string, link: SignedEmailLink) {
  const user = await userOfSignedLink(em, secret, link);
  return { name: user.name, setting: link.setting, settings: emailSettingsOf(user) };
}

/** Saves settings through a signed link, as the signed-in settings section would (one transaction). */
export function updateSignedEmailSettings(
  em: EntityManager,
  secret: string,
  link: SignedEmailLink,
  patch: Partial<EmailSettings>,
) {
  return em.transactional(async (tx) => {
    const user = await userOfSignedLink(tx, secret, link);
    return {
      name: user.name,
      setting: link.setting,
      settings: await updateEmailSettings(tx, user.id, patch),
    };
  });
}

/** RFC 8058 one-click unsubscribe: turns off the setting the email was sent under (one transaction). */
export function oneClickUnsubscribe(em: EntityManager, secret: string, link: SignedEmailLink) {
  return em.transactional(async (tx) => {
    const user = await userOfSignedLink(tx, secret, link);
    return updateEmailSettings(tx, user.id, settingOffPatch(link.setting));
  });
}

/**
 * Spec §2 /me/unsubscribe-all-newsletters and /me/unsubscribe-all-author-newsletters: turns that setting off
 * for the signed-in viewer, or for the user a signed link (made for that setting) names.
 */
export function unsubscribeAll(
  em: EntityManager,
  secret: string,
  who: { viewerId: string | null; link: Omit<SignedEmailLink, 'setting'> | null },
  kind: UnsubscribeAllKind,
) {
  const setting = UNSUBSCRIBE_ALL_SETTING[kind];
  return em.transactional(async (tx) => {
    const userId = who.link
      ? (await userOfSignedLink(tx, secret, { ...who.link, setting })).id
      : who.viewerId;
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: emailSettingsTexts.signInOrLink });
    return updateEmailSettings(tx, userId, { [setting]: false });
  });
}
