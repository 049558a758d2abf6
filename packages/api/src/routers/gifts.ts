import {
  GIFT_MESSAGE_MAX,
  GIFT_RECIPIENT_NAME_MAX,
  GROUP_GIFT_MAX_QUANTITY,
  giftTexts,
  textInput,
} from '@quire/domain';
import { z } from 'zod';
import { giftByCode, redeemGift } from '../services/membership/gift-redemption';
import { checkoutGift, giftPlans } from '../services/membership/gifts';
import { publicProcedure, router, transactionalProcedure } from '../trpc';

const giftCode = textInput().trim().min(1, giftTexts.codeRequired).max(64, giftTexts.codeNotFound);
const optionalText = (max: number) => textInput().trim().max(max).nullish();

export const giftsRouter = router({
  /** Spec §1 gift offers: a year of membership, and group gifts for accounts with hasGroupGiftingEnabled. */
  giftPlans: publicProcedure.query(({ ctx }) => giftPlans(ctx.em, ctx.viewer, ctx.visitor.country)),

  /** Starts a gift purchase at the server's price; answers the provider's checkout URL. */
  checkoutGift: transactionalProcedure
    .input(
      z.object({
        type: textInput().max(40),
        quantity: z
          .number()
          .int('quantity must be a whole number.')
          .min(1, giftTexts.quantityInvalid)
          .max(GROUP_GIFT_MAX_QUANTITY, giftTexts.quantityInvalid)
          .nullish(),
        recipientEmail: z.union([z.literal(''), z.email(giftTexts.recipientEmailInvalid).max(254)]).nullish(),
        recipientName: optionalText(GIFT_RECIPIENT_NAME_MAX),
        message: optionalText(GIFT_MESSAGE_MAX),
        requestId: textInput().trim().min(8).max(64),
      }),
    )
    .mutation(({ ctx, input }) =>
      checkoutGift(ctx.em, ctx.viewer, input, { service: ctx.env, country: ctx.visitor.country }),
    ),

  /** The redeem landing: what a code gives and from whom. */
  giftByCode: publicProcedure
    .input(z.object({ giftCode }))
    .query(({ ctx, input }) => giftByCode(ctx.em, input.giftCode, ctx.now())),

  /** Redeems a code for the viewer: a year of membership, or a year more. */
  redeemGift: transactionalProcedure
    .input(z.object({ giftCode, giftType: textInput().max(40).nullish() }))
    .mutation(({ ctx, input }) => redeemGift(ctx.em, ctx.env, ctx.viewer, input, ctx.now())),
});
