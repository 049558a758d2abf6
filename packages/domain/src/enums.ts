/** Enumerations of spec §3 "Enumerations", each as a readonly tuple plus its union type. */

const values = <const T extends readonly string[]>(...v: T) => v;

/** Spec §3: entity types (plus PARAGRAPH and TOPIC). */
export const EntityType = values(
  'BOOK_EDITION',
  'CATALOG',
  'COLLECTION',
  'POST',
  'TAG',
  'USER',
  'PARAGRAPH',
  'TOPIC',
);
export type EntityType = (typeof EntityType)[number];

/** Spec §3: post types. */
export const PostType = values(
  'POST_TYPE_DELETED',
  'DRAFT',
  'PUBLIC',
  'PUBLISHED',
  'RESPONSE',
  'UNKNOWN',
  'UNLISTED',
);
export type PostType = (typeof PostType)[number];

/** Spec §3: post visibility. */
export const PostVisibility = values('LOCKED', 'PUBLIC', 'UNLISTED');
export type PostVisibility = (typeof PostVisibility)[number];

/** Spec §3: collection or catalog visibility. */
export const CollectionVisibility = values('LOCKED', 'PRIVATE', 'PUBLIC');
export type CollectionVisibility = (typeof CollectionVisibility)[number];

/** Lifecycle state of a story (spec §3 Post: isPublished, visibility; §4 trash). */
export const PostStatus = values('DRAFT', 'PUBLISHED', 'UNLISTED', 'DELETED');
export type PostStatus = (typeof PostStatus)[number];

/** Spec §3 Post.statusForCollection. */
export const StatusForCollection = values('NOT_YET_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED', 'REMOVED');
export type StatusForCollection = (typeof StatusForCollection)[number];

/** Spec §3: catalog types. */
export const CatalogType = values(
  'DEFAULT',
  'HOME_MODULE',
  'LISTS',
  'PREDEFINED_LIST',
  'SEQUENCE',
  'SERIES',
  'TOPIC',
);
export type CatalogType = (typeof CatalogType)[number];

/** Spec §3: catalog item types. */
export const CatalogItemType = values('CATALOG', 'POST');
export type CatalogItemType = (typeof CatalogItemType)[number];

/** Spec §3: reading list kinds. */
export const ReadingListKind = values('CURRENTLY_READING', 'PURCHASED', 'READING_LIST');
export type ReadingListKind = (typeof ReadingListKind)[number];

/** Spec §3 Catalog: predefined list slugs, used in ids predefined:{userId}:{kind}. */
export const PredefinedListSlug = values('reading-list', 'currently-reading', 'purchased');
export type PredefinedListSlug = (typeof PredefinedListSlug)[number];

/** Spec §3: reading list state. */
export const ReadingListState = values('ARCHIVE', 'NONE', 'QUEUE');
export type ReadingListState = (typeof ReadingListState)[number];

/** Spec §3: saved filters. */
export const SavedFilter = values('ARCHIVED', 'HIGHLIGHTS', 'RECENT', 'SAVED');
export type SavedFilter = (typeof SavedFilter)[number];

/** Spec §3: locked post source. */
export const LockedPostSource = values(
  'COMMISSIONED',
  'FEATURE_LOCK',
  'NONE',
  'PARTNERSHIPS',
  'PUBLICATION_MEMBERSHIP',
  'SYNDICATED',
  'UGC',
  'UGC_UNENROLLED',
);
export type LockedPostSource = (typeof LockedPostSource)[number];

/** Spec §3: paragraph types. */
export const ParagraphType = values(
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'BQ',
  'PQ',
  'PRE',
  'OLI',
  'ULI',
  'HR',
  'IMG',
  'IFRAME',
  'MIXTAPE_EMBED',
  'SECTION_CAPTION',
  'COVER_TITLE',
);
export type ParagraphType = (typeof ParagraphType)[number];

/** Spec §3: markup types ("and others": UNDERLINE and STRIKE are the usual others). */
export const MarkupType = values(
  'A',
  'CODE',
  'COMMENT',
  'EM',
  'HIGHLIGHT',
  'QUERY',
  'QUOTE',
  'STRONG',
  'WARNING',
  'UNDERLINE',
  'STRIKE',
);
export type MarkupType = (typeof MarkupType)[number];

