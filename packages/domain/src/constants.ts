/**
 * Numbers of spec §9 "Business constants and limits" (plus the few numbers §1, §2, §4 and §5 state),
 * each as a named `as const` export. Pixel values are in px, durations in ms unless the name says otherwise.
 */

// ---------------------------------------------------------------------------------------------------------
// Layout (§9 Layout, §2 screen widths)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9 Layout: fixed sizes of bars, columns, menus and popovers (px). */
export const LAYOUT = {
  topBarHeight: 57,
  smallScreenStripHeight: 41,
  contentColumnWidth: 680,
  gutter: 24,
  maxWidthInset: 680,
  maxWidthOutset: 1192,
  avatarMenuWidth: 264,
  menuMaxWidth: 240,
  notificationsPopoverWidth: 360,
  searchPopoverWidth: 316,
  searchInputWidth: 240,
  friendLinkPopoverWidth: 330,
  replyEditorWidth: 414,
  popoverOffset: 15,
  popoverDefaultDistance: 5,
  popoverDefaultWidth: 200,
  popoverPadding: 16,
  /** §2 sign-in modal: 678px, 600px on medium, full screen on small. */
  susiModalWidth: 678,
  susiModalWidthMd: 600,
  /** §2 sign-in option buttons. */
  susiButtonWidth: 212,
  /** §2 Google one-tap card. */
  googleOneTapCardWidth: 378,
  /** §2 two-factor setup country dropdown max height. */
  countryDropdownMaxHeight: 250,
} as const;

/** Spec §9 Layout: generic modal widths per breakpoint (px); `tiny` applies at 320px viewport or less. */
/** Claps one reader may give one story (spec §1 claps; the claps table checks 1 to 50). */
export const CLAPS_PER_READER_MAX = 50;

export const MODAL_WIDTHS = { default: 900, md: 720, sm: 540, xs: 320, tiny: 272 } as const;
/** Spec §9 Layout: viewport width (px) at or below which the modal is `MODAL_WIDTHS.tiny`. */
export const MODAL_TINY_VIEWPORT_MAX = 320;
/** Spec §9 Layout: modal min height (px). */
export const MODAL_MIN_HEIGHT = 550;

/** Spec §9 Layout: toast widths (px): 640 at md and up, 500 at sm, 300 at xs, 340 for the partner terms toast. */
export const TOAST_WIDTHS = { md: 640, sm: 500, xs: 300, partnerTerms: 340 } as const;

/** Spec §9 Layout: breakpoint names, smallest first. */
export const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Spec §9 Layout: minimum viewport width (px) of each breakpoint. */
export const BREAKPOINT_MIN_WIDTHS = { xs: 0, sm: 552, md: 728, lg: 904, xl: 1080 } as const;

/** Spec §9 Layout: grid of 4px steps, 64px columns, content spans of 6, 8, 10 or 12 columns. */
export const GRID = { step: 4, columnWidth: 64, columnSpans: [6, 8, 10, 12] } as const;

/** Spec §9 Layout: metabar heights (px). */
export const METABAR_HEIGHTS = [65, 56, 54] as const;

/** Spec §9 Layout: metabar bottom margin (px): 64 by default, 24 on home and small screens. */
export const METABAR_BOTTOM_MARGIN = { default: 64, compact: 24 } as const;

