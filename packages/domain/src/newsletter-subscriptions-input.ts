import { z } from 'zod';
import { NEWSLETTER_CONFIRM_TOKEN_MAX, newsletterSubscribeTexts as texts } from './newsletter-subscriptions';
import { textInput } from './text-input';
import { emailSchema } from './validation';

/* The subscribe procedures' input, apart from the texts so the reader's pages load no validation library. */

const id = (what: string) => textInput().regex(/^[0-9a-f]{8,16}$/, `A ${what} id is 8 to 16 hex characters.`);

const targetFields = {
  userId: id('user').optional(),
  collectionId: id('publication').optional(),
  newsletterId: id('newsletter').optional(),
};
type TargetFields = { userId?: string; collectionId?: string; newsletterId?: string };
const exactlyOne = (t: TargetFields) =>
  [t.userId, t.collectionId, t.newsletterId].filter(Boolean).length === 1;

/** Which newsletter: a writer's (by the writer), a publication's (by the publication) or one by its own id. */
export const newsletterTargetInput = z
  .object(targetFields)
  .refine(exactlyOne, { message: texts.targetRequired });
export type NewsletterTargetInput = z.infer<typeof newsletterTargetInput>;

/** A visitor subscribing by email (spec §5 email: trimmed, local@domain.tld, at most 254 characters). */
export const subscribeByEmailInput = z
  .object({ ...targetFields, email: emailSchema })
  .refine(exactlyOne, { message: texts.targetRequired });

/** The token of a confirmation link (base64url). */
export const newsletterConfirmTokenInput = textInput()
  .max(NEWSLETTER_CONFIRM_TOKEN_MAX, texts.invalidToken)
  .regex(/^[A-Za-z0-9_-]+$/, texts.invalidToken);

/** A publication newsletter's landing page (spec §2 ShowCollectionNewsletterLanding). */
export const newsletterLandingInput = z.object({
  slug: textInput().trim().min(1).max(100),
  newsletterSlug: textInput().trim().min(1).max(120),
});
