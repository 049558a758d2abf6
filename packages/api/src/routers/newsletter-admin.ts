import {
  composedEmailInput,
  confirmImportInput,
  newNewsletterInput,
  newsletterIdInput,
  newsletterSettingsInput,
  textInput,
} from '@quire/domain';
import { z } from 'zod';
import { entityId, slug } from '../schemas';
import {
  createPublicationNewsletter,
  newsletterSettings,
  publicationNewsletter,
  updateNewsletter,
} from '../services/newsletters/admin';
import { composeInfo, saveDraft, sendComposedEmail, sendStoryAsIssue } from '../services/newsletters/compose';
import { latestSubscriberExport, requestSubscriberExport } from '../services/newsletters/subscriber-export';
import { confirmImport, importTarget } from '../services/newsletters/subscriber-import';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

const newsletter = z.object({ newsletterId: newsletterIdInput });

/** A newsletter's back office: creating a publication's, its settings, composing and sending, subscribers. */
export const newsletterAdminRouter = router({
  /** Spec §2 /{collectionSlug}/new-newsletter: the publication and its newsletter, if it has one. */
  forPublication: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => publicationNewsletter(ctx.em, ctx.viewer, input.slug)),
  /** Creates the publication's newsletter (one per publication). */
  create: transactionalProcedure
    .input(newNewsletterInput)
    .mutation(({ ctx, input }) => createPublicationNewsletter(ctx.em, ctx.viewer, input)),
  /** Spec §2 /{collectionSlug}/newsletters/{newsletterSlug}/settings. */
  settings: authedProcedure
    .input(z.object({ slug, newsletterSlug: textInput().trim().max(120).nullish() }))
    .query(({ ctx, input }) => newsletterSettings(ctx.em, ctx.viewer, input)),
  update: transactionalProcedure
    .input(newsletterSettingsInput)
    .mutation(({ ctx, input }) => updateNewsletter(ctx.em, ctx.viewer, input)),

  /** Spec §2 /newsletters/{newsletterV3Id}/new-email: the newsletter and the viewer's latest draft. */
  compose: authedProcedure
    .input(newsletter)
    .query(({ ctx, input }) => composeInfo(ctx.em, ctx.viewer, input.newsletterId)),
  saveDraft: transactionalProcedure
    .input(composedEmailInput)
    .mutation(({ ctx, input }) => saveDraft(ctx.em, ctx.viewer, input)),
  sendEmail: transactionalProcedure
    .input(composedEmailInput)
    .mutation(({ ctx, input }) => sendComposedEmail(ctx.em, ctx.viewer, input)),
  /** The settings page's "Send a story as an issue": each story at most once. */
  sendStory: transactionalProcedure
    .input(z.object({ newsletterId: newsletterIdInput, postId: entityId('story') }))
    .mutation(({ ctx, input }) => sendStoryAsIssue(ctx.em, ctx.viewer, input)),

  /** Spec §2 /me/subscribers/import and /confirm-export: the viewer's newsletter, or the publication's named. */
  subscribersTarget: authedProcedure
    .input(z.object({ newsletterId: newsletterIdInput.nullish() }))
    .query(({ ctx, input }) => importTarget(ctx.em, ctx.viewer, input.newsletterId ?? null)),
  // The preview of a file is the server's (process-unvalidated-files): the raw CSV is no query input.
  /** Invites the previewed addresses: unconfirmed IMPORT subscriptions, one confirmation email each. */
  confirmImport: transactionalProcedure
    .input(confirmImportInput)
    .mutation(({ ctx, input }) => confirmImport(ctx.em, ctx.viewer, ctx.env, ctx.now(), input)),
  /** The newsletter's latest subscriber export. */
  latestExport: authedProcedure
    .input(newsletter)
    .query(({ ctx, input }) => latestSubscriberExport(ctx.em, ctx.viewer, input.newsletterId, ctx.now())),
  /** Spec §2 /me/subscribers/confirm-export: queues a CSV of the subscribers, mailed as a link. */
  requestExport: transactionalProcedure
    .input(newsletter)
    .mutation(({ ctx, input }) => requestSubscriberExport(ctx.em, ctx.viewer, input.newsletterId, ctx.now())),
});
