export {
  accountRefusal,
  allows,
  authorize,
  can,
  enforce,
  hasMembership,
  LISTED_STORY,
  loadPolicyViewer,
  type PolicyViewer,
  refusal,
} from './policies';
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from './root';
export { currentUsernameFor } from './services/account/profile';
export { KEPT_AFTER_PURGE, purgeAccount, purgeDeletedAccounts } from './services/account-deletion';
export { confirmEmail } from './services/auth/accounts';
export {
  type CaptchaVerifier,
  LocalCaptcha,
  RecaptchaVerifier,
  type SpendOnce,
} from './services/auth/captcha';
export { completeEmailLink, type EmailCallbackOutcome } from './services/auth/email-link';
export { readAuthFlags } from './services/auth/flags';
export { safeRedirect } from './services/auth/login';
export {
  decodeState,
  encodeState,
  finishSocialSignIn,
  type OAuthProviderConfig,
  type SocialProfile,
  standardProviders,
  startSocialSignIn,
} from './services/auth/oauth';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './services/auth/passwords';
export type { LoginResult as LoginResultLike } from './services/auth/results';
export { revokeAllSessions, SESSION_COOKIE, touchSession } from './services/auth/sessions';
export { OutboxCodeSender, type TwoFactorCodeSender } from './services/auth/two-factor-delivery';
export { CACHE_PURGE_CHANNEL, purgeCacheTags } from './services/cache-purge';
export {
  type CustomDomainSettings,
  checkDueCustomDomains,
  customDomainSettings,
  type DnsResolver,
  systemDnsResolver,
} from './services/custom-domains';
export {
  type AuthorizeCheck,
  checkAuthorizeRequest,
} from './services/developer/oauth-authorize';
export {
  type OAuthResponse,
  revocationEndpoint,
  tokenEndpoint,
} from './services/developer/oauth-token';
export {
  apiTokenHash,
  authenticateBearer,
  issueToken as issueApiToken,
  revokeToken as revokeApiToken,
} from './services/developer/tokens';
export {
  type ApiPostTarget,
  apiContributors,
  apiCreatePost,
  apiUser,
  apiUserPublications,
} from './services/developer/v1';
export { buildDigest, type DigestRunResult, queueDigests } from './services/digests';
export { storyEmbed } from './services/embeds';
export {
  defaultServiceEnvironment,
  type ServiceEnvironment,
  type SocialProvider,
} from './services/environment';
export {
  buildExport,
  claimNextExport,
  EXPORT_MAX_ATTEMPTS,
  type ExportJobDeps,
  expireExports,
  runQueuedExports,
} from './services/exports/build';
export { downloadableExport } from './services/exports/requests';
export { type ExportFileStore, type ExportFileWriter, LocalDiskExportStore } from './services/exports/store';
export { followingFeed, forYouFeed, refreshCandidatesEvery } from './services/feed';
export { type StoreImageFromUrl, storeOutsideImages } from './services/import/import-images';
export {
  importFile,
  importFormatOf,
  importUrl,
  publishHtmlStory,
  storyFromFile,
  storyFromPage,
} from './services/import/import-story';
export { createImportedDraft, publishImportedStory } from './services/import/imported-story';
export {
  defaultPageFetchSettings,
  FetchRefusal,
  type FetchRefusalReason,
  fetchPage,
  guardedFetch,
  isBlockedAddress,
  type PageFetchSettings,
} from './services/import/page-fetch';
export {
  type ListSummary,
  listHeader,
  listItemsPage,
  READER_LIST,
  visibleListById,
} from './services/lists';
export {
  type ApplyOptions,
  type ApplyOutcome,
  applyPaymentEvent,
  defaultPlanSettings,
  expireLapsedMemberships,
  loadDevPaymentState,
  type PlanSetting,
  receivePaymentEvent,
  syncPlans,
} from './services/membership';
export { ensureWriterNewsletter } from './services/newsletters/core';
export {
  deliveryForLink,
  recordClick,
  recordOpen,
  unsubscribeByDelivery,
} from './services/newsletters/engagement';
export { type QueueIssueInput, queueIssue } from './services/newsletters/issues';
export {
  claimDeliveries,
  fanOutQueuedIssues,
  finishIssues,
  type NewsletterSendOptions,
  sendClaimed,
  sendNewsletters,
} from './services/newsletters/sending';
export {
  buildSubscriberExport,
  downloadableSubscriberExport,
  expireSubscriberExports,
  runQueuedSubscriberExports,
  type SubscriberExportDeps,
} from './services/newsletters/subscriber-export';
export { previewImport } from './services/newsletters/subscriber-import';
export {
  markViewed,
  type NotificationItem,
  type NotifyInput,
  notificationPage,
  notify,
  UNREAD_COUNT_CHANNEL,
  unreadCount,
} from './services/notifications';
export {
  type AllocatedDay,
  allocateDay,
  allocateDays,
  daysBetween,
} from './services/partner/allocation';
export {
  earningsByMonth,
  earningsByStory,
  earningsForMonth,
  type MonthEarnings,
  monthAfter,
  type StoryEarnings,
  unpaidBalance,
} from './services/partner/earnings';
export {
  PayoutRefused,
  payOutWriter,
  reviewDueTaxForms,
  runMonthlyPayouts,
  sendTaxNotices,
  taxFormKey,
} from './services/partner/index';
export { lockedPreview, type PostCard, type PostPage, postPath } from './services/posts';
export {
  createSession,
  hashToken,
  randomToken,
  readSession,
  SESSION_TTL_MS,
  sessionFromToken,
} from './services/session';
export { purgeAllSharedReads, purgeSharedReads } from './services/shared-reads';
export {
  allStatsDays,
  rollupRecentStats,
  rollupStatsDay,
  rollupStatsDays,
} from './services/stats/rollup';
export { purgeTrash } from './services/stories/lifecycle';
export { countHit, hitRateWindow, type RateWindow, spendOnce } from './services/usage-counts';
export { dismissedFlags, type ViewerFields, viewerFields } from './services/viewer';
export {
  type Context,
  type CookieJar,
  createContextInner,
  errorMessage,
  isClientError,
  memoryCookieJar,
  type VisitorInfo,
  zodMessage,
} from './trpc';
