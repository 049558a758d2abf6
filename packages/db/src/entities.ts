import { ApiTokenSchema } from './modules/developer/api-token.entity';
import { OAuthApplicationSchema } from './modules/developer/oauth-application.entity';
import { OAuthCodeSchema } from './modules/developer/oauth-code.entity';
import { CatalogSchema } from './modules/lists/catalog.entity';
import { CatalogClapSchema } from './modules/lists/catalog-clap.entity';
import { CatalogFollowSchema } from './modules/lists/catalog-follow.entity';
import { CatalogItemSchema } from './modules/lists/catalog-item.entity';
import { ChargeSchema } from './modules/membership/charge.entity';
import { DevPaymentStateSchema } from './modules/membership/dev-payment-state.entity';
import { GiftSchema } from './modules/membership/gift.entity';
import { GiftRedemptionSchema } from './modules/membership/gift-redemption.entity';
import { MembershipSchema } from './modules/membership/membership.entity';
import { PaymentCustomerSchema } from './modules/membership/payment-customer.entity';
import { PaymentEventRecordSchema } from './modules/membership/payment-event.entity';
import { PlanSchema } from './modules/membership/plan.entity';
import { EmailSuppressionSchema } from './modules/newsletters/email-suppression.entity';
import { NewsletterSchema } from './modules/newsletters/newsletter.entity';
import { NewsletterDeliverySchema } from './modules/newsletters/newsletter-delivery.entity';
import { NewsletterEmailSchema } from './modules/newsletters/newsletter-email.entity';
import { NewsletterSubscriptionSchema } from './modules/newsletters/newsletter-subscription.entity';
import { SubscriberExportSchema } from './modules/newsletters/subscriber-export.entity';
import { NotificationSchema } from './modules/notifications/notification.entity';
import { EarningSchema } from './modules/partner/earning.entity';
import { EarningDaySchema } from './modules/partner/earning-day.entity';
import { PartnerEnrollmentSchema } from './modules/partner/partner-enrollment.entity';
import { PayoutSchema } from './modules/partner/payout.entity';
import { TaxDocumentSchema } from './modules/partner/tax-document.entity';
import { TaxFormSchema } from './modules/partner/tax-form.entity';
import { TaxNoticeSchema } from './modules/partner/tax-notice.entity';
import { AnalyticsEventSchema } from './modules/platform/analytics-event.entity';
import { EmailOutboxSchema } from './modules/platform/email-outbox.entity';
import { ExportRequestSchema } from './modules/platform/export-request.entity';
import { FeatureFlagSchema } from './modules/platform/feature-flag.entity';
import { FeatureFlagOverrideSchema } from './modules/platform/feature-flag-override.entity';
import { OutboxEventSchema } from './modules/platform/outbox-event.entity';
import { UsageCountSchema } from './modules/platform/usage-count.entity';
import { VisitorSchema } from './modules/platform/visitor.entity';
import { MediaSchema } from './modules/posts/media.entity';
import { PostSchema } from './modules/posts/post.entity';
import { PostSearchTextSchema } from './modules/posts/post-search-text.entity';
import { PostTagSchema } from './modules/posts/post-tag.entity';
import { PostVersionSchema } from './modules/posts/post-version.entity';
import { TagSchema } from './modules/posts/tag.entity';
import { CollectionSchema } from './modules/publications/collection.entity';
import { CollectionInvitationSchema } from './modules/publications/collection-invitation.entity';
import { CollectionMemberSchema } from './modules/publications/collection-member.entity';
import { CustomDomainSchema } from './modules/publications/custom-domain.entity';
import { CustomStyleSheetSchema } from './modules/publications/custom-style-sheet.entity';
import { FeaturePageSchema } from './modules/publications/feature-page.entity';
import { MeterEntrySchema } from './modules/reading/meter-entry.entity';
import { NegativeSignalSchema } from './modules/reading/negative-signal.entity';
import { ReadEventSchema } from './modules/reading/read-event.entity';
import { ReadingHistorySchema } from './modules/reading/reading-history.entity';
import { BlockSchema } from './modules/social/block.entity';
import { ClapSchema } from './modules/social/clap.entity';
import { FollowCollectionSchema } from './modules/social/follow-collection.entity';
import { FollowTagSchema } from './modules/social/follow-tag.entity';
import { FollowUserSchema } from './modules/social/follow-user.entity';
import { HighlightSchema } from './modules/social/highlight.entity';
import { MuteCollectionSchema } from './modules/social/mute-collection.entity';
import { MuteUserSchema } from './modules/social/mute-user.entity';
import { NoteSchema } from './modules/social/note.entity';
import { NoteReplySchema } from './modules/social/note-reply.entity';
import { ReportSchema } from './modules/social/report.entity';
import { CollectionDailyStatsSchema } from './modules/stats/collection-daily-stats.entity';
import { FollowerChangeSchema } from './modules/stats/follower-change.entity';
import { PostDailyStatsSchema } from './modules/stats/post-daily-stats.entity';
import { UserDailyStatsSchema } from './modules/stats/user-daily-stats.entity';
import { AuthTokenSchema } from './modules/users/auth-token.entity';
import { DataExportSchema } from './modules/users/data-export.entity';
import { LockoutSchema } from './modules/users/lockout.entity';
import { OAuthIdentitySchema } from './modules/users/oauth-identity.entity';
import { SessionSchema } from './modules/users/session.entity';
import { SignupAttemptSchema } from './modules/users/signup-attempt.entity';
import { TwoFactorAuthSchema } from './modules/users/two-factor-auth.entity';
import { TwoFactorBackupCodeSchema } from './modules/users/two-factor-backup-code.entity';
import { UserSchema } from './modules/users/user.entity';
import { UserDismissedFlagSchema } from './modules/users/user-dismissed-flag.entity';
import { UsernameHistorySchema } from './modules/users/username-history.entity';

