import { accountDeletionTexts, settingsSectionOf, settingsTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { SettingsPage, shownSettingsSections } from '../src/pages/settings/SettingsPage';
import { comingSoonFor, routeFor } from '../src/routes';
import { renderWithProviders } from './render';

describe('the settings page (spec §2 /me/settings, /me/settings/{setting})', () => {
  it('shows each section under its anchor, with a nav that links to them', () => {
    const html = renderWithProviders(<SettingsPage section="membership" />);
    expect(html).toContain(`<h1>${settingsTexts.title}</h1>`);
    for (const id of shownSettingsSections()) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(settingsTexts.sections[id]);
    }
    expect(html).toMatch(/href="#membership" aria-current="location"/);
    // Deleting the account asks for the username first.
    expect(html).toContain(accountDeletionTexts.confirmLabel);
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
    // The settings with pages of their own are linked after the sections.
    for (const href of [
      '/me/settings/promote-memberships',
      '/me/settings/promote-subscriptions',
      '/me/settings/tipping',
      '/me/settings/custom-domain',
      '/me/settings/mobile-beta',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it('opens /me/settings/{setting} at a section, and only at one that exists', () => {
    expect(routeFor('/me/settings').route.name).toBe('ShowSettings');
    expect(routeFor('/me/settings/membership').route.name).toBe('ShowMeSettingsBySetting');
    expect(settingsSectionOf('membership')).toBe('membership');
    expect(settingsSectionOf('nonsense')).toBeNull();
    expect(settingsSectionOf(undefined)).toBeNull();
    expect(routeFor('/m/goodbye').route.name).toBe('ShowMGoodbye');
    expect(comingSoonFor('/m/goodbye')).toBeUndefined();
    expect(routeFor('/me/settings/tipping').route.name).toBe('ShowMeSettingsTipping');
    expect(comingSoonFor('/me/settings/tipping')).toBeUndefined();
    for (const [path, name] of [
      ['/me/settings/promote-memberships', 'ShowMeSettingsPromoteMemberships'],
      ['/me/settings/promote-subscriptions', 'ShowMeSettingsPromoteSubscriptions'],
      ['/me/settings/mobile-beta', 'ShowMeSettingsMobileBeta'],
      ['/m/account/convert/abc', 'AcctMAccountConvertByToken'],
      ['/me/settings/payout/setup', 'ShowMeSettingsPayoutSetup'],
      ['/me/settings/payout/stripe/finish', 'ShowMeSettingsPayoutStripeFinish'],
      ['/me/settings/payout/dashboard', 'ShowMeSettingsPayoutDashboard'],
    ] as const) {
      expect(routeFor(path).route.name).toBe(name);
      expect(comingSoonFor(path)).toBeUndefined();
    }
  });
});
