import { randomBytes } from 'node:crypto';
import { DevProvider, type PaymentProvider } from '@quire/payments';
import type { SearchIndex } from '@quire/search';
import { type CaptchaVerifier, LocalCaptcha } from './auth/captcha';
import type { OAuthProviderConfig } from './auth/oauth';
import { OutboxCodeSender, type TwoFactorCodeSender } from './auth/two-factor-delivery';
import type { CustomDomainSettings } from './custom-domains';
import type { StoreImageFromUrl } from './import/import-images';
import type { PageFetchSettings } from './import/page-fetch';

/** A social sign-in provider the deployment has credentials for. */
export type SocialProvider = 'google' | 'facebook' | 'twitter' | 'apple';

/** Process-wide services the procedures use, built once at start from configuration. */
export interface ServiceEnvironment {
  /** Public origin for links in emails, e.g. https://quire.example. */
  publicUrl: string;
  /** Product name in emails and two-factor URIs. */
  productName: string;
  /**
   * Signs the unsubscribe and email-settings links in emails (spec §2 /me/email-settings/{userId}/{hash}); from
   * APP_SECRET, so links stay valid across restarts and processes.
   */
  emailLinkSecret: string;
  captcha: CaptchaVerifier;
  codeSender: TwoFactorCodeSender;
  /** Social sign-in providers with configured credentials (feature flags may still hide them). */
  oauth: OAuthProviderConfig[];
  /** The search backend when it is not the database itself (OpenSearch); unset means PostgreSQL. */
  search?: SearchIndex;
  /** How long a process may reuse the For you candidate stories (ms); 0 or unset reads them every time. */
  forYouCacheMs?: number;
  /** Free members-only stories one network may be given a month; FREE_STORIES_PER_NETWORK_PER_MONTH when unset. */
  freeStoriesPerNetworkPerMonth?: number;
  /** Takes membership payments: Stripe, or the labelled test-mode provider where no Stripe key is set. */
  payments: PaymentProvider;
  /** Days a member keeps access after a failed payment; MEMBERSHIP_GRACE_PERIOD_DAYS when unset. */
  membershipGracePeriodDays?: number;
  /** Days of free trial a reader who was never a member gets at checkout; 0 or unset: no trial. */
  membershipTrialDays?: number;
  /** Encrypts taxpayer numbers at rest (services/partner/tin-crypto.ts); a random key per process when unset. */
  taxFormKey?: Buffer;
  /** Custom domains: the CNAME target, the A record addresses and the DNS resolver (defaults in custom-domains.ts). */
  customDomains?: Partial<CustomDomainSettings>;
  /** The web fetcher of import and images by address: resolver, limits, (tests only) loopback; see page-fetch.ts. */
  pageFetch?: Partial<PageFetchSettings>;
  /**
   * Fetches an image by its address and stores it as an upload (the server's, shared with POST /_/upload-url):
   * imported stories keep their outside images with it. Unset: imports drop outside images.
   */
  storeImageFromUrl?: StoreImageFromUrl;
}

/** Defaults for a fresh machine and for tests: local captcha, codes through the mail outbox, test-mode payments. */
export function defaultServiceEnvironment(overrides: Partial<ServiceEnvironment> = {}): ServiceEnvironment {
  return {
    publicUrl: 'http://localhost:3000',
    productName: 'Quire',
    emailLinkSecret: randomBytes(32).toString('hex'),
    captcha: new LocalCaptcha(randomBytes(32)),
    codeSender: new OutboxCodeSender(),
    oauth: [],
    payments: new DevProvider({ webhookSecret: randomBytes(32).toString('hex') }),
    ...overrides,
  };
}