/** Every entity schema, in one list for the ORM configuration. */
export const entities = [
  AuthTokenSchema,
  DataExportSchema,
  LockoutSchema,
  OAuthIdentitySchema,
  SessionSchema,
  SignupAttemptSchema,
  TwoFactorAuthSchema,
  TwoFactorBackupCodeSchema,
  UserDismissedFlagSchema,
  UsernameHistorySchema,
  UserSchema,
  CollectionInvitationSchema,
  CollectionMemberSchema,
  CollectionSchema,
  FeaturePageSchema,
  CustomDomainSchema,
  CustomStyleSheetSchema,
  MediaSchema,
  PostTagSchema,
  PostVersionSchema,
  PostSchema,
  PostSearchTextSchema,
  TagSchema,
  BlockSchema,
  ClapSchema,
  FollowCollectionSchema,
  FollowTagSchema,
  FollowUserSchema,
  HighlightSchema,
  MuteCollectionSchema,
  MuteUserSchema,
  NoteReplySchema,
  NoteSchema,
  ReportSchema,
  CatalogClapSchema,
  CatalogFollowSchema,
  CatalogItemSchema,
  CatalogSchema,
  NotificationSchema,
  NewsletterEmailSchema,
  NewsletterSubscriptionSchema,
  NewsletterDeliverySchema,
  EmailSuppressionSchema,
  SubscriberExportSchema,
  ApiTokenSchema,
  OAuthApplicationSchema,
  OAuthCodeSchema,
  NewsletterSchema,
  ChargeSchema,
  GiftRedemptionSchema,
  GiftSchema,
  MembershipSchema,
  PaymentCustomerSchema,
  DevPaymentStateSchema,
  PaymentEventRecordSchema,
  PlanSchema,
  EarningSchema,
  EarningDaySchema,
  PartnerEnrollmentSchema,
  PayoutSchema,
  TaxDocumentSchema,
  TaxFormSchema,
  TaxNoticeSchema,
  MeterEntrySchema,
  NegativeSignalSchema,
  ReadEventSchema,
  ReadingHistorySchema,
  AnalyticsEventSchema,
  EmailOutboxSchema,
  ExportRequestSchema,
  FeatureFlagOverrideSchema,
  FeatureFlagSchema,
  OutboxEventSchema,
  UsageCountSchema,
  VisitorSchema,
  PostDailyStatsSchema,
  UserDailyStatsSchema,
  CollectionDailyStatsSchema,
  FollowerChangeSchema,
] as const;
