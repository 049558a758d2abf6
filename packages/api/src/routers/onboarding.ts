import { z } from 'zod';
import { finishOnboarding, onboardingTopics, onboardingWriters } from '../services/onboarding';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §2 /get-started, /m/getting-started, /customize-topics, /welcome: the steps after sign-up. */
export const onboardingRouter = router({
  /** The topics to pick from, with the viewer's follows. */
  topics: ownProcedure.query(({ ctx }) => onboardingTopics(ctx.em, ctx.viewer)),
  /** Writers to follow, from the topics the viewer picked. */
  writers: ownProcedure.query(({ ctx }) => onboardingWriters(ctx.em, ctx.viewer)),
  /** Marks onboarding finished, or skipped. */
  finish: transactionalProcedure
    .meta({ access: 'own' })
    .input(z.object({ skipped: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => finishOnboarding(ctx.em, ctx.viewer, input.skipped)),
});
