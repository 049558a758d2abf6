import { z } from 'zod';
import {
  NEWSLETTER_LIMITS,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  newsletterAdminTexts as texts,
} from './newsletter-admin';
import { textInput } from './text-input';

/* The newsletter back office's input, apart from newsletter-admin.ts so its pages load no validation library. */

/** A newsletter's or an issue's id (8 to 16 hex characters); anything else is as unknown as a missing one. */
export const newsletterIdInput = textInput().regex(/^[0-9a-f]{8,16}$/, texts.notFound);

const name = textInput()
  .trim()
  .min(1, { message: texts.nameRequired })
  .max(NEWSLETTER_LIMITS.nameMax, { message: texts.nameTooLong });
const description = textInput()
  .trim()
  .max(NEWSLETTER_LIMITS.descriptionMax, { message: texts.descriptionTooLong })
  .default('');

/** Spec §2 /{collectionSlug}/new-newsletter. */
export const newNewsletterInput = z.object({
  collectionId: textInput().regex(/^[0-9a-f]{8,16}$/, texts.notFound),
  name,
  description,
});

/** Spec §2 /{collectionSlug}/newsletters/{newsletterSlug}/settings: the form. */
export const newsletterSettingsInput = z.object({
  newsletterId: newsletterIdInput,
  name,
  description,
  trackEngagement: z.boolean(),
});

/** A composed email's subject: required to send, may be blank in a draft. */
const subject = textInput().trim().max(NEWSLETTER_LIMITS.subjectMax, { message: texts.subjectTooLong });

/** Spec §2 /newsletters/{newsletterV3Id}/new-email: a draft saved or sent (the body is checked by the editor's rules). */
export const composedEmailInput = z.object({
  newsletterId: newsletterIdInput,
  /** The draft being edited; none for a first save. */
  emailId: newsletterIdInput.nullable().default(null),
  subject,
  body: z.unknown(),
});

/** One imported address, as the preview gave it back (checked again on the server). */
const importedRow = z.object({
  email: textInput().max(1000),
  name: textInput().max(1000).default(''),
});

/** Spec §2 /me/subscribers/import: the addresses of a preview to invite. */
export const confirmImportInput = z.object({
  newsletterId: newsletterIdInput,
  rows: z.array(importedRow).max(SUBSCRIBER_IMPORT_MAX_ROWS, { message: texts.tooManyRows }),
});

export type NewNewsletterInput = z.infer<typeof newNewsletterInput>;
export type NewsletterSettingsInput = z.infer<typeof newsletterSettingsInput>;
export type ComposedEmailInput = z.infer<typeof composedEmailInput>;
export type ConfirmImportInput = z.infer<typeof confirmImportInput>;
