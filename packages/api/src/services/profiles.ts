import type { EntityManager } from '@mikro-orm/postgresql';
import { FollowUser, Post, preparedRows, type User } from '@quire/db';
import { formatLongDate, memberSinceLabel, profileStyleProperties } from '@quire/domain';
import { hasMembership, LISTED_STORY } from '../policies';
import { profileFields } from './account/profile';
import { profileColors } from './account/style';
import type { TimeCursor } from './keyset';
import { USER_EDGE_COLUMNS_SQL, type UserEdgeRow, userEdgeOf, userEdgeValues, visibleUser } from './social';
import { listedStoryPage } from './story-lists';

/*
 * A writer's profile (spec §2 /@{username}): its header, its stories and its about page. A missing profile,
 * or one whose owner blocked the viewer, answers NOT_FOUND.
 */

/** A profile by username; NOT_FOUND when missing or when its owner blocked the viewer. */
export const visibleProfile = (em: EntityManager, viewer: User | null, username: string) =>
  visibleUser(em, viewer?.id ?? null, { username });

/** Who follows the writer and whom they follow. */
async function followCounts(em: EntityManager, userId: string) {
  const [followerCount, followingCount] = await Promise.all([
    em.count(FollowUser, { target: userId }),
    em.count(FollowUser, { follower: userId }),
  ]);
  return { followerCount, followingCount };
}

/**
 * The writer's follow counts and the viewer's follow, mute and block of them (spec §3 User viewerEdge), in one
 * prepared statement: every profile page shows them.
 */
async function countsAndEdge(em: EntityManager, viewerId: string | null, userId: string) {
  const [row] = await preparedRows<Record<'follower_count' | 'following_count', number> & UserEdgeRow>(
    em,
    `select (select count(*)::int from follow_users where target_id = ?) as follower_count,
            (select count(*)::int from follow_users where follower_id = ?) as following_count,
            ${USER_EDGE_COLUMNS_SQL}`,
    [userId, userId, ...userEdgeValues(viewerId, userId)],
  );
  return {
    counts: { followerCount: row?.follower_count ?? 0, followingCount: row?.following_count ?? 0 },
    edge: userEdgeOf(userId, viewerId, row),
  };
}

/** Spec §2 /@{username}: the profile header, with the spec §3 User viewerEdge fields it shows. */
export async function profileHeader(em: EntityManager, viewer: User | null, username: string) {
  return profileHeaderOf(em, viewer, await visibleProfile(em, viewer, username));
}

/** The profile header of a user the viewer may see (found through visibleProfile). */
export async function profileHeaderOf(em: EntityManager, viewer: User | null, user: User) {
  const [{ counts, edge }, colors] = await Promise.all([
    countsAndEdge(em, viewer?.id ?? null, user.id),
    profileColors(em, user.id),
  ]);
  return {
    ...profileFields(user),
    /** Spec §3 tipping link: where readers tip the writer (an https page, checked when it was saved). */
    tippingLink: user.tippingLink ?? null,
    ...counts,
    isMember: hasMembership(user),
    /** Spec §3 custom style sheet: the profile's colours as CSS custom properties (numbers only, never its text). */
    style: profileStyleProperties(colors),
    viewerEdge: {
      isFollowing: edge.isFollowing,
      isMuting: edge.isMuting,
      isBlocking: edge.isBlocking,
      isUser: edge.isUser,
    },
  };
}

/** Spec §2 /@{username}/latest: the writer's listed stories, newest first. */
export async function profileStories(
  em: EntityManager,
  viewer: User | null,
  username: string,
  cursor: TimeCursor | null | undefined,
  opts: { cacheMs?: number } = {},
) {
  const user = await visibleProfile(em, viewer, username);
  return listedStoryPage(em, { writerId: user.id }, cursor, opts);
}

/** Spec §2 /@{username}/about: the writer's bio, since when they write here and are a member, and their counts. */
export async function profileAbout(em: EntityManager, writer: User) {
  const [counts, storyCount] = await Promise.all([
    followCounts(em, writer.id),
    em.count(Post, { $and: [LISTED_STORY, { creator: writer.id }] }),
  ]);
  return {
    name: writer.name,
    bio: writer.bio,
    joinedAt: writer.createdAt.toISOString(),
    joined: formatLongDate(writer.createdAt),
    memberSince: memberSinceLabel(Number(writer.mediumMemberAt)),
    ...counts,
    storyCount,
  };
}
