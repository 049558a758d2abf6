import type { EntityClass, EntityManager, FilterQuery, RequiredEntityData } from '@mikro-orm/postgresql';
import {
  Block,
  Collection,
  FollowCollection,
  FollowTag,
  FollowUser,
  MuteCollection,
  MuteUser,
  newId,
  preparedEntity,
  preparedRows,
  Report,
  Tag,
  User,
} from '@quire/db';
import { accessTexts, socialErrors, socialMenuTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce, forgetPolicyViewers, isEditorOf, loadPolicyViewer, roleIn } from '../policies';
import { notify } from './notifications';
import { oncePerRequest } from './request-memo';

/** Spec §3 viewerEdge id: one edge per (entity, viewer) pair; anonymous viewers share one. */
export const edgeId = (entityId: string, viewerId: string | null) => `${entityId}:${viewerId ?? 'anonymous'}`;

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * Adds or removes the row that says `pair` (a follow, mute or block), idempotently either way: the unique index
 * on the pair makes a repeated or concurrent add collapse into one row.
 */
async function setEdge<E extends object>(
  em: EntityManager,
  entity: EntityClass<E>,
  pair: { [K in keyof E & string]?: string },
  on: boolean,
): Promise<boolean> {
  if (on) {
    const result = await em
      .createQueryBuilder(entity)
      .insert({ id: newId(), ...pair } as unknown as RequiredEntityData<E>)
      .onConflict(Object.keys(pair) as never)
      .ignore()
      .execute('run');
    return result.affectedRows > 0;
  }
  return (await em.nativeDelete(entity, pair as FilterQuery<NoInfer<E>>)) > 0;
}

/**
 * The viewer's follow, mute and block of a user as the columns `is_following`, `is_muting` and `is_blocking` of a
 * statement; its values are userEdgeValues'. Other columns may come in the same statement (a profile's counts).
 */
export const USER_EDGE_COLUMNS_SQL = `exists (select 1 from follow_users where follower_id = ? and target_id = ?) as is_following,
  exists (select 1 from mute_users where user_id = ? and target_id = ?) as is_muting,
  exists (select 1 from blocks where blocker_id = ? and blocked_id = ?) as is_blocking`;
export const userEdgeValues = (viewerId: string | null, userId: string) => [
  viewerId,
  userId,
  viewerId,
  userId,
  viewerId,
  userId,
];
export type UserEdgeRow = Record<'is_following' | 'is_muting' | 'is_blocking', boolean>;

/** Spec §3 User viewerEdge from the USER_EDGE_COLUMNS_SQL row about `userId` (none for a visitor). */
export function userEdgeOf(userId: string, viewerId: string | null, row: UserEdgeRow | undefined) {
  return {
    id: edgeId(userId, viewerId),
    isFollowing: row?.is_following ?? false,
    isMuting: row?.is_muting ?? false,
    isBlocking: row?.is_blocking ?? false,
    isUser: viewerId !== null && viewerId === userId,
  };
}

/** Spec §3 User viewerEdge: what the viewer's follow, mute and block rows say about `userId`, in one statement. */
export async function userViewerEdge(em: EntityManager, viewerId: string | null, userId: string) {
  if (!viewerId) return userEdgeOf(userId, null, undefined);
  const [row] = await preparedRows<UserEdgeRow>(
    em,
    `select ${USER_EDGE_COLUMNS_SQL}`,
    userEdgeValues(viewerId, userId),
  );
  return userEdgeOf(userId, viewerId, row);
}

/** Spec §3 Collection viewerEdge: the viewer's follow and mute of a publication, and their role in it. */
export async function collectionViewerEdge(em: EntityManager, viewerId: string | null, collectionId: string) {
  if (!viewerId) {
    return {
      id: edgeId(collectionId, null),
      isFollowing: false,
      isMuting: false,
      isEditor: false,
      isWriter: false,
      canEditPosts: false,
      canEditOwnPosts: false,
    };
  }
  const [following, muting, roles] = await Promise.all([
    em.count(FollowCollection, { follower: viewerId, collection: collectionId }),
    em.count(MuteCollection, { user: viewerId, collection: collectionId }),
    loadPolicyViewer(em, { id: viewerId }),
  ]);
  // Owners and editors edit every story of the publication; writers their own (spec §6).
  const isEditor = isEditorOf(roles, collectionId);
  const isWriter = roleIn(roles, collectionId) !== null;
  return {
    id: edgeId(collectionId, viewerId),
    isFollowing: following > 0,
    isMuting: muting > 0,
    isEditor,
    isWriter,
    canEditPosts: isEditor,
    canEditOwnPosts: isWriter,
  };
}

