import {
  newsletterConfirmTokenInput,
  newsletterLandingInput,
  newsletterTargetInput,
  subscribeByEmailInput,
} from '@quire/domain';
import { z } from 'zod';
import { entityId, username } from '../schemas';
import {
  confirmSubscription,
  lazilyEnableWriterNewsletter,
  myNewsletters,
  publicationNewsletterLanding,
  subscribe,
  subscribeByEmail,
  subscriptionState,
  unsubscribe,
  writerSubscribeLanding,
} from '../services/newsletters/subscriptions';
import { openProcedure, ownProcedure, publicProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §1 subscribe to newsletters, §7 subscribe endpoints: getting and leaving a writer's or a publication's. */
export const newslettersRouter = router({
  /** The viewer's state for one newsletter (spec §3 viewerEdge.isSubscribedToLetters, the Subscribe button). */
  state: publicProcedure
    .input(newsletterTargetInput)
    .query(({ ctx, input }) => subscriptionState(ctx.em, ctx.viewer, input)),
  /** Signed in, one click: SUBSCRIBED or SUBSCRIBED_ALREADY (spec §8); one's own is refused (SUBSCRIBE_SELF). */
  subscribe: transactionalProcedure
    .input(newsletterTargetInput)
    .mutation(({ ctx, input }) => subscribe(ctx.em, ctx.viewer, input, ctx.now())),
  /** Leaves one newsletter: the viewer's own rows only. */
  unsubscribe: transactionalProcedure
    .meta({ access: 'own' })
    .input(newsletterTargetInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.em, ctx.viewer, input, ctx.now())),
  /** Signed out: an address to confirm by email; the same answer whatever the address. */
  subscribeByEmail: publicProcedure
    .input(subscribeByEmailInput)
    .mutation(({ ctx, input }) => subscribeByEmail(ctx.em, ctx.env, ctx.viewer, input, ctx.now())),
  /** The confirmation link: its single-use token is the credential, as a signed link's signature is. */
  confirm: openProcedure
    .input(z.object({ token: newsletterConfirmTokenInput }))
    .mutation(({ ctx, input }) => confirmSubscription(ctx.em, input.token, ctx.now())),
  /** Spec §2 /me/newsletters: the viewer's subscriptions and their own newsletter's box. */
  mine: ownProcedure.query(({ ctx }) => myNewsletters(ctx.em, ctx.viewer)),
  /** Spec §7 /_/api/users/{id}/lazily-enable-writer-subscription: the writer themself only. */
  lazilyEnableWriter: transactionalProcedure
    .input(z.object({ userId: entityId('user') }))
    .mutation(({ ctx, input }) => lazilyEnableWriterNewsletter(ctx.em, ctx.viewer, input.userId)),
  /** Spec §2 ShowCollectionNewsletterLanding. */
  publicationLanding: publicProcedure
    .input(newsletterLandingInput)
    .query(({ ctx, input }) => publicationNewsletterLanding(ctx.em, ctx.viewer, input)),
  /** Spec §2 /subscribe/@{username} and /@{username}/subscribe. */
  writerLanding: publicProcedure
    .input(z.object({ username }))
    .query(({ ctx, input }) => writerSubscribeLanding(ctx.em, ctx.viewer, input.username)),
});
