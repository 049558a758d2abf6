import { textInput } from '@quire/domain';
import { z } from 'zod';
import { exportById, recentExports, requestExport } from '../services/exports/requests';
import { authedProcedure, ownProcedure, router, transactionalProcedure } from '../trpc';

/** Any text up to 64 characters: a malformed export id is as unknown as another user's (NOT_FOUND). */
const exportId = z.object({ exportId: textInput().max(64) });

/** Spec §2 /me/export[/{exportId}]: the viewer's data exports. */
export const exportsRouter = router({
  /** The viewer's recent exports, newest first. */
  list: ownProcedure.query(({ ctx }) => recentExports(ctx.em, ctx.viewer, ctx.now())),
  /** One export with its status and progress; another user's is NOT_FOUND (policy viewExport). */
  byId: authedProcedure
    .input(exportId)
    .query(({ ctx, input }) => exportById(ctx.em, ctx.viewer, input.exportId, ctx.now())),
  /** Queues an export of the viewer's data, or returns the one already on its way. */
  request: transactionalProcedure
    .meta({ access: 'own' })
    .mutation(({ ctx }) => requestExport(ctx.em, ctx.viewer, ctx.now())),
});
