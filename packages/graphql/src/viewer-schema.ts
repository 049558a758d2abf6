import { TRPCError } from '@trpc/server';
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
    "Spec §7 TaxStatusToastLoaderQuery: the signed-in user by id (aliased as user); another id is refused."
    taxStatusUser(userId: ID!): User!
  }
  extend type Mutation {
    "Spec §4 Popover flags: records the dismissal of flag once; only for the signed-in user's own id."
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

/** Not from the spec: the refusal when DismissFlag names another user. */
export const DISMISS_FLAG_OTHER_USER = 'You can only dismiss your own flags.';
/** Not from the spec: the refusal when TaxStatusToastLoaderQuery names another user. */
export const TAX_STATUS_OTHER_USER = 'You can only see your own tax forms.';

const signedInViewer = async (ctx: ShimContext) => {
  const me = await ctx.caller.viewer.me();
  if (!me) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to sign in first.' });
  return me;
};

/** Resolvers only translate shapes; the viewer router does the work. */
export const viewerResolvers = {
  Query: {
    avatarMenuViewer: (_: unknown, __: unknown, ctx: ShimContext) => signedInViewer(ctx),
    taxStatusUser: async (_: unknown, args: { userId: string }, ctx: ShimContext) => {
      const me = await signedInViewer(ctx);
      if (args.userId !== me.id) throw new TRPCError({ code: 'FORBIDDEN', message: TAX_STATUS_OTHER_USER });
      return me;
    },
  },
  Mutation: {
    dismissFlag: async (_: unknown, args: { userId: string; flag: string }, ctx: ShimContext) => {
      const me = await signedInViewer(ctx);
      if (args.userId !== me.id) throw new TRPCError({ code: 'FORBIDDEN', message: DISMISS_FLAG_OTHER_USER });
      return ctx.caller.viewer.dismissFlag({ flag: args.flag });
    },
  },
};
