import { PRIVACY_POLICY_ACCEPTED_VALUE, PRIVACY_POLICY_VERSION } from '@quire/domain';
import { create } from 'zustand';

/** Spec §4 EU privacy banner: the 27 EU member states plus GB (ISO 3166-1 alpha-2). */
export const PRIVACY_BANNER_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'GB',
]);

/** Spec §4: acceptance is stored as value 1 under a key dated with the policy version (201805). */
export const PRIVACY_POLICY_STORAGE_KEY = `quire:privacy-policy-${PRIVACY_POLICY_VERSION}`;

/** The part of Storage the store uses (window.localStorage in the browser). */
export type PrivacyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** True when the visitor's country (any case) is an EU state or GB. */
export function isPrivacyBannerCountry(country: string | null | undefined): boolean {
  return !!country && PRIVACY_BANNER_COUNTRIES.has(country.toUpperCase());
}

/** Whether the stored value says the policy was accepted; unreadable storage counts as not accepted. */
export function hasAcceptedPrivacyPolicy(storage: PrivacyStorage | null | undefined): boolean {
  try {
    return storage?.getItem(PRIVACY_POLICY_STORAGE_KEY) === String(PRIVACY_POLICY_ACCEPTED_VALUE);
  } catch {
    return false;
  }
}

export interface PrivacyStore {
  /** Whether the banner is on screen. */
  visible: boolean;
  /** Whether this visit already decided about the banner (it shows at most once per visit). */
  evaluated: boolean;
  /**
   * Spec §4: shows the banner once per visit for a logged-out visitor in the EU or GB who has not accepted.
   * Returns whether it is now shown.
   */
  evaluate(input: { loggedIn: boolean; country: string | null; storage: PrivacyStorage | null }): boolean;
  /** Stores acceptance (value 1 under the dated key) and hides the banner. */
  accept(storage: PrivacyStorage | null): void;
  /** Hides the banner for the rest of the visit without accepting. */
  hide(): void;
}

export const usePrivacyStore = create<PrivacyStore>()((set, get) => ({
  visible: false,
  evaluated: false,
  evaluate: ({ loggedIn, country, storage }) => {
    if (get().evaluated) return false;
    const show = !loggedIn && isPrivacyBannerCountry(country) && !hasAcceptedPrivacyPolicy(storage);
    set({ evaluated: true, visible: show });
    return show;
  },
  accept: (storage) => {
    try {
      storage?.setItem(PRIVACY_POLICY_STORAGE_KEY, String(PRIVACY_POLICY_ACCEPTED_VALUE));
    } catch {
      // Storage full or blocked: the banner still goes away for this visit.
    }
    set({ visible: false });
  },
  hide: () => set({ visible: false }),
}));
