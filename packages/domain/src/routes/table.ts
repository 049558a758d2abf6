/**
 * Spec §2 "Route table (names)" and "Paths": every named route and every path pattern, pure data.
 * Patterns use {placeholders}; optional segments `[...]` and alternatives `a|b` of the spec are expanded
 * into one pattern each. Routes of the same shape (only placeholder names differ) are one route: the spec's
 * legacy `/s/{name}` has the shape of the series library `/s/{sequenceSlug}`, so the series route serves it
 * and the three named `/s/...` legacy paths stay redirects.
 */

export type RouteService = 'lite' | 's3-site' | 'auth';
export type RouteTableMarker = 'user' | 'collection' | 'all';

export interface RouteEntry {
  name: string;
  pattern: string;
  service: RouteService;
  handler: string;
  metricName: string;
  /** The route has a variant served on a custom domain (user and publication routes). */
  customDomainVariant: boolean;
  redirectTo?: string;
  redirectStatus?: 301 | 302;
  table: RouteTableMarker;
  /** The spec's path group ("Reading", "Profiles", …). */
  group: string;
  /** What the route is part of, as shown on a page that is not built yet ('Coming soon: Lists.'). */
  capability: string;
}

/** Expands the spec's notation: top-level `a|b` (alternatives for the last segment) and `[...]` optionals. */
export function expandPattern(raw: string): string[] {
  const alternatives = splitTopLevel(raw, '|');
  if (alternatives.length > 1) {
    const first = alternatives[0]!;
    const base = first.slice(0, first.lastIndexOf('/') + 1);
    return [first, ...alternatives.slice(1).map((alt) => (alt.startsWith('/') ? alt : base + alt))].flatMap(
      expandPattern,
    );
  }
  const open = raw.indexOf('[');
  if (open < 0) return [raw];
  let depth = 0;
  let close = open;
  for (; close < raw.length; close++) {
    if (raw[close] === '[') depth++;
    if (raw[close] === ']' && --depth === 0) break;
  }
  const before = raw.slice(0, open);
  const inner = raw.slice(open + 1, close);
  const after = raw.slice(close + 1);
  return [
    ...expandPattern(before + after),
    ...splitTopLevel(inner, '|').flatMap((alt) => expandPattern(before + alt + after)),
  ];
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']') depth--;
    else if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const under = (base: string, subPaths: string[]) => subPaths.map((p) => `${base}/${p}`);

interface RouteGroup {
  group: string;
  service: RouteService;
  handler: string;
  capability: string;
  paths: string[];
}

