import { DismissAction, textInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import { dismissFlag, enforceActingAs, setStyleReminderSeen, viewerFields } from '../services/viewer';
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
    await enforceActingAs(ctx.em, ctx.viewer, [input.userId], 'taxForms');
    return viewerFields(ctx.em, ctx.viewer);
  }),
  /** Spec §7 VisitorQuery: the anonymous visitor as this request identifies it. */
  visitor: publicProcedure.query(({ ctx }) => ({
    id: ctx.visitor.id,
    isBot: ctx.visitor.isBot,
    geolocation: { country: ctx.visitor.country },
  })),
  /** Spec §4 style reminder popover: recorded once dismissed with 'Got it'. */
  setStyleReminderSeen: authedProcedure.mutation(({ ctx }) => setStyleReminderSeen(ctx.em, ctx.viewer)),
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
      await enforceActingAs(ctx.em, ctx.viewer, [input.userId], 'flags');
      return dismissFlag(ctx.em, ctx.viewer, input.flag, input.action ?? 'DISMISSED');
    }),
});
