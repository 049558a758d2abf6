import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailLinkSetting } from '@quire/domain';

/** How an email's unsubscribe link is signed and where it points. */
export interface EmailLinkSigner {
  /** Public origin of the links, e.g. https://quire.example. */
  publicUrl: string;
  /** The deployment's secret (derived from APP_SECRET): a link cannot be made without it. */
  secret: string;
}

/** The signature of a user's email-settings link for one setting: an HMAC of both with the app's secret. */
export function emailSettingsHash(secret: string, userId: string, setting: EmailLinkSetting): string {
  return createHmac('sha256', secret).update(`email-settings\n${userId}\n${setting}`).digest('base64url');
}

/** True when `hash` is the signature of this user and setting (compared in constant time). */
export function verifyEmailSettingsHash(
  secret: string,
  userId: string,
  setting: EmailLinkSetting,
  hash: string,
): boolean {
  const expected = Buffer.from(emailSettingsHash(secret, userId, setting));
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Spec §2 /me/email-settings/{userId}/{hash}: the signed page of a user's email settings, opened at the
 * setting the email was sent under. The same URL takes the RFC 8058 one-click POST that turns it off.
 */
export function emailSettingsUrl(signer: EmailLinkSigner, userId: string, setting: EmailLinkSetting): string {
  const hash = emailSettingsHash(signer.secret, userId, setting);
  return `${signer.publicUrl.replace(/\/+$/, '')}/me/email-settings/${encodeURIComponent(userId)}/${hash}?setting=${setting}`;
}
