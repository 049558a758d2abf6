import { afterSignUpPath, onboardingStatusFor, onboardingTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { NotAvailablePage, SuspendedPage, WelcomePage } from '../src/pages/onboarding/OnboardingPages';
import { comingSoonFor, routeFor } from '../src/routes';
import { renderWithProviders } from './render';

describe('onboarding and account status pages (spec §2 Account and auth)', () => {
  it('serve each path with its spec name instead of Coming soon', () => {
    const paths = {
      '/get-started': 'ShowGetStarted',
      '/m/getting-started': 'ShowMGettingStarted',
      '/welcome': 'ShowWelcome',
      '/customize-topics': 'ShowCustomizeTopics',
      '/suspended': 'ShowSuspended',
      '/not-available': 'ShowNotAvailable',
    };
    for (const [path, name] of Object.entries(paths)) {
      expect(routeFor(path).route.name, path).toBe(name);
      expect(comingSoonFor(path), path).toBeUndefined();
    }
  });

  it('sends a new account to onboarding unless its entry point skips it (spec §4)', () => {
    expect(onboardingStatusFor(null)).toBe('NOT_ONBOARDED');
    expect(onboardingStatusFor('openInAppStrip')).toBe('NOT_ONBOARDED');
    for (const entry of ['clap', 'highlight', 'respond', 'paywall'])
      expect(onboardingStatusFor(entry)).toBe('SKIPPED');
    expect(afterSignUpPath('NOT_ONBOARDED', '/')).toBe('/get-started');
    expect(afterSignUpPath('NOT_ONBOARDED', '/p/0123456789ab')).toBe(
      '/get-started?redirect=%2Fp%2F0123456789ab',
    );
    expect(afterSignUpPath('SKIPPED', '/p/0123456789ab')).toBe('/p/0123456789ab');
  });

  it('end with a welcome that leads back to where the reader came from', () => {
    const html = renderWithProviders(<WelcomePage redirect="/p/0123456789ab" />);
    expect(html).toContain(onboardingTexts.welcomeTitle);
    expect(html).toContain('href="/p/0123456789ab"');
    expect(renderWithProviders(<SuspendedPage />)).toContain(onboardingTexts.suspendedTitle);
    expect(renderWithProviders(<NotAvailablePage />)).toContain(onboardingTexts.notAvailableLead);
  });
});
