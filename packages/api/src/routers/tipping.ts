import { textInput } from '@quire/domain';
import { z } from 'zod';
import { setTippingLink, tippingLink } from '../services/tipping';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §2 /me/settings/tipping: the link readers tip the viewer through. */
export const tippingRouter = router({
  current: ownProcedure.query(({ ctx }) => tippingLink(ctx.em, ctx.viewer)),
  /** Sets the link, or removes it with null or an empty text. */
  set: transactionalProcedure
    .input(z.object({ link: textInput().max(4096).nullable() }))
    .mutation(({ ctx, input }) => setTippingLink(ctx.em, ctx.viewer, input)),
});