/** Spec §3: image display modes. */
export const ImageDisplayMode = values('INSET', 'OUTSET', 'FULL_WIDTH', 'FILL', 'FIT', 'TILE');
export type ImageDisplayMode = (typeof ImageDisplayMode)[number];

/** Spec §3: licenses. */
export const License = values(
  'ALL_RIGHTS_RESERVED',
  'CC_40_BY',
  'BY_NC',
  'BY_NC_ND',
  'BY_NC_SA',
  'BY_ND',
  'BY_SA',
  'CC_40_ZERO',
  'PUBLIC_DOMAIN',
);
export type License = (typeof License)[number];

/** Spec §3 licenses, as writers and readers read them. */
export const LICENSE_LABELS: Record<License, string> = {
  ALL_RIGHTS_RESERVED: 'All rights reserved',
  CC_40_BY: 'Creative Commons: Attribution (CC BY 4.0)',
  BY_NC: 'Attribution, non-commercial',
  BY_NC_ND: 'Attribution, non-commercial, no derivatives',
  BY_NC_SA: 'Attribution, non-commercial, share alike',
  BY_ND: 'Attribution, no derivatives',
  BY_SA: 'Attribution, share alike',
  CC_40_ZERO: 'CC0: No rights reserved',
  PUBLIC_DOMAIN: 'Public domain',
};

/** Spec §3: email digest frequency. */
export const EmailDigestFrequency = values('DAILY', 'WEEKLY', 'OFF');
export type EmailDigestFrequency = (typeof EmailDigestFrequency)[number];

/** Spec §3: notification scope. */
export const NotificationScope = values('ALL', 'NETWORK', 'OFF');
export type NotificationScope = (typeof NotificationScope)[number];

/** Spec §3: onboarding status. */
export const OnboardingStatus = values('NOT_ONBOARDED', 'ONBOARDED', 'SKIPPED');
export type OnboardingStatus = (typeof OnboardingStatus)[number];

/** Spec §3: plan periods. */
export const PlanPeriod = values('MONTHLY', 'YEARLY');
export type PlanPeriod = (typeof PlanPeriod)[number];

/** Spec §3: discounts. */
export const Discount = values('FIFTY_PERCENT_OFF_ONE_YEAR', 'NO_DISCOUNT');
export type Discount = (typeof Discount)[number];

/** Spec §3: currencies, plus not-applicable and unknown. */
export const Currency = values('CAD', 'USD', 'NOT_APPLICABLE', 'UNKNOWN');
export type Currency = (typeof Currency)[number];

/** Spec §3: payment providers. */
export const PaymentProvider = values(
  'APPLE',
  'BRAINTREE',
  'GOOGLE',
  'MEDIUM_GIFT',
  'PAYPAL',
  'STRIPE',
  'UNKNOWN',
);
export type PaymentProvider = (typeof PaymentProvider)[number];

/** Spec §3: card brands ("and others"). */
export const CardBrand = values(
  'AMEX',
  'VISA',
  'MASTERCARD',
  'DISCOVER',
  'DINERS',
  'JCB',
  'UNIONPAY',
  'UNKNOWN',
);
export type CardBrand = (typeof CardBrand)[number];

/** Spec §3: subscription entity kinds (newsletter subscriptions). */
export const SubscriptionEntityKind = values('AUTHOR', 'COLLECTION');
export type SubscriptionEntityKind = (typeof SubscriptionEntityKind)[number];

/** Spec §3: Newsletter type. */
export const NewsletterType = values('AUTHOR', 'COLLECTION', 'UNKNOWN');
export type NewsletterType = (typeof NewsletterType)[number];

/** Spec §3: Partner Program enrollment. */
export const PartnerEnrollmentStatus = values('ENROLLED', 'NOT_ENROLLED', 'PERMISSION_DENIED');
export type PartnerEnrollmentStatus = (typeof PartnerEnrollmentStatus)[number];

