import type { EntityManager } from '@mikro-orm/postgresql';
import { FeatureFlag } from '@quire/db';

/** Spec §6 feature flags the sign-in flow reads. */
export const AUTH_FLAGS = [
  'enable_passwords',
  'enable_new_login_flow',
  'enable_google_one_tap',
  'enable_google_one_tap_on_subdomains',
  'disable_login_apple',
  'disable_login_facebook',
  'disable_login_google',
  'disable_login_twitter',
  'disable_login_email',
  'skip_sign_in_recaptcha',
  'enable_email_sign_in_captcha',
  'enable_recaptcha_v3',
] as const;
export type AuthFlag = (typeof AUTH_FLAGS)[number];

/** The boolean value of each sign-in flag (a missing flag is off). */
export async function readAuthFlags(em: EntityManager): Promise<Record<AuthFlag, boolean>> {
  const rows = await em.find(FeatureFlag, { name: { $in: [...AUTH_FLAGS] } });
  const on = new Set(rows.filter((r) => r.boolValue === true).map((r) => r.name));
  return Object.fromEntries(AUTH_FLAGS.map((name) => [name, on.has(name)])) as Record<AuthFlag, boolean>;
}
