import { earningsDashboardInput } from '@quire/domain';
import { partnerDashboard } from '../services/partner/dashboard';
import { authedProcedure, router } from '../trpc';

export const earningsRouter = router({
  /** Spec §2 /me/partner/dashboard and /@{username}/partner/dashboard: the writer's own earnings. */
  dashboard: authedProcedure
    .input(earningsDashboardInput)
    .query(({ ctx, input }) => partnerDashboard(ctx.em, ctx.viewer, input, ctx.now())),
});
