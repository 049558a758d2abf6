import { FeatureFlag } from '@quire/db';
import { publicProcedure, router } from '../trpc';

export const flagsRouter = router({
  /** Spec §7 variantFlags: every feature flag with its boolean or string value. */
  variantFlags: publicProcedure.query(async ({ ctx }) => {
    const flags = await ctx.em.find(FeatureFlag, {}, { orderBy: { name: 'asc' } });
    return flags.map((f) => ({
      name: f.name,
      valueBoolean: f.boolValue ?? null,
      valueString: f.stringValue ?? null,
    }));
  }),
});