const GROUPS: RouteGroup[] = [
  // Static: marketing and legal pages served from the static site.
  {
    group: 'Static',
    service: 's3-site',
    handler: 'static',
    capability: 'About pages',
    paths: ['/about', '/membership', '/creators', '/creator-tools', '/earn', '/gift', '/jobs', '/m/tos'],
  },
  // Landing: campaign landing pages.
  {
    group: 'Landing',
    service: 's3-site',
    handler: 'static',
    capability: 'Landing pages',
    paths: ['/l/ticks', '/l/the-trump-45', '/l/tribute'],
  },
  // Home and discovery: home, top stories, trending, topics, awards, curated catalogs.
  {
    group: 'Home and discovery',
    service: 'lite',
    handler: 'reader',
    capability: 'Discovery',
    paths: [
      '/',
      '/top-stories[/{monthDayYearSlug}]',
      '/browse/top[/{monthDayYearSlug}]',
      '/trending',
      '/trending/mode/{mode}',
      '/trending/mode/{mode}/topic/{topicSlug}',
      '/topics',
      '/topic/{topicSlug}',
      '/topic/{topicSlug}/edit',
      '/topic/{topicSlug}/add-posts',
      '/awards/{type}',
      '/collections',
      '/collections/{catalogSlug}',
    ],
  },
  // Writing: the editor app's pages.
  {
    group: 'Writing',
    service: 'lite',
    handler: 'editor',
    capability: 'Writing',
    paths: [
      '/new-story',
      '/new-story/repost/{repostId}',
      '/p/new-post',
      '/{collectionSlug}/new-story',
      '/p/{postId}/edit',
      '/{collectionSlug}/{postId}/edit',
      '/@{username}/{postId}/edit',
      '/p/{postId}/revert/{versionId}/{baseRev}',
      '/p/import',
      '/p/import-story',
      '/m-write',
      '/m-write/{postId}',
    ],
  },
  // Reading: a story and everything hanging off it.
  {
    group: 'Reading',
    service: 'lite',
    handler: 'reader',
    capability: 'Reading',
    paths: [
      '/p/{postId}',
      '/@{username}/{postId}',
      '/{collectionSlug}/{postId}',
      '/p/{postId}/responses',
      '/p/{postId}/responses/show',
      '/p/{inResponseToPostId}/responses/new',
      '/p/{postId}/quotes[/{quoteId}]',
      '/p/{postId}/notes[/{noteId}]',
      '/p/notereplies/{replyId}',
      '/p/{postId}/deltas',
      '/p/{postId}/info[/{order}/{filter}]',
      '/p/{postId}/share/{channel}',
      '/p/{postId}/settings',
      '/p/{postId}/upvotes',
      '/p/{postId}/state',
      '/p/{postId}/state/read',
      '/p/{postId}/referrers',
      '/p/{postId}/requests/partner/feature/{token}',
    ],
  },
  // Series and sequences (the series library also answers the legacy /s/{name}).
  {
    group: 'Series and sequences',
    service: 'lite',
    handler: 'reader',
    capability: 'Series',
    paths: [
      '/new-series',
      '/series/{postId}[/edit]',
      '/me/series',
      '/me/series/{filterBy}',
      '/s/{sequenceSlug}',
      '/s/{sequenceSlug}/{postId}',
      '/s/{sequenceSlug}/edit',
      '/s/{sequenceSlug}/share/{channel}',
      '/s/new',
    ],
  },
  // Search: ?q= on every search page; no category means post search.
  {
    group: 'Search',
    service: 'lite',
    handler: 'reader',
    capability: 'Search',
    paths: [
      '/search',
      '/search/users',
      '/search/publications',
      '/search/tags',
      '/search/posts',
      '/{collectionSlug}/search[/{category}]',
    ],
  },
  // Tags: the spec lists /latest, /top/…, /top-writers and /archive as paths of their own; kept verbatim, and
  // served as the tag page's sub-paths (/tag/{tagSlug}/latest, …), which is where the tag page links.
  {
    group: 'Tags',
    service: 'lite',
    handler: 'reader',
    capability: 'Topics',
    paths: [
      '/tag/{tagSlug}',
      '/latest',
      '/top/{timePeriod}',
      '/top-writers',
      '/archive[/{year}[/{month}[/{day}]]]',
      '/signedin/subscriptions/tag/{tagSlug}',
      ...under('/tag/{tagSlug}', [
        'latest',
        'top/{timePeriod}',
        'top-writers',
        'archive[/{year}[/{month}[/{day}]]]',
      ]),
    ],
  },
  // Profiles: a user's page and its sub-paths.
  {
    group: 'Profiles',
    service: 'lite',
    handler: 'reader',
    capability: 'Profiles',
    paths: [
      '/@{username}',
      ...under('/@{username}', [
        'latest',
        'has-recommended',
        'highlights',
        'series',
        'followers',
        'following',
        'about',
        'books',
        'lists',
        'list/{catalogSlugId}',
        'awards/{kind}',
        'responses',
        'edit',
        'follow',
        'membership',
        'subscribe',
        'audience[/{details}]',
        'stats',
        'stats/responses',
        'stats/series',
        'partner/dashboard',
        'publications',
        'recommended',
      ]),
      '/@{username}/list/{catalogSlug}/share/{channel}',
      '/subscribe/@{username}',
      '/membership/@{username}',
      '/u/{userId}',
      '/me',
    ],
  },
  // Your pages: the signed-in reader's own pages.
  {
    group: 'Your pages',
    service: 'lite',
    handler: 'reader',
    capability: 'Your pages',
    paths: [
      '/me/stories[/{filterBy}]',
      '/me/following[/{entityName}]',
      '/me/following/topics',
      '/me/following/suggestions',
      '/me/missioncontrol',
      '/me/readinghistory',
      '/me/list/{catalogSlugId}',
      '/me/lists',
      '/me/lists/following',
      '/me/activity',
      '/me/notifications',
      '/me/publications',
      '/me/newsletters',
      '/me/about',
      '/me/stats',
      '/me/stats/responses',
      '/me/stats/series',
      '/me/stats/post/{postId}',
      '/me/design',
      '/me/styles',
      '/me/export[/{exportId}]',
      '/me/create-subdomain',
      '/me/send-verify',
      '/me/email-settings/{userId}/{hash}',
      '/me/unsubscribe-all-author-newsletters',
      '/me/unsubscribe-all-newsletters',
      '/me/subscribers/import',
      '/me/subscribers/confirm-export',
      '/me/applications',
      '/me/applications/new',
      '/me/applications/{oauthApplicationId}',
      '/me/series/drafts',
    ],
  },
  // Settings: /me/settings (#membership, #security) and its sub-pages.
  {
    group: 'Settings',
    service: 'lite',
    handler: 'reader',
    capability: 'Settings',
    paths: [
      '/me/settings',
      ...under('/me/settings', [
        '{setting}',
        'tipping',
        'payment/update',
        'promote-subscriptions',
        'promote-memberships',
        'mobile-beta',
        'custom-domain',
        'mute[/{activeTab}]',
        'payout/setup',
        'payout/stripe/finish',
        'payout/dashboard',
      ]),
    ],
  },
  // Money and membership: plans, checkout, gifts, billing.
  {
    group: 'Money and membership',
    service: 'lite',
    handler: 'reader',
    capability: 'Membership',
    paths: [
      '/plans',
      '/upgrade',
      '/payment',
      '/gift-checkout',
      '/gift-plans',
      '/group-gift',
      '/redeem',
      '/redeem-gift',
      '/welcome-member',
      '/me/billing-history',
      '/me/billing-history/receipt/{chargeId}',
      '/me/membership/cancel',
    ],
  },
  // Partner program: enrolment, dashboard, taxes.
  {
    group: 'Partner program',
    service: 'lite',
    handler: 'reader',
    capability: 'Partner Program',
    paths: [
      '/me/partner/enroll[/{step}]',
      '/me/partner/unenroll',
      '/me/partner/dashboard',
      '/me/partner/taxes',
      '/m/partner-program',
    ],
  },
  // Publications: a publication's home and its sub-paths.
  {
    group: 'Publications',
    service: 'lite',
    handler: 'reader',
    capability: 'Publications',
    paths: [
      '/new-publication',
      '/{collectionSlug}',
      ...under('/{collectionSlug}', [
        'latest',
        'trending',
        'featured',
        'about',
        'all[/{page}]',
        'archive[/{year}[/{month}[/{day}]]]',
        'tagged/{tagSlug}',
        '@{username}',
        '{topicSlug}/home',
        'followers',
        '@{username}/followers',
        '@{username}/following',
        'edit',
        'design',
        'styles',
        'permissions',
        'submissions',
        'load-more',
        'settings',
        'settings/about',
        'settings/custom-domain',
        'settings/navigation',
        'settings/followers',
        'settings/feature-pages[/new|/{topicSlug}/edit]',
        'stats',
        'stats/overview',
        'stats/stories',
        'stats/publication-digests',
        'stories',
        'stories/{filterBy}[/loadMore]',
        'stories/submissions',
        'feed',
        'new-newsletter',
        'newsletters/{newsletterSlug}[/settings]',
      ]),
    ],
  },
  // Newsletters: the spec lists /stats here as a path of its own; kept verbatim.
  {
    group: 'Newsletters',
    service: 'lite',
    handler: 'reader',
    capability: 'Newsletters',
    paths: [
      '/newsletters/{newsletterV3Id}/new-email',
      '/stats',
      '/export/newsletters/{newsletterV3Id}',
      '/@{username}/newsletters/{newsletterV3Id}/subscribers/csv-export',
      '/_api/newsletters/{newsletterV3Id}/posts',
    ],
  },
  // Account and auth: sign-in, OAuth callbacks, account confirmation, onboarding.
  {
    group: 'Account and auth',
    service: 'auth',
    handler: 'auth',
    capability: 'Accounts',
    paths: [
      '/m/signin',
      '/m/global-identity[-2]',
      '/m/connect/google|facebook',
      '/m/start-auth/apple',
      '/m/token',
      '/m/callback/authenticate|twitter|facebook|google|apple|email|namecheap',
      '/m/account/convert/{token}',
      '/m/account/confirm/{key}',
      '/m/account/authenticate-twitter',
      '/m/signout/{xsrf}',
      '/m/login-redirect',
      '/m/app/login/{token}',
      '/m/oauth/authorize',
      '/password',
      '/two-factor-authentication',
      '/registration-form',
      '/unrecognized-account',
      '/get-started',
      '/welcome',
      '/customize-topics',
      '/suspended',
      '/not-available',
      '/m/goodbye',
      '/m/app',
      '/m/getting-started',
      '/m/share/success',
      '/_/oh-noes',
    ],
  },
  // Admin and tools: staff tools.
  {
    group: 'Admin and tools',
    service: 'lite',
    handler: 'admin',
    capability: 'Staff tools',
    paths: ['/_/curation/discovery/next-author', '/_/admin/internal-status'],
  },
  // Feeds: RSS feeds.
  {
    group: 'Feeds',
    service: 'lite',
    handler: 'feed',
    capability: 'Feeds',
    paths: [
      '/feed/latest',
      '/feed/topic/{topicSlug}',
      '/feed/flipboard/{topicSlug}',
      '/feed/{collectionSlug}[/news][/tagged/{tagSlug}]',
      '/feed/@{username}[/has-recommended]',
      '/feed/tag/{tagSlug}',
      '/feed/collections/{catalogSlug}',
      '/@{username}/feed',
    ],
  },
  // Other: embeds, media, short links, uploads, stats data.
  {
    group: 'Other',
    service: 'lite',
    handler: 'misc',
    capability: 'Other',
    paths: [
      '/embed',
      '/embed/list/{catalogSlugId}',
      '/media/{mediaResourceId}[/href]',
      '/c/{collectionId}',
      '/r',
      '/help',
      '/osd.xml',
      '/_/upload',
      '/_/upload-url',
      '/me/stats/total/{startTimeMs}/{endTimeMs}',
      '/me/stats/{postId}/{startTimeMs}/{endTimeMs}',
      '/@{username}/stats/total/{startTimeMs}/{endTimeMs}',
      '/stats/{postId}/{startTimeMs}/{endTimeMs}',
    ],
  },
  // Third-party API routes.
  {
    group: 'Third-party API',
    service: 'lite',
    handler: 'api',
    capability: 'Developer API',
    paths: [
      '/v1/me',
      '/v1/users/{applicationSpecificUserId}/publications',
      '/v1/publications/{publicationId}/contributors',
      '/ifttt/v1/user/info',
      '/ifttt/v1/status',
    ],
  },
];

