import type { ShimContext } from './resolvers';

/** SDL for spec §7 PublicationFaviconQuery and PublicationSearchQuery (a publication by hostname or slug). */
export const publicationTypeDefs = /* GraphQL */ `
  type CollectionCreator {
    id: ID!
  }
  "Spec §3 Collection (publication): the fields the favicon and scoped-search queries read."
  type Collection {
    id: ID!
    name: String!
    slug: String!
    domain: String
    avatar: ImageRef
    favicon: ImageRef
    creator: CollectionCreator!
  }
  extend type Query {
    "A publication by its live custom domain or its slug; null when there is none."
    collectionByDomainOrSlug(domainOrSlug: String!): Collection
  }
`;

/** Persisted documents under the spec §7 names. */
export const publicationDocuments: Readonly<Record<string, string>> = {
  PublicationFaviconQuery: /* GraphQL */ `
    query PublicationFaviconQuery($domainOrSlug: String!) {
      collectionByDomainOrSlug(domainOrSlug: $domainOrSlug) { id favicon { id } }
    }`,
  PublicationSearchQuery: /* GraphQL */ `
    query PublicationSearchQuery($domainOrSlug: String!) {
      collectionByDomainOrSlug(domainOrSlug: $domainOrSlug) {
        id name slug domain avatar { id } favicon { id } creator { id }
      }
    }`,
};

/** Resolvers only translate shapes; the publications router does the work. */
export const publicationResolvers = {
  Query: {
    collectionByDomainOrSlug: (_: unknown, args: { domainOrSlug: string }, ctx: ShimContext) =>
      ctx.caller.publications.byDomainOrSlug(args),
  },
};
