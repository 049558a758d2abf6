import { z } from 'zod';
import { validationMessages } from './messages';
import {
  INVITABLE_ROLES,
  PUBLICATION_LIMITS,
  PUBLICATION_SLUG_PATTERN,
  publicationAdminTexts as texts,
} from './publication-admin';
import { slugify } from './slug';
import { INPUT_LIMITS, textInput } from './text-input';
import { EMAIL_PATTERN } from './validation';

/* The publication forms' input, apart from publication-admin.ts so the reader's pages load no validation library. */

/** A stored image's id as POST /_/upload answers it ('{mediaId}.{ext}'). */
export const uploadedImageId = textInput()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'That is not an image id.');

/** A publication's slug as typed: trimmed and lower-cased, then checked by publicationSlugError's rules. */
export const publicationSlugInput = textInput()
  .trim()
  .toLowerCase()
  .min(PUBLICATION_LIMITS.slugMin, { message: texts.slugTooShort })
  .max(PUBLICATION_LIMITS.slugMax, { message: texts.slugTooLong })
  .regex(PUBLICATION_SLUG_PATTERN, { message: texts.slugMalformed });

/** Topics as slugs: each name slugified, blanks dropped, duplicates folded, at most tagsMax. */
const tagsInput = z
  .array(textInput().max(100, { message: texts.tagMalformed }))
  .max(PUBLICATION_LIMITS.tagsMax * 4, { message: texts.tooManyTags })
  .default([])
  .transform((names) => [...new Set(names.map(slugify).filter(Boolean))])
  .refine((slugs) => slugs.length <= PUBLICATION_LIMITS.tagsMax, { message: texts.tooManyTags });

/** Spec §2 /new-publication: what the form sends. */
export const newPublicationInput = z.object({
  name: textInput()
    .trim()
    .min(1, { message: texts.nameRequired })
    .max(PUBLICATION_LIMITS.nameMax, { message: texts.nameTooLong }),
  slug: publicationSlugInput,
  tagline: textInput()
    .trim()
    .max(PUBLICATION_LIMITS.taglineMax, { message: texts.taglineTooLong })
    .default(''),
  description: textInput()
    .trim()
    .max(PUBLICATION_LIMITS.descriptionMax, { message: texts.descriptionTooLong })
    .default(''),
  tags: tagsInput,
  contactEmail: textInput()
    .trim()
    .max(INPUT_LIMITS.email)
    .regex(EMAIL_PATTERN, { message: validationMessages.invalidEmail })
    .nullable()
    .default(null),
  logoId: uploadedImageId.nullable().default(null),
  avatarId: uploadedImageId.nullable().default(null),
});
export type NewPublicationInput = z.infer<typeof newPublicationInput>;

/** An invitation: whom (a username, with or without '@', or an email address) and as what. */
export const invitePersonInput = z.object({
  collectionId: textInput().trim().min(1).max(16),
  who: textInput()
    .trim()
    .min(1, { message: texts.inviteWhoRequired })
    .max(INPUT_LIMITS.email, { message: texts.inviteWhoRequired }),
  role: z.enum(INVITABLE_ROLES),
});
export type InvitePersonInput = z.infer<typeof invitePersonInput>;

/** /{collectionSlug}/settings: the publication's fields as the settings form sends them (its address stays). */
export const publicationFieldsInput = newPublicationInput.omit({ slug: true }).extend({
  collectionId: textInput().trim().min(1).max(16),
});
export type PublicationFieldsInput = z.infer<typeof publicationFieldsInput>;
