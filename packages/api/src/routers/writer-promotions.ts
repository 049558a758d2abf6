import { WRITER_PROMOTIONS } from '@quire/domain';
import { z } from 'zod';
import { setWriterPromotion, writerPromotions } from '../services/writer-promotions';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §2 /me/settings/promote-memberships and promote-subscriptions: the writer's prompts under their stories. */
export const writerPromotionsRouter = router({
  current: ownProcedure.query(({ ctx }) => writerPromotions(ctx.em, ctx.viewer)),
  /** Turns one promotion on or off. */
  set: transactionalProcedure
    .input(z.object({ promotion: z.enum(WRITER_PROMOTIONS), on: z.boolean() }))
    .mutation(({ ctx, input }) => setWriterPromotion(ctx.em, ctx.viewer, input)),
});
