export { setAnalyticsReporter, track } from './analytics';
export { type ClapCounts, type ClapStore, useClapStore } from './claps';
export { type ClientStore, useClientStore } from './client';
export {
  type FirstUseStore,
  TOP_NAV_TOOLTIP_FLAG,
  TOP_NAV_TOOLTIP_STORAGE_KEY,
  useFirstUseStore,
} from './first-use';
export {
  hasAcceptedPrivacyPolicy,
  isPrivacyBannerCountry,
  PRIVACY_BANNER_COUNTRIES,
  PRIVACY_POLICY_STORAGE_KEY,
  type PrivacyStorage,
  type PrivacyStore,
  usePrivacyStore,
} from './privacy';
export {
  createErrorReporter,
  createEventReporter,
  createMetricsReporter,
  type ErrorReporter,
  type ErrorReporterOptions,
  type EventReporter,
  type EventReporterOptions,
  type MetricsEnvironment,
  type MetricsReporter,
  type MetricsReporterOptions,
  postTelemetry,
} from './reporters';
export {
  RECENT_SEARCHES_STORAGE_KEY,
  type RecentSearchStorage,
  type SearchQueryEntry,
  type SearchQueryStatus,
  type SearchStore,
  searchQueryKey,
  useSearchStore,
  withRecent,
} from './search';
export { readCookie, type SessionStore, useSessionStore } from './session';
export {
  initialSusiState,
  type SusiEmailCheck,
  type SusiNext,
  type SusiOpenOptions,
  type SusiState,
  type SusiStore,
  useSusiStore,
} from './susi';
export { type Toast, type ToastDuration, type ToastStore, useToastStore } from './toast';
export {
  type CounterStorage,
  countPostView,
  currentCounters,
  hideReadNextMeter,
  isReadNextMeterHidden,
  loadViewingCounters,
  type PeriodCount,
  recordPostView,
  rememberViewerLoggedIn,
  type ViewingCounters,
} from './viewing-counters';