/** Spec §3: metering windows. */
export const MeteringWindow = values('HOURLY', 'DAILY', 'MONTHLY');
export type MeteringWindow = (typeof MeteringWindow)[number];

/** Spec §3 publication design: nav item types. */
export const NavItemType = values('ABOUT', 'ARCHIVE', 'EXTERNAL_LINK', 'POST', 'TAG', 'TOPIC_PAGE');
export type NavItemType = (typeof NavItemType)[number];

/** Spec §3 publication design: nav types. */
export const NavType = values('LINK', 'NONE', 'TAG');
export type NavType = (typeof NavType)[number];

/** A publication's homepage layout (ours; spec §3 names no layouts): one stream, a grid of cards, or featured stories then a section per navigation tab. */
export const HomeLayout = values('STREAM', 'GRID', 'SECTIONS');
export type HomeLayout = (typeof HomeLayout)[number];

/** Spec §3 publication design: header scales. */
export const HeaderScale = values('SMALL', 'MEDIUM', 'LARGE');
export type HeaderScale = (typeof HeaderScale)[number];

/** Spec §3 publication design: name treatment. */
export const NameTreatment = values('LOGO', 'TEXT');
export type NameTreatment = (typeof NameTreatment)[number];

/** Spec §3 publication design: tagline treatment. */
export const TaglineTreatment = values('HEADER', 'SIDEBAR');
export type TaglineTreatment = (typeof TaglineTreatment)[number];

/** Spec §3 publication design: colour display. */
export const ColorDisplay = values('SOLID', 'VERTICAL_GRADIENT');
export type ColorDisplay = (typeof ColorDisplay)[number];

/** Spec §3 publication design: font sets. */
export const FontSet = values('SANS_SERIF_1', 'SANS_SERIF_2', 'SERIF_1', 'SERIF_2');
export type FontSet = (typeof FontSet)[number];

/** Spec §3 publication design: blogroll visibility. */
export const BlogrollVisibility = values('HIDDEN', 'VISIBLE');
export type BlogrollVisibility = (typeof BlogrollVisibility)[number];

/** Spec §3: topic visibility. */
export const TopicVisibility = values('PUBLIC', 'SPECIAL', 'STAFF');
export type TopicVisibility = (typeof TopicVisibility)[number];

/** Spec §3: collection post sort. */
export const CollectionPostSort = values('HOT', 'NEW', 'TOP_ALL_TIME', 'TOP_MONTH', 'TOP_WEEK', 'TOP_YEAR');
export type CollectionPostSort = (typeof CollectionPostSort)[number];

/** Spec §3: curation status. */
export const CurationStatus = values('DISABLED', 'DISTRIBUTED', 'NOT_DISTRIBUTED', 'NOT_REVIEWED', 'PENDING');
export type CurationStatus = (typeof CurationStatus)[number];

/** Spec §3: audience stats periods. */
export const AudienceStatsPeriod = values('DAILY', 'WEEKLY', 'MONTHLY');
export type AudienceStatsPeriod = (typeof AudienceStatsPeriod)[number];

/** Spec §3: two-factor methods. */
export const TwoFactorMethod = values('AUTH_APP', 'SMS_TEXT', 'VOICE_CALL');
export type TwoFactorMethod = (typeof TwoFactorMethod)[number];

/** Spec §3: tax document status (numeric). */
export const TaxDocumentStatus = {
  NOT_SUBMITTED: 0,
  PENDING: 1,
  ON_HOLD: 2,
  INVALID: 3,
  APPROVED: 4,
} as const;
export type TaxDocumentStatus = (typeof TaxDocumentStatus)[keyof typeof TaxDocumentStatus];

/** Spec §1: gift membership types (product ids 29 and 31). */
export const GiftType = values('GIFT', 'GROUP_GIFT');
export type GiftType = (typeof GiftType)[number];

/** Spec §6: collection roles (editor, writer). */
export const CollectionRole = values('OWNER', 'EDITOR', 'WRITER');
export type CollectionRole = (typeof CollectionRole)[number];

