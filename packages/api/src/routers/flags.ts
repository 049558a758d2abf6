import { variantFlags } from '../services/variant-flags';
import { publicProcedure, router } from '../trpc';

export const flagsRouter = router({
  /** Spec §7 variantFlags: every feature flag with its boolean or string value. */
  variantFlags: publicProcedure.query(({ ctx }) => variantFlags(ctx.em)),
});
