import { UserDismissedFlag } from '@quire/db';
import { accessTexts, DismissAction, textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import { enforceActingAs, viewerFields } from '../services/viewer';
import { authedProcedure, publicProcedure, router } from '../trpc';

/** Spec §4 Popover flags: a flag name as the client sends it (e.g. PP_TERMS_ACKNOWLEDGEMENT). */
const flagName = textInput()
  .trim()
  .min(1, 'A flag name is required.')
  .max(100, 'A flag name is at most 100 characters.');

export const viewerRouter = router({
  /** Spec §7 ViewerQuery: the signed-in user, or null. */
  me: publicProcedure.query(async ({ ctx }) => (ctx.viewer ? viewerFields(ctx.em, ctx.viewer) : null)),
  /** Spec §7 AvatarMenuQuery: the signed-in user for the account menu; signed out is refused. */
  avatarMenu: authedProcedure.query(({ ctx }) => viewerFields(ctx.em, ctx.viewer)),
  /** Spec §7 TaxStatusToastLoaderQuery: the viewer's fields (userTaxDocuments) when userId names them. */
  taxStatus: authedProcedure.input(z.object({ userId: entityId('user') })).query(async ({ ctx, input }) => {
    await enforceActingAs(ctx.em, ctx.viewer, [input.userId], accessTexts.otherUsersTaxForms);
    return viewerFields(ctx.em, ctx.viewer);
  }),
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
  /**
   * Spec §4 Popover flags / §7 DismissFlag: records the dismissal once per flag (idempotent) and answers
   * the viewer's id with every flag dismissed so far. Old clients name the user, who must be the viewer.
   */
  dismissFlag: authedProcedure
    .input(
      z.object({
        userId: entityId('user').optional(),
        flag: flagName,
        action: z.enum(DismissAction).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceActingAs(ctx.em, ctx.viewer, [input.userId], accessTexts.otherUsersFlags);
      const user = ctx.viewer;
      const existing = await ctx.em.findOne(UserDismissedFlag, { user: user.id, flag: input.flag });
      if (!existing) {
        ctx.em.create(UserDismissedFlag, { user, flag: input.flag, action: input.action ?? 'DISMISSED' });
        try {
          await ctx.em.flush();
        } catch (error) {
          // A concurrent dismissal of the same flag won the unique (user, flag) row: same outcome.
          ctx.em.clear();
          const raced = await ctx.em.findOne(UserDismissedFlag, { user: user.id, flag: input.flag });
          if (!raced) throw error;
        }
      }
      const flags = await ctx.em.find(
        UserDismissedFlag,
        { user: user.id },
        { fields: ['flag'], orderBy: { createdAt: 'asc' } },
      );
      return { id: user.id, dismissableFlags: flags.map((f) => f.flag) };
    }),
});
