import type { ShimContext } from './resolvers';

/** SDL for spec §7 AvatarMenuQuery and DismissFlag (the account menu and popover flags). */
export const viewerTypeDefs = /* GraphQL */ `
  "Spec §7 DismissFlag: the user's id and every flag dismissed so far."
  type DismissFlagResult {
    id: ID!
    dismissableFlags: [String!]!
  }
  extend type Query {
    "The signed-in user for the account menu; an error when signed out (AvatarMenuQuery aliases it as viewer)."
    avatarMenuViewer: User!
    "Spec §7 TaxStatusToastLoaderQuery: the signed-in user by id (aliased as user); viewer.taxStatus refuses another id."
    taxStatusUser(userId: ID!): User!
  }
  extend type Mutation {
    "Spec §4 Popover flags: records the dismissal of flag once; viewer.dismissFlag refuses another user's id."
    dismissFlag(userId: ID!, flag: String!): DismissFlagResult!
  }
`;

/** Persisted documents under the spec §7 names. */
export const viewerDocuments: Readonly<Record<string, string>> = {
  AvatarMenuQuery: /* GraphQL */ `
    query AvatarMenuQuery {
      viewer: avatarMenuViewer {
        id isPartnerProgramEnrolled mediumMemberAt email username
        adminCollections { id name avatar { id } slug }
      }
    }`,
  TaxStatusToastLoaderQuery: /* GraphQL */ `
    query TaxStatusToastLoaderQuery($userId: ID!) {
      user: taxStatusUser(userId: $userId) {
        id
        userTaxDocuments {
          taxDocumentStatus earningsFirstWithheldAt earningsLimitedAt earningsForfeitedAt
          earningsInternallyForfeitedAt
        }
      }
    }`,
  DismissFlag: /* GraphQL */ `
    mutation DismissFlag($userId: ID!, $flag: String!) {
      dismissFlag(userId: $userId, flag: $flag) { id dismissableFlags }
    }`,
};

/** Resolvers only translate shapes; the viewer router checks who asks and does the work. */
export const viewerResolvers = {
  Query: {
    avatarMenuViewer: (_: unknown, __: unknown, ctx: ShimContext) => ctx.caller.viewer.avatarMenu(),
    taxStatusUser: (_: unknown, args: { userId: string }, ctx: ShimContext) =>
      ctx.caller.viewer.taxStatus({ userId: args.userId }),
  },
  Mutation: {
    dismissFlag: (_: unknown, args: { userId: string; flag: string }, ctx: ShimContext) =>
      ctx.caller.viewer.dismissFlag({ userId: args.userId, flag: args.flag }),
  },
};