/**
 * Legacy redirects. /ticks and /45 moved to their landing pages (permanent). The old section paths
 * (/futurehuman, /greatescape, …) were sections that now live as series at /s/{name} (permanent; a path
 * of their own would shadow a publication slug). /cointalk is a topic we may re-point (temporary). The
 * named /s/... pages became publications, at their publication slug (permanent).
 */
export const LEGACY_REDIRECTS: ReadonlyArray<{ pattern: string; to: string; status: 301 | 302 }> = [
  { pattern: '/ticks', to: '/l/ticks', status: 301 },
  { pattern: '/45', to: '/l/the-trump-45', status: 301 },
  { pattern: '/cointalk', to: '/tag/cryptocurrency', status: 302 },
  ...[
    'futurehuman',
    'greatescape',
    'unrulybodies',
    'playback',
    'trustissues',
    'youthnow',
    'powertrip',
    'thenewnew',
    'lovehate',
    'reasonabledoubt',
    'freakonomicsradio',
  ].map((name) => ({ pattern: `/${name}`, to: `/s/${name}`, status: 301 as const })),
  { pattern: '/s/human-parts', to: '/human-parts', status: 301 },
  { pattern: '/s/timeline-of-sounds', to: '/timeline-of-sounds', status: 301 },
  { pattern: '/s/teamhuman', to: '/team-human', status: 301 },
];

