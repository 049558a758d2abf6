import { BILLING_HISTORY_PAGE_MAX, textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId, timeCursor, username } from '../schemas';
import {
  billingHistory,
  changeMembershipPlan,
  completeTestCheckout,
  currentMembership,
  paymentPortal,
  planList,
  receipt,
  setMembershipCancel,
  startCheckout,
  testCheckout,
} from '../services/membership';
import { authedProcedure, publicProcedure, router, transactionalProcedure } from '../trpc';

/** The client's id for one click of a button: a retry or a double click sends the same one. */
const requestId = textInput()
  .trim()
  .min(8, 'requestId must be 8 to 100 characters.')
  .max(100, 'requestId must be 8 to 100 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'requestId may hold only letters, digits, - and _.');

const planCode = textInput().trim().min(1, 'Choose a plan.').max(50, 'planCode is at most 50 characters.');

const sessionId = textInput()
  .trim()
  .min(1, 'sessionId is required.')
  .max(100, 'sessionId is at most 100 characters.');

const card = z.object({
  number: textInput().trim().min(1, 'Enter a card number.').max(30, 'The card number is too long.'),
  expMonth: z
    .number()
    .int('expMonth must be a whole number.')
    .min(1, 'expMonth is 1 to 12.')
    .max(12, 'expMonth is 1 to 12.'),
  expYear: z
    .number()
    .int('expYear must be a whole number.')
    .min(0, 'expYear is a year.')
    .max(9999, 'expYear is a year.'),
  cvc: textInput().trim().min(1, 'Enter the security code.').max(10, 'The security code is too long.'),
});

export const membershipRouter = router({
  /** Spec §3 plan periods, discounts, currencies: the plans in the visitor's currency, and the viewer's offers. */
  plans: publicProcedure.query(({ ctx }) => planList(ctx.em, ctx.env, ctx.viewer, ctx.visitor.country)),

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

  /** Starts paying for a plan: where to send the reader (the provider's checkout, or the test checkout page). */
  checkout: transactionalProcedure
    .input(z.object({ planCode, requestId, referrer: username.nullish() }))
    .mutation(({ ctx, input }) => startCheckout(ctx.em, ctx.env, ctx.viewer, input)),

  /** Cancels at the period's end; the membership lasts until then. Answers as `current`. */
  cancel: transactionalProcedure
    .input(z.object({ requestId }))
    .mutation(({ ctx, input }) =>
      setMembershipCancel(ctx.em, ctx.env, ctx.viewer, true, input.requestId, ctx.now()),
    ),

  /** Takes back a cancellation before the period ends. Answers as `current`. */
  resume: transactionalProcedure
    .input(z.object({ requestId }))
    .mutation(({ ctx, input }) =>
      setMembershipCancel(ctx.em, ctx.env, ctx.viewer, false, input.requestId, ctx.now()),
    ),

  /** Moves to another plan in the same currency from the next charge. Answers as `current`. */
  changePlan: transactionalProcedure
    .input(z.object({ planCode, requestId }))
    .mutation(({ ctx, input }) => changeMembershipPlan(ctx.em, ctx.env, ctx.viewer, input, ctx.now())),

  /** Where to update the card ({ url }, Stripe's billing portal), or null where there is none (test mode). */
  paymentPortal: authedProcedure
    .input(z.object({ requestId }))
    .mutation(({ ctx, input }) => paymentPortal(ctx.em, ctx.env, ctx.viewer, input)),

  /** The test checkout page: the session's plan and price; the viewer's own sessions only. */
  testCheckout: authedProcedure
    .input(z.object({ sessionId }))
    .query(({ ctx, input }) => testCheckout(ctx.em, ctx.env, ctx.viewer, input.sessionId)),

  /** Pays a test checkout with a test card; a refused card is a 400 and changes nothing. */
  completeTestCheckout: transactionalProcedure
    .input(z.object({ sessionId, card }))
    .mutation(({ ctx, input }) => completeTestCheckout(ctx.em, ctx.env, ctx.viewer, input, ctx.now())),
});
