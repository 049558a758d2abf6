/*
 * The settings page (spec §2 /me/settings with #membership and #security, /me/settings/{setting}). The spec
 * names the page and two of its anchors; the other sections and every word here are ours.
 */

/** The sections of /me/settings, in page order; each is an anchor and a /me/settings/{setting} path. */
export const SETTINGS_SECTIONS = [
  'account',
  'security',
  'notifications',
  'membership',
  'integration-tokens',
  'delete-account',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const settingsTexts = {
  title: 'Settings',
  sections: {
    account: 'Account',
    security: 'Security',
    notifications: 'Email notifications',
    membership: 'Membership',
    'integration-tokens': 'Integration tokens',
    'delete-account': 'Delete account',
  } satisfies Record<SettingsSection, string>,
  navLabel: 'Settings sections',
} as const;

/** The settings section a /me/settings/{setting} path names, or null for one that does not exist. */
export function settingsSectionOf(setting: string | undefined): SettingsSection | null {
  return (SETTINGS_SECTIONS as readonly string[]).includes(setting ?? '')
    ? (setting as SettingsSection)
    : null;
}
