import { beforeEach, describe, expect, it } from 'vitest';
import { TOP_NAV_TOOLTIP_FLAG, TOP_NAV_TOOLTIP_STORAGE_KEY, useFirstUseStore } from '../src/first-use';
import {
  hasAcceptedPrivacyPolicy,
  isPrivacyBannerCountry,
  PRIVACY_BANNER_COUNTRIES,
  PRIVACY_POLICY_STORAGE_KEY,
  usePrivacyStore,
} from '../src/privacy';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const privacy = () => usePrivacyStore.getState();

beforeEach(() => {
  usePrivacyStore.setState(usePrivacyStore.getInitialState(), true);
  useFirstUseStore.setState(useFirstUseStore.getInitialState(), true);
});

describe('EU privacy banner (spec §4)', () => {
  it('covers the 27 EU states and GB, in any case, and nothing else', () => {
    expect(PRIVACY_BANNER_COUNTRIES.size).toBe(28);
    expect(isPrivacyBannerCountry('de')).toBe(true);
    expect(isPrivacyBannerCountry('GB')).toBe(true);
    expect(isPrivacyBannerCountry('US')).toBe(false);
    expect(isPrivacyBannerCountry('CH')).toBe(false);
    expect(isPrivacyBannerCountry(null)).toBe(false);
  });

  it('shows for a logged-out EU visitor who has not accepted', () => {
    expect(privacy().evaluate({ loggedIn: false, country: 'FR', storage: memoryStorage() })).toBe(true);
    expect(privacy().visible).toBe(true);
  });

  it('does not show when signed in, outside the EU or GB, or already accepted', () => {
    expect(privacy().evaluate({ loggedIn: true, country: 'FR', storage: memoryStorage() })).toBe(false);
    usePrivacyStore.setState(usePrivacyStore.getInitialState(), true);
    expect(privacy().evaluate({ loggedIn: false, country: 'US', storage: memoryStorage() })).toBe(false);
    usePrivacyStore.setState(usePrivacyStore.getInitialState(), true);
    expect(privacy().evaluate({ loggedIn: false, country: null, storage: memoryStorage() })).toBe(false);
    usePrivacyStore.setState(usePrivacyStore.getInitialState(), true);
    const accepted = memoryStorage({ [PRIVACY_POLICY_STORAGE_KEY]: '1' });
    expect(privacy().evaluate({ loggedIn: false, country: 'GB', storage: accepted })).toBe(false);
    expect(privacy().visible).toBe(false);
  });

  it('stores acceptance as 1 under the key dated 201805 and hides', () => {
    const storage = memoryStorage();
    privacy().evaluate({ loggedIn: false, country: 'IE', storage });
    privacy().accept(storage);
    expect(PRIVACY_POLICY_STORAGE_KEY).toContain('201805');
    expect(storage.data.get(PRIVACY_POLICY_STORAGE_KEY)).toBe('1');
    expect(hasAcceptedPrivacyPolicy(storage)).toBe(true);
    expect(privacy().visible).toBe(false);
  });

  it('shows at most once per visit, even when dismissed without accepting', () => {
    const storage = memoryStorage();
    expect(privacy().evaluate({ loggedIn: false, country: 'ES', storage })).toBe(true);
    privacy().hide();
    expect(privacy().evaluate({ loggedIn: false, country: 'ES', storage })).toBe(false);
    expect(privacy().visible).toBe(false);
  });

  it('treats unreadable storage as not accepted and survives a failing write', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(hasAcceptedPrivacyPolicy(broken)).toBe(false);
    privacy().evaluate({ loggedIn: false, country: 'IT', storage: broken });
    privacy().accept(broken);
    expect(privacy().visible).toBe(false);
  });
});

describe('first-use tooltip flags (spec §2, §4 popover flags)', () => {
  it('is dismissed by the server flags, this visit, or local storage for visitors', () => {
    const storage = memoryStorage();
    const store = () => useFirstUseStore.getState();
    expect(store().isDismissed(TOP_NAV_TOOLTIP_FLAG, [], storage)).toBe(false);
    expect(store().isDismissed(TOP_NAV_TOOLTIP_FLAG, [TOP_NAV_TOOLTIP_FLAG], null)).toBe(true);
    store().dismiss(TOP_NAV_TOOLTIP_FLAG, storage);
    expect(storage.data.get(TOP_NAV_TOOLTIP_STORAGE_KEY)).toBe('1');
    expect(store().isDismissed(TOP_NAV_TOOLTIP_FLAG, null, null)).toBe(true);
    useFirstUseStore.setState(useFirstUseStore.getInitialState(), true);
    expect(store().isDismissed(TOP_NAV_TOOLTIP_FLAG, null, storage)).toBe(true);
  });
});
