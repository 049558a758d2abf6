/** Spec §5 validation rules as zod 4 schemas and pure helpers. */

import { z } from 'zod';
import { colorStringError } from './color-string';
import {
  LOGIN_CODE_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  RECOVERY_CODE_LENGTH,
  TWO_FACTOR_CODE_LENGTH,
} from './constants';
import { PredefinedListSlug } from './enums';
import { authErrors, validationMessages } from './messages';
import { INPUT_LIMITS, textInput } from './text-input';

// ---------------------------------------------------------------------------------------------------------
// Sign-in and account fields
// ---------------------------------------------------------------------------------------------------------

/** Local part, @, one or more domain labels, and a top-level part of at least 2 letters (case-insensitive). */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[a-z]{2,}$/i;

/** Spec §5 email: trimmed, local@domain.tld with a TLD of at least 2 letters, case-insensitive. */
export const emailSchema = textInput()
  .trim()
  .max(INPUT_LIMITS.email, validationMessages.invalidEmail)
  .regex(EMAIL_PATTERN, validationMessages.invalidEmail);

/** Spec §5 email: true when the (trimmed) input is a valid address. */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Spec §5 email is case-insensitive: the trimmed, lowercased form used to compare and look up addresses. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec §5 password: at least 8 characters. */
export const passwordSchema = textInput()
  .min(PASSWORD_MIN_LENGTH, validationMessages.passwordTooShort)
  .max(INPUT_LIMITS.password);

/** Spec §5 name, required at account creation (trimmed, not empty). */
export const nameSchema = textInput().trim().min(1, validationMessages.nameRequired).max(INPUT_LIMITS.name);

/** Spec §5 login code: exactly 6 digits (surrounding whitespace trimmed). */
export const loginCodeSchema = textInput()
  .trim()
  .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), validationMessages.invalidLoginCode);

/** Spec §5/§2 two-factor code: exactly 7 digits (surrounding whitespace trimmed). */
export const twoFactorCodeSchema = textInput()
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), validationMessages.invalidVerificationCode);

/**
 * Spec §5 recovery code: exactly 8 letters or digits (trimmed). The spec gives no message for this field;
 * the §8 text 'Invalid recovery code.' is used.
 */
export const recoveryCodeSchema = textInput()
  .trim()
  .regex(new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`, 'i'), authErrors.invalidRecoveryCode);

/** Spec §5: a country code or phone number stripped of non-digits, as sent. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/** Spec §5 phone: exactly 10 digits after stripping non-digits; the parsed value is the digits. */
export const phoneSchema = textInput()
  .max(INPUT_LIMITS.phone, validationMessages.invalidPhone)
  .transform(digitsOnly)
  .pipe(z.string().length(PHONE_DIGITS, validationMessages.invalidPhone));

/**
 * Spec §5 username derived from the email prefix: split on non-alphanumerics, remove digits, title-case each
 * word and join the words with no separator (a username has no spaces), e.g. 'john.smith42@x.com' → 'JohnSmith'.
 */
export function usernameFromEmail(email: string): string {
  const at = email.indexOf('@');
  const prefix = at === -1 ? email : email.slice(0, at);
  return prefix
    .split(/[^a-z0-9]+/i)
    .map((word) => word.replace(/\d/g, ''))
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

/**
 * Spec §5: an address that looks like Gmail (shows Google options): the domain (the part after '@', or the
 * whole input while no '@' is typed) starts with 'gm' or 'goo', case-insensitive.
 */
export function looksLikeGmail(email: string): boolean {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  const domain = at === -1 ? trimmed : trimmed.slice(at + 1);
  return domain.startsWith('gm') || domain.startsWith('goo');
}

/** Spec §5 colour strings as a zod schema (issues carry the spec's messages). */
export const colorStringSchema = textInput()
  .max(INPUT_LIMITS.colorString, validationMessages.invalidColor)
  .superRefine((value, ctx) => {
    const message = colorStringError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

// ---------------------------------------------------------------------------------------------------------
// Predefined lists
// ---------------------------------------------------------------------------------------------------------

const PREDEFINED_PREFIX = 'predefined';

/** Spec §3 Catalog: the id of a user's predefined list, 'predefined:{userId}:{kind}'. */
export function predefinedListId(userId: string, kind: PredefinedListSlug): string {
  return `${PREDEFINED_PREFIX}:${userId}:${kind}`;
}

/**
 * Spec §3 Catalog: parses 'predefined:{userId}:{kind}', requiring exactly 3 colon-separated parts, a non-empty
 * user id and a known kind (reading-list, currently-reading, purchased); null otherwise.
 */
export function parsePredefinedListId(id: string): { userId: string; kind: PredefinedListSlug } | null {
  const parts = id.split(':');
  if (parts.length !== 3) return null;
  const [prefix, userId, kind] = parts as [string, string, string];
  if (prefix !== PREDEFINED_PREFIX || !userId) return null;
  if (!(PredefinedListSlug as readonly string[]).includes(kind)) return null;
  return { userId, kind: kind as PredefinedListSlug };
}

/** Spec §3 Catalog: true for a well-formed predefined list id. */
export function isPredefinedListId(id: string): boolean {
  return parsePredefinedListId(id) !== null;
}

// ---------------------------------------------------------------------------------------------------------
// Upsell sources
// ---------------------------------------------------------------------------------------------------------

/** An upsell source (§7 source-tracking fields); `dimension` is its source location. */
export interface UpsellSource {
  name: string;
  dimension?: string | null;
}

/**
 * A standardized upsell source name: lower snake_case ASCII starting with a letter (e.g. 'post_paywall').
 * The spec does not list the standard names; this pattern is the project's reading.
 */
export const UPSELL_SOURCE_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Spec §5 upsell source check: throws 'Unstandardized upsell source' for a non-standard name and
 * 'Upsell source without source location.' when the dimension is missing or blank.
 */
export function assertUpsellSource(source: UpsellSource): UpsellSource & { dimension: string } {
  if (!UPSELL_SOURCE_NAME_PATTERN.test(source.name)) {
    throw new Error(validationMessages.unstandardizedUpsellSource);
  }
  if (!source.dimension?.trim()) {
    throw new Error(validationMessages.upsellSourceWithoutLocation);
  }
  return { ...source, dimension: source.dimension };
}

/** Spec §5 upsell source check as a zod schema (issues carry the spec's messages). */
export const upsellSourceSchema = z.object({
  name: textInput()
    .max(INPUT_LIMITS.upsellSourceName, validationMessages.unstandardizedUpsellSource)
    .regex(UPSELL_SOURCE_NAME_PATTERN, validationMessages.unstandardizedUpsellSource),
  dimension: textInput({ error: validationMessages.upsellSourceWithoutLocation })
    .trim()
    .min(1, validationMessages.upsellSourceWithoutLocation)
    .max(INPUT_LIMITS.upsellSourceDimension),
});
