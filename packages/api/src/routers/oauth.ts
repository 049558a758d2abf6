import {
  createOAuthApplicationInput,
  oauthApplicationIdInput,
  oauthAuthorizeInput,
  oauthDecideInput,
  updateOAuthApplicationInput,
} from '@quire/domain';
import {
  applicationView,
  authorizedApplications,
  createApplication,
  deleteApplication,
  managedApplication,
  ownApplications,
  resetClientSecret,
  revokeApplicationAccess,
  updateApplication,
} from '../services/developer/oauth';
import { consentView, decideAuthorization } from '../services/developer/oauth-authorize';
import { authedProcedure, openProcedure, ownProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §2 /me/applications[/new|/{oauthApplicationId}] and the consent screen of /m/oauth/authorize. */
export const oauthRouter = router({
  /** The viewer's applications and the applications they allowed. */
  list: ownProcedure.query(async ({ ctx }) => ({
    applications: await ownApplications(ctx.em, ctx.viewer),
    authorized: await authorizedApplications(ctx.em, ctx.viewer, ctx.now()),
  })),
  /** One of the viewer's applications (policy manageOAuthApplication); anyone else's is NOT_FOUND. */
  byId: authedProcedure
    .input(oauthApplicationIdInput)
    .query(async ({ ctx, input }) =>
      applicationView(await managedApplication(ctx.em, ctx.viewer, input.applicationId)),
    ),
  /** Registers an application; its client secret is in this answer only. */
  create: transactionalProcedure
    .meta({ access: 'own' })
    .input(createOAuthApplicationInput)
    .mutation(({ ctx, input }) => createApplication(ctx.em, ctx.viewer, input)),
  update: transactionalProcedure
    .input(updateOAuthApplicationInput)
    .mutation(({ ctx, input }) => updateApplication(ctx.em, ctx.viewer, input.applicationId, input)),
  /** A new client secret, in this answer only. */
  resetSecret: transactionalProcedure
    .input(oauthApplicationIdInput)
    .mutation(({ ctx, input }) => resetClientSecret(ctx.em, ctx.viewer, input.applicationId)),
  delete: transactionalProcedure
    .input(oauthApplicationIdInput)
    .mutation(({ ctx, input }) => deleteApplication(ctx.em, ctx.viewer, input.applicationId)),
  /** Takes back an application's access to the viewer's account (only the viewer's own tokens change). */
  revokeAccess: transactionalProcedure
    .meta({ access: 'own' })
    .input(oauthApplicationIdInput)
    .mutation(({ ctx, input }) =>
      revokeApplicationAccess(ctx.em, ctx.viewer, input.applicationId, ctx.now()),
    ),
  /**
   * What the consent screen shows: an application's public name and owner, to whoever holds its client id (as
   * the authorize URL does); allowing it asks the policy (decide).
   */
  consent: openProcedure.input(oauthAuthorizeInput).query(({ ctx, input }) => consentView(ctx.em, input)),
  /** Allow or Deny on the consent screen: where to send the browser (with a code, or with the error). */
  decide: transactionalProcedure.input(oauthDecideInput).mutation(({ ctx, input }) => {
    const { allow, ...query } = input;
    return decideAuthorization(ctx.em, ctx.viewer, query, allow, ctx.now());
  }),
});