/** Kinds of lockout the auth rules keep (spec §8 login, two-factor, IP). */
export const LockoutKind = values('PASSWORD', 'TWO_FACTOR', 'IP', 'LOGIN_CODE');
export type LockoutKind = (typeof LockoutKind)[number];

/** Kinds of single-use auth token (spec §4 sign-in flow, §7 auth mutations). */
export const AuthTokenKind = values(
  'MAGIC_LINK',
  'LOGIN_CODE',
  'PASSWORD_RESET',
  'EMAIL_VERIFICATION',
  'TWO_FACTOR_PENDING',
  'TWO_FACTOR_SMS',
  'TWO_FACTOR_SETUP',
  'ACCOUNT_TOKEN',
  /** Not from the spec: the link that adds a password to an account (/m/account/convert/{token}). */
  'ACCOUNT_CONVERT',
  /** Not from the spec: the link that signs an account in on another device (/m/app/login/{token}). */
  'APP_LOGIN',
);
export type AuthTokenKind = (typeof AuthTokenKind)[number];

/** Subject of a report (spec §4 Report). */
export const ReportTarget = values('USER', 'POST', 'COLLECTION', 'CATALOG');
export type ReportTarget = (typeof ReportTarget)[number];

/** State of a membership subscription. */
export const MembershipStatus = values('ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED', 'TRIALING');
export type MembershipStatus = (typeof MembershipStatus)[number];

/** State of a charge. */
export const ChargeStatus = values('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED');
export type ChargeStatus = (typeof ChargeStatus)[number];

/**
 * State of a custom domain (spec §3 customDomainState.live): waiting for its DNS records, records seen and being
 * checked again, live, or failed (see custom-domains.ts for the rules). A removed domain's row is deleted.
 */
export const CustomDomainStatus = values('PENDING', 'VERIFYING', 'LIVE', 'FAILED');
export type CustomDomainStatus = (typeof CustomDomainStatus)[number];

/** State of an outbox row (mail, notifications, index jobs). */
export const OutboxStatus = values('PENDING', 'SENT', 'FAILED');
export type OutboxStatus = (typeof OutboxStatus)[number];

/** Kinds of view/read events (spec §4 read tracking, client viewing counters). */
export const ReadEventKind = values('VIEW', 'READ');
export type ReadEventKind = (typeof ReadEventKind)[number];

/** Spec §4 Meter state (analytics): locked preview only, member, metered (counted against the free stories), or not metered. */
export const MeterState = values('paywalled', 'member', 'metered', 'not_metered');
export type MeterState = (typeof MeterState)[number];

/** Spec §1: vote targets for claps. */
export const ClapTarget = values('POST', 'CATALOG');
export type ClapTarget = (typeof ClapTarget)[number];

/** Spec §4 popover flags: the actions a dismissal records. */
export const DismissAction = values('CTA', 'DISMISSED');
export type DismissAction = (typeof DismissAction)[number];

/** Spec §4 social sign-in services. */
export const OAuthProvider = values('APPLE', 'FACEBOOK', 'GOOGLE', 'TWITTER');
export type OAuthProvider = (typeof OAuthProvider)[number];

/** State of a Partner Program payout. */
export const PayoutStatus = values('PENDING', 'PAID', 'FAILED', 'WITHHELD');
export type PayoutStatus = (typeof PayoutStatus)[number];

/** Spec §2 sign-in and sign-up modal steps (ENTER_PHONE is named but has no screen). */
export const SusiStep = values(
  'SIGNIN_OPTIONS',
  'SIGNUP_OPTIONS',
  'ENTER_EMAIL',
  'UNRECOGNIZED_EMAIL',
  'ENTER_NAME',
  'CREATE_PASSWORD',
  'ENTER_PASSWORD',
  'VERIFY_2FA_CODE',
  'ENTER_RECOVERY_CODE',
  'CHECK_YOUR_INBOX',
  'ENTER_PHONE',
);
export type SusiStep = (typeof SusiStep)[number];

/** Spec §4: the modal's operation, login by default. */
export const SusiOperation = values('login', 'register');
export type SusiOperation = (typeof SusiOperation)[number];
