import { PRODUCT_NAME } from './messages';
import { OAUTH_AUTHORIZE_PATH, OAUTH_REVOKE_PATH, OAUTH_TOKEN_PATH } from './oauth';
import type { SettingsSection } from './settings';

/*
 * Spec §2 "Static asset and well-known association paths also exist": the spec names none of them, so the set,
 * the rules and every word here are ours. The files follow their standards: robots.txt (RFC 9309), the web app
 * manifest, security.txt (RFC 9116), change-password (W3C Well-Known URL for Changing Passwords), OAuth 2
 * authorization server metadata (RFC 8414), Apple's apple-app-site-association and Android's Digital Asset Links.
 */

/** The paths, each the same on every host the site answers. */
export const SITE_FILE_PATHS = {
  robots: '/robots.txt',
  faviconIco: '/favicon.ico',
  faviconSvg: '/favicon.svg',
  appleTouchIcon: '/apple-touch-icon.png',
  manifest: '/site.webmanifest',
  securityTxt: '/.well-known/security.txt',
  changePassword: '/.well-known/change-password',
  oauthMetadata: '/.well-known/oauth-authorization-server',
  appleAppSiteAssociation: '/.well-known/apple-app-site-association',
  assetLinks: '/.well-known/assetlinks.json',
} as const;

const WELL_KNOWN_PREFIX = '/.well-known/';
const ROOT_FILES = new Set<string>([
  SITE_FILE_PATHS.robots,
  SITE_FILE_PATHS.faviconIco,
  SITE_FILE_PATHS.faviconSvg,
  SITE_FILE_PATHS.appleTouchIcon,
  SITE_FILE_PATHS.manifest,
]);

/** Whether a path is one of the site's files (or any well-known path), which no profile or publication prefixes. */
export const isSiteFilePath = (pathname: string): boolean =>
  ROOT_FILES.has(pathname) || pathname.startsWith(WELL_KNOWN_PREFIX);

/** Where /.well-known/change-password sends a browser: the Security section of the settings page. */
export const CHANGE_PASSWORD_TARGET = `/me/settings/${'security' satisfies SettingsSection}`;

// ---------------------------------------------------------------------------------------------------------
// robots.txt
// ---------------------------------------------------------------------------------------------------------

/** An exact page with or without a query, but not a longer path that starts alike (a publication's slug). */
const page = (path: string) => [`${path}$`, `${path}?`];

/**
 * What crawlers are asked to leave alone: the reader's own pages, sign-in and account flows, the editor and other
 * forms that make something, search results (an endless space of pages), private stats, APIs and internal
 * endpoints, and outbound redirects. Everything else, media and static assets included, is open. RFC 9309: the
 * longest matching rule wins, so the Allow lines open what their Disallow prefix would close.
 */
export const ROBOTS_RULES: { allow: readonly string[]; disallow: readonly string[] } = {
  allow: ['/', '/m/tos', '/_/favicon/'],
  disallow: [
    '/me/',
    '/m/',
    '/_/',
    '/_api/',
    '/trpc/',
    '/v1/',
    '/ifttt/',
    '/export/',
    '/r/',
    '/r?',
    ...[
      '/new-story',
      '/new-series',
      '/new-publication',
      '/p/new-post',
      '/p/import',
      '/p/import-story',
    ].flatMap(page),
    '/new-story/',
    '/*/new-story$',
    ...page('/m-write'),
    '/m-write/',
    '/s/new$',
    '/*/edit$',
    '/p/*/revert/',
    '/p/*/state',
    '/*/share/',
    ...page('/search'),
    '/search/',
    '/*/search$',
    '/*/search?',
    '/*/search/',
    ...page('/stats'),
    '/stats/',
    '/*/stats$',
    '/*/stats/',
    ...[
      '/password',
      '/two-factor-authentication',
      '/registration-form',
      '/unrecognized-account',
      '/get-started',
      '/welcome',
      '/customize-topics',
      '/payment',
      '/gift-checkout',
      '/redeem',
      '/redeem-gift',
      '/welcome-member',
    ].flatMap(page),
  ],
};

