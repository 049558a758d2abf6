import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  defaultServiceEnvironment,
  LocalCaptcha,
  type PlanSetting,
  RecaptchaVerifier,
  type ServiceEnvironment,
  type SocialProvider,
  standardProviders,
  taxFormKey,
} from '@quire/api';
import { REPO_ROOT } from '@quire/db';
import {
  ANDROID_CERT_SHA256_PATTERN,
  ANDROID_PACKAGE_PATTERN,
  APPLE_APP_ID_PATTERN,
  DEFAULT_PLAN_PRICES,
  MEMBERSHIP_CURRENCIES,
  MEMBERSHIP_GRACE_PERIOD_DAYS,
  PlanPeriod,
  PRODUCT_NAME,
  SECURITY_CONTACT_PATTERN,
} from '@quire/domain';
import type { EmailLinkSigner } from '@quire/mail';
import { createPaymentProvider, type DevProviderState, type PaymentProvider } from '@quire/payments';
import { createOpenSearchIndex } from '@quire/search';
import { z } from 'zod';

export const repoRoot = REPO_ROOT;

/** A price in cents: a whole number from 1 cent to $10,000. */
const cents = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Comma-separated values, each trimmed (empty ones left out) and turned by `each` before it is checked. */
const commaList = (pattern: RegExp, message: string, each: (value: string) => string = (v) => v) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => each(item.trim()))
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(pattern, message)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Port of the embedded PostgreSQL when DATABASE_URL is not set. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /** Public origin of the auth domain (spec §2 URL shapes: links off the routing entity go here). */
  PUBLIC_URL: z.string().default(''),
  /** Request header a CDN or proxy sets with the visitor's two-letter country code. */
  GEO_HEADER: z.string().default('cf-ipcountry'),
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long an anonymous page stays fresh in the micro-cache (0 turns the cache off). */
  PAGE_CACHE_FRESH_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Rendered pages carry a Server-Timing header (reader and session, data, render, document) for the bench and
   * operators; off by default, as timings tell an outsider about the server.
   */
  SERVER_TIMING: z.stringbool().default(false),
  /** How long page rendering trusts the global feature flags it read, before reading them again. */
  FLAG_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** How long the For you candidate stories are reused in a process; by default 5 s (0 in tests). */
  FOR_YOU_CACHE_MS: z.coerce.number().int().min(0).optional(),
  /** How long after that a stale page is still served while one request refreshes it. */
  PAGE_CACHE_STALE_MS: z.coerce.number().int().min(0).default(30000),
  /** Most megabytes of page text and compressed copies the anonymous-page cache keeps (its pages' bodies). */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Largest image upload in megabytes (spec §3 client config imageUploadMaxSizeMb). */
  IMAGE_UPLOAD_MAX_SIZE_MB: z.coerce.number().int().min(1).max(1024).default(25),
  /** Seed demo content into an empty database at start. */
  SEED_DEMO: z.stringbool().default(true),
  /**
   * Signs the local captcha's challenges and the unsubscribe links in emails; set one shared value when running
   * several processes (without it, links mailed before a restart stop working).
   */
  APP_SECRET: z.string().min(32).optional(),
  /** IFTTT's service key for this service (the IFTTT-Service-Key header); unset, the /ifttt routes do not exist. */
  IFTTT_SERVICE_KEY: z.string().min(16).optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  OPENSEARCH_URL: z.string().optional(),
  /** Spec §3 client config / §7 search service: application id, search-only key and index prefix. */
  SEARCH_APP_ID: z.string().min(1).default('quire'),
  SEARCH_API_KEY: z.string().min(1).default('search-only'),
  SEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]*$/)
    .default('quire_'),
  SMTP_URL: z.string().optional(),
  /**
   * The development outbox page (/_/dev/mail), which shows every sign-in link and code. Unset: on when it is
   * safe (not production, no SMTP_URL, a loopback HOST); true where it is not safe refuses to start.
   */
  DEV_MAIL_PAGE: z.stringbool().optional(),
  MAIL_FROM: z.string().default('Quire <noreply@localhost>'),
  /** Newsletter copies sent per second at most, across the pooled SMTP connections (a provider's quota). */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  /** SMTP connections the newsletter sender keeps open. */
  NEWSLETTER_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * Web processes serving the port (node:cluster): on a machine with more cores than one, more than one uses them.
   * The first process runs the database (when embedded) and the jobs; the others only answer requests.
   */
  WEB_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Run background jobs inside the app process (the default); `--worker` runs them alone. */
  RUN_JOBS: z.stringbool().default(true),
  /** Niceness of a `--worker` process (0–19): on a machine it shares with the site, readers' requests go first. */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** A file the jobs touch after each outbox sweep, for a container health check of a worker. */
  WORKER_HEARTBEAT_FILE: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API origin (a local stand-in such as stripe-mock); Stripe's own when unset. */
  STRIPE_API_URL: z.url().optional(),
  /** Membership prices in cents (spec §3 plan periods and currencies). */
  MEMBERSHIP_MONTHLY_USD_CENTS: cents(DEFAULT_PLAN_PRICES.USD.MONTHLY),
  MEMBERSHIP_YEARLY_USD_CENTS: cents(DEFAULT_PLAN_PRICES.USD.YEARLY),
  MEMBERSHIP_MONTHLY_CAD_CENTS: cents(DEFAULT_PLAN_PRICES.CAD.MONTHLY),
  MEMBERSHIP_YEARLY_CAD_CENTS: cents(DEFAULT_PLAN_PRICES.CAD.YEARLY),
  /** Stripe price ids of the plans, when created in the Stripe dashboard; unset, Stripe prices them inline. */
  STRIPE_PRICE_MONTHLY_USD: z.string().min(1).optional(),
  STRIPE_PRICE_YEARLY_USD: z.string().min(1).optional(),
  STRIPE_PRICE_MONTHLY_CAD: z.string().min(1).optional(),
  STRIPE_PRICE_YEARLY_CAD: z.string().min(1).optional(),
  /** Spec §3 client config grace period: days a member keeps access after a failed payment. */
  MEMBERSHIP_GRACE_PERIOD_DAYS: z.coerce.number().int().min(0).max(60).default(MEMBERSHIP_GRACE_PERIOD_DAYS),
  /** Days of free trial for a reader who was never a member (spec §3 isMembershipTrialEligible); 0: none. */
  MEMBERSHIP_TRIAL_DAYS: z.coerce.number().int().min(0).max(90).default(0),
  /** The host custom domains' CNAME records name (spec §2 /me/settings/custom-domain); PUBLIC_URL's host when unset. */
  CUSTOM_DOMAIN_CNAME_TARGET: z
    .string()
    .regex(/^[A-Za-z0-9.-]*$/)
    .default(''),
  /** Comma-separated IPv4 addresses a root domain's A records name; unset: the CNAME target's own addresses count. */
  CUSTOM_DOMAIN_IPS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.ipv4())),
  /**
   * /.well-known/security.txt's Contact lines: comma-separated mailto:, https: or tel: URIs (a bare address is
   * mailto:). Unset, the file is a 404.
   */
  SECURITY_CONTACT: commaList(SECURITY_CONTACT_PATTERN, 'a mailto:, https: or tel: URI', (v) =>
    v && !v.includes(':') && v.includes('@') ? `mailto:${v}` : v,
  ),
  /** Comma-separated Apple app ids (TEAMID.bundle.id) of /.well-known/apple-app-site-association; unset, a 404. */
  APPLE_APP_IDS: commaList(
    APPLE_APP_ID_PATTERN,
    'an Apple app id: a 10-character team id, a dot, the bundle id',
  ),
  /** The Android app of /.well-known/assetlinks.json, with its signing certificates' SHA-256; unset, a 404. */
  ANDROID_APP_PACKAGE: z.string().regex(ANDROID_PACKAGE_PATTERN, 'an Android application id').optional(),
  ANDROID_APP_CERT_SHA256: commaList(
    ANDROID_CERT_SHA256_PATTERN,
    'a SHA-256 fingerprint: 32 hex bytes joined by colons',
    (v) => v.toUpperCase(),
  ),
});