/**
 * A user the viewer may see, by id or username: not deleted, and (unless `evenIfBlocked`) not one who
 * blocked the viewer, who answers as missing so a block is never revealed (spec §4 Block).
 */
export async function visibleUser(
  em: EntityManager,
  viewerId: string | null,
  by: { id: string } | { username: string },
  evenIfBlocked = false,
) {
  const user = await liveUser(em, by);
  if (!user) throw notFound(accessTexts.profileNotFound);
  // Acting on a user who blocked you (unblocking, reporting) still finds them; seeing their profile does not.
  await enforce(em, viewerId ? { id: viewerId } : null, evenIfBlocked ? 'actOnProfile' : 'viewProfile', user);
  return user;
}

/** An account that is not deleted; by username, looked up once per request while it still has that name. */
async function liveUser(em: EntityManager, by: { id: string } | { username: string }) {
  const find = () =>
    preparedEntity(
      em,
      User,
      'users',
      `${'id' in by ? 't.id' : 't.username'} = ? and t.is_deleted = false and t.deleted_at is null`,
      ['id' in by ? by.id : by.username],
    );
  if (!('username' in by)) return find();
  const kept = await oncePerRequest(em, `user:${by.username}`, find);
  return kept && kept.username === by.username && !kept.isDeleted ? kept : find();
}

/** A user the viewer acts on (follow, mute, block, report). */
const targetUser = (em: EntityManager, viewerId: string, userId: string, evenIfBlocked = false) =>
  visibleUser(em, viewerId, { id: userId }, evenIfBlocked);

async function targetCollection(em: EntityManager, viewer: User, collectionId: string, adding = true) {
  const collection = await em.findOne(Collection, { id: collectionId });
  if (!collection) throw notFound(accessTexts.publicationNotFound);
  // Following or reporting needs sight of it; undoing a follow or mute never does.
  if (adding) await enforce(em, viewer, 'viewPublication', collection);
  return collection;
}

/** What every user call answers: spec §7 id, name, viewerEdge, plus the counts the follow button shows. */
async function userResult(em: EntityManager, viewerId: string, user: User) {
  const [viewerEdge, followerCount] = await Promise.all([
    userViewerEdge(em, viewerId, user.id),
    em.count(FollowUser, { target: user.id }),
  ]);
  return { id: user.id, name: user.name, username: user.username, followerCount, viewerEdge };
}

/** What every publication call answers: spec §7 id, name, viewerEdge, plus the follower count. */
async function collectionResult(em: EntityManager, viewerId: string, collection: Collection) {
  const [viewerEdge, followerCount] = await Promise.all([
    collectionViewerEdge(em, viewerId, collection.id),
    em.count(FollowCollection, { collection: collection.id }),
  ]);
  return {
    id: collection.id,
    name: collection.name,
    slug: collection.slug,
    creator: { id: collection.creator.id },
    followerCount,
    viewerEdge,
  };
}

export type SocialUserResult = Awaited<ReturnType<typeof userResult>>;
export type SocialCollectionResult = Awaited<ReturnType<typeof collectionResult>>;

/**
 * Spec §7 FollowUser / UnfollowUser: idempotent either way (counts are row counts, so they never fall below
 * zero); never following oneself, nor someone who blocked the viewer.
 */
export async function setUserFollowed(
  em: EntityManager,
  viewer: User,
  targetUserId: string,
  followed: boolean,
) {
  if (followed && targetUserId === viewer.id) throw badRequest(socialErrors.cannotFollowSelf());
  const target = await targetUser(em, viewer.id, targetUserId, !followed);
  const changed = await setEdge(em, FollowUser, { follower: viewer.id, target: target.id }, followed);
  // A new follower is news for the writer, folded into one 'followed you' notification while unread.
  if (followed && changed)
    await notify(em, { recipient: target, type: 'users_following_you_rollup', actor: viewer });
  return userResult(em, viewer.id, target);
}

/** Spec §4 Mute/unmute authors (§7 muteUser / unmuteUser): idempotent either way. */
export async function setUserMuted(em: EntityManager, viewer: User, targetUserId: string, muted: boolean) {
  if (muted && targetUserId === viewer.id) throw badRequest(socialMenuTexts.cannotMuteSelf);
  // Muting someone who blocked you is harmless and reveals nothing, so it is allowed.
  const target = await targetUser(em, viewer.id, targetUserId, true);
  await setEdge(em, MuteUser, { user: viewer.id, target: target.id }, muted);
  return userResult(em, viewer.id, target);
}