/** The names of spec "Route table (names)" (plus the reader's sign-in pages), by pattern. */
const NAMES: Record<string, string> = {
  '/': 'ShowHome',
  '/p/{postId}': 'ShowPost',
  '/s/{sequenceSlug}/{postId}': 'ShowSequencePost',
  '/{collectionSlug}/{postId}': 'ShowPostUnderCollection',
  '/@{username}/{postId}': 'ShowPostUnderUser',
  '/series/{postId}': 'ShowSeries',
  '/s/{sequenceSlug}': 'ShowSequenceLibrary',
  '/{collectionSlug}': 'ShowCollectionHome',
  '/{collectionSlug}/about': 'ShowCollectionMasthead',
  '/{collectionSlug}/tagged/{tagSlug}': 'ShowCollectionTagged',
  '/{collectionSlug}/newsletters/{newsletterSlug}': 'ShowCollectionNewsletterLanding',
  '/topic/{topicSlug}': 'ShowTopic',
  '/tag/{tagSlug}': 'ShowTagPosts',
  '/@{username}': 'ShowUser',
  '/@{username}/about': 'ShowUserAbout',
  '/@{username}/awards/{kind}': 'ShowUserAwards',
  '/@{username}/list/{catalogSlugId}': 'ShowUserList',
  '/@{username}/lists': 'ShowUserLists',
  '/@{username}/books': 'ShowUserBooks',
  '/@{username}/followers': 'ShowUserFollowers',
  '/@{username}/following': 'ShowUserFollowing',
  '/me/lists': 'ShowYourLists',
  '/me/stories/{filterBy}': 'ShowYourStories',
  '/me/notifications': 'ShowYourNotifications',
  '/me/publications': 'ShowYourCollections',
  '/new-story': 'ShowNewPost',
  '/me/stats': 'ShowStats',
  '/me/stats/post/{postId}': 'ShowStatsPost',
  '/me/partner/dashboard': 'ShowPartnerDashboard',
  '/search': 'ShowSearch',
  '/me/settings': 'ShowSettings',
  '/me/following': 'ShowFollowsIndex',
  '/plans': 'ShowPay',
  '/earn': 'ShowEarnLanding',
  '/gift-checkout': 'ShowLiteGiftCheckout',
  '/gift': 'ShowGiftLanding',
  '/m/signout/{xsrf}': 'AcctSignout',
  '/m-write': 'ShowMobileWebEditorRedirectNewStory',
  '/m-write/{postId}': 'ShowMobileWebEditorRedirectEditStory',
};

