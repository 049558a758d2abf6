import type { EntityManager } from '@mikro-orm/postgresql';
import { CollectionMember, FollowUser, Post, TaxDocument, type User, UserDismissedFlag } from '@quire/db';
import type { DismissAction } from '@quire/domain';
import { type ActingFor, authorize, hasMembership, loadPolicyViewer, NOT_A_RESPONSE } from '../policies';

interface OwnRow {
  followed_collections: number;
  muted_authors: number;
  muted_collections: number;
  live_domain: string | null;
  style_sheet_id: string | null;
}

/** Spec §3 Viewer: the signed-in user's own fields, with counts and admin publications. */
export async function viewerFields(em: EntityManager, user: User) {
  const [followerCount, followingCount, publishedPosts, flags, memberships, tax, own] = await Promise.all([
    em.count(FollowUser, { target: user.id }),
    em.count(FollowUser, { follower: user.id }),
    em.count(Post, { creator: user.id, status: 'PUBLISHED', deletedAt: null, ...NOT_A_RESPONSE }),
    em.find(UserDismissedFlag, { user: user.id }, { fields: ['flag'] }),
    em.find(
      CollectionMember,
      { user: user.id, role: { $in: ['OWNER', 'EDITOR'] } },
      { populate: ['collection'], orderBy: { createdAt: 'asc' } },
    ),
    // Only Partner Program writers have tax forms that matter (spec §4 TAX_STATUS).
    user.isPartnerProgramEnrolled ? em.findOne(TaxDocument, { user: user.id }) : null,
    // Spec §3 missionControl, customDomainState and customStyleSheet, in one statement.
    em
      .execute<OwnRow[]>(
        `select (select count(*) from follow_collections where follower_id = ?)::int as followed_collections,
                (select count(*) from mute_users where user_id = ?)::int as muted_authors,
                (select count(*) from mute_collections where user_id = ?)::int as muted_collections,
                (select domain from custom_domains where user_id = ? and status = 'LIVE' limit 1) as live_domain,
                (select id from custom_style_sheets where user_id = ? limit 1) as style_sheet_id`,
        [user.id, user.id, user.id, user.id, user.id],
      )
      .then((rows) => rows[0]!),
  ]);
  const ms = (at: Date | null | undefined) => (at ? at.getTime() : null);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    bio: user.bio ?? '',
    imageId: user.imageId ?? '',
    email: user.email ?? null,
    unverifiedEmail: user.unverifiedEmail ?? null,
    hasSubdomain: user.hasSubdomain,
    mediumMemberAt: Number(user.mediumMemberAt),
    hasPastMemberships: user.hasPastMemberships,
    isMembershipTrialEligible: !hasMembership(user) && !user.hasPastMemberships,
    hasGroupGiftingEnabled: user.hasGroupGiftingEnabled,
    isPartnerProgramEnrolled: user.isPartnerProgramEnrolled,
    hightowerTermsAcceptedAt: ms(user.hightowerTermsAcceptedAt),
    /** Spec §3 userTaxDocuments; a writer without a row has not submitted (status 0). */
    userTaxDocuments: user.isPartnerProgramEnrolled
      ? {
          taxDocumentStatus: tax?.status ?? 0,
          earningsFirstWithheldAt: ms(tax?.earningsFirstWithheldAt),
          earningsLimitedAt: ms(tax?.earningsLimitedAt),
          earningsForfeitedAt: ms(tax?.earningsForfeitedAt),
          earningsInternallyForfeitedAt: ms(tax?.earningsInternallyForfeitedAt),
        }
      : null,
    createdAt: user.createdAt.getTime(),
    isAuroraVisible: user.isAuroraVisible,
    isSuspended: user.isSuspended,
    hasSeenStyleReminder: user.hasSeenStyleReminder,
    twitterScreenName: user.twitterScreenName ?? null,
    geolocation: { country: user.geolocationCountry ?? null },
    dismissableFlags: flags.map((f) => f.flag),
    userPostCounts: { publishedPosts },
    socialStats: { followerCount, followingCount },
    counts: { followedAuthors: followingCount },
    missionControl: {
      followedAuthors: followingCount,
      followedCollections: own.followed_collections,
      mutedAuthors: own.muted_authors,
      mutedCollections: own.muted_collections,
    },
    customDomainState: own.live_domain ? { live: { domain: own.live_domain } } : null,
    customStyleSheet: own.style_sheet_id ? { id: own.style_sheet_id } : null,
    isEligibleToViewNewResponses: user.isEligibleToViewNewResponses,
    styleEditorOnboardingVersionSeen: user.styleEditorOnboardingVersionSeen,
    allowEmailAddressSharingEditorWriter: user.allowEmailAddressSharingEditorWriter,
    atsQualifiedAt: ms(user.atsQualifiedAt),
    postSubscribeMembershipUpsellShownAt: ms(user.postSubscribeMembershipUpsellShownAt),
    isEligibleToImportEmails: user.isEligibleToImportEmails,
    adminCollections: memberships.map((m) => ({
      id: m.collection.id,
      name: m.collection.name,
      slug: m.collection.slug,
      avatarId: m.collection.avatarId ?? null,
    })),
  };
}
export type ViewerFields = Awaited<ReturnType<typeof viewerFields>>;

/**
 * Old clients name the acting user (userId, viewerId); every id named must be the viewer's own (policy `actAs`).
 * `actingFor` words the refusal for the operation at hand (dismissing flags, reading tax forms).
 */
export async function enforceActingAs(
  em: EntityManager,
  viewer: User | null,
  named: ReadonlyArray<string | null | undefined>,
  actingFor: ActingFor = 'action',
): Promise<void> {
  const ids = named.filter((id): id is string => !!id);
  if (!ids.length) return;
  const policy = await loadPolicyViewer(em, viewer);
  for (const id of ids) authorize(policy, 'actAs', { id }, { for: actingFor });
}

/** Spec §4 style reminder popover: recorded once dismissed with 'Got it'. */
/** Spec §3 User.dismissableFlags alone: what a page needs to render the viewer's popovers as they will stay. */
export async function dismissedFlags(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await em.find(UserDismissedFlag, { user: userId }, { fields: ['flag'] });
  return rows.map((row) => row.flag);
}

export async function setStyleReminderSeen(em: EntityManager, user: User) {
  user.hasSeenStyleReminder = true;
  await em.flush();
  return true;
}

/** Spec §4 Popover flags: records the dismissal once per flag (idempotent); answers every flag dismissed so far. */
export async function dismissFlag(em: EntityManager, user: User, flag: string, action: DismissAction) {
  const existing = await em.findOne(UserDismissedFlag, { user: user.id, flag });
  if (!existing) {
    em.create(UserDismissedFlag, { user, flag, action });
    try {
      await em.flush();
    } catch (error) {
      // A concurrent dismissal of the same flag won the unique (user, flag) row: same outcome.
      em.clear();
      const raced = await em.findOne(UserDismissedFlag, { user: user.id, flag });
      if (!raced) throw error;
    }
  }
  const flags = await em.find(
    UserDismissedFlag,
    { user: user.id },
    { fields: ['flag'], orderBy: { createdAt: 'asc' } },
  );
  return { id: user.id, dismissableFlags: flags.map((f) => f.flag) };
}
