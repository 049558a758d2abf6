/** Spec §7 "Other HTTP" and "Analytics events", §9 "Reporters": telemetry paths and names, without zod (client code loads this). */

import { type METRICS_ROUTE_NAMES, OTHER_METRICS_ROUTE_NAME, REPORTER_LIMITS } from './constants';

// ---------------------------------------------------------------------------------------------------------
// Paths, header and bounds
// ---------------------------------------------------------------------------------------------------------

/** Spec §7: the client metrics report endpoint. */
export const METRICS_REPORT_PATH = '/_/clientele/reports/performance/';
/** Spec §7: the batched analytics events path. */
export const EVENTS_PATH = '/_/events';
/** Spec §7: the error reports path. */
export const ERRORS_PATH = '/_/errors';
/** Spec §7: the header naming the lite client on metrics reports, and its value. */
export const CLIENT_NAME_HEADER = 'x-client-name';
export const LITE_CLIENT_NAME = 'lite';

/** Upper bounds of one request's body; the server rejects anything larger (400). */
export const TELEMETRY_LIMITS = {
  metricsEventsMax: 100,
  analyticsEventsMax: 100,
  errorReportsMax: REPORTER_LIMITS.errorReportsPerPageMax,
  dataKeysMax: 40,
  keyLength: 64,
  valueLength: 2000,
  stackLength: 8000,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------------------

/** Spec §7 "Analytics events": every event name the client sends. */
export const ANALYTICS_EVENT_NAMES = [
  'nav.clicked',
  'editor.writerControlsOpen',
  'editor.shareMeterBypassUrlOpen',
  'post.copyFriendLink',
  'user.muted',
  'user.unmuted',
  'collection.muted',
  'collection.unmuted',
  'openInApp.viewed',
  'openInApp.clicked',
  'search.predictiveOpened',
  'search.predictiveQueried',
  'search.predictiveResultClicked',
  'user.followed',
  'user.unfollowed',
  'user.dismissedPopover',
  'privacyBanner.shown',
  'privacyBanner.accepted',
  'user.sendVerificationEmailButterShown',
  'user.sendVerificationEmailButterClicked',
  'susi.viewed',
  'password.error',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Spec §7 "Analytics events": the source-tracking fields, in order. */
export const SOURCE_FIELDS = [
  'name',
  'userId',
  'dimension',
  'collectionId',
  'postId',
  'index',
  'postFeedReason',
  'catalogId',
  'topicId',
  'susiEntry',
  'sectionType',
  'feedId',
  'rankPosition',
  'newsletterV3Id',
  'rankedModuleType',
] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** Spec §7 client metrics event types (besides the timing types, `timing.<name>`). */
export const METRICS_EVENT_TYPES = [
  'ready',
  'fcp',
  'lcp',
  'fid',
  'cls',
  'nav',
  'unsupported',
  'page_preload',
  'page_preload_success',
] as const;
export const TIMING_EVENT_TYPE_PATTERN = /^timing\.[A-Za-z0-9_.-]{1,57}$/;

export type MetricsRouteName = (typeof METRICS_ROUTE_NAMES)[number] | typeof OTHER_METRICS_ROUTE_NAME;

/** Our route-table names (spec §2) → the route name client metrics send (spec §7); anything else is 'other'. */
const METRICS_ROUTE_BY_ROUTE: Record<string, MetricsRouteName> = {
  ShowHome: 'homepage',
  ShowPost: 'post',
  ShowPostUnderUser: 'post',
  ShowPostUnderCollection: 'post',
  ShowSequencePost: 'sequence-post',
  ShowUser: 'profile',
  ShowUserAbout: 'profile',
  ShowCollectionHome: 'collection-homepage',
  ShowCollectionMasthead: 'collection-about',
  ShowCollectionTagged: 'collection-tagged',
  ShowTopic: 'topic',
  ShowTagPosts: 'tag',
  ShowUserList: 'list',
  ShowStatsPost: 'stats-post',
};

/** Spec §7: the metrics route name of one of our route names, else 'other'. */
export function metricsRouteName(routeName: string | null | undefined): MetricsRouteName {
  return (
    (routeName && Object.hasOwn(METRICS_ROUTE_BY_ROUTE, routeName) && METRICS_ROUTE_BY_ROUTE[routeName]) ||
    OTHER_METRICS_ROUTE_NAME
  );
}

/** Crawlers, previewers and headless browsers (spec §6 Bot: they get previews and send no click analytics). */
const BOT_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|lighthouse|headlesschrome/i;

/** Whether a User-Agent header names a bot. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return BOT_PATTERN.test(userAgent ?? '');
}