export type ServerConfig = z.infer<typeof envSchema> & {
  publicUrl: string;
  /** Whether /_/dev/mail is served (to loopback peers only). */
  devMailPage: boolean;
};

/** Whether a listen address or socket peer is this machine (127.0.0.0/8, ::1, localhost, IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  return a === 'localhost' || a === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** The development outbox page is served only where no other host can reach it, and mail is not sent. */
function devMailPage(c: z.infer<typeof envSchema>): boolean {
  const safe = c.NODE_ENV !== 'production' && !c.SMTP_URL && isLoopback(c.HOST);
  if (c.DEV_MAIL_PAGE && !safe) {
    throw new Error(
      'Invalid configuration: DEV_MAIL_PAGE=true shows every sign-in link and code; it needs a loopback HOST, no SMTP_URL and NODE_ENV other than production.',
    );
  }
  return c.DEV_MAIL_PAGE ?? safe;
}

/** Reads configuration from the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if (!c.ANDROID_APP_PACKAGE !== !c.ANDROID_APP_CERT_SHA256.length) {
    throw new Error(
      'Invalid configuration: ANDROID_APP_PACKAGE and ANDROID_APP_CERT_SHA256 are set together or not at all.',
    );
  }
  return { ...c, publicUrl: c.PUBLIC_URL || `http://localhost:${c.PORT}`, devMailPage: devMailPage(c) };
}

/** Stripe's API at another origin (STRIPE_API_URL), as the Stripe client's host options. */
function stripeApi(url: string | undefined) {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, protocol, ...(parsed.port ? { port: Number(parsed.port) } : {}) };
}

