import { orRefusalMember } from './errors';
import type { ShimContext } from './resolvers';

/**
 * SDL for the gift purchase (spec §3 UserPurchaseGiftMembershipResult; the call's shape is not shown, so its
 * arguments are gifts.checkoutGift's): the checkout URL to send the buyer to, or the refusal as a member.
 */
export const giftsTypeDefs = /* GraphQL */ `
  "Where to send the buyer to pay for a gift (the provider's checkout page)."
  type GiftMembershipCheckout {
    url: String!
    giftId: ID!
  }
  union UserPurchaseGiftMembershipResult = GiftMembershipCheckout | BadRequest | Forbidden | NotFound
  extend type Mutation {
    "giftType 'group-gift' buys quantity memberships; any other type is a gift (spec §1)."
    userPurchaseGiftMembership(
      giftType: String
      quantity: Int
      recipientEmail: String
      recipientName: String
      message: String
      requestId: String!
    ): UserPurchaseGiftMembershipResult!
  }
`;

interface PurchaseArgs {
  giftType?: string | null;
  quantity?: number | null;
  recipientEmail?: string | null;
  recipientName?: string | null;
  message?: string | null;
  requestId: string;
}

const REFUSALS = { BAD_REQUEST: 'BadRequest', FORBIDDEN: 'Forbidden', NOT_FOUND: 'NotFound' } as const;

export const giftsResolvers = {
  Mutation: {
    userPurchaseGiftMembership: (_: unknown, { giftType, ...args }: PurchaseArgs, ctx: ShimContext) =>
      orRefusalMember(
        async () => ({
          __typename: 'GiftMembershipCheckout' as const,
          ...(await ctx.caller.gifts.checkoutGift({ type: giftType ?? 'gift', ...args })),
        }),
        REFUSALS,
      ),
  },
};

export const giftsDocuments: Readonly<Record<string, string>> = {
  UserPurchaseGiftMembership: /* GraphQL */ `
    mutation UserPurchaseGiftMembership(
      $giftType: String
      $quantity: Int
      $recipientEmail: String
      $recipientName: String
      $message: String
      $requestId: String!
    ) {
      userPurchaseGiftMembership(
        giftType: $giftType
        quantity: $quantity
        recipientEmail: $recipientEmail
        recipientName: $recipientName
        message: $message
        requestId: $requestId
      ) {
        __typename
        ... on GiftMembershipCheckout { url giftId }
        ... on BadRequest { message }
        ... on Forbidden { message }
        ... on NotFound { message }
      }
    }`,
};