/** Route names of spec §2 "Route table (names)". */
export const SPEC_ROUTE_NAMES: readonly string[] = Object.values(NAMES);

/** Names the reader app already uses for pages the spec does not name. */
const READER_NAMES: Record<string, string> = {
  '/m/signin': 'ShowSignin',
  '/password': 'ShowPassword',
  '/two-factor-authentication': 'ShowTwoFactorAuthentication',
};

/** Finer capabilities than the group's, by what the path is about (first rule that matches). */
const CAPABILITY_RULES: ReadonlyArray<[RegExp, string]> = [
  [/\/lists?(\/|$)|\/collections(\/|$)/, 'Lists'],
  [/notifications/, 'Notifications'],
  [/newsletter/, 'Newsletters'],
  [/partner|^\/earn$/, 'Partner Program'],
  [/\/stats(\/|$)/, 'Stats'],
  [/\/search(\/|$)/, 'Search'],
  [/\/settings(\/|$)/, 'Settings'],
  [/series|^\/s\//, 'Series'],
  [/^\/(topics?|tag)(\/|$)/, 'Topics'],
  [/^\/(membership|gift)$/, 'Membership'],
];

const RESERVED_NAMES = new Set([...Object.values(NAMES), ...Object.values(READER_NAMES)]);

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A name for a route the spec leaves unnamed, from its pattern: /p/{postId}/edit → ShowPByPostIdEdit. */
function derivedName(pattern: string, prefix: string): string {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .replace(/^@\{username\}$/, 'User')
        .replace(/\{(\w+)\}/g, (_m, key: string) => `By${pascal(key)}`)
        .split(/[^A-Za-z0-9]+/)
        .map(pascal)
        .join(''),
    );
  return prefix + (parts.join('') || 'Root');
}

