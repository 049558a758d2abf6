import { defineEntity, p } from '@mikro-orm/core';
import { EmailDigestFrequency, NotificationScope, OnboardingStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { SEARCH_INDEXES } from '../search-indexes';

/** Spec §3 Viewer/User, with the §3 notification settings and editable account fields. */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    ...baseProperties,
    name: p.string().length(100),
    username: p.string().length(50).unique(),
    email: p.string().length(254).nullable().unique(),
    /** A new address waiting for verification; `email` keeps the verified one (spec §8 verify banner). */
    unverifiedEmail: p.string().length(254).nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    bio: p.string().length(500).default(''),
    imageId: p.string().length(200).nullable(),
    /** Null for accounts that only sign in by magic link, login code or OAuth. */
    passwordHash: p.string().length(255).nullable(),
    tippingLink: p.string().length(2048).nullable(),
    /** /me/settings/promote-memberships: the writer's public stories end with a membership invitation. */
    promoteMemberships: p.boolean().default(false),
    /** /me/settings/promote-subscriptions: the writer's stories end with an invitation to follow them. */
    promoteSubscriptions: p.boolean().default(false),
    twitterScreenName: p.string().length(50).nullable(),
    /** ISO 3166-1 alpha-2 country of the last sign-in (spec §3 geolocation.country). */
    geolocationCountry: p.string().length(2).nullable(),
    onboardingStatus: enumOf(OnboardingStatus).default('NOT_ONBOARDED'),
    /** Epoch milliseconds when the current membership began; 0 means not a member (spec §4 Membership). */
    mediumMemberAt: p.bigint('number').default(0),
    hasPastMemberships: p.boolean().default(false),
    isMembershipTrialEligible: p.boolean().default(false),
    hasGroupGiftingEnabled: p.boolean().default(false),
    isPartnerProgramEnrolled: p.boolean().default(false),
    /** Partner Program terms acceptance (spec §4 PP_ACCEPT_TERMS toast compares it with 2021-08-11). */
    hightowerTermsAcceptedAt: p.datetime().nullable(),
    atsQualifiedAt: p.datetime().nullable(),
    postSubscribeMembershipUpsellShownAt: p.datetime().nullable(),
    hasSubdomain: p.boolean().default(false),
    isAuroraVisible: p.boolean().default(false),
    isEligibleToViewNewResponses: p.boolean().default(false),
    isEligibleToImportEmails: p.boolean().default(false),
    /** Search filter highQualityUser (spec §7 search service). */
    isHighQuality: p.boolean().default(false),
    isSuspended: p.boolean().default(false),
    isDeleted: p.boolean().default(false),
    deletedAt: p.datetime().nullable(),
    /** When a deleted account's personal data was removed (after the deletion grace period). */
    purgedAt: p.datetime().nullable(),
    isStaff: p.boolean().default(false),
    styleEditorOnboardingVersionSeen: p.integer().default(0),
    allowEmailAddressSharingEditorWriter: p.boolean().default(false),
    hasSeenStyleReminder: p.boolean().default(false),
    /** Unread notifications are those that occurred after this (spec §4 notification bell). */
    notificationsLastViewedAt: p.datetime().nullable(),
    // Spec §3 notification settings. Email preferences start opted in, as a new account expects.
    allowAllEmails: p.boolean().default(true),
    emailsEnabled: p.boolean().default(true),
    emailFollower: p.boolean().default(true),
    emailMembership: p.boolean().default(true),
    emailNewsletterV3: p.boolean().default(true),
    emailAuthorNewsletterV3: p.boolean().default(true),
    emailCatalog: p.boolean().default(true),
    emailCollection: p.boolean().default(true),
    emailTopicDigest: p.boolean().default(true),
    emailProduct: p.boolean().default(true),
    emailOutreach: p.boolean().default(true),
    emailEditorialOutreach: p.boolean().default(true),
    emailMention: p.boolean().default(true),
    emailSocial: p.boolean().default(true),
    hideExternalServices: p.boolean().default(false),
    allowPrivateNotes: p.boolean().default(true),
    emailDigestFrequency: enumOf(EmailDigestFrequency).default('DAILY'),
    notificationScope: enumOf(NotificationScope).default('ALL'),
  },
  indexes: [
    SEARCH_INDEXES.users,
    // The purge job looks for deleted accounts not purged yet.
    {
      name: 'users_deleted_unpurged_index',
      expression:
        'create index "users_deleted_unpurged_index" on "users" ("deleted_at") where "is_deleted" and "purged_at" is null',
    },
  ],
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);
