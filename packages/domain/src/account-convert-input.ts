// The input schemas of adding a password by link (and the link token other single-use links share); the texts and rules are in account-convert.ts, which pages
// import without the validation library.

import { z } from 'zod';
import { textInput } from './text-input';
import { passwordSchema } from './validation';

/** A single-use link's token (adding a password, signing in on another device): 43 base64url characters raw. */
export const linkTokenSchema = textInput()
  .trim()
  .min(1, 'This link is not valid.')
  .max(200, 'This link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.');

export const accountConvertInput = z.object({ token: linkTokenSchema, password: passwordSchema });
