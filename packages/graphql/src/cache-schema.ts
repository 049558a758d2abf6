import type { ShimContext } from './resolvers';

/** SDL for spec §7 PostCacheController and TopicCacheController. */
export const cacheTypeDefs = /* GraphQL */ `
  type IdRef {
    id: ID!
  }
  "The facts an edge cache needs about a story (spec §7 PostCacheController)."
  type PostCacheResult {
    id: ID!
    isPublished: Boolean!
    collection: IdRef
    creator: IdRef
  }
  extend type Query {
    postResult(id: ID!): PostCacheResult
    tagFromSlug(tagSlug: String!): IdRef
  }
`;

export const cacheDocuments: Readonly<Record<string, string>> = {
  PostCacheController: `query PostCacheController($id: ID!) {
    postResult(id: $id) { id isPublished collection { id } creator { id } }
  }`,
  TopicCacheController: `query TopicCacheController($topicSlug: String!) { tagFromSlug(tagSlug: $topicSlug) { id } }`,
};

export const cacheResolvers = {
  postResult: (_: unknown, args: { id: string }, ctx: ShimContext) => ctx.caller.cache.post(args),
  tagFromSlug: (_: unknown, args: { tagSlug: string }, ctx: ShimContext) =>
    ctx.caller.cache.tag({ slug: args.tagSlug }),
};