/** Stripe when both Stripe secrets are set, else the labelled test-mode provider (restored from `devState`). */
export function paymentProvider(config: ServerConfig, devState?: DevProviderState): PaymentProvider {
  return createPaymentProvider({
    stripeSecretKey: config.STRIPE_SECRET_KEY,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.publicUrl,
    // Test-mode webhook signatures stay valid across restarts when the deployment has a secret of its own.
    devWebhookSecret: derivedSecret(config, 'dev-payments-webhook'),
    ...(devState ? { devState } : {}),
    stripe: stripeApi(config.STRIPE_API_URL),
  });
}

/**
 * Without APP_SECRET, the secret of this start: drawn by the first process and handed to the web processes it forks
 * (WEB_PROCESSES, in START_SECRET_ENV), so all of them and the in-process worker agree until a restart.
 */
const START_SECRET_ENV = 'QUIRE_START_SECRET';
const startSecret = process.env[START_SECRET_ENV] || randomBytes(32).toString('hex');
// Read once: processes this one starts (PostgreSQL, a build) are not given it.
delete process.env[START_SECRET_ENV];

/** The environment that hands this start's secret to a web process it forks. */
export const startSecretEnv = (): Record<string, string> => ({ [START_SECRET_ENV]: startSecret });

/** A key for one purpose, from APP_SECRET (or this start's secret), so it signs nothing else. */
export const derivedSecret = (config: Pick<ServerConfig, 'APP_SECRET'>, purpose: string): string =>
  createHmac('sha256', config.APP_SECRET || startSecret)
    .update(purpose)
    .digest('hex');

/**
 * Signs the email-settings links of emails (spec §2 /me/email-settings/{userId}/{hash}): the sender puts them in
 * the List-Unsubscribe header and the web server checks them, so both derive the secret from APP_SECRET.
 */
export function emailLinkSigner(config: ServerConfig): EmailLinkSigner {
  return { publicUrl: config.publicUrl, secret: derivedSecret(config, 'email-settings-links') };
}

/** The services procedures use, from configuration: captcha provider, sign-in providers, links, payments. */
export function serviceEnvironment(
  config: ServerConfig,
  opts: { devPaymentState?: DevProviderState } = {},
): ServiceEnvironment {
  const captcha =
    config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET
      ? new RecaptchaVerifier(config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET)
      : new LocalCaptcha(Buffer.from(derivedSecret(config, 'local-captcha')));
  const pair = (id?: string, secret?: string) => (id && secret ? { id, secret } : undefined);
  const credentials: Partial<Record<SocialProvider, { id: string; secret: string }>> = {
    google: pair(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
    facebook: pair(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET),
    twitter: pair(config.TWITTER_CLIENT_ID, config.TWITTER_CLIENT_SECRET),
    apple: pair(config.APPLE_CLIENT_ID, config.APPLE_CLIENT_SECRET),
  };
  return defaultServiceEnvironment({
    ...(config.OPENSEARCH_URL
      ? { search: createOpenSearchIndex(config.OPENSEARCH_URL, config.SEARCH_INDEX_PREFIX) }
      : {}),
    publicUrl: config.publicUrl,
    productName: PRODUCT_NAME,
    emailLinkSecret: emailLinkSigner(config).secret,
    // Tests see every change at once; a running site may rank from candidates a few seconds old.
    forYouCacheMs: config.FOR_YOU_CACHE_MS ?? (config.NODE_ENV === 'test' ? 0 : 5000),
    captcha,
    oauth: standardProviders(credentials),
    payments: paymentProvider(config, opts.devPaymentState),
    membershipGracePeriodDays: config.MEMBERSHIP_GRACE_PERIOD_DAYS,
    membershipTrialDays: config.MEMBERSHIP_TRIAL_DAYS,
    customDomains: customDomainConfig(config),
    taxFormKey: taxFormKey({ appSecret: config.APP_SECRET, dataDir: config.DATA_DIR }),
  });
}

/** Where custom domains point: the CNAME target and the A record addresses (the resolver is the system's). */
export function customDomainConfig(config: ServerConfig) {
  return { cnameTarget: config.CUSTOM_DOMAIN_CNAME_TARGET, ips: config.CUSTOM_DOMAIN_IPS };
}

/** The membership plans configuration sets (synced into the plans table at start). */
export function planSettings(config: ServerConfig): PlanSetting[] {
  return MEMBERSHIP_CURRENCIES.flatMap((currency) =>
    PlanPeriod.map((period) => {
      const key = `${period}_${currency}` as const;
      return {
        period,
        currency,
        amount: config[`MEMBERSHIP_${key}_CENTS`],
        stripePriceId: config[`STRIPE_PRICE_${key}`] ?? null,
      };
    }),
  );
}