/** A publication edge of the viewer's (follow or mute), turned on or off; idempotent either way. */
function collectionToggle<E extends object>(
  entity: new (...args: never[]) => E,
  viewerKey: keyof E & string,
) {
  return async (em: EntityManager, viewer: User, targetCollectionId: string, on: boolean) => {
    const collection = await targetCollection(em, viewer, targetCollectionId, on);
    const pair = { [viewerKey]: viewer.id, collection: collection.id } as {
      [K in keyof E & string]?: string;
    };
    await setEdge(em, entity, pair, on);
    return collectionResult(em, viewer.id, collection);
  };
}

/** Spec §7 FollowCollection / UnfollowCollection. */
export const setCollectionFollowed = collectionToggle(FollowCollection, 'follower');
/** Spec §4 Mute/unmute publications (§7 muteCollection / unmuteCollection). */
export const setCollectionMuted = collectionToggle(MuteCollection, 'user');

/** Inserts the block row and drops follows both ways (spec §4: the blocked user can no longer follow). */
async function placeBlock(em: EntityManager, viewerId: string, targetId: string) {
  forgetPolicyViewers();
  await setEdge(em, Block, { blocker: viewerId, blocked: targetId }, true);
  await em.nativeDelete(FollowUser, {
    $or: [
      { follower: viewerId, target: targetId },
      { follower: targetId, target: viewerId },
    ],
  });
}

/** Spec §4 Block/unblock (§7 blockUser / unblockUser): idempotent either way. */
export async function setUserBlocked(
  em: EntityManager,
  viewer: User,
  targetUserId: string,
  blocked: boolean,
) {
  if (blocked && targetUserId === viewer.id) throw badRequest(socialMenuTexts.cannotBlockSelf);
  const target = await targetUser(em, viewer.id, targetUserId, true);
  if (blocked) await placeBlock(em, viewer.id, target.id);
  else {
    forgetPolicyViewers();
    await setEdge(em, Block, { blocker: viewer.id, blocked: target.id }, false);
  }
  return userResult(em, viewer.id, target);
}

/**
 * Spec §4 Report / §7 reportAndMaybeBlockUser: one open report per reporter and user (a repeat updates it),
 * blocking too when asked.
 */
export async function reportUser(
  em: EntityManager,
  viewer: User,
  input: { targetUserId: string; alsoBlockUser: boolean; reason?: string },
) {
  if (input.targetUserId === viewer.id) throw badRequest(socialMenuTexts.cannotReportSelf);
  const target = await targetUser(em, viewer.id, input.targetUserId, true);
  await fileReport(em, viewer, 'USER', target.id, input.reason ?? '', input.alsoBlockUser);
  if (input.alsoBlockUser) await placeBlock(em, viewer.id, target.id);
  return userResult(em, viewer.id, target);
}

/** Spec §2 publication menu: report a publication for review (there is nothing to block). */
export async function reportCollection(
  em: EntityManager,
  viewer: User,
  input: { targetCollectionId: string; reason?: string },
) {
  const collection = await targetCollection(em, viewer, input.targetCollectionId);
  await fileReport(em, viewer, 'COLLECTION', collection.id, input.reason ?? '', false);
  return collectionResult(em, viewer.id, collection);
}

async function fileReport(
  em: EntityManager,
  viewer: User,
  targetType: 'USER' | 'COLLECTION',
  targetId: string,
  reason: string,
  alsoBlocked: boolean,
) {
  const open = await em.findOne(Report, { reporter: viewer.id, targetType, targetId, resolvedAt: null });
  if (open) {
    open.alsoBlocked ||= alsoBlocked;
    if (reason) open.reason = reason;
  } else {
    em.create(Report, { reporter: viewer.id, targetType, targetId, reason, alsoBlocked });
  }
  await em.flush();
}

/**
 * Following a topic (spec §1: readers follow writers, publications and topics): idempotent either way; the
 * topic's follower count moves with the row, in the same transaction.
 */
export async function setTagFollowed(em: EntityManager, viewer: User, tagId: string, followed: boolean) {
  const tag = await em.findOne(Tag, { id: tagId });
  if (!tag) throw notFound(accessTexts.topicNotFound);
  await enforce(em, viewer, 'viewTag', tag);
  if (await setEdge(em, FollowTag, { follower: viewer.id, tag: tag.id }, followed)) {
    await em.execute('update tags set follower_count = greatest(0, follower_count + ?) where id = ?', [
      followed ? 1 : -1,
      tag.id,
    ]);
  }
  const followerCount = (await em.findOneOrFail(Tag, tag.id, { refresh: true })).followerCount;
  return { id: tag.id, name: tag.name, slug: tag.slug, followerCount, viewerEdge: { isFollowing: followed } };
}
