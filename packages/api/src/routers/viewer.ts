import { viewerFields } from '../services/viewer';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const viewerRouter = router({
  /** Spec §7 ViewerQuery: the signed-in user, or null. */
  me: publicProcedure.query(async ({ ctx }) => (ctx.viewer ? viewerFields(ctx.em, ctx.viewer) : null)),
  /** Spec §7 VisitorQuery: the anonymous visitor as this request identifies it. */
  visitor: publicProcedure.query(({ ctx }) => ({
    id: ctx.visitor.id,
    isBot: ctx.visitor.isBot,
    geolocation: { country: ctx.visitor.country },
  })),
  /** Spec §4 style reminder popover: recorded once dismissed with 'Got it'. */
  setStyleReminderSeen: authedProcedure.mutation(async ({ ctx }) => {
    ctx.viewer.hasSeenStyleReminder = true;
    await ctx.em.flush();
    return true;
  }),
});