/** Spec §9 Layout: avatar sizes (px). */
export const AVATAR_SIZES = { XXXS: 20, XXS: 28, XS: 32, S: 40, M: 48, L: 64, XL: 80, XXL: 128 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Spec §4 Favicon: publication favicons are a 128x128 crop. */
export const PUBLICATION_FAVICON_SIZE = 128;

// ---------------------------------------------------------------------------------------------------------
// Counts and timers (§9 Counts and timers)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9: the unread badge shows '99+' above this count. */
export const UNREAD_BADGE_MAX = 99;
/** Spec §2/§9: number of admin publications listed in the account menu. */
export const ADMIN_COLLECTIONS_SHOWN = 3;
/** Spec §9/§7 search service: hits per page, and for posts on publication and profile pages. */
export const SEARCH_HITS_PER_PAGE = 3;
export const SEARCH_SCOPED_POST_HITS_PER_PAGE = 8;
/** Spec §5/§9: quote and note previews in notifications are cut to this many characters. */
export const PREVIEW_MAX_CHARS = 50;
/** Spec §4/§9: recent searches kept (newest, no duplicates). */
export const RECENT_SEARCHES_MAX = 10;
/** Spec §5: notification dates older than this many days show a full date. */
export const NOTIFICATION_FULL_DATE_AFTER_DAYS = 5;
/** Spec §9: responses first page size and depth limit. */
export const RESPONSES_FIRST_PAGE_SIZE = 10;
export const RESPONSES_DEPTH_LIMIT = 3;
/** Spec §3 ResponseSortType (values not shown; ours): by claps then newest, or newest first. */
export const RESPONSE_SORT_TYPES = ['MOST_RELEVANT', 'NEWEST'] as const;
export type ResponseSortType = (typeof RESPONSE_SORT_TYPES)[number];
/** Spec §9: analytics tracker retries double each time, up to this many tries. */
export const ANALYTICS_TRACKER_MAX_TRIES = 10;
/** Spec §4 EU privacy banner: number of EU member states (GB is also covered). */
export const EU_COUNTRY_COUNT = 27;
/** Spec §4 EU privacy banner: acceptance stored as value 1 under a policy key dated 201805. */
export const PRIVACY_POLICY_VERSION = 201805;
export const PRIVACY_POLICY_ACCEPTED_VALUE = 1;
/** Spec §2 two-factor setup: the country dropdown has about 230 entries. */
export const COUNTRY_DROPDOWN_APPROX_ENTRIES = 230;
/** Spec §3 Post.layerCake: values 1 to 3 mean a topic layer. */
export const TOPIC_LAYER_CAKE_RANGE = { min: 1, max: 3 } as const;
/** Spec §5: tag suggestions need at least this postCount. */
export const TAG_SUGGESTION_MIN_POST_COUNT = 1;

/** Spec §1/§4: stories read this month below which the post prompt keeps its first copy. */
export const POST_PROMPT_MIN_STORIES = 3;

/** Spec §1: members-only stories a signed-in non-member reads free each month (readers without an account get none). */
export const FREE_STORIES_PER_MONTH = 3;
/**
 * Not from the spec: free members-only stories one network (IPv4 /24, IPv6 /64) is given a month, however many
 * accounts read from it; a backstop against farming free stories with throwaway accounts, roomy for an office.
 */
export const FREE_STORIES_PER_NETWORK_PER_MONTH = 60;

/** Spec §9: scroll thresholds (px) and ratios. */
export const SCROLL = {
  metabarThreshold: 25,
  topBarThreshold: 40,
  intersectionThreshold: 0.25,
  /** Scroll-to-load triggers within this many viewport heights of the end. */
  loadMoreViewportHeights: 1.5,
} as const;

/** Spec §9 Counts and timers (and §4, §7): durations in milliseconds. */
export const TIMERS_MS = {
  hideFade: 300,
  hoverPreloadDelay: 100,
  avatarPopoverHideDelay: 100,
  tooltipEnterDelay: 500,
  tooltipEnterDelayAlt: 800,
  tooltipLeaveDelay: 1000,
  infoTooltipLeaveDelay: 250,
  popoverAnimation: 100,
  modalAnimation: 300,
  scrollResizeThrottle: 100,
  loadEventDelay: 500,
  errorShake: 400,
  linkCopiedToast: 2000,
  /** §4: the copied-link indicator reverts after 2 seconds. */
  copiedIndicatorRevert: 2000,
  defaultToast: 5000,
  branchLinkPolling: 500,
  /** §7 client metrics: resource sampling stops after 2500 ms. */
  resourceSamplingStop: 2500,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Toasts (§4 Toasts, §9 Toast styles)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9: toast styles. */
export const TOAST_STYLES = [
  'EU_PRIVACY_BANNER',
  'EXPORT_EMAIL_SUBSCRIBERS',
  'VERIFY_EMAIL',
  'SENT_VERIFICATION_EMAIL',
  'LIMITED_STATE_BANNER',
  'RETRYABLE_ERROR',
  'NEWSLETTER_UNSUBSCRIBE',
  'NEWSLETTER_SUBSCRIBE',
  'USER_SUSPENDED',
  'POST_SUSPENDED',
  'HIDE_POST_RESPONSE',
  'HIDE_CATALOG_RESPONSE',
  'POST_PINNED_TO_COLLECTION_HOMEPAGE',
  'SUBSCRIBE_SUCCESS',
  'SUBSCRIBE_FAIL',
  'SUBSCRIBE_SELF',
  'SUBSCRIBED_ALREADY',
  'MUTE_ENTITY',
  'ACCENT',
  'PUBLISH_RESPONSE',
  'ACCOUNT_LOCKOUT',
  'TAX_STATUS',
  'PP_ACCEPT_TERMS',
  'UNFOLLOW_ENTITY',
  'USER_NEGATIVE_SIGNAL',
  'SUBSCRIPTION_PROMOTION',
  'MOVE_POST_TO_TRASH',
  'UNCLAIM_SUBDOMAIN_ERROR',
  'UNDELETE_POST',
  'ERROR',
  'MESSAGE',
] as const;
export type ToastStyle = (typeof TOAST_STYLES)[number];

/** Spec §9: toast styles that persist forever. */
export const TOAST_STYLES_PERSISTING_FOREVER = [
  'EU_PRIVACY_BANNER',
  'SENT_VERIFICATION_EMAIL',
] as const satisfies readonly ToastStyle[];

/** Spec §4 Toasts: symbolic durations (a number is a time in ms). */
export const TOAST_DURATION_FOREVER = 'FOREVER';
export const TOAST_DURATION_NEXTPAGE = 'NEXTPAGE';
export type ToastDuration = typeof TOAST_DURATION_FOREVER | typeof TOAST_DURATION_NEXTPAGE | number;
/** Spec §4 Toasts: default duration (ms) and style. */
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const DEFAULT_TOAST_STYLE = 'MESSAGE' satisfies ToastStyle;

/** Spec §9: true when a toast of this style persists forever. */
export function isPersistingForeverToastStyle(style: string): boolean {
  return (TOAST_STYLES_PERSISTING_FOREVER as readonly string[]).includes(style);
}

// ---------------------------------------------------------------------------------------------------------
// Auth (§9 Auth, §5)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9 Auth: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Spec §9 Auth: login code digits. */
export const LOGIN_CODE_LENGTH = 6;
/** Spec §9 Auth: two-factor verification code length. */
export const TWO_FACTOR_CODE_LENGTH = 7;
/** Spec §9 Auth: two-factor recovery code length. */
export const RECOVERY_CODE_LENGTH = 8;
/** Spec §9 Auth: phone number digits. */
export const PHONE_DIGITS = 10;
/** Spec §9 Auth: failed attempts allowed before the soft lock. */
export const MAX_AUTH_ATTEMPTS = 6;
/** Spec §9 Auth: soft lock duration in minutes. */
export const SOFT_LOCK_MINUTES = 1;
/** Spec §2 two-factor setup: backup codes are shown in this many columns. */
export const BACKUP_CODE_COLUMNS = 2;

/** Spec §9 Auth, grouped. */
export const AUTH_LIMITS = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  loginCodeLength: LOGIN_CODE_LENGTH,
  twoFactorCodeLength: TWO_FACTOR_CODE_LENGTH,
  recoveryCodeLength: RECOVERY_CODE_LENGTH,
  phoneDigits: PHONE_DIGITS,
  maxAttempts: MAX_AUTH_ATTEMPTS,
  softLockMinutes: SOFT_LOCK_MINUTES,
  backupCodeColumns: BACKUP_CODE_COLUMNS,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Dates and money (§9 Dates and money, §1 gifts)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9: days a post stays in Trash before permanent deletion. */
export const TRASH_RETENTION_DAYS = 14;
/** Spec §9: tax review wait in business days. */
export const TAX_REVIEW_BUSINESS_DAYS = { min: 3, max: 5 } as const;
/** Spec §9: newsletter unsubscribe takes effect within this many hours. */
export const NEWSLETTER_UNSUBSCRIBE_HOURS = 24;
/** Spec §9/§4: Partner Program terms updated 2021-08-11, cutoff 09:00 -04:00. */
export const PARTNER_TERMS_UPDATED_AT = '2021-08-11T09:00:00-04:00';
/** Spec §9: PARTNER_TERMS_UPDATED_AT in epoch milliseconds. */
export const PARTNER_TERMS_UPDATED_AT_MS = Date.parse(PARTNER_TERMS_UPDATED_AT);

/** Spec §1/§9: gift product ids by gift type. */
export const GIFT_PRODUCT_IDS = { gift: 29, 'group-gift': 31 } as const;
export type GiftProductType = keyof typeof GIFT_PRODUCT_IDS;

/** Spec §1: product id of a gift type; any other type defaults to gift (29). */
export function giftProductId(type: string): number {
  return type === 'group-gift' ? GIFT_PRODUCT_IDS['group-gift'] : GIFT_PRODUCT_IDS.gift;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP (§2 error page, URL shapes)
// ---------------------------------------------------------------------------------------------------------

/** Spec §2: HTTP statuses the error page and redirects use. */
export const HTTP_STATUS = {
  movedPermanently: 301,
  found: 302,
  notFound: 404,
  conflict: 409,
  internalServerError: 500,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Reporters (§9 Reporters, §7)
// ---------------------------------------------------------------------------------------------------------

/** Spec §7/§9: GraphQL batching, up to 20 operations per 20 ms window. */
export const GRAPHQL_BATCH = { maxOperations: 20, intervalMs: 20 } as const;

/** Spec §9 Reporters: error and event reporter limits. */
export const REPORTER_LIMITS = {
  errorQueueMax: 10,
  errorReportsPerPageMax: 50,
  errorSendAfterMs: 5000,
  /** The event reporter flushes after 5 times a base second unit. */
  eventFlushAfterSeconds: 5,
  eventFlushAfterMs: 5000,
  /** Oldest events are dropped beyond this. */
  eventQueueMax: 1000,
  monitoringSampleRate: 1,
} as const;

/** Spec §9 Reporters: log levels. */
export const LOG_LEVELS = { silent: 100, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const;
export type LogLevel = keyof typeof LOG_LEVELS;

/** Spec §7 client metrics: route names sent; anything else is sent as OTHER_METRICS_ROUTE_NAME. */
export const METRICS_ROUTE_NAMES = [
  'collection-about',
  'collection-homepage',
  'collection-tagged',
  'homepage',
  'list',
  'post',
  'profile',
  'sequence-post',
  'stats-post',
  'tag',
  'topic',
] as const;
export const OTHER_METRICS_ROUTE_NAME = 'other';

// ---------------------------------------------------------------------------------------------------------
// Module types (§9 Module-type ids)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9: module-type ids. */
export const MODULE_TYPE_IDS = {
  NONE: 1,
  FEATURED_STORIES: 20,
  FEATURED_WRITER: 21,
  MOST_POPULAR_STORIES_IN_TOPIC: 23,
  READ_NEXT_SIDEBAR: 25,
  YOUR_TOPICS: 27,
  RELATED_TAGS: 28,
  TOP_WRITERS: 29,
  RECOMMENDED_TOPICS: 30,
  HOMEPAGE_FILTERED_TAG: 31,
} as const;
export type ModuleType = keyof typeof MODULE_TYPE_IDS;

// ---------------------------------------------------------------------------------------------------------
// Notification types (§9 Notification types, §2 Notifications)
// ---------------------------------------------------------------------------------------------------------

/** Spec §9: the suffix marking grouped (rollup) notification types. */
export const ROLLUP_SUFFIX = '_rollup';

/** Spec §9: tax notification stages. */
export const TAX_NOTIFICATION_STAGES = [
  'day_one',
  'pre_earning_limit',
  'post_earning_limit',
  'final',
  'last_day',
] as const;

/** Spec §9: tax notification types (tax_not_submitted and tax_failed_tin, each with every stage). */
export const TAX_NOTIFICATION_TYPES = [
  'tax_not_submitted_day_one',
  'tax_not_submitted_pre_earning_limit',
  'tax_not_submitted_post_earning_limit',
  'tax_not_submitted_final',
  'tax_not_submitted_last_day',
  'tax_failed_tin_day_one',
  'tax_failed_tin_pre_earning_limit',
  'tax_failed_tin_post_earning_limit',
  'tax_failed_tin_final',
  'tax_failed_tin_last_day',
] as const;

/**
 * Spec §9: notification types ("about 40"). The spec names only the families; the individual names below
 * are this project's choice: single types, their _rollup variants, and the ten tax types.
 */
export const NOTIFICATION_TYPES = [
  'post_recommended',
  'post_recommended_rollup',
  'post_recommended_milestone',
  'post_recommended_milestone_rollup',
  'quote',
  'quote_rollup',
  'response_created',
  'response_created_rollup',
  'catalog_response_created',
  'catalog_followed',
  'catalog_followed_rollup',
  'catalog_recommended',
  'catalog_recommended_rollup',
  'collection_post_submitted',
  'collection_post_submitted_rollup',
  'collection_post_approved',
  'collection_post_approved_rollup',
  'collection_post_declined',
  'collection_post_changes_requested',
  'collection_invitation',
  'note_created',
  'note_created_rollup',
  'note_replied',
  'mention_in_post',
  'mention_in_post_rollup',
  'series_published',
  'series_published_rollup',
  'users_following_you',
  'users_following_you_rollup',
  'referred_member_joined',
  'referred_member_joined_rollup',
  'post_shared',
  'post_shared_rollup',
  'post_published',
  ...TAX_NOTIFICATION_TYPES,
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §2: notification types shown on the Responses tab. */
export const RESPONSE_NOTIFICATION_TYPES = [
  'response_created',
  'catalog_response_created',
] as const satisfies readonly NotificationType[];

/** Spec §2: unknown notification types render nothing; this tells known ones apart. */
export function isKnownNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Spec §9: a type ending in _rollup is a grouped notification. */
export function isRollupNotificationType(type: string): boolean {
  return type.endsWith(ROLLUP_SUFFIX);
}

/** Spec §9: true for the tax notification types. */
export function isTaxNotificationType(type: string): boolean {
  return (TAX_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Not from the spec (§1 says identifiers exist, values not shown): the logo's first-use tooltip flag. */
export const TOP_NAV_TOOLTIP_FLAG = 'TOP_NAV_FIRST_USE_TOOLTIP';
