import {
  CUSTOM_DOMAIN_PATH,
  customDomainTexts,
  MOBILE_BETA_PATH,
  mobileBetaTexts,
  type SettingsSection,
  settingsTexts as texts,
  tippingTexts,
  WRITER_PROMOTION_PATHS,
  writerPromotionTexts,
} from '@quire/domain';
import { type ReactNode, useEffect } from 'react';
import { MembershipSettings } from '../MembershipSettingsPages';
import { AccountSection } from './AccountSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { IntegrationTokensSection } from './IntegrationTokensSection';
import { NotificationsSection } from './NotificationsSection';
import { SecuritySection } from './SecuritySection';

/** Each section of the page and what it shows; a section's id is its anchor and its /me/settings/{setting}. */
const SECTIONS: { id: SettingsSection; body: () => ReactNode }[] = [
  { id: 'account', body: () => <AccountSection /> },
  { id: 'security', body: () => <SecuritySection /> },
  { id: 'notifications', body: () => <NotificationsSection /> },
  { id: 'membership', body: () => <MembershipSettings /> },
  { id: 'integration-tokens', body: () => <IntegrationTokensSection /> },
  { id: 'delete-account', body: () => <DeleteAccountSection /> },
];

/** The settings with pages of their own, listed after the sections. */
const MORE: { href: string; label: string }[] = [
  { href: WRITER_PROMOTION_PATHS.promoteMemberships, label: writerPromotionTexts.promoteMemberships.title },
  {
    href: WRITER_PROMOTION_PATHS.promoteSubscriptions,
    label: writerPromotionTexts.promoteSubscriptions.title,
  },
  { href: '/me/settings/tipping', label: tippingTexts.title },
  { href: CUSTOM_DOMAIN_PATH, label: customDomainTexts.title },
  { href: MOBILE_BETA_PATH, label: mobileBetaTexts.title },
];

/** The sections this page shows, in page order (the nav and /me/settings/{setting} use it too). */
export const shownSettingsSections = (): SettingsSection[] => SECTIONS.map((s) => s.id);

/**
 * Spec §2 /me/settings (#membership, #security) and /me/settings/{setting}: one page of sections with a nav
 * of anchors; a {setting} path opens the page at its section.
 */
export function SettingsPage({ section = null }: { section?: SettingsSection | null }) {
  useEffect(() => {
    if (section) document.getElementById(section)?.scrollIntoView();
  }, [section]);
  return (
    <main className="q-column q-settings" data-testid="settings" data-section={section ?? undefined}>
      <h1>{texts.title}</h1>
      <nav className="q-settings-nav" aria-label={texts.navLabel}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} aria-current={s.id === section ? 'location' : undefined}>
                {texts.sections[s.id]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} className="q-settings-section" aria-labelledby={`${s.id}-heading`}>
          <h2 id={`${s.id}-heading`}>{texts.sections[s.id]}</h2>
          {s.body()}
        </section>
      ))}
      <nav className="q-settings-section" aria-labelledby="more-settings-heading" data-testid="more-settings">
        <h2 id="more-settings-heading">{writerPromotionTexts.moreHeading}</h2>
        <ul className="q-settings-links">
          {MORE.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