/** The robots.txt every host answers. */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    ...ROBOTS_RULES.allow.map((path) => `Allow: ${path}`),
    ...ROBOTS_RULES.disallow.map((path) => `Disallow: ${path}`),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Icons and the web app manifest
// ---------------------------------------------------------------------------------------------------------

/** The home-screen icon's side in pixels (Apple's size for current iPhones). */
export const APPLE_TOUCH_ICON_SIZE = 180;

/** The manifest's words and how an installed site opens. */
export const SITE_MANIFEST = {
  name: PRODUCT_NAME,
  shortName: PRODUCT_NAME,
  description: `Read, write and follow stories on ${PRODUCT_NAME}.`,
  /** A browser's back button and address stay at hand, for links between stories and to other sites. */
  display: 'minimal-ui',
} as const;

// ---------------------------------------------------------------------------------------------------------
// security.txt
// ---------------------------------------------------------------------------------------------------------

/** Days from a request to its Expires: just under a year (RFC 9116 §2.5.5 recommends less than a year). */
export const SECURITY_TXT_EXPIRES_DAYS = 364;

/** The languages a security report may be written in. */
export const SECURITY_TXT_LANGUAGES = ['en'] as const;

/** A security contact as RFC 9116 takes it: a mailto:, https: or tel: URI. */
export const SECURITY_CONTACT_PATTERN = /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[0-9][0-9\-.()]*)$/;

/** The text of /.well-known/security.txt (RFC 9116 §2.5): contacts, expiry, canonical addresses, languages. */
export function securityTxt(opts: { contacts: readonly string[]; canonical: readonly string[]; now: Date }) {
  const expires = new Date(opts.now.getTime() + SECURITY_TXT_EXPIRES_DAYS * 24 * 60 * 60 * 1000);
  return [
    ...opts.contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString()}`,
    ...opts.canonical.map((url) => `Canonical: ${url}`),
    `Preferred-Languages: ${SECURITY_TXT_LANGUAGES.join(', ')}`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// OAuth 2 authorization server metadata (RFC 8414)
// ---------------------------------------------------------------------------------------------------------

/**
 * What the OAuth 2 server at /m/oauth/authorize and /m/token does (packages/api/src/services/developer): the
 * authorization-code flow with PKCE S256 only, refresh tokens that rotate, errors back in the redirect's query,
 * and clients that authenticate with their secret in a Basic header or in the body, at the token and the
 * revocation endpoints alike.
 */
export const OAUTH_SERVER_FEATURES = {
  authorizationPath: OAUTH_AUTHORIZE_PATH,
  tokenPath: OAUTH_TOKEN_PATH,
  revocationPath: OAUTH_REVOKE_PATH,
  responseTypes: ['code'],
  responseModes: ['query'],
  grantTypes: ['authorization_code', 'refresh_token'],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  codeChallengeMethods: ['S256'],
} as const;

// ---------------------------------------------------------------------------------------------------------
// App association files
// ---------------------------------------------------------------------------------------------------------

/** An Apple app id: the 10-character team id, a dot, the bundle id. */
export const APPLE_APP_ID_PATTERN = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
/** An Android application id (package name): two or more dot-separated Java identifiers. */
export const ANDROID_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** A signing certificate's SHA-256 fingerprint as Digital Asset Links writes it: 32 hex bytes joined by colons. */
export const ANDROID_CERT_SHA256_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

/** Paths an associated app leaves to the browser: files, media, APIs and internal endpoints are not pages. */
export const APP_LINK_EXCLUDED_PATHS = [
  '/static/*',
  '/media/*',
  '/_/*',
  '/trpc/*',
  '/v1/*',
  '/.well-known/*',
];

/** Answers of the site files that are not there. */
export const siteFileTexts = {
  noSecurityContact: 'No security contact is published for this site.',
  noApp: `No app is associated with ${PRODUCT_NAME}.`,
  mainHostOnly: (host: string) => `This file is published on ${host}.`,
} as const;
