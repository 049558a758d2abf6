import { authDocuments } from './auth-documents';
import { cacheDocuments } from './cache-schema';
import { edgesDocuments } from './edges-schema';
import { giftsDocuments } from './gifts-schema';
import { notificationsDocuments } from './notifications-schema';
import { postsDocuments } from './posts-schema';
import { publicationDocuments } from './publication-schema';
import { searchDocuments } from './search-schema';
import { socialDocuments } from './social-schema';
import { viewerDocuments } from './viewer-schema';

/**
 * Persisted documents: each spec §7 operation registered under its exact name, so old clients
 * may send `{"operationName": "ViewerQuery", "variables": {}}` without a `query`.
 */
export const persistedDocuments: Readonly<Record<string, string>> = {
  ...authDocuments,
  ...postsDocuments,
  ...viewerDocuments,
  ...publicationDocuments,
  ...cacheDocuments,
  ...notificationsDocuments,
  ...socialDocuments,
  ...edgesDocuments,
  ...searchDocuments,
  ...giftsDocuments,
  ViewerQuery: /* GraphQL */ `
    query ViewerQuery {
      viewer {
        id name username bio imageId email unverifiedEmail hasSubdomain mediumMemberAt hasPastMemberships
        isMembershipTrialEligible hasGroupGiftingEnabled
        isPartnerProgramEnrolled createdAt isAuroraVisible isSuspended hasSeenStyleReminder twitterScreenName
        isEligibleToViewNewResponses styleEditorOnboardingVersionSeen allowEmailAddressSharingEditorWriter
        atsQualifiedAt postSubscribeMembershipUpsellShownAt isEligibleToImportEmails
        geolocation { country }
        dismissableFlags
        userPostCounts { publishedPosts }
        socialStats { followerCount followingCount }
        counts { followedAuthors }
        missionControl { followedAuthors followedCollections mutedAuthors mutedCollections }
        customDomainState { live { domain } }
        customStyleSheet { id }
        adminCollections { id name slug avatar { id } }
      }
    }`,
  VisitorQuery: /* GraphQL */ `
    query VisitorQuery {
      visitor { id isBot geolocation { country } }
    }`,
  variantFlags: /* GraphQL */ `
    query variantFlags {
      variantFlags { name valueBoolean valueString }
    }`,
  setUserStyleReminderSeen: /* GraphQL */ `
    mutation setUserStyleReminderSeen {
      setUserStyleReminderSeen
    }`,
};

/** The persisted document for an operation name, if one is registered. */
export function persistedDocument(operationName: string): string | undefined {
  return Object.hasOwn(persistedDocuments, operationName) ? persistedDocuments[operationName] : undefined;
}
