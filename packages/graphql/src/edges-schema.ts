import type { ShimContext } from './resolvers';

/** SDL for spec §7 PostViewerEdgeQuery, CollectionViewerEdge, UserViewerEdge, UserSearchQuery and userResult. */
export const edgesTypeDefs = /* GraphQL */ `
  "Spec §3 Post viewerEdge."
  type PostViewerEdge {
    id: ID!
    clapCount: Int!
    readingList: String
    shareKey: String
    creatorPartnerProgramEnrollmentStatus: String!
  }
  type CustomStyleSheetRef {
    id: ID!
  }
  "Spec §7 userResult: a user with the fields the style reminder reads."
  type UserResult {
    id: ID!
    username: String!
    name: String!
    customStyleSheet: CustomStyleSheetRef
    hasSeenStyleReminder: Boolean!
    userPostCounts: UserPostCounts!
  }
  extend type Query {
    postViewerEdge(postId: ID!): PostViewerEdge!
    collectionViewerEdge(collectionId: ID!): CollectionViewerEdge!
    userViewerEdge(userId: ID!): UserViewerEdge!
    "A user by id or by username."
    userResult(id: ID, username: String): UserResult!
  }
`;

const userResultFields =
  'id username name customStyleSheet { id } hasSeenStyleReminder userPostCounts { publishedPosts }';

/** Persisted documents under the spec §7 names. */
export const edgesDocuments: Readonly<Record<string, string>> = {
  PostViewerEdgeQuery: /* GraphQL */ `
    query PostViewerEdgeQuery($postId: ID!) {
      postViewerEdge(postId: $postId) { id clapCount readingList shareKey creatorPartnerProgramEnrollmentStatus }
    }`,
  CollectionViewerEdge: /* GraphQL */ `
    query CollectionViewerEdge($collectionId: ID!) {
      collectionViewerEdge(collectionId: $collectionId) {
        id canEditOwnPosts canEditPosts isEditor isFollowing isMuting isWriter isSubscribedToLetters
      }
    }`,
  UserViewerEdge: /* GraphQL */ `
    query UserViewerEdge($userId: ID!) {
      userViewerEdge(userId: $userId) { id isBlocking isFollowing isMuting isUser }
    }`,
  UserSearchQuery: /* GraphQL */ `
    query UserSearchQuery($id: ID, $username: String) {
      userResult(id: $id, username: $username) { ${userResultFields} }
    }`,
  userResult: /* GraphQL */ `
    query userResult($id: ID!) {
      userResult(id: $id) { ${userResultFields} }
    }`,
};

/** Resolvers only translate shapes; the routers do the work. */
export const edgesResolvers = {
  Query: {
    postViewerEdge: (_: unknown, args: { postId: string }, ctx: ShimContext) =>
      ctx.caller.posts.viewerEdge({ postId: args.postId }),
    collectionViewerEdge: async (_: unknown, args: { collectionId: string }, ctx: ShimContext) => {
      const [edge, letters] = await Promise.all([
        ctx.caller.social.collectionEdge({ collectionId: args.collectionId }),
        ctx.caller.newsletters.state({ collectionId: args.collectionId }),
      ]);
      return { ...edge, isSubscribedToLetters: letters.subscribed };
    },
    userViewerEdge: (_: unknown, args: { userId: string }, ctx: ShimContext) =>
      ctx.caller.social.userEdge({ userId: args.userId }),
    userResult: (_: unknown, args: { id?: string | null; username?: string | null }, ctx: ShimContext) =>
      ctx.caller.profiles.userResult({ id: args.id ?? undefined, username: args.username ?? undefined }),
  },
};
