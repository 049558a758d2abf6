import { authTypeDefs } from './auth-schema';
import { cacheTypeDefs } from './cache-schema';
import { edgesTypeDefs } from './edges-schema';
import { giftsTypeDefs } from './gifts-schema';
import { notificationsTypeDefs } from './notifications-schema';
import { postsTypeDefs } from './posts-schema';
import { publicationTypeDefs } from './publication-schema';
import { searchTypeDefs } from './search-schema';
import { socialTypeDefs } from './social-schema';
import { viewerTypeDefs } from './viewer-schema';

/** SDL of the compatibility shim: spec §7 operation names over the tRPC routers. */
const baseTypeDefs = /* GraphQL */ `
  type Geolocation {
    country: String
  }
  type UserPostCounts {
    publishedPosts: Int!
  }
  type SocialStats {
    followerCount: Int!
    followingCount: Int!
  }
  type ImageRef {
    id: String
  }
  type AdminCollection {
    id: ID!
    name: String!
    slug: String!
    avatar: ImageRef
  }
  "Spec §3 userTaxDocuments: status 0 not submitted, 1 pending, 2 on hold, 3 invalid, 4 approved."
  type UserTaxDocuments {
    taxDocumentStatus: Int!
    earningsFirstWithheldAt: Float
    earningsLimitedAt: Float
    earningsForfeitedAt: Float
    earningsInternallyForfeitedAt: Float
  }
  "Spec §3 Viewer/User, as the signed-in user sees themself."
  type User {
    id: ID!
    name: String!
    username: String!
    bio: String
    imageId: String
    email: String
    unverifiedEmail: String
    hasSubdomain: Boolean!
    mediumMemberAt: Float!
    hasPastMemberships: Boolean!
    isMembershipTrialEligible: Boolean!
    hasGroupGiftingEnabled: Boolean!
    isPartnerProgramEnrolled: Boolean!
    hightowerTermsAcceptedAt: Float
    userTaxDocuments: UserTaxDocuments
    createdAt: Float!
    isAuroraVisible: Boolean!
    isSuspended: Boolean!
    hasSeenStyleReminder: Boolean!
    twitterScreenName: String
    geolocation: Geolocation
    dismissableFlags: [String!]!
    userPostCounts: UserPostCounts!
    socialStats: SocialStats!
    counts: UserCounts!
    missionControl: MissionControl!
    customDomainState: CustomDomainState
    customStyleSheet: CustomStyleSheetRef
    isEligibleToViewNewResponses: Boolean!
    styleEditorOnboardingVersionSeen: Int!
    allowEmailAddressSharingEditorWriter: Boolean!
    atsQualifiedAt: Float
    postSubscribeMembershipUpsellShownAt: Float
    isEligibleToImportEmails: Boolean!
    adminCollections: [AdminCollection!]!
  }
  type UserCounts {
    followedAuthors: Int!
  }
  "Spec §3 missionControl: how many writers and publications the viewer follows and muted."
  type MissionControl {
    followedAuthors: Int!
    followedCollections: Int!
    mutedAuthors: Int!
    mutedCollections: Int!
  }
  "Spec §3 customDomainState.live.domain: the viewer's custom domain once it is live."
  type CustomDomainState {
    live: LiveCustomDomain
  }
  type LiveCustomDomain {
    domain: String!
  }
  "Spec §3 Visitor."
  type Visitor {
    id: ID!
    isBot: Boolean!
    geolocation: Geolocation
  }
  "Spec §3 feature flag: a name plus a boolean or string value."
  type VariantFlag {
    name: String!
    valueBoolean: Boolean
    valueString: String
  }
  type Query {
    viewer: User
    visitor: Visitor!
    variantFlags: [VariantFlag!]!
  }
  type Mutation {
    setUserStyleReminderSeen: Boolean
  }
`;

export const typeDefs = `${baseTypeDefs}\n${authTypeDefs}\n${postsTypeDefs}\n${viewerTypeDefs}\n${publicationTypeDefs}\n${cacheTypeDefs}\n${notificationsTypeDefs}\n${socialTypeDefs}\n${searchTypeDefs}\n${edgesTypeDefs}\n${giftsTypeDefs}`;
