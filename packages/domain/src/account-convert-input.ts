// The input schemas of adding a password by link; the texts and rules are in account-convert.ts, which pages
// import without the validation library.

import { z } from 'zod';
import { textInput } from './text-input';
import { passwordSchema } from './validation';

/** A convert link's token as the page and the API take it (the raw token is 43 base64url characters). */
export const convertTokenSchema = textInput()
  .trim()
  .min(1, 'This link is not valid.')
  .max(200, 'This link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.');

export const accountConvertInput = z.object({ token: convertTokenSchema, password: passwordSchema });