const tableOf = (pattern: string): RouteTableMarker =>
  pattern.startsWith('/@{username}')
    ? 'user'
    : pattern.startsWith('/{collectionSlug}')
      ? 'collection'
      : 'all';

/** A route's name: the spec's, the reader's, or one derived from its pattern. */
function routeName(pattern: string, prefix: string): string {
  const derived = derivedName(pattern, prefix);
  // A derived name never takes a spec name (the Newsletters group's /stats would be ShowStats).
  return (
    NAMES[pattern] ?? READER_NAMES[pattern] ?? (RESERVED_NAMES.has(derived) ? `${derived}Path` : derived)
  );
}

function entryFor(pattern: string, group: RouteGroup, redirect?: { to: string; status: 301 | 302 }) {
  const name = routeName(pattern, redirect ? 'Redirect' : group.service === 'auth' ? 'Acct' : 'Show');
  const table = tableOf(pattern);
  const entry: RouteEntry = {
    name,
    pattern,
    service: group.service,
    handler: redirect ? 'redirect' : group.handler,
    metricName: `${group.service}.${name}`,
    customDomainVariant: table !== 'all',
    table,
    group: group.group,
    capability: CAPABILITY_RULES.find(([re]) => re.test(pattern))?.[1] ?? group.capability,
  };
  if (redirect) {
    entry.redirectTo = redirect.to;
    entry.redirectStatus = redirect.status;
  }
  return entry;
}

const LEGACY_GROUP: RouteGroup = {
  group: 'Legacy redirects',
  service: 'lite',
  handler: 'redirect',
  capability: 'Redirects',
  paths: [],
};

let entries: readonly RouteEntry[] | undefined;

/** Reader pages whose URLs every page builds as it first renders (the top bar's search box, scoped). */
const FIRST_RENDER_PATTERNS = ['/{collectionSlug}/search', '/{collectionSlug}/search/{category}'];

/**
 * The pattern of each spec-named route and of those every page builds first, known without deriving the
 * table (each is in it under that name).
 */
export const KNOWN_ROUTE_PATTERNS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(NAMES).map(([pattern, name]): [string, string] => [name, pattern]),
  ...FIRST_RENDER_PATTERNS.map((pattern): [string, string] => [routeName(pattern, 'Show'), pattern]),
]);

/**
 * Every route entry, in spec order, legacy redirects after the landing pages. Built on first use, so a page
 * that starts in the browser does not derive 322 entries before it needs one.
 */
export function routeEntries(): readonly RouteEntry[] {
  entries ??= [
    ...GROUPS.slice(0, 2).flatMap((g) => g.paths.flatMap(expandPattern).map((p) => entryFor(p, g))),
    ...LEGACY_REDIRECTS.map((r) => entryFor(r.pattern, LEGACY_GROUP, r)),
    ...GROUPS.slice(2).flatMap((g) => g.paths.flatMap(expandPattern).map((p) => entryFor(p, g))),
  ];
  return entries;
}
