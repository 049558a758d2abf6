import { BILLING_HISTORY_PAGE_MAX } from '@quire/domain';
import { z } from 'zod';
import { entityId, timeCursor } from '../schemas';
import { billingHistory, currentMembership, planList, receipt } from '../services/membership';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const membershipRouter = router({
  /** Spec §3 plan periods, discounts, currencies: the plans in the visitor's currency, and the viewer's offers. */
  plans: publicProcedure.query(({ ctx }) => planList(ctx.em, ctx.viewer, ctx.visitor.country)),

  /** The viewer's membership: plan, status, next charge date, card, whether it ends at the period's end. */
  current: authedProcedure.query(({ ctx }) => currentMembership(ctx.em, ctx.viewer)),

  /** The viewer's charges, newest first, a keyset page at a time. */
  billingHistory: authedProcedure
    .input(
      z
        .object({
          limit: z
            .number()
            .int('limit must be a whole number.')
            .min(1, 'limit must be at least 1.')
            .max(BILLING_HISTORY_PAGE_MAX, `limit must be at most ${BILLING_HISTORY_PAGE_MAX}.`)
            .nullish(),
          cursor: timeCursor,
        })
        .nullish(),
    )
    .query(({ ctx, input }) => billingHistory(ctx.em, ctx.viewer, input ?? {})),

  /** One charge's receipt: the viewer's own only (the policy refuses another user's). */
  receipt: authedProcedure
    .input(z.object({ chargeId: entityId('charge') }))
    .query(({ ctx, input }) => receipt(ctx.em, ctx.viewer, input.chargeId)),
});
