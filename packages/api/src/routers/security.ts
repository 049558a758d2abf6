import { OAuthProvider } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import { mailConvertLink } from '../services/account/convert';
import { createAppLoginLink } from '../services/auth/app-login';
import { SESSION_COOKIE } from '../services/auth/sessions';
import {
  disconnectProvider,
  securityOverview,
  signOutOtherSessions,
  signOutSession,
} from '../services/security';
import { ownProcedure, router, transactionalProcedure } from '../trpc';

/** The viewer's own account: every procedure reads or changes only the viewer's rows. */
const ownMutation = transactionalProcedure.meta({ access: 'own' });

/** Spec §2 /me/settings#security: password and two-factor state, sessions, sign-in providers. */
export const securityRouter = router({
  overview: ownProcedure.query(({ ctx }) =>
    securityOverview(ctx.em, ctx.viewer.id, ctx.sessionId, ctx.now()),
  ),
  /** Signs one session out at once (this one too, which also clears its cookie). */
  signOutSession: ownMutation
    .input(z.object({ sessionId: entityId('session') }))
    .mutation(async ({ ctx, input }) => {
      const out = await signOutSession(ctx.em, ctx.viewer.id, input.sessionId, ctx.now());
      if (input.sessionId === ctx.sessionId) ctx.cookies.clear(SESSION_COOKIE);
      return out;
    }),
  /** Signs out every other session of the viewer. */
  signOutOtherSessions: ownMutation.mutation(({ ctx }) =>
    signOutOtherSessions(ctx.em, ctx.viewer.id, ctx.sessionId, ctx.now()),
  ),
  /** Disconnects a sign-in provider while another way to sign in remains. */
  disconnectProvider: ownMutation
    .input(z.object({ provider: z.enum(OAuthProvider) }))
    .mutation(({ ctx, input }) => disconnectProvider(ctx.em, ctx.viewer.id, input.provider)),
  /** A single-use link that signs the viewer in on another device (/m/app/login/{token}), shown once. */
  createAppLoginLink: ownMutation.mutation(({ ctx }) => createAppLoginLink(ctx.em, ctx, ctx.viewer.id)),
  /** Mails an account with no password the link that adds one (/m/account/convert/{token}). */
  mailConvertLink: ownMutation.mutation(({ ctx }) => mailConvertLink(ctx.em, ctx, ctx.viewer.id)),
});
