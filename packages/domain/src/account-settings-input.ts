// The input schemas of the account settings; their rules and texts are in account-settings.ts, which pages
// import without the validation library.

import { z } from 'zod';
import { ACCOUNT_LIMITS, accountTexts, usernameError } from './account-settings';
import { textInput } from './text-input';
import { colorStringSchema, emailSchema } from './validation';

/** A username a reader may choose (issues carry our messages). */
export const usernameSchema = textInput()
  .trim()
  .superRefine((value, ctx) => {
    const message = usernameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A profile's name: trimmed, not empty, at most 100 characters. */
export const profileNameSchema = textInput()
  .trim()
  .min(1, accountTexts.nameRequired)
  .max(ACCOUNT_LIMITS.nameMax, accountTexts.nameTooLong);

/** A profile's bio: trimmed, at most 160 characters (empty clears it). */
export const bioSchema = textInput().trim().max(ACCOUNT_LIMITS.bioMax, accountTexts.bioTooLong);

/** A new email address: the spec §5 email rule. */
export const newEmailSchema = emailSchema;

/** Spec §5 colour strings for each profile colour (trimmed before the check). */
export const profileColorsSchema = z.object({
  background: z.string().trim().pipe(colorStringSchema),
  text: z.string().trim().pipe(colorStringSchema),
  accent: z.string().trim().pipe(colorStringSchema),
});
