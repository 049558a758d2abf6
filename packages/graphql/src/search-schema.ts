import type { ShimContext } from './resolvers';

/** SDL for spec §7 searchClickEvent: records which hits of a search were clicked. */
export const searchTypeDefs = /* GraphQL */ `
  extend type Mutation {
    "Spec §7 searchClickEvent: positions are each clicked hit's index + 1, in the order of objectIds."
    searchClickEvent(queryId: String!, indexName: String!, objectIds: [String!]!, positions: [Int!]!): Boolean
  }
`;

/** Persisted document under the spec §7 name. */
export const searchDocuments: Readonly<Record<string, string>> = {
  searchClickEvent: /* GraphQL */ `
    mutation searchClickEvent($queryId: String!, $indexName: String!, $objectIds: [String!]!, $positions: [Int!]!) {
      searchClickEvent(queryId: $queryId, indexName: $indexName, objectIds: $objectIds, positions: $positions)
    }`,
};

/** Resolvers only translate shapes; the search router stores the event. */
export const searchResolvers = {
  Mutation: {
    searchClickEvent: (
      _: unknown,
      args: { queryId: string; indexName: string; objectIds: string[]; positions: number[] },
      ctx: ShimContext,
    ) => ctx.caller.search.click(args),
  },
};
