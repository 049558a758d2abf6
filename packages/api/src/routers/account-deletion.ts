import { textInput } from '@quire/domain';
import { z } from 'zod';
import { deleteAccount } from '../services/account-deletion';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { router, transactionalProcedure } from '../trpc';

/** Spec §2 /m/goodbye: closing one's own account. */
export const accountDeletionRouter = router({
  /** Closes the viewer's account once they typed their username; every session ends with it. */
  deleteAccount: transactionalProcedure
    .input(z.object({ confirmUsername: textInput().max(60) }))
    .mutation(async ({ ctx, input }) => {
      const result = await deleteAccount(ctx.em, ctx.env, ctx.viewer, input, ctx.now());
      ctx.cookies.clear(SESSION_COOKIE);
      return result;
    }),
});
