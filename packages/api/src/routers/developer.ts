import { createIntegrationTokenInput, revokeIntegrationTokenInput } from '@quire/domain';
import {
  createIntegrationToken,
  integrationTokens,
  revokeIntegrationToken,
} from '../services/developer/integration-tokens';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

/** /me/settings/integration-tokens: the viewer's own tokens for the /v1 API (never anyone else's). */
export const developerRouter = router({
  tokens: ownProcedure.query(({ ctx }) => integrationTokens(ctx.em, ctx.viewer)),
  /** Answers the token's value once; only its hash is kept. */
  createToken: transactionalProcedure
    .meta({ access: 'own' })
    .input(createIntegrationTokenInput)
    .mutation(({ ctx, input }) => createIntegrationToken(ctx.em, ctx.viewer, input)),
  revokeToken: transactionalProcedure
    .meta({ access: 'own' })
    .input(revokeIntegrationTokenInput)
    .mutation(({ ctx, input }) => revokeIntegrationToken(ctx.em, ctx.viewer, input.tokenId, ctx.now())),
});
