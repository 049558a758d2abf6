import type { ShimContext } from './resolvers';

/**
 * SDL for spec §7 follow, mute, block and report mutations. They answer the User or Collection they acted on
 * with its viewerEdge; only id, name, username / slug and viewerEdge are filled for another user.
 */
export const socialTypeDefs = /* GraphQL */ `
  "Spec §3 User viewerEdge: the signed-in viewer's relation to a user."
  type UserViewerEdge {
    id: ID!
    isFollowing: Boolean!
    isMuting: Boolean!
    isBlocking: Boolean!
    isUser: Boolean!
  }
  "Spec §3 Collection viewerEdge: follow, mute, the viewer's role and their subscription to its newsletter."
  type CollectionViewerEdge {
    id: ID!
    isFollowing: Boolean!
    isMuting: Boolean!
    isEditor: Boolean!
    isWriter: Boolean!
    canEditPosts: Boolean!
    canEditOwnPosts: Boolean!
    "Subscribed to the publication's newsletter; answered by collectionViewerEdge (null where a mutation answers the edge)."
    isSubscribedToLetters: Boolean
  }
  extend type User {
    viewerEdge: UserViewerEdge
  }
  extend type Collection {
    viewerEdge: CollectionViewerEdge
  }
  extend type Mutation {
    followUser(targetUserId: ID!): User!
    unfollowUser(targetUserId: ID!): User!
    followCollection(targetCollectionId: ID!): Collection!
    unfollowCollection(targetCollectionId: ID!): Collection!
    muteUser(targetUserId: ID!): User!
    unmuteUser(targetUserId: ID!): User!
    muteCollection(targetCollectionId: ID!): Collection!
    unmuteCollection(targetCollectionId: ID!): Collection!
    "userId (or viewerId) names the signed-in user; social.blockUser refuses another id."
    blockUser(targetUserId: ID!, userId: ID, viewerId: ID): User!
    unblockUser(targetUserId: ID!, userId: ID, viewerId: ID): User!
    "Spec §7 reportAndMaybeBlockUser; the client shows 'Successfully reported user.' afterwards."
    reportAndMaybeBlockUser(targetUserId: ID!, userId: ID, alsoBlockUser: Boolean): User!
  }
`;

const userEdge = 'id name viewerEdge { id isFollowing }';
const collectionEdge = 'id name viewerEdge { id isFollowing }';

/** Persisted documents under the spec §7 names, returning the fields the spec lists. */
export const socialDocuments: Readonly<Record<string, string>> = {
  FollowUser: `mutation FollowUser($targetUserId: ID!) { followUser(targetUserId: $targetUserId) { ${userEdge} } }`,
  UnfollowUser: `mutation UnfollowUser($targetUserId: ID!) { unfollowUser(targetUserId: $targetUserId) { ${userEdge} } }`,
  FollowCollection: `mutation FollowCollection($targetCollectionId: ID!) {
    followCollection(targetCollectionId: $targetCollectionId) { ${collectionEdge} } }`,
  UnfollowCollection: `mutation UnfollowCollection($targetCollectionId: ID!) {
    unfollowCollection(targetCollectionId: $targetCollectionId) { ${collectionEdge} } }`,
  muteUser: `mutation muteUser($targetUserId: ID!) {
    muteUser(targetUserId: $targetUserId) { id name viewerEdge { id isMuting } } }`,
  unmuteUser: `mutation unmuteUser($targetUserId: ID!) {
    unmuteUser(targetUserId: $targetUserId) { id name viewerEdge { id isMuting } } }`,
  muteCollection: `mutation muteCollection($targetCollectionId: ID!) {
    muteCollection(targetCollectionId: $targetCollectionId) { id name viewerEdge { id isMuting } } }`,
  unmuteCollection: `mutation unmuteCollection($targetCollectionId: ID!) {
    unmuteCollection(targetCollectionId: $targetCollectionId) { id name viewerEdge { id isMuting } } }`,
  blockUser: `mutation blockUser($userId: ID, $viewerId: ID, $targetUserId: ID!) {
    blockUser(userId: $userId, viewerId: $viewerId, targetUserId: $targetUserId) { id viewerEdge { id isBlocking } } }`,
  unblockUser: `mutation unblockUser($userId: ID, $viewerId: ID, $targetUserId: ID!) {
    unblockUser(userId: $userId, viewerId: $viewerId, targetUserId: $targetUserId) { id viewerEdge { id isBlocking } } }`,
  reportAndMaybeBlockUser: `mutation reportAndMaybeBlockUser($userId: ID, $targetUserId: ID!, $alsoBlockUser: Boolean) {
    reportAndMaybeBlockUser(userId: $userId, targetUserId: $targetUserId, alsoBlockUser: $alsoBlockUser) {
      id viewerEdge { id isBlocking } } }`,
};

type TargetUser = { targetUserId: string };
type TargetCollection = { targetCollectionId: string };
type ActingUser = { userId?: string | null; viewerId?: string | null };

const user = (args: TargetUser) => ({ targetUserId: args.targetUserId });
const collection = (args: TargetCollection) => ({ targetCollectionId: args.targetCollectionId });
/** The acting user old clients name; the social router checks it is the viewer. */
const acting = (args: ActingUser) => ({
  userId: args.userId ?? undefined,
  viewerId: args.viewerId ?? undefined,
});

/** Resolvers only translate shapes; the social router does the work. */
export const socialResolvers = {
  Mutation: {
    followUser: (_: unknown, args: TargetUser, ctx: ShimContext) => ctx.caller.social.followUser(user(args)),
    unfollowUser: (_: unknown, args: TargetUser, ctx: ShimContext) =>
      ctx.caller.social.unfollowUser(user(args)),
    followCollection: (_: unknown, args: TargetCollection, ctx: ShimContext) =>
      ctx.caller.social.followCollection(collection(args)),
    unfollowCollection: (_: unknown, args: TargetCollection, ctx: ShimContext) =>
      ctx.caller.social.unfollowCollection(collection(args)),
    muteUser: (_: unknown, args: TargetUser, ctx: ShimContext) => ctx.caller.social.muteUser(user(args)),
    unmuteUser: (_: unknown, args: TargetUser, ctx: ShimContext) => ctx.caller.social.unmuteUser(user(args)),
    muteCollection: (_: unknown, args: TargetCollection, ctx: ShimContext) =>
      ctx.caller.social.muteCollection(collection(args)),
    unmuteCollection: (_: unknown, args: TargetCollection, ctx: ShimContext) =>
      ctx.caller.social.unmuteCollection(collection(args)),
    blockUser: (_: unknown, args: TargetUser & ActingUser, ctx: ShimContext) =>
      ctx.caller.social.blockUser({ ...user(args), ...acting(args) }),
    unblockUser: (_: unknown, args: TargetUser & ActingUser, ctx: ShimContext) =>
      ctx.caller.social.unblockUser({ ...user(args), ...acting(args) }),
    reportAndMaybeBlockUser: (
      _: unknown,
      args: TargetUser & ActingUser & { alsoBlockUser?: boolean | null },
      ctx: ShimContext,
    ) =>
      ctx.caller.social.reportUser({
        ...user(args),
        ...acting(args),
        alsoBlockUser: args.alsoBlockUser ?? false,
      }),
  },
};
